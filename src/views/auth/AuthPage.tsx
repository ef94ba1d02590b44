import { Link, useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { type AnyActorRef, type ActorRefFrom, fromPromise } from 'xstate'
import { authPageMachine } from '../../../machines/authPage.machine'
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
import { EMPTY_SIGN_IN } from '../../domain/account'
import { type AuthMode, authMode, defined } from '../../domain/routeSearch'
import { type AuthArrival, EMPTY_SIGNUP } from '../../domain/signup'
import { notify, usePreloadedToaster } from '../../ui/Toaster'
import { BackButton } from '../layout/BackButton'
import { PageShell } from '../layout/PageShell'
import { settledUser } from '../session/session'
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

/**
 * A child flow of the page while it runs, and its last snapshot after it ends (a confirmation that is redirecting,
 * a reset taking the person on): the page keeps showing what it said until it leaves.
 */
function useChild<T extends AnyActorRef>(page: AnyActorRef, id: string): T | undefined {
  const child = useSelector(page, (snap) => snap.children[id] as T | undefined)
  const [shown, setShown] = useState(child)
  if (child && child !== shown) setShown(child)
  return child ?? shown
}

/**
 * /auth: sign-in (the default), sign-up (`?mode=signup`) and password reset (`?mode=reset`, and the recovery link),
 * the SSO buttons on sign-in and sign-up, and the arrivals from mailed links. Thin over the authPage machine, which
 * reads the URL once and invokes the flows; the view reads them (tags, matches, their context) and sends events.
 */
export function AuthPage({ search }: { search: AuthArrival }) {
  usePreloadedToaster()
  const navigate = useNavigate()
  const arrivedWith = useRef(search)
  const goToGate = () => void navigate({ to: '/onboarding' })
  const [logic] = useState(() =>
    authPageMachine.provide({
      actors: {
        signIn: signInMachine.provide({ actions: { goToGate }, actors: { signIn: signInActor } }),
        signup: signupMachine.provide({
          actions: { notify: (_, toast) => void notify(toast), redirectToApp },
          actors: { ...signupActors, copyPassword },
        }),
        ssoSignIn: ssoSignInMachine.provide({
          actions: {
            // The provider's words are shown; they leave the address bar (the mode stays).
            clearUrl: () => void navigate({ to: '/auth', search: defined({ mode: arrivedWith.current.mode }), replace: true }),
          },
          actors: { startOAuth: startOAuthActor },
        }),
        passwordReset: passwordResetMachine.provide({
          actions: {
            clearUrl: () => void navigate({ to: '/auth', search: { mode: 'reset' }, replace: true }),
            notifyPasswordUpdated: () => void notify({ title: 'Password updated', description: 'You are signed in with your new password.', variant: 'success' }),
            goToGate,
          },
          actors: passwordResetActors,
        }),
        emailConfirmation: emailConfirmationMachine.provide({
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
            // The one session, once it knows (a session stored on this page since is read first).
            getSession: fromPromise(async () => ({ hasSession: (await settledUser()) !== null })),
            resendConfirmation: resendConfirmationActor,
          },
        }),
      },
    }),
  )
  const page = useActorRef(logic, { input: { origin: siteOrigin() }, inspect })

  // The prerendered page cannot know its query, so it carries every form; a head script (public/auth-mode.js, the
  // rule of `authMode`) shows the right one before the body is drawn, and this keeps it in step with the URL.
  useLayoutEffect(() => {
    document.documentElement.dataset.authMode = authMode({ mode: search.mode, type: search.type })
  }, [search.mode, search.type])
  // The URL is read once, after hydration, as the page was opened (query and the implicit flow's fragment).
  useLayoutEffect(() => {
    page.send({ type: 'ARRIVED', arrival: { ...defined(arrivedWith.current), ...defined(fragmentParams()) } })
  }, [page])
  // A client-side navigation between the forms (Create an account, Sign in, Forgot password?, Back).
  const urlMode = authMode({ mode: search.mode, type: search.type })
  useEffect(() => {
    page.send({ type: 'MODE_CHANGED', mode: urlMode })
  }, [page, urlMode])

  // null until the page has arrived: the first render matches the prerendered page, which holds every form.
  const mode = useSelector(page, (snap): AuthMode | null =>
    snap.hasTag('signin') ? 'signin' : snap.hasTag('signup') ? 'signup' : snap.hasTag('reset') ? 'reset' : null,
  )
  const signIn = useChild<ActorRefFrom<typeof signInMachine>>(page, 'signIn')
  const signup = useChild<ActorRefFrom<typeof signupMachine>>(page, 'signup')
  const sso = useChild<ActorRefFrom<typeof ssoSignInMachine>>(page, 'sso')
  const reset = useChild<ActorRefFrom<typeof passwordResetMachine>>(page, 'reset')
  const confirmation = useChild<ActorRefFrom<typeof emailConfirmationMachine>>(page, 'confirmation')

  const form = useSelector(
    signup,
    (snap) => ({
      awaitingEmail: snap?.matches({ form: 'awaitingEmail' }) ?? false,
      submitting: snap ? snap.matches({ form: 'submitting' }) || snap.matches({ form: 'completing' }) : false,
      copied: snap?.matches({ copy: 'copied' }) ?? false,
      values: snap?.context.values ?? EMPTY_SIGNUP,
      sentTo: snap?.context.sentTo ?? '',
    }),
    shallowEqual,
  )
  const signInView = useSelector(
    signIn,
    (snap) => ({
      unconfirmed: snap?.matches('unconfirmed') ?? false,
      submitting: snap ? snap.matches('signingIn') || snap.matches('signedIn') : false,
      values: snap?.context.values ?? EMPTY_SIGN_IN,
      problem: snap?.context.problem ?? null,
      failure: snap?.context.failure ?? null,
      detail: snap?.context.detail ?? '',
    }),
    shallowEqual,
  )
  const ssoView = useSelector(
    sso,
    (snap) => ({
      busy: snap && (snap.matches('redirecting') || snap.matches('leaving')) ? snap.context.provider : null,
      message: snap && (snap.matches('providerError') || snap.matches('failed')) ? snap.context.message : null,
    }),
    shallowEqual,
  )
  const showsForm = useSelector(confirmation, (snap) => !snap || snap.matches('checkingSession') || snap.matches('none'))
  const ssoNotice = ssoView.message ? (
    <p role="alert" className={s.formError} data-testid="sso-error">
      {ssoView.message}
    </p>
  ) : null
  const ssoButtons = <SsoButtons busyProvider={ssoView.busy} onChoose={(provider) => sso?.send({ type: 'PROVIDER_CHOSEN', provider })} />
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
            {signInView.unconfirmed ? (
              <section className={s.panel} aria-labelledby="confirm-first">
                <h2 id="confirm-first" className={s.panelTitle}>
                  Confirm your email first
                </h2>
                <p>
                  Your password is right, but <strong>{signInView.values.email.trim()}</strong> is not confirmed yet. Open the link
                  we emailed when you signed up, or get a new one, then sign in again.
                </p>
                <ResendConfirmation email={signInView.values.email.trim()} origin={siteOrigin()} justSent={false} label="Resend confirmation e-mail" />
              </section>
            ) : null}
            <div className={s.card}>
              <SignInForm
                values={signInView.values}
                problem={signInView.problem}
                failure={signInView.failure}
                detail={signInView.detail}
                submitting={signInView.submitting}
                onChange={(field, value) => signIn?.send({ type: 'FIELD_CHANGED', field, value })}
                onSubmit={() => signIn?.send({ type: 'SUBMIT' })}
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
            {confirmation ? <ArrivalPanel confirmation={confirmation} /> : null}
            {showsForm ? (
              <>
                {/* After sign-up the message asks to check the e-mail and the form below is cleared: typing in it starts over. */}
                {form.awaitingEmail ? (
                  <CheckEmailPanel sentTo={form.sentTo} onStartOver={() => signup?.send({ type: 'START_OVER' })}>
                    <ResendConfirmation email={form.sentTo} origin={siteOrigin()} justSent />
                  </CheckEmailPanel>
                ) : null}
                {ssoNotice}
                <div className={s.card}>
                  <SignupForm
                    values={form.values}
                    submitting={form.submitting}
                    copied={form.copied}
                    onChange={(field, value) => signup?.send({ type: 'FIELD_CHANGED', field, value })}
                    onSubmit={() => signup?.send({ type: 'SUBMIT' })}
                    onCopyPassword={() => signup?.send({ type: 'COPY_PASSWORD' })}
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
            <PasswordResetPanel reset={reset} />
          </div>
        ) : null}
      </div>
    </PageShell>
  )
}

