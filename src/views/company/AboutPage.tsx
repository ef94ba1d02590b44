import { config } from '../../config'
import { companyValues } from '../../content/company/about'
import { pageEntry } from '../../seo/pages'
import { LinkButton } from '../../ui/Button'
import { StaticPage } from '../layout/StaticPage'
import { Card, CardGrid, Prose, Section } from '../../ui/Prose'
import * as s from '../../ui/prose.css'

/** /about: who we are, three values, and a way to get in touch. */
export function AboutPage() {
  const entry = pageEntry('/about')
  return (
    <StaticPage title={entry.heading} lead={entry.description}>
      <Prose>
        <Section id="story" title="Why we exist">
          <p>
            Inspection day should confirm what a good organisation already knows about itself. Too often it becomes a scramble
            through binders, spreadsheets and inboxes instead. We build {config.brand} so that care homes, schools, housing providers
            and construction firms keep their evidence up to date as part of everyday work, and can show CQC, Ofsted, the Regulator
            of Social Housing or the Building Safety Regulator how they know they are doing well.
          </p>
          <p>
            We are a small, remote UK team. Our free plan stays free forever for up to 3 staff members, because small providers
            deserve good tools too, and we run a fully funded skills programme for young people aged 10 to 25.
          </p>
        </Section>
        <Section id="values" title="Our values">
          <CardGrid label="Values">
            {companyValues.map((value) => (
              <Card key={value.id} title={value.title}>
                <p className={s.muted}>{value.body}</p>
              </Card>
            ))}
          </CardGrid>
        </Section>
        <div className={s.callout}>
          <p>Questions about {config.brand}, a partnership or a young person you would like to refer? We would like to hear from you.</p>
          <div className={s.actions}>
            <LinkButton to="/contact">Contact us</LinkButton>
          </div>
        </div>
      </Prose>
    </StaticPage>
  )
}
