import { config } from '../../config'
import { cqcKeyQuestions } from '../../content/seoArticles/cqcCompliance'
import { pageEntry } from '../../seo/pages'
import { LinkButton } from '../../ui/Button'
import { StaticPage } from '../layout/StaticPage'
import { CheckList, Prose, Section } from '../../ui/Prose'
import * as s from '../../ui/prose.css'

/** /cqc-compliance-software: the five key questions, what inspectors look for and how the product helps. */
export function CqcCompliancePage() {
  const entry = pageEntry('/cqc-compliance-software')
  return (
    <StaticPage title={entry.heading} lead={entry.description}>
      <Prose>
        <p>
          The Care Quality Commission assesses every registered service in England against five key questions. Under
          its single assessment framework each question is broken into quality statements, and evidence is gathered
          continuously: from what people say about their care, from observation, and from your own records. Here is
          what that means in practice, question by question.
        </p>
        <nav aria-label="Key questions" className={s.toc}>
          <p className={s.eyebrow}>The five key questions</p>
          <ol className={s.tocList}>
            {cqcKeyQuestions.map((q) => (
              <li key={q.id}>
                <a href={`#${q.id}`}>{q.name}</a>
              </li>
            ))}
          </ol>
        </nav>
        {cqcKeyQuestions.map((q) => (
          <Section key={q.id} id={q.id} title={q.name}>
            <p className={s.muted}>{q.summary}</p>
            <h3 className={s.subTitle}>What inspectors look for</h3>
            <ul>
              {q.inspectorsLookFor.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
            <h3 className={s.subTitle}>How {config.brand} helps</h3>
            <CheckList items={q.howWeHelp} />
          </Section>
        ))}
        <div className={s.callout}>
          <p>
            Organise your evidence under Safe, Effective, Caring, Responsive and Well-led. Free forever for up to 3 staff
            members, set up in about 5 minutes.
          </p>
          <div className={s.actions}>
            <LinkButton to="/auth" search={{ mode: 'signup' }}>
              Start Free
            </LinkButton>
            <LinkButton to="/care-compliance-software" variant="outline">
              Read the care compliance guide
            </LinkButton>
          </div>
        </div>
      </Prose>
    </StaticPage>
  )
}
