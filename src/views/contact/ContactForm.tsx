import { useSelector } from '@xstate/react'
import { type FormEvent, type RefObject, useEffect, useState } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { contactReferralMachine } from '../../../machines/contactReferral.machine'
import { buildMailto } from '../../domain/mailto'
import { LIMITS, READY4LIFE, type ReferralValues, type SendFailure } from '../../domain/contact'
import { AnchorButton, Button } from '../../ui/Button'
import { Field } from '../../ui/Field'
import * as s from './contact.css'

export interface ContactFormProps {
  actor: ActorRefFrom<typeof contactReferralMachine>
  fields: {
    name: RefObject<HTMLInputElement | null>
    email: RefObject<HTMLInputElement | null>
    message: RefObject<HTMLTextAreaElement | null>
  }
}

const FAILURE_TEXT: Record<SendFailure, string> = {
  unavailable: 'We could not reach our server, so your referral has not been sent yet.',
  'rate-limited': 'Too many referrals have been sent from your connection in the last 10 minutes, so this one was not sent.',
  rejected: 'Our server could not accept this referral, so it has not been sent.',
}

/** The referral form. Every value lives in the machine; the inputs are read-only while sending. */
export function ContactForm({ actor, fields }: ContactFormProps) {
  const values = useSelector(actor, (snap) => snap.context.values)
  const errors = useSelector(actor, (snap) => snap.context.errors)
  const programme = useSelector(actor, (snap) => snap.context.programme)
  const sending = useSelector(actor, (snap) => snap.matches('sending'))
  const fallback = useSelector(actor, (snap) => (snap.matches({ form: 'fallback' }) ? snap.context : null))

  // Until hydrated the form cannot validate or send; a native submit would put what was typed in the URL.
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])

  const change = (field: keyof ReferralValues) => (e: { currentTarget: { value: string } }) =>
    actor.send({ type: 'FIELD_CHANGED', field, value: e.currentTarget.value })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    actor.send({ type: 'SUBMIT' })
  }

  return (
    <section className={s.card} aria-labelledby="referral-form-title">
      <div className={s.formHeader}>
        <h2 id="referral-form-title" className={s.cardTitle}>
          Send a referral
        </h2>
        {/* One short line either way, so the programme arriving after mount never moves the form. */}
        <span className={s.badge} data-testid="referral-programme">
          {programme === 'ready4life' ? `${READY4LIFE.name} referral` : 'General enquiry'}
        </span>
        <p className={s.muted}>All fields are required.</p>
      </div>
      {/* noValidate: our own messages (valibot) replace the browser's bubbles; required and type=email stay for assistive tech. */}
      <form className={s.form} onSubmit={submit} noValidate aria-busy={sending || undefined}>
        <Field label="Your name" error={errors.name}>
          {(control) => (
            <input
              {...control}
              ref={fields.name}
              name="name"
              autoComplete="name"
              required
              readOnly={sending}
              value={values.name}
              onChange={change('name')}
            />
          )}
        </Field>
        <Field label="Organisation email" hint="We reply to this address." error={errors.email}>
          {(control) => (
            <input
              {...control}
              ref={fields.email}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              readOnly={sending}
              value={values.email}
              onChange={change('email')}
            />
          )}
        </Field>
        <Field
          label="Referral details"
          hint={`Who you are referring, how to reach them and anything we should know (up to ${LIMITS.message} characters).`}
          error={errors.message}
          multiline
        >
          {(control) => (
            <textarea
              {...control}
              ref={fields.message}
              name="message"
              rows={6}
              required
              readOnly={sending}
              value={values.message}
              onChange={change('message')}
            />
          )}
        </Field>
        {/* Honeypot: people never see or reach it; bots that fill every field reveal themselves. */}
        <div className={s.honeypot} aria-hidden="true">
          <label htmlFor="contact-hpt">Leave this field empty</label>
          <input id="contact-hpt" name="hpt" type="text" tabIndex={-1} autoComplete="off" value={values.hpt} onChange={change('hpt')} />
        </div>
        {fallback?.mailto ? (
          <div className={s.notice} data-testid="contact-fallback">
            <p>
              {FAILURE_TEXT[fallback.failure ?? 'unavailable']} Your email app should have opened with it filled in; if it
              did not, use this link or email{' '}
              <a className={s.link} href={buildMailto({ to: fallback.to })}>
                {fallback.to}
              </a>
              . What you typed is still in the form.
            </p>
            <p>
              <AnchorButton variant="outline" href={fallback.mailto}>
                Email this referral
              </AnchorButton>
            </p>
          </div>
        ) : null}
        <div className={s.actions}>
          <Button type="submit" size="lg" disabled={sending || !hydrated} busy={sending}>
            {sending ? 'Sending referral...' : 'Send referral'}
          </Button>
        </div>
      </form>
    </section>
  )
}
