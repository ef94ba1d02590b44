import { config } from '../../config'
import { NOT_FOUND_PAGE } from '../../seo/pages'
import { LinkButton } from '../../ui/Button'
import { PageShell } from '../layout/PageShell'
import * as s from '../layout/layout.css'

/** Catch-all page. React hoists the title and robots tag into <head>; 404.html is prerendered from it. */
export function NotFoundPage() {
  return (
    <PageShell>
      <title>{`${NOT_FOUND_PAGE.title} | ${config.brand}`}</title>
      <meta name="robots" content="noindex,nofollow" />
      <meta name="description" content={NOT_FOUND_PAGE.description} />
      <div className={s.staticHeader} style={{ textAlign: 'center', justifyItems: 'center', paddingBlock: '96px' }}>
        <p className={s.lead} aria-hidden="true" style={{ fontSize: '4rem', fontWeight: 700 }}>
          404
        </p>
        <h1 className={s.pageTitle}>{NOT_FOUND_PAGE.heading}</h1>
        <p className={s.lead}>The page you were looking for does not exist or has moved.</p>
        <LinkButton to="/" size="lg">
          Return to Home
        </LinkButton>
      </div>
    </PageShell>
  )
}
