import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { setupWizardMachine } from '../../../machines/setupWizard.machine'
import type { teamInviteMachine } from '../../../machines/teamInvite.machine'
import type { Role } from '../../domain/onboarding'
import { PAID_PLAN_MESSAGE, ROLE_NAMES, seatsSentence, WIZARD_TEAM_MESSAGES } from '../../domain/team'
import { Button } from '../../ui/Button'
import { InviteForm } from '../team/InviteForm'
import * as s from './onboarding.css'
import { TeamPreview } from './WizardSteps'

/**
 * Step 10, team members (issue 28): the roles' team-structure preview, then, when asked, the team with its seats and
 * the team page's invite form while a seat is free. Continue (the card's) skips at any point.
 */
export function TeamStep({ wizard, roles }: { wizard: ActorRefFrom<typeof setupWizardMachine>; roles: Role[] }) {
  const snap = useSelector(wizard, (snapshot) => snapshot)
  const { team, teamFailure } = snap.context
  const invite = snap.children.invite as ActorRefFrom<typeof teamInviteMachine> | undefined
  return (
    <>
      <p className={s.muted}>Configure user roles and permissions</p>
      <TeamPreview roles={roles} />
      {snap.matches({ editing: { team: 'overview' } }) ? (
        <>
          <p className={s.note}>{WIZARD_TEAM_MESSAGES.intro}</p>
          <div>
            <Button variant="outline" disabled={!snap.can({ type: 'INVITE_COLLEAGUES' })} onClick={() => wizard.send({ type: 'INVITE_COLLEAGUES' })}>
              Invite colleagues
            </Button>
          </div>
        </>
      ) : snap.hasTag('teamLoading') ? (
        <p role="status" className={s.muted}>
          Loading your team...
        </p>
      ) : snap.matches({ editing: { team: 'teamUnavailable' } }) ? (
        <>
          <p role="alert" className={s.note}>
            {teamFailure?.message}
          </p>
          <div>
            <Button variant="outline" disabled={!snap.can({ type: 'RETRY' })} onClick={() => wizard.send({ type: 'RETRY' })}>
              Try again
            </Button>
          </div>
        </>
      ) : team ? (
        <>
          <section aria-labelledby="wizard-seats">
            <h3 id="wizard-seats" className={s.optionName}>
              Seats
            </h3>
            <p className={s.muted}>{seatsSentence(team)}</p>
            {team.seats.limit !== null ? <p className={s.muted}>{PAID_PLAN_MESSAGE}</p> : null}
          </section>
          {team.invitations.length ? (
            <ul className={s.invited} aria-label="Invited">
              {team.invitations.map((i) => (
                <li key={i.id}>
                  {i.email} <span className={s.optionMeta}>({ROLE_NAMES[i.role]})</span>
                </li>
              ))}
            </ul>
          ) : null}
          {invite ? (
            <InviteForm actor={invite} level={3} />
          ) : (
            <p className={s.note}>{team.me.role === 'admin' ? WIZARD_TEAM_MESSAGES.seatsTaken : WIZARD_TEAM_MESSAGES.notAdmin}</p>
          )}
        </>
      ) : null}
    </>
  )
}
