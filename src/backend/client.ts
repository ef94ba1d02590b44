/**
 * The site's one Supabase client. supabase-js is imported dynamically so marketing pages never download
 * it; the first caller creates the client and everyone after gets the same one.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { config } from '../config'
import { loadOnce } from '../lib/load'

let loaded: SupabaseClient | null = null
const whenLoaded = new Set<(client: SupabaseClient) => void>()

// loadOnce: a download that failed (a dropped connection) is tried again by the next caller, not remembered for good.
export const getSupabase: () => Promise<SupabaseClient> = loadOnce(() =>
  import('@supabase/supabase-js').then(({ createClient }) => {
    const client = createClient(config.supabaseUrl, config.supabaseAnonKey, {
      auth: {
        flowType: 'pkce',
        persistSession: true,
        autoRefreshToken: true,
        // The /auth machines read ?code= and call exchangeCodeForSession themselves, so the client must not.
        detectSessionInUrl: false,
        storage: typeof window === 'undefined' ? undefined : window.localStorage,
      },
    })
    loaded = client
    for (const callback of whenLoaded) callback(client)
    whenLoaded.clear()
    return client
  }),
)

/**
 * Calls back with the client as soon as someone has loaded it (at once when that has happened), without loading
 * it: the session's auth listener hears sign-ins made on this page without making any page download supabase-js.
 * Returns a function that cancels the wait.
 */
export function onClientLoaded(callback: (client: SupabaseClient) => void): () => void {
  if (loaded) {
    callback(loaded)
    return () => {}
  }
  whenLoaded.add(callback)
  return () => whenLoaded.delete(callback)
}
