import { useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import type { ActorRefFrom } from 'xstate'
import { onboardingGateMachine } from '../../../machines/onboardingGate.machine'
import { ssoProfileMachine } from '../../../machines/ssoProfile.machine'
import {
  completionStatusActor,
  getSessionActor,
  saveProfileActor,
  signedOutListener,
  signOutActor,
} from '../../backend/onboarding'
import { inspect } from '../../devtools/inspector'
import { pageEntry } from '../../seo/pages'
import { notify } from '../../ui/Toaster'
import { PageShell } from '../layout/PageShell'
import { LoadingScreen } from './LoadingScreen'
import * as s from './onboarding.css'
import { SsoProfileDialog } from './SsoProfileDialog'

/** /onboarding: the session and profile-completion gate (spec section 2). */
export function OnboardingGatePage() {
  const navigate = useNavigate()
  // Created once: the actor keeps the implementations it started with.
  const [machine] = useState(() =>
    onboardingGateMachine.provide({
      actions: {
        goHome: () => void navigate({ to: '/' }),
        goToSignup: () => void navigate({ to: '/auth', search: { mode: 'signup' } }),
        notifyConsumerEmail: () =>
          notify({ title: 'Please use a company email', description: 'Consumer email addresses are not allowed.', variant: 'destructive' }),
        notifySetupComplete: () => notify({ title: 'Account setup complete!', variant: 'success' }),
      },
      actors: {
        getSession: getSessionActor,
        authListener: signedOutListener,
        signOut: signOutActor,
        getCompletionStatus: completionStatusActor,
        ssoProfile: ssoProfileMachine.provide({
          actions: {
            notifyDetailsSaved: () => notify({ title: 'Details saved', variant: 'success' }),
            notifySaveFailed: () =>
              notify({ title: 'Something went wrong', description: 'Please try again in a moment.', variant: 'destructive' }),
          },
          actors: { saveProfile: saveProfileActor },
        }),
      },
    }),
  )
  const gate = useActorRef(machine, { inspect })
  const loading = useSelector(gate, (snap) => snap.matches('checkingSession') || snap.matches('checkingStatus'))
  const dialog = useSelector(gate, (snap) => snap.children.ssoProfile as ActorRefFrom<typeof ssoProfileMachine> | undefined)
  const finished = useSelector(gate, (snap) => snap.status === 'done')
  return (
    <PageShell>
      <div className={s.wrap}>
        <h1 className={s.heading}>{pageEntry('/onboarding').heading}</h1>
        {loading ? <LoadingScreen label="Checking your account" /> : null}
        {dialog ? <p className={s.muted}>A few details about your organisation and your workspace is ready.</p> : null}
        {finished ? (
          <p className={s.muted} role="status">
            Redirecting...
          </p>
        ) : null}
        {dialog ? <SsoProfileDialog actor={dialog} /> : null}
      </div>
    </PageShell>
  )
}
