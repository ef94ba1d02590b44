import { careersBenefits, openRoles } from '../../content/company/careers'
import { pageEntry } from '../../seo/pages'
import { LinkButton } from '../../ui/Button'
import { StaticPage } from '../layout/StaticPage'
import { CheckList, Prose, Section } from '../../ui/Prose'
import * as s from '../../ui/prose.css'

/** /careers: two remote roles, each with an apply link to /contact. */
export function CareersPage() {
  const entry = pageEntry('/careers')
  return (
    <StaticPage title={entry.heading} lead={entry.description}>
      <Prose>
        <p>
          We build software that helps people who care for others, teach, house and build do their jobs with less paperwork.
          If that matters to you, we would love to hear from you.
        </p>
        <Section id="open-roles" title="Open roles">
          <ul className={s.grid} aria-label="Open roles">
            {openRoles.map((role) => (
              <li key={role.id} className={s.card}>
                <p className={s.eyebrow}>
                  {role.location} · {role.type}
                </p>
                <h3 className={s.cardTitle}>{role.title}</h3>
                <p>{role.summary}</p>
                <h4>What you will do</h4>
                <ul>
                  {role.responsibilities.map((r) => (
                    <li key={r}>{r}</li>
                  ))}
                </ul>
                <h4>What we are looking for</h4>
                <ul>
                  {role.lookingFor.map((r) => (
                    <li key={r}>{r}</li>
                  ))}
                </ul>
                <div className={s.cardFooter}>
                  <LinkButton to="/contact">
                    Apply<span className="sr-only"> for the {role.title} role</span>
                  </LinkButton>
                </div>
              </li>
            ))}
          </ul>
        </Section>
        <Section id="benefits" title="What we offer">
          <CheckList items={careersBenefits} />
        </Section>
        <p className={s.muted}>
          We welcome applications from everyone, and will make reasonable adjustments at any stage of the process; tell us what
          you need when you get in touch.
        </p>
      </Prose>
    </StaticPage>
  )
}
