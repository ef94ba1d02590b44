import type { ReactNode } from 'react'
import { config } from '../../config'
import { ESSENTIAL_COURSES, preloadedCourses } from '../../content/courses'
import { INTEGRATIONS } from '../../content/integrations'
import {
  COMPARISON_ROWS,
  FINAL_CTA,
  LOG_BUILDER_PROMO,
  MIGRATION,
  PRICING_PLANS,
  SECURITY_CARDS,
  SEE_IN_ACTION,
  TRUST_BADGES,
  YOUTH_PROGRAMME,
} from '../../content/landing-copy'
import { REAL_RESULTS, SECTOR_CONTENT } from '../../content/sectors'
import { testimonialsFor } from '../../content/testimonials'
import type { Sector } from '../../domain/sectors'
import { AnchorButton, LinkButton } from '../../ui/Button'
import { PageShell } from '../layout/PageShell'
import * as l from '../layout/layout.css'
import { FeatureTable } from './FeatureTable'
import { IntegrationTiles } from './IntegrationTiles'
import * as s from './landing.css'
import { RoiPreview } from './RoiPreview'
import { TestimonialCarousel } from './TestimonialCarousel'

const NEW_TAB = <span className="sr-only"> (opens in a new tab)</span>

/** The external booking page, always in a new tab. */
function BookDemo({ label = 'Book Demo', variant = 'outline', size = 'lg', block }: { label?: string; variant?: 'outline' | 'default' | 'secondary'; size?: 'lg' | 'default' | 'sm'; block?: boolean }) {
  return (
    <AnchorButton href={config.bookingUrl} target="_blank" rel="noopener noreferrer" variant={variant} size={size} block={block}>
      {label}
      {NEW_TAB}
    </AnchorButton>
  )
}

function StartFree({ label = 'Start Free', size = 'lg' }: { label?: string; size?: 'lg' | 'sm' | 'default' }) {
  return (
    <LinkButton to="/auth" search={{ mode: 'signup' }} size={size}>
      {label}
    </LinkButton>
  )
}

/** The youth-skills referral programme: a contact form with the service preset, in a new tab. */
function YouthProgrammeButton() {
  return (
    <AnchorButton href={YOUTH_PROGRAMME.href} target="_blank" rel="noopener noreferrer" variant="secondary" size="lg" data-testid="youth-programme">
      {YOUTH_PROGRAMME.label}
      {NEW_TAB}
    </AnchorButton>
  )
}

function Section({ id, title, lead, children, compact }: { id: string; title: string; lead?: string; children?: ReactNode; compact?: boolean }) {
  return (
    <section id={id} data-section={id} className={`${l.container} ${compact ? s.compactSection : s.section}`} aria-labelledby={`${id}-title`}>
      <div className={s.sectionHead}>
        <h2 id={`${id}-title`} className={s.sectionTitle}>
          {title}
        </h2>
        {lead ? <p className={s.muted}>{lead}</p> : null}
      </div>
      {children}
    </section>
  )
}

