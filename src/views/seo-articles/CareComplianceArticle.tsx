import { config } from '../../config'
import { Link } from '@tanstack/react-router'
import type { Faq } from '../../content/faqs'
import { careComplianceArticle } from '../../content/seoArticles/careCompliance'
import { formatIsoDateEnGB } from '../../domain/dates'
import { pageEntry } from '../../seo/pages'
import { Accordion } from '../../ui/Accordion'
import { LinkButton } from '../../ui/Button'
import { StaticPage } from '../layout/StaticPage'
import { ArticleBody } from '../../ui/ArticleBody'
import { Prose, Section } from '../../ui/Prose'
import * as s from '../../ui/prose.css'

/** /care-compliance-software: long-form guide; the FAQ accordion shows the same list as the FAQPage JSON-LD. */
export function CareComplianceArticle({ faqs }: { faqs: readonly Faq[] }) {
  const entry = pageEntry('/care-compliance-software')
  const published = entry.published ?? '2025-06-01'
  return (
    <StaticPage title={entry.heading} lead={entry.description}>
      <Prose>
        <article className={s.prose}>
          <p className={s.muted}>
            Published <time dateTime={published}>{formatIsoDateEnGB(published)}</time> by the {config.brand} team
          </p>
          {careComplianceArticle.map((section) => (
            <Section key={section.id} id={section.id} title={section.heading}>
              <ArticleBody blocks={section.body} />
              {section.id === 'key-questions' ? (
                <p>
                  <Link to="/cqc-compliance-software">Read what CQC inspectors look for under each key question</Link>
                </p>
              ) : null}
            </Section>
          ))}
        </article>
        <div className={s.callout}>
          <p>Start with your audits, policies and training today. Free forever for up to 3 staff members.</p>
          <div className={s.actions}>
            <LinkButton to="/auth" search={{ mode: 'signup' }}>
              Start Free
            </LinkButton>
            <LinkButton to="/care-management-software" variant="outline">
              See care management features
            </LinkButton>
          </div>
        </div>
        <Section id="faq" title="Frequently asked questions">
          <Accordion
            headingLevel={3}
            items={faqs.map((faq, i) => ({ id: `faq-${i + 1}`, title: faq.question, content: <p>{faq.answer}</p> }))}
          />
        </Section>
      </Prose>
    </StaticPage>
  )
}
