import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { type FormEvent, type ReactNode, useEffect, useRef } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { passwordResetMachine } from '../../../machines/passwordReset.machine'
import { EMPTY_NEW_PASSWORD, MAX_PASSWORD_LENGTH, NEW_PASSWORD_MESSAGES, RECOVERY_LINK_HOURS, RESET_MESSAGES, type ResetFailure } from '../../domain/account'
import { MIN_PASSWORD_LENGTH } from '../../domain/signup'
import { Button } from '../../ui/Button'
import { Field } from '../../ui/Field'
import * as s from './auth.css'

export interface PasswordResetPanelProps {
  /** The reset flow while the page is in its reset form; none on the prerendered page (the request form shows). */
  reset: ActorRefFrom<typeof passwordResetMachine> | undefined
}

/** What the panel shows, asked of the reset machine (its states and context), or the empty request form. */
function usePanel(reset: PasswordResetPanelProps['reset']) {
  return useSelector(
    reset,
    (snap) => ({
      checking: snap ? snap.matches('exchangingCode') || snap.matches('verifyingToken') : false,
      failed: snap?.matches('failed') ?? false,
      linkInvalid: snap?.matches('linkInvalid') ?? false,
      emailSent: snap?.matches('emailSent') ?? false,
      choosing: snap?.matches('choosingPassword') ?? false,
      updating: snap?.matches({ choosingPassword: 'updating' }) ?? false,
      done: snap ? snap.matches('updated') || snap.matches('signedIn') : false,
      sending: snap?.matches({ requesting: 'sending' }) ?? false,
      email: snap?.context.email ?? '',
      sentTo: snap?.context.sentTo ?? '',
      values: snap?.context.values ?? EMPTY_NEW_PASSWORD,
      requestProblem: snap?.context.requestProblem ?? null,
      passwordProblem: snap?.context.passwordProblem ?? null,
      failure: snap?.context.failure ?? null,
      waitSeconds: snap?.context.waitSeconds ?? null,
      linkProblem: snap?.context.linkProblem ?? null,
    }),
    (a, b) => Object.keys(a).every((k) => Object.is(a[k as keyof typeof a], b[k as keyof typeof b])),
  )
}

/** A heading that takes focus when its step appears, so keyboard and screen-reader users land on the news. */
function StepTitle({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null)
  useEffect(() => ref.current?.focus(), [])
  return (
    <h2 ref={ref} tabIndex={-1} className={s.panelTitle}>
      {children}
    </h2>
  )
}

const REQUEST_FIELD = {
  missingEmail: 'Enter the email address you sign in with.',
  invalidEmail: 'Enter a valid email address, like name@organisation.co.uk.',
} as const

/** What the form says above its fields after a failed request or a failed save. */
const FAILURE_MESSAGES: Record<ResetFailure, string> = {
  rateLimited: RESET_MESSAGES.requestRateLimited,
  network: RESET_MESSAGES.network,
  unexpected: RESET_MESSAGES.unexpected,
  weakPassword: RESET_MESSAGES.weakPassword,
  samePassword: RESET_MESSAGES.samePassword,
}

