import { useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef, useState } from 'react'
import { fromPromise } from 'xstate'
import { emailConfirmationMachine } from '../../../machines/emailConfirmation.machine'
import { signupMachine } from '../../../machines/signup.machine'
import { emailConfirmationActors, signupActors } from '../../backend/auth'
import { config } from '../../config'
import { inspect } from '../../devtools/inspector'
import { defined } from '../../domain/routeSearch'
import type { AuthArrival } from '../../domain/signup'
import { pageEntry } from '../../seo/pages'
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
import { SignupForm } from './SignupForm'

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

/** /auth: sign-up, and arrival after the confirmation e-mail. Thin over the two machines. */
export function AuthPage({ search }: { search: AuthArrival }) {
  usePreloadedToaster()
  const navigate = useNavigate()
  const arrivedWith = useRef(search)
  const signup = useActorRef(signupLogic, { input: { origin: siteOrigin() }, inspect })
  const [confirmationLogic] = useState(() =>
    emailConfirmationMachine.provide({
      actions: {
        notify: (_, toast) => void notify(toast),
        redirectToApp,
        // Keep what the page means (mode, type); drop the single-use code, tokens and error.
        clearUrl: () => {
          const { mode, type } = arrivedWith.current
          void navigate({ to: '/auth', search: defined({ mode, type }), replace: true })
        },
      },
      actors: emailConfirmationActors,
    }),
  )
  const confirmation = useActorRef(confirmationLogic, { input: { origin: siteOrigin() }, inspect })

  // The prerendered page has no query string: the URL is read only after mount (hydration rule), once,
  // as the page was opened (clearing the code from the URL must not start a second arrival).
  useEffect(() => {
    // A macrotask later, so the root's toast region (a later sibling, whose effects run after ours) listens.
    const timer = setTimeout(() =>
      confirmation.send({ type: 'ARRIVED', params: { ...defined(arrivedWith.current), ...defined(fragmentParams()) } }),
    )
    return () => clearTimeout(timer)
  }, [confirmation])

  const form = useSelector(signup, (snap) => ({
    state: (snap.value as { form: string }).form,
    copied: snap.matches({ copy: 'copied' }),
    values: snap.context.values,
    sentTo: snap.context.sentTo,
  }), shallowEqual)
  const arrival = useSelector(confirmation, (snap) => ({
    state: snap.value as string,
    email: snap.context.email,
  }), shallowEqual)

  const heading = pageEntry('/auth').heading
  return (
    <PageShell>
      <div className={s.wrap}>
        <div className={s.header}>
          <BackButton fallback="/" />
          <h1 className={s.title}>{heading}</h1>
          <p className={s.lead}>Free for up to 3 staff, forever. Sign up with your work email.</p>
        </div>
        <ArrivalPanel
          state={arrival.state}
          email={arrival.email}
          onResend={(email) => confirmation.send({ type: 'RESEND_REQUESTED', email })}
          onRetry={() => confirmation.send({ type: 'RETRY' })}
        />
        {showsForm(arrival.state) ? (
          form.state === 'awaitingEmail' ? (
            <CheckEmailPanel sentTo={form.sentTo} onStartOver={() => signup.send({ type: 'START_OVER' })} />
          ) : (
            <div className={s.card}>
              <SignupForm
                values={form.values}
                submitting={form.state === 'submitting' || form.state === 'completing'}
                copied={form.copied}
                onChange={(field, value) => signup.send({ type: 'FIELD_CHANGED', field, value })}
                onSubmit={() => signup.send({ type: 'SUBMIT' })}
                onCopyPassword={() => signup.send({ type: 'COPY_PASSWORD' })}
              />
            </div>
          )
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
