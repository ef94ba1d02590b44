import { Link, useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { fromPromise } from 'xstate'
import { accountMenuMachine } from '../../../machines/accountMenu.machine'
import { inspect } from '../../devtools/inspector'
import { ACCOUNT_MESSAGES } from '../../domain/account'
import { Presence, preloadPresence } from '../../ui/motion'
import { notify, usePreloadedToaster } from '../../ui/Toaster'
import { requestSignOut, useSession } from '../session/session'
import { AccountPlaceholder } from './AccountPlaceholder'
import * as s from './layout.css'

/**
 * The header's account menu, loaded only once the session says someone is signed in (SiteHeader decides), so
 * signed-out visitors never download this, xstate or supabase-js. Its e-mail is the session's. After this device
 * signs out it shows `signedOut` (the header's Sign in and Start Free); while its own sign-out runs it stays, so
 * it can say how it went and take the person home.
 */
export default function AccountMenu({ signedOut }: { signedOut: ReactNode }) {
  usePreloadedToaster()
  const navigate = useNavigate()
  const session = useSession()
  const [machine] = useState(() =>
    accountMenuMachine.provide({
      actions: {
        notifySignedOut: (_, { offline }) =>
          notify(offline ? { title: ACCOUNT_MESSAGES.signedOut, description: ACCOUNT_MESSAGES.signOutOffline, variant: 'default' } : { title: ACCOUNT_MESSAGES.signedOut, variant: 'success' }),
        goHome: () => void navigate({ to: '/' }),
      },
      actors: { signOut: fromPromise(() => requestSignOut()) },
    }),
  )
  const menu = useActorRef(machine, { inspect })
  const open = useSelector(menu, (snap) => snap.hasTag('open'))
  const signingOut = useSelector(menu, (snap) => snap.matches('signingOut'))
  const finished = useSelector(menu, (snap) => snap.status === 'done')
  const email = session.user?.email ?? ''
  const panelId = useId()
  const ref = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return
      menu.send({ type: 'CLOSE' })
      buttonRef.current?.focus()
    }
    const onPointer = (e: MouseEvent) => ref.current && !ref.current.contains(e.target as Node) && menu.send({ type: 'CLOSE' })
    document.addEventListener('keydown', onKey)
    document.addEventListener('click', onPointer)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('click', onPointer)
    }
  }, [open, menu])

  if (signingOut) return <AccountPlaceholder label="Signing out..." />
  if (finished || session.status === 'signedOutHere') return <>{signedOut}</>
  return (
    <div className={s.accountMenu} ref={ref}>
      <button
        ref={buttonRef}
        type="button"
        className={s.accountButton}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => menu.send({ type: 'TOGGLE' })}
        onPointerEnter={() => preloadPresence()}
        onFocus={() => preloadPresence()}
      >
        <span className={s.accountInitial} aria-hidden="true">
          {email.charAt(0) || '?'}
        </span>
        <span>Account</span>
        <span className="sr-only">menu for {email}</span>
      </button>
      {/* Enter and exit with motion (loaded on first hover, focus or opening; instant under Reduce Motion). */}
      <Presence show={open} variant="drop" id={panelId} className={s.accountPanel}>
        <p className={s.accountEmail}>
          <span className="sr-only">Signed in as </span>
          {email}
        </p>
        <Link to="/app" className={s.accountItem} onClick={() => menu.send({ type: 'CLOSE' })}>
          Your workspace
        </Link>
        <Link to="/account" className={s.accountItem} onClick={() => menu.send({ type: 'CLOSE' })}>
          Your account
        </Link>
        <Link to="/team" className={s.accountItem} onClick={() => menu.send({ type: 'CLOSE' })}>
          Your team
        </Link>
        {/* Everyone in an organisation reads its settings there; only its admins change them. */}
        <Link to="/settings" className={s.accountItem} onClick={() => menu.send({ type: 'CLOSE' })}>
          Organisation settings
        </Link>
        <button type="button" className={s.accountItem} onClick={() => menu.send({ type: 'SIGN_OUT' })}>
          Sign out
        </button>
      </Presence>
    </div>
  )
}
