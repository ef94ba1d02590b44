import { INTEGRATIONS } from '../../content/integrations'
import { integrationDescriptions } from '../../content/product/integrationDescriptions'
import { pageEntry } from '../../seo/pages'
import { LinkButton } from '../../ui/Button'
import { StaticPage } from '../layout/StaticPage'
import { PartnerLogo } from '../../ui/PartnerLogo'
import { CardGrid, Prose } from '../../ui/Prose'
import * as s from '../../ui/prose.css'
import * as p from './product.css'

/** /integrations: the seven ready-to-connect integrations. */
export function IntegrationsPage() {
  const entry = pageEntry('/integrations')
  return (
    <StaticPage title={entry.heading} lead={entry.description} wide>
      <Prose>
        <CardGrid label="Ready-to-connect integrations">
          {INTEGRATIONS.map((partner) => (
            <li key={partner.domain} className={s.card}>
              <div className={p.integrationHead}>
                <PartnerLogo partner={partner} />
                <div>
                  <h2 className={s.cardTitle}>{partner.name}</h2>
                  <p className={s.muted}>{partner.category}</p>
                </div>
              </div>
              <p>{integrationDescriptions[partner.domain]}</p>
              <p className={s.badge}>Ready to connect</p>
            </li>
          ))}
        </CardGrid>
        <div className={s.callout}>
          <p>Connect integrations from Settings once your workspace is set up. Building your own? Use our API.</p>
          <div className={s.actions}>
            <LinkButton to="/auth" search={{ mode: 'signup' }}>
              Start Free
            </LinkButton>
            <LinkButton to="/api" variant="outline">
              API quick start
            </LinkButton>
          </div>
        </div>
      </Prose>
    </StaticPage>
  )
}
