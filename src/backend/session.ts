/**
 * The session, for the session machine only (machines/session.machine.ts, run by src/views/session/): the one
 * place that reads the stored session, the one sign-out, and the one auth listener of the app. Pages never read
 * the session themselves: they ask the session machine.
 */
import type { Session } from '@supabase/supabase-js'
import type { SessionUser } from '../../machines/session.machine'
import { getSupabase, onClientLoaded } from './client'
import { authFailure } from './failures'
import { clearStoredAccount, sessionStorageKey } from './storedSession'

const userOf = (session: Session): SessionUser => ({ userId: session.user.id, email: session.user.email ?? '' })

/** The stored session's user (refreshed by supabase-js when it has expired), or null when there is none. */
export async function readSession(): Promise<SessionUser | null> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.auth.getSession()
  if (error) throw authFailure('auth', error)
  return data.session ? userOf(data.session) : null
}

/**
 * Sign out of this device: revoke this session's refresh token (scope 'local': the person's other devices stay
 * signed in) and clear what the browser keeps. supabase-js keeps the session when the server cannot be reached; a
 * person pressing Sign out on a shared computer must still be signed out here, so the storage is cleared anyway and
 * `revoked: false` lets the page say the server could not be told.
 */
export async function signOutHere(): Promise<{ revoked: boolean }> {
  let revoked = false
  try {
    const supabase = await getSupabase()
    const { error } = await supabase.auth.signOut({ scope: 'local' })
    revoked = !error
  } finally {
    clearStoredAccount()
  }
  return { revoked }
}

export type AuthEvent = { type: 'SIGNED_IN'; user: SessionUser } | { type: 'SIGNED_OUT' } | { type: 'SESSION_STORED' }

/**
 * The app's one auth listener. Before anyone has loaded supabase-js it hears only the storage: another tab storing
 * a session (SESSION_STORED). Once the client is loaded (by whoever needs it, never by this listener), it hears
 * supabase-js: a sign-in here or in another tab and a refreshed token (SIGNED_IN with the user), and the session
 * ending (SIGNED_OUT). Returns the function that stops listening.
 */
export function watchAuth(send: (event: AuthEvent) => void): () => void {
  const key = sessionStorageKey()
  const onStorage = (e: StorageEvent) => {
    if (e.key === key && e.oldValue === null && e.newValue !== null) send({ type: 'SESSION_STORED' })
  }
  window.addEventListener('storage', onStorage)
  let unsubscribe = () => {}
  const stopWaiting = onClientLoaded((client) => {
    const { data } = client.auth.onAuthStateChange((event, session) => {
      if (event === 'SIGNED_OUT') send({ type: 'SIGNED_OUT' })
      else if (session && event !== 'INITIAL_SESSION') send({ type: 'SIGNED_IN', user: userOf(session) })
    })
    unsubscribe = () => data.subscription.unsubscribe()
  })
  return () => {
    window.removeEventListener('storage', onStorage)
    stopWaiting()
    unsubscribe()
  }
}
