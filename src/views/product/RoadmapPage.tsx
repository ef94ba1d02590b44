import { roadmap } from '../../content/roadmap'
import { pageEntry } from '../../seo/pages'
import { LinkButton } from '../../ui/Button'
import { StaticPage } from '../layout/StaticPage'
import { Prose } from '../../ui/Prose'
import * as s from '../../ui/prose.css'
import * as p from './product.css'

/** /roadmap: three quarterly cards and a sign-up button. */
export function RoadmapPage() {
  const entry = pageEntry('/roadmap')
  return (
    <StaticPage title={entry.heading} lead={entry.description} wide>
      <Prose>
        <p className={s.muted}>
          Plans change as we learn from customers; every machine-learning feature below ships under our AI ethics policy, with a
          person reviewing what it suggests.
        </p>
        <ol className={`${s.grid} ${s.grid3}`} aria-label="Quarterly roadmap">
          {roadmap.map((q) => (
            <li key={q.id} className={s.card}>
              <p className={p.quarter}>{q.quarter}</p>
              <h2 id={`${q.id}-title`} className={s.cardTitle}>
                {q.theme}
              </h2>
              <p className={s.muted}>{q.summary}</p>
              <ul className={s.checkList}>
                {q.items.map((item) => (
                  <li key={item.title}>
                    <span>
                      <strong>{item.title}</strong>: {item.body}
                    </span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
        <div className={s.callout}>
          <p>Get today’s features now and every improvement as it ships. Free forever for up to 3 staff members.</p>
          <div className={s.actions}>
            <LinkButton to="/auth" search={{ mode: 'signup' }} size="lg">
              Start Free
            </LinkButton>
          </div>
        </div>
      </Prose>
    </StaticPage>
  )
}
