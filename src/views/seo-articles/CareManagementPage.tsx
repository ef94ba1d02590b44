import { config } from '../../config'
import { careManagementFeatures, careManagementPricing } from '../../content/seoArticles/careManagement'
import type { PricingCard } from '../../content/seoArticles/types'
import { TESTIMONIALS } from '../../content/testimonials'
import { pageEntry } from '../../seo/pages'
import { LinkButton } from '../../ui/Button'
import { StaticPage } from '../layout/StaticPage'
import { Card, CardGrid, CheckList, Prose, Section } from '../../ui/Prose'
import * as s from '../../ui/prose.css'
import { TestimonialQuote, type TestimonialQuoteClasses } from '../../ui/TestimonialQuote'
import * as c from './seoArticles.css'

const quoteClasses: TestimonialQuoteClasses = { figure: c.quote, blockquote: c.blockquote, avatar: c.avatar, role: s.muted }

function PlanCta({ plan }: { plan: PricingCard }) {
  const variant = plan.highlighted ? 'default' : 'outline'
  return plan.cta.kind === 'signup' ? (
    <LinkButton to="/auth" search={{ mode: 'signup' }} variant={variant} block>
      {plan.cta.label}
    </LinkButton>
  ) : (
    <LinkButton to="/" hash="pricing" variant={variant} block>
      {plan.cta.label}
    </LinkButton>
  )
}

/** /care-management-software: features, care testimonials and the three pricing cards. */
export function CareManagementPage() {
  const entry = pageEntry('/care-management-software')
  const testimonials = TESTIMONIALS.filter((t) => t.sector === 'care')
  return (
    <StaticPage title={entry.heading} lead={entry.description} wide>
      <Prose>
        <Section id="features" title="Everything a care service runs on, in one place">
          <p className={s.muted}>
            Care homes, supported living and home care teams use {config.brand} to run the day and keep the evidence CQC
            asks for, without copying between systems.
          </p>
          <CardGrid label="Features">
            {careManagementFeatures.map((f) => (
              <Card key={f.title} title={f.title}>
                <p className={s.muted}>{f.body}</p>
              </Card>
            ))}
          </CardGrid>
        </Section>
        <Section id="testimonials" title="What care managers say">
          <ul className={`${s.grid} ${s.grid2}`}>
            {testimonials.map((t) => (
              <li key={t.name} className={s.card}>
                <TestimonialQuote testimonial={t} classes={quoteClasses} />
              </li>
            ))}
          </ul>
        </Section>
        <Section id="plans" title="Simple pricing">
          <CardGrid label="Pricing plans">
            {careManagementPricing.map((plan) => (
              <Card
                key={plan.id}
                title={plan.name}
                eyebrow={plan.highlighted ? 'Most popular' : undefined}
                highlighted={plan.highlighted}
                footer={<PlanCta plan={plan} />}
              >
                <p className={c.price}>
                  <span className={c.amount}>{plan.price}</span>
                  {plan.period ? <span className={s.muted}> {plan.period}</span> : null}
                </p>
                <p className={s.muted}>{plan.summary}</p>
                <CheckList items={plan.features} />
              </Card>
            ))}
          </CardGrid>
          <p className={s.muted}>Prices exclude VAT. The free plan stays free forever for up to 3 staff members.</p>
        </Section>
      </Prose>
    </StaticPage>
  )
}
