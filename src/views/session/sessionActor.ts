/**
 * The session actor of this page load (machines/session.machine.ts with the backend's reader, sign-out and auth
 * listener), and what pages ask it. Loaded on demand by ./session (it brings xstate, and supabase-js once it reads).
 */
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate'
import { type SessionUser, sessionMachine } from '../../../machines/session.machine'
import { readSession, signOutHere, watchAuth } from '../../backend/session'
import { hasStoredSession } from '../../backend/storedSession'
import { inspect } from '../../devtools/inspector'

const logic = sessionMachine.provide({
  actors: {
    readSession: fromPromise(() => readSession()),
    signOut: fromPromise(() => signOutHere()),
    authEvents: fromCallback(({ sendBack }) => watchAuth(sendBack)),
  },
})

/** Starts the one session actor (system id `session`); the stored key decides whether it reads anything. */
export function startSession(storedSession: boolean) {
  const actor = createActor(logic, { input: { storedSession }, systemId: 'session', inspect })
  actor.start()
  return actor
}

export type SessionActor = ReturnType<typeof startSession>

/**
 * Who is signed in, once the session knows. A session stored on this page since the machine last looked (a code
 * exchange, a sign-in) is read first, so a page that has just signed someone in gets them.
 */
export async function settledUser(actor: SessionActor): Promise<SessionUser | null> {
  const snapshot = actor.getSnapshot()
  if (snapshot.hasTag('signedOut') && hasStoredSession()) actor.send({ type: 'SESSION_STORED' })
  const settled = await waitFor(actor, (s) => !s.hasTag('pending'))
  return settled.hasTag('signedIn') ? settled.context.user : null
}

/**
 * Signs this device out through the session and says whether the server was told. Already signed out: nothing to
 * tell the server, and the person is signed out. A sign-out that could not even clear this device fails.
 */
export async function requestSignOut(actor: SessionActor): Promise<{ revoked: boolean }> {
  if (!actor.getSnapshot().hasTag('signedIn')) return { revoked: true }
  actor.send({ type: 'SIGN_OUT' })
  const after = await waitFor(actor, (s) => !s.hasTag('signingOut'))
  if (after.context.signOut === 'failed') throw new Error('Signing out failed: the stored session could not be cleared')
  return { revoked: after.context.signOut !== 'local' }
}

/** Calls back when the session ends elsewhere (the machine's SESSION_ENDED); returns the function that stops. */
export function onSessionEnded(actor: SessionActor, callback: () => void): () => void {
  const subscription = actor.on('SESSION_ENDED', callback)
  return () => subscription.unsubscribe()
}
