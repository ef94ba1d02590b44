import { Link } from '@tanstack/react-router'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import type { SignInField } from '../../../machines/signIn.machine'
import { SIGN_IN_FIELD_MESSAGES, SIGN_IN_MESSAGES, type SignInFailure, type SignInProblem, type SignInValues } from '../../domain/account'
import { Button } from '../../ui/Button'
import { Field } from '../../ui/Field'
import * as s from './auth.css'

export interface SignInFormProps {
  values: SignInValues
  problem: SignInProblem | null
  failure: SignInFailure | null
  detail: string
  submitting: boolean
  onChange: (field: SignInField, value: string) => void
  onSubmit: () => void
}

/** E-mail and password, 'Forgot password?' and 'Sign in': plain props in, changes and the submit out. */
export function SignInForm({ values, problem, failure, detail, submitting, onChange, onSubmit }: SignInFormProps) {
  const [showPassword, setShowPassword] = useState(false)
  const emailRef = useRef<HTMLInputElement>(null)
  const passwordRef = useRef<HTMLInputElement>(null)
  const alertRef = useRef<HTMLParagraphElement>(null)
  const emailProblem = problem === 'missingEmail' || problem === 'invalidEmail' ? SIGN_IN_FIELD_MESSAGES[problem] : undefined
  const passwordProblem = problem === 'missingPassword' ? SIGN_IN_FIELD_MESSAGES[problem] : undefined

  // Focus follows the news: the field a submit found wrong, or the message of a failed attempt.
  useEffect(() => {
    if (problem === 'missingPassword') passwordRef.current?.focus()
    else if (problem) emailRef.current?.focus()
  }, [problem])
  useEffect(() => {
    if (failure) alertRef.current?.focus()
  }, [failure])

  const submit = (e: FormEvent) => {
    e.preventDefault()
    onSubmit()
  }
  return (
    <form className={s.form} onSubmit={submit} noValidate aria-label="Sign in">
      {failure ? (
        <p ref={alertRef} tabIndex={-1} role="alert" className={s.formError} data-testid="sign-in-error">
          {failure === 'unexpected' && detail ? `${SIGN_IN_MESSAGES.unexpected} (${detail})` : SIGN_IN_MESSAGES[failure]}
        </p>
      ) : null}
      <fieldset className={s.fieldset} disabled={submitting}>
        <Field label="Work email" error={emailProblem}>
          {(c) => (
            <input
              {...c}
              ref={emailRef}
              value={values.email}
              onChange={(e) => onChange('email', e.currentTarget.value)}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="username"
              placeholder="you@yourorganisation.co.uk"
              required
            />
          )}
        </Field>
        <Field
          label="Password"
          error={passwordProblem}
          action={
            <Button variant="ghost" size="sm" onClick={() => setShowPassword((v) => !v)} aria-pressed={showPassword}>
              {showPassword ? 'Hide password' : 'Show password'}
            </Button>
          }
        >
          {(c) => (
            <input
              {...c}
              ref={passwordRef}
              value={values.password}
              onChange={(e) => onChange('password', e.currentTarget.value)}
              name="password"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              required
            />
          )}
        </Field>
      </fieldset>
      <div className={s.formFooter}>
        <Link to="/auth" search={{ mode: 'reset' }} className={s.textLink}>
          Forgot password?
        </Link>
      </div>
      <Button type="submit" size="lg" block busy={submitting} disabled={submitting}>
        {submitting ? 'Signing in...' : 'Sign in'}
      </Button>
    </form>
  )
}
