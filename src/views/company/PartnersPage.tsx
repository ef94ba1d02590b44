import { Link } from '@tanstack/react-router'
import { partnerTypes } from '../../content/company/partners'
import { pageEntry } from '../../seo/pages'
import { LinkButton } from '../../ui/Button'
import { StaticPage } from '../layout/StaticPage'
import { Card, CardGrid, CheckList, Prose, Section } from '../../ui/Prose'
import * as s from '../../ui/prose.css'

/** /partners: who the programme is for, what partners get, and an apply link to /contact. */
export function PartnersPage() {
  const entry = pageEntry('/partners')
  return (
    <StaticPage title={entry.heading} lead={entry.description} wide>
      <Prose>
        <Section id="who" title="Who we partner with">
          <CardGrid columns={2} label="Partner types">
            {partnerTypes.map((t) => (
              <Card key={t.title} title={t.title}>
                <p className={s.muted}>{t.body}</p>
              </Card>
            ))}
          </CardGrid>
        </Section>
        <Section id="benefits" title="What partners get">
          <CheckList
            items={[
              'A white-label learning platform under your own brand.',
              'Pre-loaded accredited courses for care, education, housing and construction.',
              'Revenue share on what your organisations buy.',
              'Launch in 24 to 48 hours.',
            ]}
          />
          <p>
            Running training? Our <Link to="/lms-partner">LMS partner programme</Link> has the plans and the numbers.
          </p>
        </Section>
        <div className={s.callout}>
          <p>Tell us about your organisation and the providers you support, and we will get back to you.</p>
          <div className={s.actions}>
            <LinkButton to="/contact">Apply to partner</LinkButton>
          </div>
        </div>
      </Prose>
    </StaticPage>
  )
}
