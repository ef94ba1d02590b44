import { Link } from '@tanstack/react-router'
import { config } from '../../config'
import { securityPractices, trustClaims } from '../../content/product/security'
import { buildMailto } from '../../domain/mailto'
import { pageEntry } from '../../seo/pages'
import { StaticPage } from '../layout/StaticPage'
import { Card, CardGrid, Prose, Section } from '../../ui/Prose'
import * as s from '../../ui/prose.css'

/** /security: the trust claims of the spec and how we run the service. */
export function SecurityPage() {
  const entry = pageEntry('/security')
  return (
    <StaticPage title={entry.heading} lead={entry.description} wide>
      <Prose>
        <Section id="at-a-glance" title="At a glance">
          <CardGrid label="Security commitments">
            {trustClaims.map((claim) => (
              <Card key={claim.id} title={claim.title}>
                <p className={s.muted}>{claim.body}</p>
              </Card>
            ))}
          </CardGrid>
        </Section>
        <Section id="how-we-work" title="How we protect your organisation’s data">
          <CardGrid columns={2} label="Security practices">
            {securityPractices.map((practice) => (
              <Card key={practice.title} title={practice.title}>
                <p className={s.muted}>{practice.body}</p>
              </Card>
            ))}
          </CardGrid>
        </Section>
        <Section id="your-data" title="Your data, your control">
          <p>
            You own the records you keep in {config.brand}. You can export them at any time, and when you close your account we
            delete them as set out in our <Link to="/privacy">Privacy policy</Link>. AI features never use your records to train
            models; see our <Link to="/ai-ethics">AI ethics policy</Link>.
          </p>
        </Section>
        <Section id="report" title="Report a vulnerability">
          <p>
            If you believe you have found a security issue, please email{' '}
            <a href={buildMailto({ to: config.organisationEmail, subject: 'Security report' })}>{config.organisationEmail}</a> with
            the subject “Security report”. Please give us reasonable time to fix it before telling anyone else, and do not access
            or change data that is not yours while testing. We reply within two working days.
          </p>
        </Section>
      </Prose>
    </StaticPage>
  )
}
