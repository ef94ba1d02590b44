import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { pendingInvitationsMachine } from '../../../machines/pendingInvitations.machine'
import { pendingInvitationActors } from '../../backend/team'
import { inspect } from '../../devtools/inspector'
import { longDate } from '../../domain/assessments'
import { PENDING_INVITATION_MESSAGES as M } from '../../domain/pendingInvitations'
import { AnchorButton, Button } from '../../ui/Button'
import * as s from './home.css'
import { RetryAlert } from './RetryAlert'

/**
 * Invitations waiting for the signed-in person (machines/pendingInvitations.machine.ts), at the top of /app: each
 * with who invited them, the role and until when, Accept and Decline. Nothing at all while they load and when
 * there are none.
 * Joining opens the new organisation's workspace by loading /app again.
 */
export function PendingInvitations() {
  const [machine] = useState(() => pendingInvitationsMachine.provide({ actors: pendingInvitationActors }))
  const actor = useActorRef(machine, { inspect })
  const snap = useSelector(actor, (snapshot) => snapshot)
  const c = snap.context
  if (snap.matches('none') && !c.declined) return null
  // Nothing to see until there is something: an empty, busy placeholder (no card, no flash on every visit).
  if (snap.matches('loading')) return <div aria-busy="true" data-testid="pending-invitations" />
  const busy = snap.hasTag('busy')
  const org = c.chosen?.organisationName ?? ''
  return (
    <section className={s.next} aria-labelledby="invitations" aria-busy={busy || undefined} data-testid="pending-invitations">
      <h2 id="invitations" className={s.cardTitle}>
        {M.heading}
      </h2>
      <p role="status" className={s.status}>
        {c.declined ? M.declined(c.declined) : ''}
      </p>
      {snap.matches('failed') ? <RetryAlert message={M.loadFailed} onRetry={() => actor.send({ type: 'RETRY' })} /> : null}
      {snap.matches('joined') ? (
        <>
          <p className={s.text}>{M.joined(c.joined ?? org)}</p>
          <div className={s.actions}>
            <AnchorButton href="/app">{M.open(c.joined ?? org)}</AnchorButton>
          </div>
        </>
      ) : null}
      {snap.matches('confirmingMove') ? (
        <>
          <p role="alert" className={s.error}>
            {c.refusal?.message}
          </p>
          <div className={s.actions}>
            <Button variant="destructive" onClick={() => actor.send({ type: 'MOVE' })}>
              {M.move(org)}
            </Button>
            <Button variant="outline" onClick={() => actor.send({ type: 'STAY' })}>
              {M.stay}
            </Button>
          </div>
        </>
      ) : null}
      {snap.matches('shown') || busy ? (
        <>
          {c.refusal ? (
            <p role="alert" className={s.error}>
              {c.refusal.message}
            </p>
          ) : null}
          <ul className={s.list} aria-label={M.heading}>
            {c.invitations.map((i) => (
              <li key={i.id} className={s.header}>
                <p className={s.text}>{M.line(i)}</p>
                <p className={s.meta}>Until {longDate(i.expiresAt.slice(0, 10))}</p>
                <div className={s.actions}>
                  <Button disabled={!snap.can({ type: 'ACCEPT', invitationId: i.id })} onClick={() => actor.send({ type: 'ACCEPT', invitationId: i.id })}>
                    Accept
                  </Button>
                  <Button variant="outline" disabled={!snap.can({ type: 'DECLINE', invitationId: i.id })} onClick={() => actor.send({ type: 'DECLINE', invitationId: i.id })}>
                    Decline
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  )
}
