import { featureGroups } from '../../content/product/features'
import { pageEntry } from '../../seo/pages'
import { LinkButton } from '../../ui/Button'
import { StaticPage } from '../layout/StaticPage'
import { Card, CardGrid, Prose, Section } from '../../ui/Prose'
import * as s from '../../ui/prose.css'

/** /features: the free suite, the paid business operating system and the two time-savers. */
export function FeaturesPage() {
  const entry = pageEntry('/features')
  return (
    <StaticPage title={entry.heading} lead={entry.description} wide>
      <Prose>
        {featureGroups.map((group) => (
          <Section key={group.id} id={group.id} title={group.title}>
            <p className={s.muted}>{group.intro}</p>
            <CardGrid label={group.title}>
              {group.items.map((item) => (
                <Card key={item.title} title={item.title}>
                  <p className={s.muted}>{item.body}</p>
                </Card>
              ))}
            </CardGrid>
          </Section>
        ))}
        <div className={s.callout}>
          <p>Every plan works for care, education, housing and construction, with pre-loaded accredited courses for your sector.</p>
          <div className={s.actions}>
            <LinkButton to="/auth" search={{ mode: 'signup' }}>
              Start Free
            </LinkButton>
            <LinkButton to="/" hash="pricing" variant="outline">
              See pricing
            </LinkButton>
          </div>
        </div>
      </Prose>
    </StaticPage>
  )
}
