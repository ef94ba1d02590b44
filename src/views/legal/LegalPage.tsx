import type { LegalBlock, LegalDocument } from '../../content/legal/types'
import { type PagePath, pageEntry } from '../../seo/pages'
import { StaticPage } from '../layout/StaticPage'
import { Prose, Section } from '../../ui/Prose'
import * as s from '../../ui/prose.css'
import { EffectiveDate } from './EffectiveDate'

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === 'string') return <p>{block}</p>
  return (
    <ul>
      {block.list.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  )
}

/** /privacy, /terms and /cookies: effective date, contents, then the numbered sections. */
export function LegalPage({ path, document }: { path: PagePath; document: LegalDocument }) {
  const entry = pageEntry(path)
  return (
    <StaticPage title={entry.heading} lead={document.intro}>
      <Prose>
        <p className={s.muted}>
          <strong>Effective date:</strong> <EffectiveDate />
        </p>
        <nav aria-label="Contents" className={s.toc}>
          <p className={s.eyebrow}>Contents</p>
          <ol className={s.tocList}>
            {document.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.heading}</a>
              </li>
            ))}
          </ol>
        </nav>
        {document.sections.map((section, i) => (
          <Section key={section.id} id={section.id} title={`${i + 1}. ${section.heading}`}>
            {section.body.map((block, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static legal text never reorders
              <Block key={j} block={block} />
            ))}
          </Section>
        ))}
      </Prose>
    </StaticPage>
  )
}
