import type { ReactNode } from 'react'
import { BackButton } from './BackButton'
import * as s from './layout.css'
import { PageShell } from './PageShell'

/** A static content page: Back button, h1, optional lead, then the body in a readable column. */
export function StaticPage({ title, lead, children, wide, backFallback }: { title: ReactNode; lead?: ReactNode; children?: ReactNode; wide?: boolean; backFallback?: string }) {
  return (
    <PageShell>
      <div className={s.staticHeader}>
        <div>
          <BackButton fallback={backFallback} />
        </div>
        <h1 className={s.pageTitle}>{title}</h1>
        {lead ? <p className={s.lead}>{lead}</p> : null}
      </div>
      <div className={wide ? s.container : s.narrow}>{children}</div>
    </PageShell>
  )
}