/** 'Reset your password': ask for a link, check your email, choose a new password, or a link that cannot be used. */
export function PasswordResetPanel({ reset }: PasswordResetPanelProps) {
  const context = usePanel(reset)
  const send = (event: Parameters<NonNullable<typeof reset>['send']>[0]) => reset?.send(event)
  const props = {
    onEmailChange: (value: string) => send({ type: 'EMAIL_CHANGED', value }),
    onPasswordChange: (field: 'password' | 'repeat', value: string) => send({ type: 'PASSWORD_CHANGED', field, value }),
    onRequestNewLink: () => send({ type: 'REQUEST_NEW_LINK' }),
    onRetry: () => send({ type: 'RETRY' }),
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    send({ type: 'SUBMIT' })
  }
  if (context.checking) {
    return (
      <section className={s.panel} aria-busy="true">
        <p role="status" className={s.panelText}>
          Checking your reset link...
        </p>
      </section>
    )
  }
  // Each step's panel has its own key: a step that follows another is a new panel, so its title takes focus.
  if (context.failed) {
    return (
      <section key="failed" className={s.panel}>
        <StepTitle>We could not check your reset link</StepTitle>
        <p className={s.panelText}>{RESET_MESSAGES.network}</p>
        <div className={s.actions}>
          <Button onClick={props.onRetry}>Try again</Button>
        </div>
      </section>
    )
  }
  if (context.linkInvalid) {
    return (
      <section key="linkInvalid" className={s.panel}>
        <StepTitle>This reset link cannot be used</StepTitle>
        <p className={s.panelText}>{context.linkProblem === 'otherBrowser' ? RESET_MESSAGES.linkOtherBrowser : RESET_MESSAGES.linkExpired}</p>
        <div className={s.actions}>
          <Button onClick={props.onRequestNewLink}>Send a new link</Button>
          <Link to="/auth" className={s.textLink}>
            Back to sign in
          </Link>
        </div>
      </section>
    )
  }
  if (context.emailSent) {
    return (
      <section key="emailSent" className={s.panel}>
        <StepTitle>Check your email</StepTitle>
        <p>
          If an account exists for <strong>{context.sentTo}</strong>, we've sent it a link to choose a new password. The link works
          once, for {RECOVERY_LINK_HOURS} hour; open it in this browser.
        </p>
        <p className={s.panelText}>
          Nothing arrived? Check your spam folder, or ask for another link in a minute.
          {context.waitSeconds ? ` ${RESET_MESSAGES.nextLinkIn(context.waitSeconds)}` : ''}
        </p>
        <div className={s.actions}>
          <Button variant="outline" onClick={props.onRequestNewLink}>
            Send another link
          </Button>
          <Link to="/auth" className={s.textLink}>
            Back to sign in
          </Link>
        </div>
      </section>
    )
  }
  if (context.choosing || context.done) {
    const { updating, done } = context
    const problem = context.passwordProblem
    const short = context.values.password.length > 0 && context.values.password.length < MIN_PASSWORD_LENGTH
    return (
      <section key="choosingPassword" className={s.panel}>
        <StepTitle>{done ? 'Password updated' : 'Choose a new password'}</StepTitle>
        {done ? (
          <p role="status" className={s.panelText}>
            Your new password is saved and you are signed in. Taking you to your workspace...
          </p>
        ) : (
          <form className={s.form} onSubmit={submit} noValidate aria-label="Choose a new password">
            {context.failure ? (
              <p role="alert" className={s.formError}>
                {FAILURE_MESSAGES[context.failure]}
              </p>
            ) : null}
            <fieldset className={s.fieldset} disabled={updating}>
              <Field
                label="New password"
                hint={`At least ${MIN_PASSWORD_LENGTH} characters, at most ${MAX_PASSWORD_LENGTH}.`}
                warning={short ? `Password must be more than 6 characters (${context.values.password.length} of ${MIN_PASSWORD_LENGTH} so far).` : undefined}
                error={problem && problem !== 'mismatch' ? NEW_PASSWORD_MESSAGES[problem] : undefined}
              >
                {(c) => (
                  <input
                    {...c}
                    value={context.values.password}
                    onChange={(e) => props.onPasswordChange('password', e.currentTarget.value)}
                    name="newPassword"
                    type="password"
                    autoComplete="new-password"
                    required
                  />
                )}
              </Field>
              <Field label="Repeat the new password" error={problem === 'mismatch' ? NEW_PASSWORD_MESSAGES.mismatch : undefined}>
                {(c) => (
                  <input
                    {...c}
                    value={context.values.repeat}
                    onChange={(e) => props.onPasswordChange('repeat', e.currentTarget.value)}
                    name="repeatPassword"
                    type="password"
                    autoComplete="new-password"
                    required
                  />
                )}
              </Field>
            </fieldset>
            <Button type="submit" size="lg" block busy={updating} disabled={updating}>
              {updating ? 'Saving...' : 'Save new password'}
            </Button>
          </form>
        )}
      </section>
    )
  }
  // Asking for a link (also what the prerendered page shows).
  const sending = context.sending
  const problem = context.requestProblem
  return (
    <form className={s.card} onSubmit={submit} noValidate aria-label="Send a password reset link">
      <p className={s.panelText}>Enter the email address you sign in with and we'll send you a link to choose a new password.</p>
      {context.failure ? (
        <p role="alert" className={s.formError}>
          {FAILURE_MESSAGES[context.failure]}
        </p>
      ) : null}
      <fieldset className={s.fieldset} disabled={sending}>
        <Field label="Work email" error={problem ? REQUEST_FIELD[problem] : undefined}>
          {(c) => (
            <input
              {...c}
              value={context.email}
              onChange={(e) => props.onEmailChange(e.currentTarget.value)}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="username"
              placeholder="you@yourorganisation.co.uk"
              required
            />
          )}
        </Field>
      </fieldset>
      <Button type="submit" size="lg" block busy={sending} disabled={sending}>
        {sending ? 'Sending...' : 'Send reset link'}
      </Button>
      <p className={s.switchMode}>
        Remembered it?{' '}
        <Link to="/auth" className={s.textLink}>
          Back to sign in
        </Link>
      </p>
    </form>
  )
}
