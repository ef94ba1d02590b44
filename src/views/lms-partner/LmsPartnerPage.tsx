import {
  lmsPartnerAudiences,
  lmsPartnerComparison,
  lmsPartnerHero,
  lmsPartnerImpact,
  lmsPartnerPlans,
  lmsPartnerProblem,
  lmsPartnerSolution,
  lmsPartnerSteps,
} from '../../content/lmsPartner'
import type { Faq } from '../../content/faqs'
import { config } from '../../config'
import { pageEntry } from '../../seo/pages'
import { Accordion } from '../../ui/Accordion'
import { AnchorButton } from '../../ui/Button'
import { Tabs } from '../../ui/Tabs'
import * as l from '../layout/layout.css'
import { PageShell } from '../layout/PageShell'
import * as s from './lmsPartner.css'
import { RoiPreviewSlider } from './RoiPreviewSlider'

/**
 * /lms-partner. The two partner actions are plain anchors: the spec has them load the page in full rather
 * than navigate on the client (so the calculator and the form always start fresh from their prerendered HTML).
 */
export function LmsPartnerPage({ faqs }: { faqs: readonly Faq[] }) {
  const entry = pageEntry('/lms-partner')
  return (
    <PageShell>
      <div className={l.container}>
        <section className={s.hero} aria-labelledby="partner-hero-title">
          <p className={s.eyebrow}>{lmsPartnerHero.eyebrow}</p>
          <h1 id="partner-hero-title" className={s.heroTitle}>
            {entry.heading}
          </h1>
          <p className={s.heroLead}>{lmsPartnerHero.lead}</p>
          <div className={s.heroActions}>
            <AnchorButton href="/partner-apply" size="lg">
              Apply to partner
            </AnchorButton>
            <AnchorButton href="#partner-value" size="lg" variant="outline">
              See the numbers
            </AnchorButton>
          </div>
        </section>

        <section className={s.section} aria-labelledby="partner-problem-title">
          <h2 id="partner-problem-title" className={s.sectionTitle}>
            Why partners join
          </h2>
          <div className={s.grid2}>
            {[lmsPartnerProblem, lmsPartnerSolution].map((block) => (
              <div key={block.title} className={s.card}>
                <h3 className={s.cardTitle}>{block.title}</h3>
                <ul className={s.list}>
                  {block.points.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </section>

        <section className={s.section} aria-labelledby="partner-steps-title">
          <h2 id="partner-steps-title" className={s.sectionTitle}>
            Three steps to launch
          </h2>
          <ol className={s.steps}>
            {lmsPartnerSteps.map((step, i) => (
              <li key={step.name} className={s.card}>
                <span className={s.stepNumber} aria-hidden="true">
                  {i + 1}
                </span>
                <h3 className={s.cardTitle}>{step.name}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </section>

        <section id="partner-value" className={s.section} aria-labelledby="partner-roi-title">
          <h2 id="partner-roi-title" className={s.sectionTitle}>
            What could it be worth?
          </h2>
          <RoiPreviewSlider />
        </section>

        <section className={s.section} aria-labelledby="partner-impact-title">
          <h2 id="partner-impact-title" className={s.sectionTitle}>
            Partner impact
          </h2>
          <ul className={s.figures}>
            {lmsPartnerImpact.map((f) => (
              <li key={f.label} className={s.figure}>
                <span className={s.figureValue}>{f.value}</span>
                <span className={s.figureLabel}>{f.label}</span>
              </li>
            ))}
          </ul>
        </section>

        <section className={s.section} aria-labelledby="partner-audience-title">
          <h2 id="partner-audience-title" className={s.sectionTitle}>
            Built for your kind of organisation
          </h2>
          <Tabs
            label="Partner types"
            defaultValue="providers"
            items={lmsPartnerAudiences.map((a) => ({
              value: a.value,
              label: a.label,
              content: (
                <div className={s.card}>
                  <h3 className={s.cardTitle}>{a.title}</h3>
                  <ul className={s.list}>
                    {a.points.map((p) => (
                      <li key={p}>{p}</li>
                    ))}
                  </ul>
                </div>
              ),
            }))}
          />
        </section>

        <section className={s.section} aria-labelledby="partner-compare-title">
          <h2 id="partner-compare-title" className={s.sectionTitle}>
            Your own LMS or the partner platform
          </h2>
          {/* Scrollable region: focusable so keyboard users can scroll it on narrow screens. Its name differs from
              the enclosing section's, so the two landmarks stay distinguishable (axe landmark-unique). */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be keyboard reachable */}
          <section className={s.tableWrap} tabIndex={0} aria-label="Comparison table (scrolls sideways on small screens)">
            <table className={s.table}>
              <thead>
                <tr>
                  <th scope="col" className={s.th}>
                    Feature
                  </th>
                  <th scope="col" className={s.th}>
                    Building your own
                  </th>
                  <th scope="col" className={s.th}>
                    {config.brand} partner
                  </th>
                </tr>
              </thead>
              <tbody>
                {lmsPartnerComparison.map((row) => (
                  <tr key={row.feature}>
                    <th scope="row" className={s.rowHeader}>
                      {row.feature}
                    </th>
                    <td className={s.td}>{row.ownBuild}</td>
                    <td className={s.tdPartner}>{row.partner}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </section>

        <section className={s.section} aria-labelledby="partner-plans-title">
          <h2 id="partner-plans-title" className={s.sectionTitle}>
            Partner plans
          </h2>
          <p className={s.sectionLead}>Pricing depends on your learners and the courses you sell; we agree it with you when you apply.</p>
          <ul className={s.plans}>
            {lmsPartnerPlans.map((plan) => (
              <li key={plan.name} className={plan.mostPopular ? s.planPopular : s.plan} data-testid={`plan-${plan.name}`}>
                {plan.mostPopular ? <span className={s.badge}>Most popular</span> : null}
                <h3 className={s.cardTitle}>{plan.name}</h3>
                <p className={s.planSummary}>{plan.summary}</p>
                <ul className={s.list}>
                  {plan.features.map((f) => (
                    <li key={f}>{f}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>

        <section className={s.section} aria-labelledby="partner-faq-title">
          <h2 id="partner-faq-title" className={s.sectionTitle}>
            Frequently asked questions
          </h2>
          <Accordion items={faqs.map((f, i) => ({ id: `faq-${i}`, title: f.question, content: <p>{f.answer}</p> }))} />
        </section>
      </div>

      <nav className={s.floatingBar} aria-label="Partner actions">
        <AnchorButton href="/partner-apply">Join Our Partner Network</AnchorButton>
        <AnchorButton href="/roi-calculator" variant="outline">
          Calculate Partner Value
        </AnchorButton>
      </nav>
    </PageShell>
  )
}
