import { Link, useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef, useState } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { SessionUser } from '../../../machines/session.machine'
import { teamMachine } from '../../../machines/team.machine'
import { teamInviteForm, type teamInviteMachine } from '../../../machines/teamInvite.machine'
import { InviteForm } from './InviteForm'
import { teamActors } from '../../backend/team'
import { inspect } from '../../devtools/inspector'
import { PAID_PLAN_MESSAGE, ROLE_NAMES, TEAM_MESSAGES, type TeamRole, seatsSentence } from '../../domain/team'
import { pageEntry } from '../../seo/pages'
import { Button } from '../../ui/Button'
import { LoadingScreen } from '../../ui/LoadingScreen'
import { notify, usePreloadedToaster } from '../../ui/Toaster'
import { PageShell } from '../layout/PageShell'
import { useSignedInUser } from '../session/SignedInLayout'
import * as s from './team.css'

const LOADING_LABEL = 'Loading your team'
/** What an admin can do with a pending invitation: the event, the pending change it starts, the button's word. */
const INVITATION_ACTIONS = [
  { type: 'RESEND', kind: 'resend', label: 'Resend' },
  { type: 'REVOKE', kind: 'revoke', label: 'Revoke' },
] as const

/** /team: the organisation's members and pending invitations; admins invite and manage, anyone can leave. */
export function TeamPage() {
  usePreloadedToaster()
  const user = useSignedInUser()
  return user ? <Team key={user.userId} user={user} /> : <TeamShell />
}

function TeamShell({ children }: { children?: React.ReactNode }) {
  return (
    <PageShell>
      <div className={s.wrap}>
        <div className={s.header}>
          <h1 className={s.title}>{pageEntry('/team').heading}</h1>
        </div>
        {children ?? <LoadingScreen label={LOADING_LABEL} />}
      </div>
    </PageShell>
  )
}

