import { useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { type ActorRefFrom, fromCallback, fromPromise } from 'xstate'
import { type GateArrival, onboardingGateMachine } from '../../../machines/onboardingGate.machine'
import { ssoProfileMachine } from '../../../machines/ssoProfile.machine'
import { exchangeCodeActor } from '../../backend/codeExchange'
import { completionStatusActor, saveProfileActor } from '../../backend/profileCompletion'
import { inspect } from '../../devtools/inspector'
import { defined } from '../../domain/routeSearch'
import { preload } from '../../lib/load'
import { pageEntry } from '../../seo/pages'
import { preloadPresence, usePresenceReady } from '../../ui/motion'
import { notify, usePreloadedToaster } from '../../ui/Toaster'
import { PageShell } from '../layout/PageShell'
import { onSessionEnded, requestSignOut, settledUser } from '../session/session'
import { LoadingScreen } from '../../ui/LoadingScreen'
import * as s from './onboarding.css'

// The SSO dialog (with Radix's dialog) is needed only after the session and status checks, and only for SSO
// users with an incomplete profile: it loads in parallel with those checks instead of being first-load JavaScript.
const loadSsoProfileDialog = () => import('./SsoProfileDialog')
const SsoProfileDialog = lazy(() => loadSsoProfileDialog().then((module) => ({ default: module.SsoProfileDialog })))

/** The longest a page change waits for the SSO dialog's exit animation (its transition is 0.22 s). */
const EXIT_WAIT_MS = 600
/** The longest the SSO dialog waits for motion (preloaded since the page opened) so that it enters animated. */
const ENTER_WAIT_MS = 1500

/** /onboarding: the session and profile-completion gate (spec section 2), where SSO providers send people back. */
export function OnboardingGatePage({ search }: { search: GateArrival }) {
  usePreloadedToaster()
  const navigate = useNavigate()
  const arrivedWith = useRef(search)
  // Leaving the page while the SSO dialog is up waits for the dialog's exit animation (a few hundred ms, none
  // with motion reduced), so it is seen to close rather than vanish with the page; at most EXIT_WAIT_MS.
  const dialogUp = useRef(false)
  const afterDialogExit = useRef<(() => void) | null>(null)
  const leave = (go: () => void) => {
    if (!dialogUp.current) return go()
    let done = false
    const once = () => {
      if (done) return
      done = true
      afterDialogExit.current = null
      go()
    }
    afterDialogExit.current = once
    setTimeout(once, EXIT_WAIT_MS)
  }
  // Created once: the actor keeps the implementations it started with.
  const [machine] = useState(() =>
    onboardingGateMachine.provide({
      actions: {
        goHome: () => leave(() => void navigate({ to: '/' })),
        goToSignup: () => void navigate({ to: '/auth', search: { mode: 'signup' } }),
        goToAccount: () => leave(() => void navigate({ to: '/app' })),
        goToSetup: () => leave(() => void navigate({ to: '/onboarding/setup' })),
        returnToSignIn: (_, { error, description }) =>
          void navigate({ to: '/auth', search: defined({ sso_error: error, sso_error_description: description || undefined }) }),
        clearUrl: () => void navigate({ to: '/onboarding', search: {}, replace: true }),
        notifyConsumerEmail: () =>
          notify({ title: 'Please use a company email', description: 'Consumer email addresses are not allowed.', variant: 'destructive' }),
        notifySetupComplete: () => notify({ title: 'Account setup complete!', variant: 'success' }),
      },
      actors: {
        exchangeCode: exchangeCodeActor,
        // The one session, once it knows (after an SSO code exchange it reads the session just stored).
        getSession: fromPromise(() => settledUser()),
        sessionEvents: fromCallback(({ sendBack }) => onSessionEnded(() => sendBack({ type: 'SIGNED_OUT' }))),
        signOut: fromPromise(() => requestSignOut()),
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
  const loading = useSelector(gate, (snap) => snap.hasTag('checking'))
  const dialog = useSelector(gate, (snap) => snap.children.ssoProfile as ActorRefFrom<typeof ssoProfileMachine> | undefined)
  const finished = useSelector(gate, (snap) => snap.status === 'done')
  // The last dialog actor stays rendered after it stops (its dialog then has open=false), so the dialog's exit
  // animation can play instead of the dialog vanishing with the actor.
  const [shownDialog, setShownDialog] = useState(dialog)
  if (dialog && dialog !== shownDialog) setShownDialog(dialog)
  // The dialog enters with its animation: when the checks end before motion has arrived (a slow connection, a busy
  // device), it waits for it, at most ENTER_WAIT_MS, rather than appear plainly.
  const canEnter = usePresenceReady(Boolean(shownDialog), ENTER_WAIT_MS)
  useEffect(() => {
    dialogUp.current = Boolean(dialog)
  }, [dialog])
  // Fetched while the checks run, so the dialog (and its enter animation) is ready when it is wanted.
  useEffect(() => {
    preload(loadSsoProfileDialog)
    preloadPresence()
  }, [])
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
        {shownDialog && canEnter ? (
          <Suspense fallback={null}>
            <SsoProfileDialog actor={shownDialog} onExitComplete={() => afterDialogExit.current?.()} />
          </Suspense>
        ) : null}
      </div>
    </PageShell>
  )
}