/** What the confirmation flow says about the link the page arrived with (nothing while it checks for a session). */
function ArrivalPanel({ confirmation }: { confirmation: ActorRefFrom<typeof emailConfirmationMachine> }) {
  const view = useSelector(
    confirmation,
    (snap) => ({
      confirming: snap.matches('exchangingCode') || snap.matches('settingSession'),
      confirmed: snap.matches('confirmed') || snap.matches('redirecting'),
      verified: snap.matches('verified'),
      elsewhere: snap.matches('confirmedElsewhere'),
      failed: snap.matches('failed'),
      linkInvalid: snap.matches('linkInvalid') || snap.matches('resending') || snap.matches('resent'),
      sending: snap.matches('resending'),
      sentTo: snap.matches('resent') ? snap.context.email : null,
    }),
    shallowEqual,
  )
  if (view.confirming) return <ConfirmingPanel />
  if (view.confirmed) return <ConfirmedPanel title="Email confirmed!" appUrl={config.appUrl} />
  if (view.verified) return <ConfirmedPanel title="Email verified!" appUrl={config.appUrl} />
  if (view.elsewhere) return <ConfirmedElsewherePanel appUrl={config.appUrl} />
  if (view.failed) return <ConfirmationFailedPanel onRetry={() => confirmation.send({ type: 'RETRY' })} />
  if (view.linkInvalid) {
    return (
      <LinkInvalidPanel
        sending={view.sending}
        sentTo={view.sentTo}
        onResend={(email) => confirmation.send({ type: 'RESEND_REQUESTED', email })}
      />
    )
  }
  return null
}

function shallowEqual<T extends Record<string, unknown>>(a: T, b: T) {
  return Object.keys(a).every((k) => Object.is(a[k], b[k]))
}
