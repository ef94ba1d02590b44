/**
 * Whether this browser holds a stored session, read synchronously from localStorage WITHOUT loading supabase-js:
 * the stored key decides first whether the session machine starts at all (src/views/session/), so signed-out
 * visitors of marketing pages never download xstate or supabase-js for it. The key is supabase-js's default, `sb-<first label of the host>-auth-token`
 * (a unit test checks it against the real client's).
 */
import { config } from '../config'

export function sessionStorageKey(supabaseUrl: string = config.supabaseUrl): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`
}

/** True when a session is stored (it may still turn out expired or revoked: the session machine checks). */
export function hasStoredSession(): boolean {
  try {
    return typeof window !== 'undefined' && window.localStorage.getItem(sessionStorageKey()) !== null
  } catch {
    return false
  }
}

/** Our own per-user keys: the setup wizard's unfinished answers in sessionStorage. */
export const SETUP_PROGRESS_PREFIX = 'inspectready.setup.'

/**
 * Forget everything this browser keeps for a signed-in person: the stored session and PKCE verifier, and the
 * wizard's unfinished answers. Used after sign-out, also when the server could not be told.
 */
export function clearStoredAccount(): void {
  try {
    const key = sessionStorageKey()
    window.localStorage.removeItem(key)
    window.localStorage.removeItem(`${key}-code-verifier`)
    window.localStorage.removeItem(`${key}-user`)
    for (let i = window.sessionStorage.length - 1; i >= 0; i--) {
      const k = window.sessionStorage.key(i)
      if (k?.startsWith(SETUP_PROGRESS_PREFIX)) window.sessionStorage.removeItem(k)
    }
  } catch {
    // Storage disabled: nothing was stored either.
  }
}
