/**
 * The session for views: one actor per page load (./sessionActor, loaded on first need), and a small store views
 * read synchronously. Nothing here imports xstate or supabase-js, so a signed-out visitor's page never downloads
 * them: until the actor runs, the stored key decides (a stored session is `pending`, none is `signedOut`).
 *
 * - The app root starts the actor when a session is stored (`useSessionAtRoot`, in src/routes/__root.tsx), and when
 *   another tab stores one.
 * - Views read `useSession()`: status (from the machine's tags), the user and the e-mail.
 * - Pages that need the session ask it: `settledUser()`, `requestSignOut()`, `onSessionEnded()`; a signed-in page
 *   gets its user from the signed-in layout (./SignedInLayout).
 */
import { useEffect, useSyncExternalStore } from 'react'
import type { SessionUser } from '../../../machines/session.machine'
import { hasStoredSession, sessionStorageKey } from '../../backend/storedSession'
import { loadOnce } from '../../lib/load'
import type { SessionActor } from './sessionActor'

export type SessionStatus =
  /** On the server and during hydration: nobody knows yet, and the page renders as if signed out. */
  | 'unknown'
  | 'pending'
  | 'signedIn'
  | 'signingOut'
  /** No session: none stored, unreadable, or ended elsewhere. */
  | 'signedOut'
  /** This device signed out: the page that asked takes the person on. */
  | 'signedOutHere'

export interface SessionView {
  status: SessionStatus
  user: SessionUser | null
}

let actor: SessionActor | null = null
let announceLoaded: (session: SessionActor) => void = () => {}
/** Resolves once someone has loaded the session (never loads it itself). */
const loaded = new Promise<SessionActor>((resolve) => {
  announceLoaded = resolve
})
const listeners = new Set<() => void>()
const changed = () => {
  for (const listener of listeners) listener()
}

const loadModule = loadOnce(() => import('./sessionActor'))

/** The one session actor of this page load, started on first need. */
export const loadSession: () => Promise<SessionActor> = loadOnce(() =>
  loadModule().then(({ startSession }) => {
    actor ??= startSession(hasStoredSession())
    actor.subscribe(changed)
    changed()
    announceLoaded(actor)
    return actor
  }),
)

/**
 * Who is signed in, once the session knows (null: nobody). It never fails: when the session itself cannot be loaded
 * (the connection dropped), it is unreadable, and an unreadable session is no session.
 */
export async function settledUser(): Promise<SessionUser | null> {
  try {
    const [session, module] = await Promise.all([loadSession(), loadModule()])
    return await module.settledUser(session)
  } catch {
    return null
  }
}

/** Signs this device out through the session; `revoked: false` when the server could not be told. */
export async function requestSignOut(): Promise<{ revoked: boolean }> {
  const [session, module] = await Promise.all([loadSession(), loadModule()])
  return module.requestSignOut(session)
}

/**
 * Calls back when the session ends elsewhere, from the moment someone loads the session (this never loads it: a page
 * that has not asked who is signed in has nobody whose session could end); returns the function that stops.
 */
export function onSessionEnded(callback: () => void): () => void {
  let stop: (() => void) | null = null
  let stopped = false
  void Promise.all([loaded, loadModule()])
    .then(([session, module]) => {
      if (!stopped) stop = module.onSessionEnded(session, callback)
    })
    .catch(() => {})
  return () => {
    stopped = true
    stop?.()
  }
}

const UNKNOWN: SessionView = { status: 'unknown', user: null }
let last: SessionView = UNKNOWN

function currentView(): SessionView {
  let next: SessionView
  if (!actor) {
    next = { status: hasStoredSession() ? 'pending' : 'signedOut', user: null }
  } else {
    const s = actor.getSnapshot()
    const status: SessionStatus = s.hasTag('signedIn')
      ? 'signedIn'
      : s.hasTag('signingOut')
        ? 'signingOut'
        : s.matches('signedOutHere')
          ? 'signedOutHere'
          : s.hasTag('signedOut')
            ? 'signedOut'
            : 'pending'
    next = { status, user: s.context.user }
  }
  if (next.status !== last.status || next.user !== last.user) last = next
  return last
}

function subscribe(onChange: () => void) {
  listeners.add(onChange)
  // Before the actor runs, another tab storing or clearing a session changes what the stored key says.
  const onStorage = (e: StorageEvent) => {
    if (e.key === sessionStorageKey()) onChange()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(onChange)
    window.removeEventListener('storage', onStorage)
  }
}

/** The session as views see it; `unknown` on the server and while hydrating, so the first render matches. */
export function useSession(): SessionView {
  return useSyncExternalStore(subscribe, currentView, () => UNKNOWN)
}

/**
 * Starts the session at the app root (once, after hydration) when the browser holds a stored session, or as soon
 * as another tab stores one; signed-out visitors download nothing for it.
 */
export function useSessionAtRoot(): void {
  useEffect(() => {
    const start = () => void loadSession().catch(() => {})
    if (hasStoredSession()) start()
    const onStorage = (e: StorageEvent) => {
      if (e.key === sessionStorageKey() && e.newValue !== null && !actor) start()
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [])
}
