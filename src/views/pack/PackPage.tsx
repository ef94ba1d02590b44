import { Link, useNavigate, useSearch } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { useMemo, useState } from 'react'
import { fromPromise } from 'xstate'
import { inspectionPackMachine, packDocumentOf, type PdfMade } from '../../../machines/inspectionPack.machine'
import { loadPackData, packActors } from '../../backend/pack'
import { inspect } from '../../devtools/inspector'
import { FRAMEWORKS } from '../../domain/frameworks/registry'
import { PACK_PAGE_MESSAGES, packFrameworkOf } from '../../domain/pack/fromAssessment'
import { pageEntry } from '../../seo/pages'
import { Button } from '../../ui/Button'
import { LoadingScreen } from '../../ui/LoadingScreen'
import * as h from '../home/home.css'
import { PageShell } from '../layout/PageShell'
import { useSignedInUser } from '../session/SignedInLayout'
import { createPackPdf, downloadPackPdf, preloadPackPdf } from './loadPack'
import { PackDocumentView } from './PackDocumentView'
import * as s from './pack.css'

/** The data read again, its pack made a PDF by the lazily loaded PDF code (./loadPack.ts), saved by the browser. */
const makePdf = fromPromise<PdfMade, { frameworkId: string; now: string }>(async ({ input }) => {
  const data = await loadPackData()
  const document = packDocumentOf({ data, frameworkId: input.frameworkId, now: input.now })
  if (!document) throw new Error('That framework’s assessment is no longer open.')
  const file = await createPackPdf(document)
  downloadPackPdf(file)
  return { data, fileName: file.fileName, pages: file.pages }
})

/**
 * /app/pack, the inspection pack of one of the organisation's open assessments (machines/inspectionPack.machine.ts):
 * the print-ready page (./PackDocumentView), a framework picker when several are open, Download PDF and Print.
 */
export function PackPage() {
  const user = useSignedInUser()
  const search: { framework?: unknown } = useSearch({ strict: false })
  return user ? <Pack key={user.userId} framework={packFrameworkOf(search.framework)} /> : <Shell />
}

/** The page around the pack; until there is a pack, its heading (the pack's own cover has the organisation as h1). */
function Shell({ children, pack = false }: { children?: React.ReactNode; pack?: boolean }) {
  return (
    <PageShell>
      <div className={h.wrap}>
        {pack ? null : (
          <div className={h.header}>
            <h1 className={h.title}>{pageEntry('/app/pack').heading}</h1>
          </div>
        )}
        {children ?? <LoadingScreen label={PACK_PAGE_MESSAGES.loading} />}
      </div>
    </PageShell>
  )
}

function Pack({ framework }: { framework: string | null }) {
  const [machine] = useState(() => inspectionPackMachine.provide({ actors: { ...packActors, makePdf } }))
  const [now] = useState(() => new Date().toISOString())
  const actor = useActorRef(machine, { input: { framework, now }, inspect })
  const snap = useSelector(actor, (snapshot) => snapshot)
  const navigate = useNavigate()
  const { data, frameworkId, pdf } = snap.context
  const doc = useMemo(() => (data && frameworkId ? packDocumentOf({ data, frameworkId, now }) : null), [data, frameworkId, now])

  if (snap.matches('loadFailed')) {
    return (
      <Shell>
        <section className={h.card}>
          <p role="alert" className={h.error}>
            {PACK_PAGE_MESSAGES.loadFailed}
          </p>
          <div className={h.actions}>
            <Button onClick={() => actor.send({ type: 'RETRY' })}>Try again</Button>
          </div>
        </section>
      </Shell>
    )
  }
  if (snap.hasTag('loading') || !data) return <Shell />
  if (snap.matches('empty') || !doc) {
    return (
      <Shell>
        <section className={h.card} aria-labelledby="pack-empty">
          <h2 id="pack-empty" className={h.cardTitle}>
            Nothing to put in a pack yet
          </h2>
          <p className={h.text}>{PACK_PAGE_MESSAGES.empty}</p>
          <div className={h.actions}>
            <Link to="/app">Go to your workspace</Link>
          </div>
        </section>
      </Shell>
    )
  }

  const busy = snap.hasTag('busy')
  const choose = (id: string) => {
    actor.send({ type: 'FRAMEWORK_CHOSEN', frameworkId: id })
    const search = { framework: id }
    void navigate({ to: '/app/pack', search, replace: true })
  }
  return (
    <Shell pack>
      <div className={s.page}>
        <div className={s.toolbar}>
          {data.assessments.length > 1 ? (
            <label className={h.header}>
              <span>Framework</span>
              <select className={h.select} value={frameworkId ?? ''} disabled={busy} onChange={(e) => choose(e.currentTarget.value)}>
                {data.assessments.map((a) => (
                  <option key={a.id} value={a.frameworkId}>
                    {FRAMEWORKS.version(a.versionId)?.name ?? a.frameworkId}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <div className={s.actions}>
            {snap.matches({ ready: 'pdfFailed' }) ? (
              <Button onClick={() => actor.send({ type: 'RETRY' })}>Try again</Button>
            ) : (
              <Button onClick={() => actor.send({ type: 'DOWNLOAD' })} onPointerEnter={preloadPackPdf} onFocus={preloadPackPdf} disabled={busy} busy={busy}>
                {busy ? 'Making the PDF...' : 'Download PDF'}
              </Button>
            )}
            <Button variant="outline" onClick={() => window.print()}>
              Print
            </Button>
          </div>
          {snap.matches({ ready: 'pdfFailed' }) ? (
            <p role="alert" className={s.error}>
              {PACK_PAGE_MESSAGES.pdfFailed}
            </p>
          ) : null}
          <p role="status" className={s.status}>
            {snap.matches({ ready: 'downloaded' }) && pdf ? PACK_PAGE_MESSAGES.downloaded(pdf.fileName, pdf.pages) : ''}
          </p>
        </div>
        <PackDocumentView doc={doc} />
      </div>
    </Shell>
  )
}
