import { config } from '../../config'
import { acceptableUses, aiCommitment, aiOversight, aiPrinciples, aiPurpose, prohibitedUses } from '../../content/aiEthics'
import { buildMailto } from '../../domain/mailto'
import { pageEntry } from '../../seo/pages'
import { StaticPage } from '../layout/StaticPage'
import { Card, CardGrid, CheckList, Prose, Section } from '../../ui/Prose'
import * as s from '../../ui/prose.css'

/** /ai-ethics: purpose, five principles, acceptable and prohibited uses, oversight and review, commitment. */
export function AiEthicsPage() {
  const entry = pageEntry('/ai-ethics')
  return (
    <StaticPage title={entry.heading} lead={entry.description}>
      <Prose>
        <Section id="purpose" title="Purpose">
          {aiPurpose.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </Section>
        <Section id="principles" title="Our five principles">
          <CardGrid columns={2} label="Principles">
            {aiPrinciples.map((p) => (
              <Card key={p.id} title={p.title}>
                <p className={s.muted}>{p.body}</p>
              </Card>
            ))}
          </CardGrid>
        </Section>
        <Section id="acceptable-uses" title="Acceptable uses">
          <CheckList items={acceptableUses} />
        </Section>
        <Section id="prohibited-uses" title="Prohibited uses">
          <p>We do not build, and our terms do not allow customers to use our AI features for:</p>
          <ul>
            {prohibitedUses.map((u) => (
              <li key={u}>{u}</li>
            ))}
          </ul>
        </Section>
        <Section id="oversight" title="Oversight and review">
          <ul>
            {aiOversight.map((o) => (
              <li key={o}>{o}</li>
            ))}
          </ul>
          <p>
            Raise a concern about an AI feature at{' '}
            <a href={buildMailto({ to: config.organisationEmail, subject: 'AI ethics concern' })}>{config.organisationEmail}</a>.
          </p>
        </Section>
        <Section id="commitment" title="Our commitment">
          <p>{aiCommitment}</p>
        </Section>
      </Prose>
    </StaticPage>
  )
}
