import { useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { teamInviteMachine } from '../../../machines/teamInvite.machine'
import { INVITE_PROBLEM_MESSAGES, ROLE_NAMES, TEAM_MESSAGES, TEAM_ROLES, type TeamRole } from '../../domain/team'
import { Button } from '../../ui/Button'
import { Field } from '../../ui/Field'
import * as s from './team.css'

/**
 * The invite form: its own flow (machines/teamInvite.machine.ts), a child of the page's machine (the team page, or
 * the setup wizard's team step, where its heading is one level down).
 */
export function InviteForm({ actor, level = 2 }: { actor: ActorRefFrom<typeof teamInviteMachine>; level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3'
  const snap = useSelector(actor, (snapshot) => snapshot)
  const { draft, problem, refusal, sentTo } = snap.context
  const sending = snap.hasTag('busy')
  const submit = (e: FormEvent) => {
    e.preventDefault()
    actor.send({ type: 'SUBMIT' })
  }
  return (
    <section className={s.card} aria-labelledby="invite">
      <Heading id="invite" className={s.cardTitle}>
        Invite a colleague
      </Heading>
      <form className={s.form} onSubmit={submit} noValidate aria-label="Invite a colleague">
        <Field label="Work email" error={problem ? INVITE_PROBLEM_MESSAGES[problem] : undefined}>
          {(c) => (
            <input
              {...c}
              type="email"
              name="email"
              autoComplete="off"
              value={draft.email}
              readOnly={sending}
              onChange={(e) => actor.send({ type: 'EMAIL_CHANGED', value: e.currentTarget.value })}
            />
          )}
        </Field>
        <Field label="Role">
          {(c) => (
            <select
              {...c}
              className={s.select}
              name="role"
              value={draft.role}
              disabled={sending}
              onChange={(e) => actor.send({ type: 'ROLE_CHANGED', role: e.currentTarget.value as TeamRole })}
            >
              {TEAM_ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_NAMES[r]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Button type="submit" disabled={!snap.can({ type: 'SUBMIT' })} busy={sending}>
          {sending ? 'Sending...' : 'Send invitation'}
        </Button>
      </form>
      {refusal ? (
        <p role="alert" className={s.error}>
          {refusal.message}
        </p>
      ) : null}
      <p role="status" className={s.status}>
        {sentTo ? TEAM_MESSAGES.invited(sentTo) : ''}
      </p>
    </section>
  )
}