function StatList({ stats }: { stats: readonly { value: string; label: string }[] }) {
  return (
    <dl className={s.statList}>
      {stats.map((stat) => (
        <div key={stat.label} className={s.statItem}>
          <dt className={s.statLabel}>{stat.label}</dt>
          <dd className={s.statValue}>{stat.value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** Sector landing page (/, /care, /education, /housing, /construction), sections in the spec's order. Dark theme. */
export function LandingPage({ sector }: { sector: Sector }) {
  const c = SECTOR_CONTENT[sector]
  const courses = ESSENTIAL_COURSES[sector]
  return (
    <PageShell theme="dark" activeSector={sector}>
      <div className={s.root} data-sector={sector}>
        <section data-section="hero" className={`${l.container} ${s.hero}`} aria-labelledby="hero-title">
          <div className={s.heroText}>
            <p className={s.eyebrow}>{c.eyebrow}</p>
            <h1 id="hero-title" className={s.heroTitle}>
              {c.headline}
            </h1>
            <p className={s.heroLead}>{c.subheading}</p>
            <div className={s.actions}>
              <StartFree />
              <BookDemo />
              {c.youthProgramme ? <YouthProgrammeButton /> : null}
            </div>
            <ul className={s.badges} aria-label="Trust badges">
              {TRUST_BADGES.map((b) => (
                <li key={b} className={s.badge}>
                  {b}
                </li>
              ))}
            </ul>
          </div>
          <div className={s.accentCard} data-testid="real-results">
            <h2 className={s.cardTitle}>Real Results</h2>
            <StatList stats={c.stats} />
            <StatList stats={REAL_RESULTS} />
          </div>
        </section>

        <Section
          id="preloaded-courses"
          title={`Pre-loaded accredited courses for ${c.label.toLowerCase()} teams`}
          lead={`Start training on day one: courses for ${c.regulatorShort}-ready teams are already in your learning platform, and new courses are ready in 24 hours.`}
        >
          <ul className={`${s.plainList} ${s.grid.three}`}>
            {preloadedCourses(sector).map((course) => (
              <li key={course.title} className={s.accentCard}>
                <h3 className={s.cardTitle}>{course.title}</h3>
                <p className={`${s.muted} ${s.small}`}>
                  {course.format} · about {course.minutes} minutes · accredited
                </p>
              </li>
            ))}
          </ul>
        </Section>

        <Section id="sector-features" title={c.featureBlock.title} lead={c.featureBlock.lead}>
          <ul className={s.tickList}>
            {c.bullets.map((b) => (
              <li key={b}>
                <span className={s.tick} aria-hidden="true">
                  ✓
                </span>
                {b}
              </li>
            ))}
          </ul>
          <FeatureTable sector={sector} />
        </Section>

        <Section id="dashboard-preview" title={`Your ${c.regulatorShort} readiness at a glance`} lead="One dashboard for every service or site: what is done, what is due and what needs attention.">
          <div className={s.dashboard}>
            <p className={s.cardTitle}>
              {c.dashboard.title} <span className={`${s.muted} ${s.small}`}>(sample data)</span>
            </p>
            <dl className={s.grid.four} style={{ margin: 0 }}>
              {c.dashboard.tiles.map((t) => (
                <div key={t.label} className={s.dashboardStat}>
                  <dt className={s.statLabel}>{t.label}</dt>
                  <dd className={s.statValue}>{t.value}</dd>
                </div>
              ))}
            </dl>
          </div>
        </Section>

        <Section id="essential-courses" title={`Six essential courses for ${c.label.toLowerCase()}`} lead="Assign them to a role once; new starters are enrolled automatically.">
          <ul className={s.chips}>
            {courses.map((course) => (
              <li key={course.title} className={s.chip}>
                {course.title}
              </li>
            ))}
          </ul>
        </Section>

        <Section id="log-builder" title={LOG_BUILDER_PROMO.title} lead={LOG_BUILDER_PROMO.lead}>
          <ul className={s.tickList}>
            {LOG_BUILDER_PROMO.points.map((p) => (
              <li key={p}>
                <span className={s.tick} aria-hidden="true">
                  ✓
                </span>
                {p}
              </li>
            ))}
          </ul>
          <p>
            <strong>{LOG_BUILDER_PROMO.claim}</strong>
          </p>
          <div>
            <BookDemo label="Book a Demo" variant="default" />
          </div>
        </Section>

        <Section id="see-in-action" title="See in Action" lead="The dashboards your managers open every morning, on infrastructure you can trust.">
          <ul className={`${s.plainList} ${s.grid.three}`}>
            {SEE_IN_ACTION.map((card) => (
              <li key={card.title} className={s.accentCard}>
                <h3 className={s.cardTitle}>{card.title}</h3>
                <p className={s.muted}>{card.text}</p>
              </li>
            ))}
          </ul>
          <ul className={`${s.plainList} ${s.grid.three}`} aria-label="Security and hosting">
            {SECURITY_CARDS.map((card) => (
              <li key={card.title} className={s.card}>
                <h3 className={s.cardTitle}>{card.title}</h3>
                <p className={s.muted}>{card.text}</p>
              </li>
            ))}
          </ul>
        </Section>

        <Section id="qcs-migration" title={MIGRATION.title} lead={MIGRATION.lead}>
          <ol className={s.steps}>
            {MIGRATION.steps.map((step, i) => (
              <li key={step.title} className={s.card}>
                <span className={s.stepNumber} aria-hidden="true">
                  {i + 1}
                </span>
                <h3 className={s.cardTitle}>{step.title}</h3>
                <p className={s.muted}>{step.text}</p>
              </li>
            ))}
          </ol>
        </Section>

        <Section id="plans-comparison" title="Free vs paid" lead="Start with the free suite; move to the full business operating system when you are ready.">
          <div className={s.tableWrap}>
            <table className={s.table}>
              <caption className="sr-only">What the free and paid plans include</caption>
              <thead>
                <tr>
                  <th scope="col" className={s.th}>
                    Feature
                  </th>
                  <th scope="col" className={`${s.th} ${s.center}`}>
                    Free
                  </th>
                  <th scope="col" className={`${s.th} ${s.center}`}>
                    Paid
                  </th>
                </tr>
              </thead>
              <tbody>
                {COMPARISON_ROWS.map((row) => (
                  <tr key={row.feature}>
                    <th scope="row" className={s.rowHeader}>
                      {row.feature}
                    </th>
                    {[row.free, row.paid].map((included, i) => (
                      <td key={i === 0 ? 'free' : 'paid'} className={`${s.td} ${s.center}`}>
                        <span aria-hidden="true">{included ? '✓' : '—'}</span>
                        <span className="sr-only">{included ? 'Included' : 'Not included'}</span>
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Section>

        <Section id="courses-strip" title="Courses ready in 24 hours" compact>
          <div className={s.stripRow}>
            <ul className={s.chips} aria-label={`Pre-loaded ${c.label.toLowerCase()} courses`}>
              {courses.map((course) => (
                <li key={course.title} className={s.badge}>
                  {course.title}
                </li>
              ))}
            </ul>
          </div>
        </Section>

        <Section id="pricing" title="Simple pricing" lead="Free forever for up to 3 staff members. Unlimited seats on the paid plan, priced per user and per location.">
          <ul className={`${s.plainList} ${s.grid.two}`}>
            {PRICING_PLANS.map((plan) => (
              <li key={plan.id} className={plan.id === 'bos' ? s.featuredPlan : s.plan} data-plan={plan.id}>
                <h3 className={s.cardTitle}>{plan.name}</h3>
                <p>
                  <span className={plan.id === 'free' ? s.price : s.priceText}>{plan.price}</span> <span className={s.muted}>{plan.cadence}</span>
                </p>
                <p className={s.muted}>{plan.summary}</p>
                <ul className={s.tickList}>
                  {plan.features.map((f) => (
                    <li key={f}>
                      <span className={s.tick} aria-hidden="true">
                        ✓
                      </span>
                      {f}
                    </li>
                  ))}
                </ul>
                <div>{plan.cta.kind === 'signup' ? <StartFree label={plan.cta.label} /> : <BookDemo label={plan.cta.label} variant="default" />}</div>
              </li>
            ))}
          </ul>
          <RoiPreview />
        </Section>

        <Section id="integrations" title="Ready to connect" lead="Bring the tools you already use: accounting, team chat, rostering and learning.">
          <IntegrationTiles partners={INTEGRATIONS} />
        </Section>

        <Section id="testimonials" title="Trusted by outstanding providers" lead="Rated 4.9/5 by teams across care, education, housing and construction.">
          <TestimonialCarousel items={testimonialsFor(sector)} labelledBy="testimonials-title" />
        </Section>

        <Section id="final-cta" title={FINAL_CTA.title} lead={FINAL_CTA.lead}>
          <div className={s.actions}>
            <StartFree />
            <BookDemo />
            {c.youthProgramme ? <YouthProgrammeButton /> : null}
          </div>
          {c.youthProgramme ? <p className={`${s.muted} ${s.small}`}>{YOUTH_PROGRAMME.text}</p> : null}
        </Section>

        <div className={s.stickyBar}>
          <div className={s.mobileCta}>
            <BookDemo label={`Book a ${c.label} Demo`} variant="default" block />
          </div>
          <nav className={s.floatingBar} aria-label="Get started">
            <StartFree label="Join Outstanding Providers" size="default" />
            <BookDemo size="default" />
          </nav>
        </div>
      </div>
    </PageShell>
  )
}
