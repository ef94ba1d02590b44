import { config } from '../../config'
import { brandGuidelines, pressFacts } from '../../content/company/press'
import { buildMailto } from '../../domain/mailto'
import { pageEntry } from '../../seo/pages'
import { AnchorButton } from '../../ui/Button'
import { StaticPage } from '../layout/StaticPage'
import { Card, CardGrid, Prose, Section } from '../../ui/Prose'
import * as s from '../../ui/prose.css'

/** /press: media contact and brand guidelines. */
export function PressPage() {
  const entry = pageEntry('/press')
  return (
    <StaticPage title={entry.heading} lead={entry.description}>
      <Prose>
        <Section id="media-contact" title="Media contact">
          <p>
            For interviews, comment on compliance and inspection in care, education, housing or construction, or product
            information, email our press team. We aim to reply the same working day.
          </p>
          <p>
            <a href={buildMailto({ to: config.pressEmail, subject: 'Press enquiry' })}>{config.pressEmail}</a>
          </p>
        </Section>
        <Section id="facts" title={`${config.brand} at a glance`}>
          <ul>
            {pressFacts.map((fact) => (
              <li key={fact}>{fact}</li>
            ))}
          </ul>
        </Section>
        <Section id="brand-guidelines" title="Brand guidelines">
          <CardGrid columns={2} label="Brand guidelines">
            {brandGuidelines.map((rule) => (
              <Card key={rule.title} title={rule.title}>
                <p className={s.muted}>{rule.body}</p>
              </Card>
            ))}
          </CardGrid>
          <div className={s.actions}>
            {/* Absolute URL on purpose: the prerender crawler follows same-origin links and would rewrite a binary file as text. */}
            <AnchorButton href={`${config.siteUrl}/logo.png`} download variant="outline">
              Download the logo (PNG)
            </AnchorButton>
          </div>
        </Section>
      </Prose>
    </StaticPage>
  )
}
