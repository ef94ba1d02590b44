import { changelog } from '../../content/changelog'
import { formatIsoDateEnGB, sortNewestFirst } from '../../domain/dates'
import { pageEntry } from '../../seo/pages'
import { StaticPage } from '../layout/StaticPage'
import { Prose } from '../../ui/Prose'
import * as s from '../../ui/prose.css'
import * as p from './product.css'

/** /changelog: dated entries, newest first. */
export function ChangelogPage() {
  const entry = pageEntry('/changelog')
  return (
    <StaticPage title={entry.heading} lead={entry.description}>
      <Prose>
        {sortNewestFirst(changelog).map((release) => (
          <article key={release.date} className={s.section} aria-labelledby={`release-${release.date}`}>
            <header className={p.entryHeader}>
              <time dateTime={release.date} className={s.eyebrow}>
                {formatIsoDateEnGB(release.date)}
              </time>
              <h2 id={`release-${release.date}`} className={s.sectionTitle}>
                {release.title}
              </h2>
            </header>
            <ul>
              {release.changes.map((change) => (
                <li key={change}>{change}</li>
              ))}
            </ul>
          </article>
        ))}
      </Prose>
    </StaticPage>
  )
}
