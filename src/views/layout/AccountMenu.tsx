import { Link, useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { accountMenuMachine } from '../../../machines/accountMenu.machine'
import { authChangeListener, sessionEmailActor, signOutHereActor } from '../../backend/account'
import { inspect } from '../../devtools/inspector'
import { ACCOUNT_MESSAGES } from '../../domain/account'
import { stateValueText } from '../../domain/stateValue'
import { Presence, preloadPresence } from '../../ui/motion'
import { notify, usePreloadedToaster } from '../../ui/Toaster'
import { AccountPlaceholder } from './AccountPlaceholder'
import * as s from './layout.css'

/**
 * The header's account area, loaded only when the browser holds a stored session (SiteHeader decides), so
 * signed-out visitors never download this, xstate or supabase-js. Shows `signedOut` (the header's Sign in and
 * Start Free) when the stored session turns out to be dead, and after signing out.
 */
export default function AccountMenu({ signedOut }: { signedOut: ReactNode }) {
  usePreloadedToaster()
  const navigate = useNavigate()
  const [machine] = useState(() =>
    accountMenuMachine.provide({
      actions: {
        notifySignedOut: (_, { offline }) =>
          notify(offline ? { title: ACCOUNT_MESSAGES.signedOut, description: ACCOUNT_MESSAGES.signOutOffline, variant: 'default' } : { title: ACCOUNT_MESSAGES.signedOut, variant: 'success' }),
        goHome: () => void navigate({ to: '/' }),
      },
      actors: { getSessionUser: sessionEmailActor, authListener: authChangeListener, signOut: signOutHereActor },
    }),
  )
  const menu = useActorRef(machine, { inspect })
  const state = useSelector(menu, (snap) => stateValueText(snap.value))
  const email = useSelector(menu, (snap) => snap.context.email)
  const open = state === 'signedIn.open'
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

  if (state === 'signedOut') return <>{signedOut}</>
  if (state === 'checking' || state === 'signingOut') return <AccountPlaceholder label={state === 'signingOut' ? 'Signing out...' : 'Account'} />
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
        <Link to="/account" className={s.accountItem} onClick={() => menu.send({ type: 'CLOSE' })}>
          Your workspace
        </Link>
        <button type="button" className={s.accountItem} onClick={() => menu.send({ type: 'SIGN_OUT' })}>
          Sign out
        </button>
      </Presence>
    </div>
  )
}
