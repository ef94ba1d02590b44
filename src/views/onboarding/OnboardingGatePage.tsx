import { useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef, useState } from 'react'
import { type ActorRefFrom, fromPromise } from 'xstate'
import { type GateArrival, onboardingGateMachine } from '../../../machines/onboardingGate.machine'
import { exchangeCode } from '../../backend/auth'
import { defined } from '../../domain/routeSearch'
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

/** /onboarding: the session and profile-completion gate (spec section 2), where SSO providers send people back. */
export function OnboardingGatePage({ search }: { search: GateArrival }) {
  const navigate = useNavigate()
  const arrivedWith = useRef(search)
  // Created once: the actor keeps the implementations it started with.
  const [machine] = useState(() =>
    onboardingGateMachine.provide({
      actions: {
        goHome: () => void navigate({ to: '/' }),
        goToSignup: () => void navigate({ to: '/auth', search: { mode: 'signup' } }),
        goToAccount: () => void navigate({ to: '/account' }),
        goToSetup: () => void navigate({ to: '/onboarding/setup' }),
        returnToSignIn: (_, { error, description }) =>
          void navigate({ to: '/auth', search: defined({ sso_error: error, sso_error_description: description || undefined }) }),
        clearUrl: () => void navigate({ to: '/onboarding', search: {}, replace: true }),
        notifyConsumerEmail: () =>
          notify({ title: 'Please use a company email', description: 'Consumer email addresses are not allowed.', variant: 'destructive' }),
        notifySetupComplete: () => notify({ title: 'Account setup complete!', variant: 'success' }),
      },
      actors: {
        exchangeCode: fromPromise(({ input }: { input: { code: string } }) => exchangeCode(input.code)),
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
  // The prerendered page has no query string: the URL is read after mount, once.
  useEffect(() => {
    gate.send({ type: 'ARRIVED', params: arrivedWith.current })
  }, [gate])
  const loading = useSelector(gate, (snap) =>
    (['arriving', 'routing', 'exchangingCode', 'checkingSession', 'checkingStatus'] as const).some((state) => snap.matches(state)),
  )
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
