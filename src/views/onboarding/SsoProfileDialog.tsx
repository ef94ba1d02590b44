import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { ssoProfileMachine } from '../../../machines/ssoProfile.machine'
import { isValidCompany, parseStaff, providerLabel, SSO_STAFF_MIN } from '../../domain/onboarding'
import { Button } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'
import { Field } from '../../ui/Field'
import * as s from './onboarding.css'

export const SSO_DIALOG_TITLE = 'Almost there — set up your workspace'

/** The blocking SSO profile dialog (spec section 2): company name and number of staff. */
export function SsoProfileDialog({ actor, onExitComplete }: { actor: ActorRefFrom<typeof ssoProfileMachine>; onExitComplete?: () => void }) {
  const { company, staff, provider } = useSelector(actor, (snap) => snap.context)
  const submitting = useSelector(actor, (snap) => snap.matches('submitting'))
  const open = useSelector(actor, (snap) => snap.status === 'active')
  // Continue is enabled exactly when the machine takes SUBMIT (its rule: a company and a whole number of staff).
  const valid = useSelector(actor, (snap) => snap.can({ type: 'SUBMIT' }))
  const label = providerLabel(provider)
  return (
    <Dialog
      open={open}
      blocking
      closeLabel="Close"
      onExitComplete={onExitComplete}
      onOpenChange={(next) => {
        if (!next && !submitting) actor.send({ type: 'CLOSE' })
      }}
      title={SSO_DIALOG_TITLE}
      description={`You signed in with ${label}. Tell us your company name and how many staff you have to finish setting up your workspace.`}
    >
      <form
        className={s.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          actor.send({ type: 'SUBMIT' })
        }}
      >
        <Field label="Company name" completed={isValidCompany(company)} hint="At least 2 characters.">
          {(control) => (
            <input
              {...control}
              name="company"
              autoComplete="organization"
              value={company}
              disabled={submitting}
              onChange={(e) => actor.send({ type: 'COMPANY_CHANGED', value: e.target.value })}
            />
          )}
        </Field>
        <Field label="Number of staff" completed={parseStaff(staff) !== null} hint="A whole number, at least 1.">
          {(control) => (
            <input
              {...control}
              name="staff"
              type="number"
              inputMode="numeric"
              min={SSO_STAFF_MIN}
              step={1}
              value={staff}
              disabled={submitting}
              onChange={(e) => actor.send({ type: 'STAFF_CHANGED', value: e.target.value })}
            />
          )}
        </Field>
        <div className={s.actions}>
          <Button type="submit" disabled={!valid} busy={submitting}>
            {submitting ? 'Saving...' : 'Continue'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
