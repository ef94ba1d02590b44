import { Link, useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { type FormEvent, useEffect, useState } from 'react'
import { fromPromise } from 'xstate'
import { invitationMachine } from '../../../machines/invitation.machine'
import { signInActor } from '../../backend/signIn'
import { invitationActors } from '../../backend/team'
import { inspect } from '../../devtools/inspector'
import { INVITATION_MESSAGES, ROLE_NAMES } from '../../domain/team'
import { pageEntry } from '../../seo/pages'
import { Button, LinkButton } from '../../ui/Button'
import { Field } from '../../ui/Field'
import { LoadingScreen } from '../../ui/LoadingScreen'
import { notify, usePreloadedToaster } from '../../ui/Toaster'
import { PageShell } from '../layout/PageShell'
import { requestSignOut, settledUser } from '../session/session'
import * as s from '../team/team.css'

const LOADING_LABEL = 'Checking your invitation'

/**
 * /invite?token=…: accepting an invitation. The prerendered page cannot know its link, so it shows its loading state
 * until the page has read the token from its address.
 */
export function InvitePage() {
  usePreloadedToaster()
  const [token, setToken] = useState<string | null | undefined>(undefined)
  useEffect(() => setToken(new URLSearchParams(window.location.search).get('token')?.trim() || null), [])
  return token === undefined ? (
    <InviteShell>
      <LoadingScreen label={LOADING_LABEL} />
    </InviteShell>
  ) : (
    <Invitation token={token} />
  )
}

function InviteShell({ children }: { children: React.ReactNode }) {
  return (
    <PageShell>
      <div className={s.wrap}>
        <div className={s.header}>
          <h1 className={s.title}>{pageEntry('/invite').heading}</h1>
        </div>
        {children}
      </div>
    </PageShell>
  )
}

function Home() {
  return (
    <p className={s.meta}>
      <Link to="/">Go to the home page</Link>
    </p>
  )
}

function Invitation({ token }: { token: string | null }) {
  const navigate = useNavigate()
  const [machine] = useState(() =>
    invitationMachine.provide({
      actions: {
        goToTeam: (_, { organisation }) => {
          notify({ title: INVITATION_MESSAGES.joined(organisation), variant: 'success' })
          // Replace: the address with the single-use token does not stay in the history.
          void navigate({ to: '/team', replace: true })
        },
      },
      actors: {
        ...invitationActors,
        currentUser: fromPromise(() => settledUser()),
        signIn: signInActor,
        signOut: fromPromise(() => requestSignOut()),
      },
    }),
  )
  const actor = useActorRef(machine, { input: { token }, inspect })
  const snap = useSelector(actor, (snapshot) => snapshot)
  const { invitation, failure, user, password } = snap.context

  if (snap.hasTag('loading')) {
    return (
      <InviteShell>
        <LoadingScreen label={LOADING_LABEL} />
      </InviteShell>
    )
  }
  if (snap.matches('missingToken') || snap.matches('notFound')) {
    return (
      <InviteShell>
        <section className={s.card}>
          <p role="alert" className={s.error}>
            {snap.matches('missingToken') ? INVITATION_MESSAGES.missingToken : failure?.message || INVITATION_MESSAGES.notFound}
          </p>
          <Home />
        </section>
      </InviteShell>
    )
  }
  if (snap.matches('readFailed')) {
    return (
      <InviteShell>
        <section className={s.card}>
          <p role="alert" className={s.error}>
            {INVITATION_MESSAGES.readFailed}
          </p>
          <div className={s.actions}>
            <Button onClick={() => actor.send({ type: 'RETRY' })}>Try again</Button>
          </div>
        </section>
      </InviteShell>
    )
  }
  if (!invitation) return null
  const org = invitation.organisationName

  if (snap.matches('unusable')) {
    const message =
      invitation.status === 'expired'
        ? INVITATION_MESSAGES.expired(org)
        : invitation.status === 'revoked'
          ? INVITATION_MESSAGES.revoked(org)
          : INVITATION_MESSAGES.accepted(org)
    const heading = invitation.status === 'expired' ? 'This invitation has expired' : invitation.status === 'revoked' ? 'This invitation was withdrawn' : 'This invitation has been used'
    return (
      <InviteShell>
        <section className={s.card} aria-labelledby="unusable">
          <h2 id="unusable" className={s.cardTitle}>
            {heading}
          </h2>
          <p role="alert" className={s.error}>
            {message}
          </p>
          <Home />
        </section>
      </InviteShell>
    )
  }

  const summary = (
    <p className={s.lead}>
      {invitation.invitedByName ? `${invitation.invitedByName} invited ` : 'You are invited, as '}
      <strong>{invitation.email}</strong>
      {` to join ${org} on InspectReady as ${invitation.role === 'admin' ? 'an admin' : 'a member'} (${ROLE_NAMES[invitation.role]}).`}
    </p>
  )

  if (snap.matches('wrongAccount') || snap.matches('signingOut')) {
    return (
      <InviteShell>
        {summary}
        <section className={s.card} aria-labelledby="wrong-account">
          <h2 id="wrong-account" className={s.cardTitle}>
            You are signed in as someone else
          </h2>
          <p role="alert" className={s.error}>
            {INVITATION_MESSAGES.wrongAccount(invitation.email, user?.email ?? '')}
          </p>
          <div className={s.actions}>
            <Button onClick={() => actor.send({ type: 'SIGN_OUT' })} disabled={!snap.can({ type: 'SIGN_OUT' })} busy={snap.matches('signingOut')}>
              {snap.matches('signingOut') ? 'Signing out...' : 'Sign out'}
            </Button>
          </div>
        </section>
      </InviteShell>
    )
  }

  if (snap.matches('signedOut') || snap.matches('signingIn')) {
    const signingIn = snap.matches('signingIn')
    const submit = (e: FormEvent) => {
      e.preventDefault()
      actor.send({ type: 'SIGN_IN' })
    }
    return (
      <InviteShell>
        {summary}
        <section className={s.card} aria-labelledby="sign-in">
          <h2 id="sign-in" className={s.cardTitle}>
            Sign in to join
          </h2>
          <form className={s.header} onSubmit={submit} noValidate aria-label="Sign in to join">
            <Field label="Work email">{(c) => <input {...c} type="email" name="email" value={invitation.email} readOnly autoComplete="username" />}</Field>
            <Field label="Password">
              {(c) => (
                <input
                  {...c}
                  type="password"
                  name="password"
                  autoComplete="current-password"
                  value={password}
                  readOnly={signingIn}
                  onChange={(e) => actor.send({ type: 'PASSWORD_CHANGED', value: e.currentTarget.value })}
                />
              )}
            </Field>
            {failure ? (
              <p role="alert" className={s.error}>
                {failure.message}
              </p>
            ) : null}
            <div className={s.actions}>
              <Button type="submit" disabled={!snap.can({ type: 'SIGN_IN' })} busy={signingIn}>
                {signingIn ? 'Signing in...' : 'Sign in and join'}
              </Button>
            </div>
          </form>
        </section>
        <section className={s.card} aria-labelledby="new-here">
          <h2 id="new-here" className={s.cardTitle}>
            New to InspectReady?
          </h2>
          <p className={s.meta}>
            Create your account with {invitation.email} (a work e-mail address), confirm it from the e-mail we send, then open this invitation
            link again to join {org}.
          </p>
          <div className={s.actions}>
            <LinkButton to="/auth" search={{ mode: 'signup' }} variant="outline">
              Create your account
            </LinkButton>
          </div>
        </section>
      </InviteShell>
    )
  }

  if (snap.matches('alreadyInOrganisation')) {
    return (
      <InviteShell>
        {summary}
        <section className={s.card} aria-labelledby="move">
          <h2 id="move" className={s.cardTitle}>
            You already belong to an organisation
          </h2>
          <p role="alert" className={s.error}>
            {failure?.message}
          </p>
          <div className={s.actions}>
            <Button variant="destructive" onClick={() => actor.send({ type: 'MOVE' })}>
              Leave it and join {org}
            </Button>
            <LinkButton to="/account" variant="outline">
              Keep my organisation
            </LinkButton>
          </div>
        </section>
      </InviteShell>
    )
  }

  if (snap.matches('acceptFailed')) {
    return (
      <InviteShell>
        {summary}
        <section className={s.card}>
          <p role="alert" className={s.error}>
            {failure?.message}
          </p>
          <div className={s.actions}>
            <Button onClick={() => actor.send({ type: 'RETRY' })}>Try again</Button>
            <LinkButton to="/account" variant="outline">
              Go to your account
            </LinkButton>
          </div>
        </section>
      </InviteShell>
    )
  }

  // accepting, moving, joined (on its way to /team)
  return (
    <InviteShell>
      {summary}
      <p role="status" className={s.status}>
        Joining {org}...
      </p>
    </InviteShell>
  )
}
