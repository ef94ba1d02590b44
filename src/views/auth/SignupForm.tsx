import { assignInlineVars } from '@vanilla-extract/dynamic'
import type { FormEvent } from 'react'
import { isConsumerEmail } from '../../domain/consumerDomains'
import { SECTOR_LABELS, SECTORS } from '../../domain/sectors'
import {
  isFieldComplete,
  MIN_PASSWORD_LENGTH,
  PASSWORD_COPIED,
  type SignupField,
  type SignupValues,
  StaffCountSchema,
  signupProgress,
  WORK_EMAIL_MESSAGE,
} from '../../domain/signup'
import { Button } from '../../ui/Button'
import { Field } from '../../ui/Field'
import * as s from './auth.css'
import * as v from 'valibot'

export interface SignupFormProps {
  values: SignupValues
  submitting: boolean
  copied: boolean
  onChange: (field: SignupField, value: string) => void
  onSubmit: () => void
  onCopyPassword: () => void
}

/** The sign-up form of spec section 2: plain props in, field changes and actions out. */
export function SignupForm({ values, submitting, copied, onChange, onSubmit, onCopyPassword }: SignupFormProps) {
  const { completed, total } = signupProgress(values)
  const done = (field: SignupField) => isFieldComplete(field, values)
  const text = (field: SignupField) => ({
    value: values[field],
    onChange: (e: { currentTarget: { value: string } }) => onChange(field, e.currentTarget.value),
  })
  const passwordShort = values.password.length > 0 && values.password.length < MIN_PASSWORD_LENGTH
  const staffInvalid = values.staffCount.trim() !== '' && !v.is(StaffCountSchema, values.staffCount)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    onSubmit()
  }

  return (
    <form className={s.form} onSubmit={submit} noValidate aria-label="Create your account">
      <div className={s.progress}>
        <div className={s.progressLabel}>
          <span id="signup-progress-label">Your progress</span>
          <span data-testid="signup-progress">
            {completed} of {total} completed
          </span>
        </div>
        <div
          className={s.track}
          role="progressbar"
          aria-labelledby="signup-progress-label"
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={completed}
          aria-valuetext={`${completed} of ${total} required fields completed`}
        >
          <div className={s.bar} style={assignInlineVars({ [s.progressFill]: String(completed / total) })} />
        </div>
      </div>

      <fieldset className={s.fieldset} disabled={submitting}>
        <div className={s.pair}>
          <Field label="First name" completed={done('firstName')}>
            {(c) => <input {...c} {...text('firstName')} name="firstName" autoComplete="given-name" required />}
          </Field>
          <Field label="Last name" completed={done('lastName')}>
            {(c) => <input {...c} {...text('lastName')} name="lastName" autoComplete="family-name" required />}
          </Field>
        </div>

        <Field
          label="Work email"
          completed={done('email')}
          error={isConsumerEmail(values.email) ? WORK_EMAIL_MESSAGE : undefined}
        >
          {(c) => (
            <input
              {...c}
              {...text('email')}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder="you@yourorganisation.co.uk"
              required
            />
          )}
        </Field>

        <Field
          label="Password"
          completed={done('password')}
          warning={
            passwordShort
              ? `Password must be more than 6 characters (${values.password.length} of ${MIN_PASSWORD_LENGTH} so far).`
              : undefined
          }
          action={
            <Button
              variant="ghost"
              size="sm"
              className={s.copyStatus}
              onClick={onCopyPassword}
              disabled={values.password === ''}
              aria-label={copied ? PASSWORD_COPIED : 'Copy password'}
            >
              {copied ? PASSWORD_COPIED : 'Copy password'}
            </Button>
          }
        >
          {(c) => <input {...c} {...text('password')} name="password" type="password" autoComplete="new-password" required />}
        </Field>
        <span className="sr-only" role="status">
          {copied ? PASSWORD_COPIED : ''}
        </span>

        <Field label="Company" completed={done('company')}>
          {(c) => <input {...c} {...text('company')} name="company" autoComplete="organization" required />}
        </Field>

        <div className={s.pair}>
          <Field label="Phone" completed={done('phone')}>
            {(c) => (
              <input {...c} {...text('phone')} name="phone" type="tel" autoComplete="tel" placeholder="07700 900123" required />
            )}
          </Field>
          <Field label="Sector" completed={done('sector')}>
            {(c) => (
              <select {...c} {...text('sector')} name="sector" required>
                <option value="">Choose your sector</option>
                {SECTORS.map((sector) => (
                  <option key={sector} value={sector}>
                    {SECTOR_LABELS[sector]}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>

        <div className={s.pair}>
          <Field
            label="Number of staff"
            optional
            completed={done('staffCount')}
            error={staffInvalid ? 'Enter a whole number of at least 1, or leave it empty.' : undefined}
          >
            {(c) => <input {...c} {...text('staffCount')} name="staffCount" type="number" inputMode="numeric" min={1} step={1} />}
          </Field>
          <Field label="Plan" hint="We'll enable the paid plan for eligible accounts.">
            {(c) => (
              <select {...c} name="plan" value="free" disabled onChange={() => {}}>
                <option value="free">Free (up to 3 staff, free forever)</option>
                <option value="bos">Business operating system</option>
              </select>
            )}
          </Field>
        </div>
      </fieldset>

      <Button type="submit" size="lg" block busy={submitting} disabled={submitting}>
        {submitting ? 'Creating account...' : 'Create account'}
      </Button>
    </form>
  )
}