function Team({ user }: { user: SessionUser }) {
  const navigate = useNavigate()
  const [machine] = useState(() =>
    teamMachine.provide({
      actions: {
        goToAccount: () => void navigate({ to: '/account' }),
        notifyLeft: (_, { organisation }) => notify({ title: TEAM_MESSAGES.left(organisation), variant: 'success' }),
      },
      actors: {
        ...teamActors,
        teamInvite: teamInviteForm.provide({ actors: { inviteMember: teamActors.inviteMember } }),
      },
    }),
  )
  const actor = useActorRef(machine, { input: { user }, inspect })
  const snap = useSelector(actor, (snapshot) => snapshot)
  const { team, pending, refusal, notice } = snap.context
  const inviteActor = snap.children.invite as ActorRefFrom<typeof teamInviteMachine> | undefined
  const busy = snap.hasTag('busy')
  const confirmRef = useRef<HTMLButtonElement>(null)
  const confirming = snap.hasTag('confirming')
  // The confirmation takes focus. When it closes and the page is no longer busy, focus goes back to the button that
  // opened it; if that button is gone (the member was removed) or disabled, to the members' heading, so focus is
  // never left on the page's body.
  const opener = useRef<string | null>(null)
  useEffect(() => {
    if (confirming) {
      confirmRef.current?.focus()
      return
    }
    if (!opener.current || busy) return
    const button = document.getElementById(opener.current) as HTMLButtonElement | null
    opener.current = null
    if (button && !button.disabled) button.focus()
    else document.getElementById('members')?.focus()
  }, [confirming, busy])

  if (snap.matches('notMember')) {
    return (
      <TeamShell>
        <section className={s.card} aria-labelledby="no-team">
          <h2 id="no-team" className={s.cardTitle}>
            No organisation
          </h2>
          <p role="alert" className={s.error}>
            {TEAM_MESSAGES.notMember}
          </p>
          <p className={s.meta}>
            <Link to="/account">Go to your account</Link>
          </p>
        </section>
      </TeamShell>
    )
  }
  if (snap.matches('loadFailed')) {
    return (
      <TeamShell>
        <section className={s.card}>
          <p role="alert" className={s.error}>
            {TEAM_MESSAGES.loadFailed}
          </p>
          <div className={s.actions}>
            <Button onClick={() => actor.send({ type: 'RETRY' })}>Try again</Button>
          </div>
        </section>
      </TeamShell>
    )
  }
  if (!team || snap.hasTag('loading')) return <TeamShell />

  const isAdmin = team.me.role === 'admin'
  const confirmPanel = (text: string, confirmLabel: string) => (
    <fieldset className={s.confirm}>
      <legend className={s.confirmText}>{text}</legend>
      <div className={s.actions}>
        <Button ref={confirmRef} variant="destructive" size="sm" onClick={() => actor.send({ type: 'CONFIRM' })}>
          {confirmLabel}
        </Button>
        <Button variant="outline" size="sm" onClick={() => actor.send({ type: 'CANCEL' })}>
          Cancel
        </Button>
      </div>
    </fieldset>
  )
  const running = (kind: string, id?: string) => busy && pending?.kind === kind && (id === undefined || ('id' in pending && pending.id === id))

  return (
    <TeamShell>
      <p className={s.lead}>
        {team.organisationName} · you are {team.me.role === 'admin' ? 'an admin' : 'a member'}
      </p>

      <p role="status" className={s.status}>
        {notice ?? ''}
      </p>
      {refusal ? (
        <p role="alert" className={s.error}>
          {refusal.message}
        </p>
      ) : null}

      <section className={s.seats} aria-labelledby="seats">
        <h2 id="seats" className={s.cardTitle}>
          Seats
        </h2>
        <p className={s.meta}>{seatsSentence(team)}</p>
        {team.seats.limit !== null ? <p className={s.meta}>{PAID_PLAN_MESSAGE}</p> : null}
      </section>

      <section className={s.card} aria-labelledby="members">
        <h2 id="members" className={s.cardTitle} tabIndex={-1}>
          Members ({team.members.length})
        </h2>
        <ul className={s.list}>
          {team.members.map((m) => {
            const you = m.userId === user.userId
            const other: TeamRole = m.role === 'admin' ? 'member' : 'admin'
            return (
              <li key={m.userId} className={s.row} aria-label={m.name}>
                <div className={s.who}>
                  <p className={s.name}>
                    {m.name}
                    {you ? ' (you)' : ''}
                  </p>
                  <p className={s.meta}>
                    {m.email} · {ROLE_NAMES[m.role]}
                  </p>
                </div>
                {isAdmin ? (
                  <div className={s.actions}>
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={!snap.can({ type: 'CHANGE_ROLE', userId: m.userId, role: other })}
                      busy={running('role', m.userId)}
                      onClick={() => actor.send({ type: 'CHANGE_ROLE', userId: m.userId, role: other })}
                    >
                      {other === 'admin' ? 'Make admin' : 'Make member'}
                      <span className="sr-only"> for {m.name}</span>
                    </Button>
                    {you ? null : (
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={!snap.can({ type: 'REMOVE', userId: m.userId })}
                        busy={running('remove', m.userId)}
                        id={`remove-${m.userId}`}
                        onClick={() => {
                          opener.current = `remove-${m.userId}`
                          actor.send({ type: 'REMOVE', userId: m.userId })
                        }}
                        aria-label={`Remove ${m.name}`}
                      >
                        Remove
                      </Button>
                    )}
                  </div>
                ) : null}
                {confirming && pending?.kind === 'remove' && pending.id === m.userId
                  ? confirmPanel(`Remove ${m.name} from ${team.organisationName}? They lose access at once.`, 'Remove member')
                  : null}
              </li>
            )
          })}
        </ul>
      </section>

      <section className={s.card} aria-labelledby="invitations">
        <h2 id="invitations" className={s.cardTitle}>
          Pending invitations ({team.invitations.length})
        </h2>
        {team.invitations.length === 0 ? <p className={s.meta}>No pending invitations.</p> : null}
        <ul className={s.list}>
          {team.invitations.map((i) => (
            <li key={i.id} className={s.row} aria-label={i.email}>
              <div className={s.who}>
                <p className={s.name}>{i.email}</p>
                <p className={s.meta}>
                  {ROLE_NAMES[i.role]} · {i.status === 'expired' ? 'expired' : `expires ${formatDate(i.expiresAt)}`}
                </p>
              </div>
              {isAdmin ? (
                <div className={s.actions}>
                  {INVITATION_ACTIONS.map(({ type, kind, label }) => {
                    const event = { type, invitationId: i.id }
                    return (
                      <Button
                        key={type}
                        variant="outline"
                        size="sm"
                        disabled={!snap.can(event)}
                        busy={running(kind, i.id)}
                        onClick={() => actor.send(event)}
                        aria-label={`${label} the invitation to ${i.email}`}
                      >
                        {label}
                      </Button>
                    )
                  })}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      </section>

      {isAdmin && inviteActor ? <InviteForm actor={inviteActor} /> : null}

      <section className={s.card} aria-labelledby="leave">
        <h2 id="leave" className={s.cardTitle}>
          Leave {team.organisationName}
        </h2>
        <p className={s.meta}>You lose access to the organisation's workspace. An admin can invite you again.</p>
        {confirming && pending?.kind === 'leave' ? (
          confirmPanel(`Leave ${team.organisationName}? You lose access at once.`, 'Leave organisation')
        ) : (
          <div className={s.actions}>
            <Button
              id="leave-organisation"
              variant="outline"
              disabled={!snap.can({ type: 'LEAVE' })}
              busy={running('leave')}
              onClick={() => {
                opener.current = 'leave-organisation'
                actor.send({ type: 'LEAVE' })
              }}
            >
              {running('leave') ? 'Leaving...' : 'Leave organisation'}
            </Button>
          </div>
        )}
      </section>
    </TeamShell>
  )
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
function formatDate(iso: string): string {
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? iso : dateFormat.format(d)
}
