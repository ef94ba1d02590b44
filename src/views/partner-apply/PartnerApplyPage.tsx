import { useActorRef, useSelector } from '@xstate/react'
import { useRef } from 'react'
import { fromPromise } from 'xstate'
import { partnerApplicationMachine } from '../../../machines/partnerApplication.machine'
import { config } from '../../config'
import {
  evaluatePartnerApplication,
  type PartnerField,
  partnerHighlights,
  partnerMailto,
  partnerSummary,
  personaFor,
  PERSONA_LABELS,
} from '../../domain/partnerApplication'
import { inspect } from '../../devtools/inspector'
import { pageEntry } from '../../seo/pages'
import { AnchorButton, Button } from '../../ui/Button'
import { Field } from '../../ui/Field'
import { notify, usePreloadedToaster } from '../../ui/Toaster'
import { StaticPage } from '../layout/StaticPage'
import * as s from './partnerApply.css'

async function writeClipboard(text: string) {
  // Older browsers and insecure origins have no async clipboard: that is a failure like a refusal.
  if (typeof navigator === 'undefined' || !navigator.clipboard?.writeText) throw new Error('Clipboard unavailable')
  await navigator.clipboard.writeText(text)
}

/**
 * /partner-apply: the form, the live summary and highlight chips, 'Email application' (mailto to the partner
 * mailbox) and 'Copy summary'. The machine starts from the spec defaults on the server and the client alike.
 */
export function PartnerApplyPage() {
  usePreloadedToaster()
  const entry = pageEntry('/partner-apply')
  const summaryRef = useRef<HTMLTextAreaElement>(null)
  const actor = useActorRef(
    partnerApplicationMachine.provide({
      actors: { copyToClipboard: fromPromise(({ input }: { input: { text: string } }) => writeClipboard(input.text)) },
      actions: {
        notifyCopied: () => notify({ title: 'Application summary copied', description: 'Paste it into an email or the contact form.', variant: 'success' }),
        notifyCopyFailed: () =>
          notify({ title: 'Copy failed', description: 'Your browser did not allow copying. Select the summary and copy it yourself.', variant: 'destructive' }),
        selectSummary: () => {
          summaryRef.current?.focus()
          summaryRef.current?.select()
        },
      },
    }),
    { input: {}, inspect },
  )
  const draft = useSelector(actor, (snap) => snap.context.draft)
  const copy = useSelector(
    actor,
    (snap) => ({ can: snap.can({ type: 'COPY' }), copied: snap.matches('copied'), failed: snap.matches('copyFailed') }),
    (a, b) => a.can === b.can && a.copied === b.copied && a.failed === b.failed,
  )
  const evaluation = evaluatePartnerApplication(draft)
  const summary = partnerSummary(draft)
  const highlights = partnerHighlights(draft)
  const persona = personaFor(draft.sector)

  const change = (field: PartnerField) => (e: { currentTarget: { value: string } }) =>
    actor.send({ type: 'FIELD_CHANGED', field, value: e.currentTarget.value })
  const text = (field: PartnerField, autoComplete: string, type = 'text') => (control: Parameters<Parameters<typeof Field>[0]['children']>[0]) => (
    <input {...control} name={field} type={type} autoComplete={autoComplete} value={draft[field]} onChange={change(field)} />
  )
  const count = (field: 'staff' | 'sites') => (control: Parameters<Parameters<typeof Field>[0]['children']>[0]) => (
    <input {...control} name={field} type="number" inputMode="numeric" min={1} step={1} value={draft[field]} onChange={change(field)} />
  )

  return (
    <StaticPage title={entry.heading} lead="Tell us about your organisation. We turn it into an application summary you can email to us or copy." wide backFallback="/lms-partner">
      <div className={s.layout}>
        <form className={s.panel} aria-labelledby="apply-form-title" onSubmit={(e) => e.preventDefault()} noValidate>
          <h2 id="apply-form-title" className={s.panelTitle}>
            Your details
          </h2>
          <div className={s.pair}>
            <Field label="Full name">{text('fullName', 'name')}</Field>
            <Field label="Email">{text('email', 'email', 'email')}</Field>
          </div>
          <div className={s.pair}>
            <Field label="Company">{text('company', 'organization')}</Field>
            <Field label="Sector" hint="For example Care, Education or Construction.">
              {text('sector', 'off')}
            </Field>
          </div>
          <div className={s.pair}>
            <Field label="Approximate staff" error={evaluation.errors.staff}>
              {count('staff')}
            </Field>
            <Field label="Sites" error={evaluation.errors.sites}>
              {count('sites')}
            </Field>
          </div>
          <Field label="Notes" optional multiline>
            {(control) => <textarea {...control} name="notes" rows={4} value={draft.notes} onChange={change('notes')} />}
          </Field>
        </form>

        <section className={s.panel} aria-labelledby="apply-summary-title">
          <h2 id="apply-summary-title" className={s.panelTitle}>
            Your application summary
          </h2>
          <p className={s.persona} data-testid="persona">
            <span>Persona:</span>
            <span className={s.personaValue}>{persona}</span>
            <span>({PERSONA_LABELS[persona]})</span>
          </p>
          <ul className={s.chips} aria-label="Highlights" data-testid="highlights">
            {highlights.map((chip) => (
              <li key={chip} className={s.chip}>
                {chip}
              </li>
            ))}
          </ul>
          <div>
            <label htmlFor="partner-summary" className={s.summaryLabel}>
              Generated summary
            </label>
            <textarea id="partner-summary" ref={summaryRef} className={s.summary} readOnly value={summary} rows={12} />
          </div>
          {evaluation.ok ? null : <p className={s.notice}>Staff and sites must be at least 1 before you email or copy your application.</p>}
          <div className={s.actions}>
            {evaluation.ok ? (
              <AnchorButton href={partnerMailto(config.partnerEmail, draft)}>Email application</AnchorButton>
            ) : (
              <Button disabled>Email application</Button>
            )}
            <Button variant="outline" disabled={!copy.can} onClick={() => actor.send({ type: 'COPY' })}>
              Copy summary
            </Button>
            {copy.copied ? (
              <span className={s.small} aria-hidden="true">
                ✓ Copied
              </span>
            ) : null}
          </div>
          {copy.failed ? (
            <p className={s.copyError} role="alert" data-testid="copy-error">
              Your browser did not let us copy to the clipboard. The summary above is selected: copy it with Ctrl+C (⌘C on a Mac), or use
              Email application.
            </p>
          ) : null}
          <p className={s.small}>
            Email application opens your mail app with everything filled in, addressed to {config.partnerEmail}. Nothing is sent until you send it.
          </p>
        </section>
      </div>
    </StaticPage>
  )
}
