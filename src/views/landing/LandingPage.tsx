import { SECTOR_LABELS, type Sector } from '../../domain/sectors'
import { pageEntry } from '../../seo/pages'
import { LinkButton } from '../../ui/Button'
import { PageShell } from '../layout/PageShell'
import * as l from '../layout/layout.css'
import * as s from './landing.css'

/** Sector landing page (/, /care, /education, /housing, /construction). Dark theme forced. */
export function LandingPage({ sector }: { sector: Sector }) {
  const entry = pageEntry(sector === 'care' ? '/' : `/${sector}`)
  return (
    <PageShell theme="dark" activeSector={sector}>
      <section className={`${l.container} ${s.hero}`} aria-labelledby="hero-title">
        <p>{SECTOR_LABELS[sector]} compliance</p>
        <h1 id="hero-title" className={s.heroTitle}>
          {entry.heading}
        </h1>
        <p className={s.heroLead}>{entry.description}</p>
        <div>
          <LinkButton to="/auth" search={{ mode: 'signup' }} size="lg">
            Start Free
          </LinkButton>
        </div>
      </section>
      <section id="qcs-migration" className={`${l.container} ${s.section}`} aria-labelledby="migration-title">
        <h2 id="migration-title" className={s.sectionTitle}>
          Move your policies from another compliance provider
        </h2>
        <p>Guided mapping and a read-only preview before anything is applied.</p>
      </section>
      <section id="pricing" className={`${l.container} ${s.section}`} aria-labelledby="pricing-title">
        <h2 id="pricing-title" className={s.sectionTitle}>
          Pricing
        </h2>
        <p>Free forever for up to 3 staff members. The paid plan has unlimited seats with per-user and per-location pricing.</p>
      </section>
    </PageShell>
  )
}
