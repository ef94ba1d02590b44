import { Link, useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { fromPromise } from 'xstate'
import { emailConfirmationMachine } from '../../../machines/emailConfirmation.machine'
import { passwordResetMachine } from '../../../machines/passwordReset.machine'
import { signInMachine } from '../../../machines/signIn.machine'
import { signupMachine } from '../../../machines/signup.machine'
import { ssoSignInMachine } from '../../../machines/ssoSignIn.machine'
import { exchangeCodeActor } from '../../backend/codeExchange'
import { resendConfirmationActor, setSessionActor } from '../../backend/emailLinks'
import { passwordResetActors } from '../../backend/passwordReset'
import { signInActor, startOAuthActor } from '../../backend/signIn'
import { signupActors } from '../../backend/signUp'
import { config } from '../../config'
import { inspect } from '../../devtools/inspector'
import { ssoErrorMessage } from '../../domain/account'
import { type AuthMode, authMode, defined } from '../../domain/routeSearch'
import type { AuthArrival } from '../../domain/signup'
import { stateValueText } from '../../domain/stateValue'
import { notify, usePreloadedToaster } from '../../ui/Toaster'
import { BackButton } from '../layout/BackButton'
import { PageShell } from '../layout/PageShell'
import * as s from './auth.css'
import {
  CheckEmailPanel,
  ConfirmationFailedPanel,
  ConfirmedElsewherePanel,
  ConfirmedPanel,
  ConfirmingPanel,
  LinkInvalidPanel,
} from './ConfirmationPanels'
import { PasswordResetPanel } from './PasswordResetPanel'
import { ResendConfirmation } from './ResendConfirmation'
import { SignInForm } from './SignInForm'
import { SignupForm } from './SignupForm'
import { SsoButtons } from './SsoButtons'
import { settledUser } from '../session/session'

// The app may live on another host (VITE_APP_URL), so leave with a full page load.
const redirectToApp = () => window.location.assign(config.appUrl)
const siteOrigin = () => (typeof window === 'undefined' ? config.siteUrl : window.location.origin)

const copyPassword = fromPromise<void, { text: string }>(async ({ input }) => {
  if (!navigator.clipboard) throw new Error('Clipboard unavailable')
  await navigator.clipboard.writeText(input.text)
})

/** GoTrue's implicit flow puts tokens in the fragment; read them there as well as in the query. */
function fragmentParams(): AuthArrival {
  const hash = new URLSearchParams(window.location.hash.replace(/^#/, ''))
  const pick = (key: string) => hash.get(key) ?? undefined
  return {
    access_token: pick('access_token'),
    refresh_token: pick('refresh_token'),
    error: pick('error'),
    error_code: pick('error_code'),
    error_description: pick('error_description'),
  }
}

const signupLogic = signupMachine.provide({
  actions: { notify: (_, toast) => void notify(toast), redirectToApp },
  actors: { ...signupActors, copyPassword },
})

/**
 * /auth: sign-in (the default), sign-up (`?mode=signup`) and password reset (`?mode=reset`, and the recovery link),
 * the SSO buttons on sign-in and sign-up, and the arrivals from mailed links. Thin over six machines.
 */
export function AuthPage({ search }: { search: AuthArrival }) {
  usePreloadedToaster()
  const navigate = useNavigate()
  const arrivedWith = useRef(search)
  // null until mounted: the first client render must match the prerendered page, which holds every form.
  const [mode, setMode] = useState<AuthMode | null>(null)
  useLayoutEffect(() => {
    const current = authMode({ mode: search.mode, type: search.type })
    document.documentElement.dataset.authMode = current
    setMode(current)
  }, [search.mode, search.type])

  const goToGate = () => void navigate({ to: '/onboarding' })
  const signup = useActorRef(signupLogic, { input: { origin: siteOrigin() }, inspect })
  const [logic] = useState(() => ({
    confirmation: emailConfirmationMachine.provide({
      actions: {
        notify: (_, toast) => void notify(toast),
        redirectToApp,
        // Keep what the page means (mode, type); drop the single-use code, tokens and error.
        clearUrl: () => {
          const { mode, type } = arrivedWith.current
          void navigate({ to: '/auth', search: defined({ mode, type }), replace: true })
        },
      },
      actors: {
        exchangeCode: exchangeCodeActor,
        setSession: setSessionActor,
        getSession: fromPromise(async () => ({ hasSession: (await settledUser()) !== null })),
        resendConfirmation: resendConfirmationActor,
      },
    }),
    signIn: signInMachine.provide({ actions: { goToGate }, actors: { signIn: signInActor } }),
    sso: ssoSignInMachine.provide({
      actions: {
        // The provider's words are shown; they leave the address bar (the mode stays).
        clearUrl: () => void navigate({ to: '/auth', search: defined({ mode: arrivedWith.current.mode }), replace: true }),
      },
      actors: { startOAuth: startOAuthActor },
    }),
    reset: passwordResetMachine.provide({
      actions: {
        clearUrl: () => void navigate({ to: '/auth', search: { mode: 'reset' }, replace: true }),
        notifyPasswordUpdated: () => void notify({ title: 'Password updated', description: 'You are signed in with your new password.', variant: 'success' }),
        goToGate,
      },
      actors: passwordResetActors,
    }),
  }))
  const confirmation = useActorRef(logic.confirmation, { input: { origin: siteOrigin() }, inspect })
  const signIn = useActorRef(logic.signIn, { inspect })
  const reset = useActorRef(logic.reset, { input: { origin: siteOrigin() }, inspect })
  const sso = useActorRef(logic.sso, { input: { origin: siteOrigin() }, inspect })
  // 'Forgot password?' from sign-in is a client-side navigation: the reset form starts then.
  const resetStarted = useRef(false)
  useEffect(() => {
    if (mode === 'reset' && resetStarted.current) reset.send({ type: 'ARRIVED', params: { mode: 'reset' } })
    if (mode !== null) resetStarted.current = true
  }, [mode, reset])

  // The URL is read only after mount (hydration rule), once, as the page was opened (clearing the code from the
  // URL must not start a second arrival). A recovery link belongs to the password reset, not the confirmation.
  useEffect(() => {
    // A macrotask later, so the root's toast region (a later sibling, whose effects run after ours) listens.
    const timer = setTimeout(() => {
      const params = { ...defined(arrivedWith.current), ...defined(fragmentParams()) }
      const recovery = params.type === 'recovery'
      confirmation.send({ type: 'ARRIVED', params: recovery ? {} : params })
      reset.send({ type: 'ARRIVED', params: recovery || params.mode === 'reset' ? params : {} })
      sso.send({ type: 'ARRIVED', error: params.sso_error ?? '', description: params.sso_error_description ?? '' })
    })
    return () => clearTimeout(timer)
  }, [confirmation, reset, sso])

  const form = useSelector(signup, (snap) => ({
    state: (snap.value as { form: string }).form,
    copied: snap.matches({ copy: 'copied' }),
    values: snap.context.values,
    sentTo: snap.context.sentTo,
  }), shallowEqual)
  const arrival = useSelector(confirmation, (snap) => ({ state: snap.value as string, email: snap.context.email }), shallowEqual)
  const signInView = useSelector(signIn, (snap) => ({ state: snap.value as string, context: snap.context }), shallowEqual)
  const resetView = useSelector(reset, (snap) => ({ state: stateValueText(snap.value), context: snap.context }), shallowEqual)
  const ssoView = useSelector(sso, (snap) => ({ state: snap.value as string, context: snap.context }), shallowEqual)
  const ssoBusy = ssoView.state === 'redirecting' || ssoView.state === 'leaving' ? ssoView.context.provider : null
  const ssoNotice =
    ssoView.state === 'providerError' && ssoView.context.error ? (
      <p role="alert" className={s.formError} data-testid="sso-error">
        {ssoErrorMessage(ssoView.context.error.code, ssoView.context.error.description)}
      </p>
    ) : ssoView.state === 'failed' ? (
      <p role="alert" className={s.formError} data-testid="sso-error">
        {ssoView.context.failure === 'network'
          ? "We couldn't reach the server to start single sign-on. Check your connection and try again."
          : 'Single sign-on could not start. Please try again, or sign in with your email and password.'}
      </p>
    ) : null
  const ssoButtons = <SsoButtons busyProvider={ssoBusy} onChoose={(provider) => sso.send({ type: 'PROVIDER_CHOSEN', provider })} />
  const shows = (m: AuthMode) => mode === null || mode === m

  return (
    <PageShell>
      <div className={s.wrap}>
        {shows('signin') ? (
          <div className={s.signinPanel} data-auth-panel="signin">
            <div className={s.header}>
              <BackButton fallback="/" />
              <h1 className={s.title}>Sign in</h1>
              <p className={s.lead}>Welcome back. Sign in with your work email or your organisation's single sign-on.</p>
            </div>
            {ssoNotice}
            {signInView.state === 'unconfirmed' ? (
              <section className={s.panel} aria-labelledby="confirm-first">
                <h2 id="confirm-first" className={s.panelTitle}>
                  Confirm your email first
                </h2>
                <p>
                  Your password is right, but <strong>{signInView.context.values.email.trim()}</strong> is not confirmed yet. Open the link
                  we emailed when you signed up, or get a new one, then sign in again.
                </p>
                <ResendConfirmation email={signInView.context.values.email.trim()} origin={siteOrigin()} justSent={false} label="Resend confirmation e-mail" />
              </section>
            ) : null}
            <div className={s.card}>
              <SignInForm
                values={signInView.context.values}
                problem={signInView.context.problem}
                failure={signInView.context.failure}
                detail={signInView.context.detail}
                submitting={signInView.state === 'signingIn' || signInView.state === 'signedIn'}
                onChange={(field, value) => signIn.send({ type: 'FIELD_CHANGED', field, value })}
                onSubmit={() => signIn.send({ type: 'SUBMIT' })}
              />
              <p className={s.divider}>or</p>
              {ssoButtons}
            </div>
            <p className={s.switchMode}>
              New to {config.brand}?{' '}
              <Link to="/auth" search={{ mode: 'signup' }} className={s.textLink}>
                Create an account
              </Link>
            </p>
          </div>
        ) : null}

        {shows('signup') ? (
          <div className={s.signupPanel} data-auth-panel="signup">
            <div className={s.header}>
              <BackButton fallback="/" />
              <h1 className={s.title}>Create your account</h1>
              <p className={s.lead}>Free for up to 3 staff, forever. Sign up with your work email.</p>
            </div>
            <ArrivalPanel
              state={arrival.state}
              email={arrival.email}
              onResend={(email) => confirmation.send({ type: 'RESEND_REQUESTED', email })}
              onRetry={() => confirmation.send({ type: 'RETRY' })}
            />
            {showsForm(arrival.state) ? (
              <>
                {/* After sign-up the message asks to check the e-mail and the form below is cleared: typing in it starts over. */}
                {form.state === 'awaitingEmail' ? (
                  <CheckEmailPanel sentTo={form.sentTo} onStartOver={() => signup.send({ type: 'START_OVER' })}>
                    <ResendConfirmation email={form.sentTo} origin={siteOrigin()} justSent />
                  </CheckEmailPanel>
                ) : null}
                {ssoNotice}
                <div className={s.card}>
                  <SignupForm
                    values={form.values}
                    submitting={form.state === 'submitting' || form.state === 'completing'}
                    copied={form.copied}
                    onChange={(field, value) => signup.send({ type: 'FIELD_CHANGED', field, value })}
                    onSubmit={() => signup.send({ type: 'SUBMIT' })}
                    onCopyPassword={() => signup.send({ type: 'COPY_PASSWORD' })}
                  />
                  <p className={s.divider}>or</p>
                  {ssoButtons}
                </div>
                <p className={s.switchMode}>
                  Already have an account?{' '}
                  <Link to="/auth" className={s.textLink}>
                    Sign in
                  </Link>
                </p>
              </>
            ) : null}
          </div>
        ) : null}

        {shows('reset') ? (
          <div className={s.resetPanel} data-auth-panel="reset">
            <div className={s.header}>
              <BackButton fallback="/auth" />
              <h1 className={s.title}>Reset your password</h1>
            </div>
            <PasswordResetPanel
              state={resetView.state}
              context={resetView.context}
              onEmailChange={(value) => reset.send({ type: 'EMAIL_CHANGED', value })}
              onPasswordChange={(field, value) => reset.send({ type: 'PASSWORD_CHANGED', field, value })}
              onSubmit={() => reset.send({ type: 'SUBMIT' })}
              onRequestNewLink={() => reset.send({ type: 'REQUEST_NEW_LINK' })}
              onRetry={() => reset.send({ type: 'RETRY' })}
            />
          </div>
        ) : null}
      </div>
    </PageShell>
  )
}

function showsForm(state: string) {
  return state === 'idle' || state === 'none' || state === 'routing' || state === 'checkingSession'
}

function ArrivalPanel(props: { state: string; email: string; onResend: (email: string) => void; onRetry: () => void }) {
  switch (props.state) {
    case 'exchangingCode':
    case 'settingSession':
      return <ConfirmingPanel />
    case 'confirmed':
    case 'redirecting':
      return <ConfirmedPanel title="Email confirmed!" appUrl={config.appUrl} />
    case 'verified':
      return <ConfirmedPanel title="Email verified!" appUrl={config.appUrl} />
    case 'confirmedElsewhere':
      return <ConfirmedElsewherePanel appUrl={config.appUrl} />
    case 'failed':
      return <ConfirmationFailedPanel onRetry={props.onRetry} />
    case 'linkInvalid':
    case 'resending':
    case 'resent':
      return (
        <LinkInvalidPanel
          sending={props.state === 'resending'}
          sentTo={props.state === 'resent' ? props.email : null}
          onResend={props.onResend}
        />
      )
    default:
      return null
  }
}

function shallowEqual<T extends Record<string, unknown>>(a: T, b: T) {
  return Object.keys(a).every((k) => Object.is(a[k], b[k]))
}
