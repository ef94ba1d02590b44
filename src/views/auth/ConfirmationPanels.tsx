import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react'
import { AnchorButton, Button } from '../../ui/Button'
import { Field } from '../../ui/Field'
import * as s from './auth.css'

/** A heading that takes focus when its panel appears, so keyboard and screen-reader users land on the news. */
function PanelTitle({ children }: { children: string }) {
  const ref = useRef<HTMLHeadingElement>(null)
  useEffect(() => ref.current?.focus(), [])
  return (
    <h2 ref={ref} tabIndex={-1} className={s.panelTitle}>
      {children}
    </h2>
  )
}

export function ConfirmingPanel() {
  return (
    <section className={s.panel} aria-busy="true">
      <p role="status" className={s.panelText}>
        Confirming your email...
      </p>
    </section>
  )
}

export function ConfirmedPanel({ title, appUrl }: { title: string; appUrl: string }) {
  return (
    <section className={s.panel}>
      <PanelTitle>{title}</PanelTitle>
      <p className={s.panelText}>Your account is active and you have admin access. Taking you to your workspace...</p>
      <div className={s.actions}>
        <AnchorButton href={appUrl}>Continue to your workspace</AnchorButton>
      </div>
    </section>
  )
}

export function ConfirmedElsewherePanel({ appUrl }: { appUrl: string }) {
  return (
    <section className={s.panel}>
      <PanelTitle>Your email is confirmed</PanelTitle>
      <p>Your email is confirmed. Open the link in the browser where you signed up, or sign in from the app.</p>
      <div className={s.actions}>
        <AnchorButton href={appUrl}>Go to the app</AnchorButton>
      </div>
    </section>
  )
}

export function ConfirmationFailedPanel({ onRetry }: { onRetry: () => void }) {
  return (
    <section className={s.panel}>
      <PanelTitle>We could not confirm your email</PanelTitle>
      <p className={s.panelText}>
        Something went wrong while we were confirming your email. Check your connection and try again.
      </p>
      <div className={s.actions}>
        <Button onClick={onRetry}>Try again</Button>
      </div>
    </section>
  )
}

export function LinkInvalidPanel({
  sending,
  sentTo,
  onResend,
}: {
  sending: boolean
  sentTo: string | null
  onResend: (email: string) => void
}) {
  const [email, setEmail] = useState('')
  const submit = (e: FormEvent) => {
    e.preventDefault()
    onResend(email)
  }
  return (
    <section className={s.panel}>
      <PanelTitle>This confirmation link has expired or was already used</PanelTitle>
      <p className={s.panelText}>
        If you have already confirmed your email, sign in from the app. Otherwise enter the email you signed up with
        and we'll send you a new confirmation link.
      </p>
      <form className={s.resendForm} onSubmit={submit} noValidate aria-label="Send a new confirmation email">
        <Field label="Email you signed up with">
          {(c) => (
            <input
              {...c}
              type="email"
              name="resendEmail"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              required
            />
          )}
        </Field>
        <div className={s.actions}>
          <Button type="submit" busy={sending} disabled={sending}>
            {sending ? 'Sending...' : 'Send a new confirmation email'}
          </Button>
        </div>
      </form>
      {sentTo ? (
        <p role="status" className={s.panelText}>
          Check the inbox of {sentTo} for the new link.
        </p>
      ) : null}
    </section>
  )
}

export function CheckEmailPanel({ sentTo, onStartOver, children }: { sentTo: string; onStartOver: () => void; children?: ReactNode }) {
  return (
    <section className={s.panel}>
      <PanelTitle>Check your email</PanelTitle>
      <p>
        We've sent a confirmation link to <strong>{sentTo}</strong>. Open it in this browser to activate your account;
        you'll get admin access once your email is confirmed.
      </p>
      <p className={s.panelText}>Nothing arrived? Check your spam folder, or send the email again.</p>
      {children}
      <div className={s.actions}>
        <Button variant="outline" onClick={onStartOver}>
          Use a different email
        </Button>
      </div>
    </section>
  )
}
