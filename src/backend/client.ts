/**
 * The site's one Supabase client. supabase-js is imported dynamically so marketing pages never download
 * it; the first caller creates the client and everyone after gets the same one.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { config } from '../config'
import { loadOnce } from '../domain/load'

// loadOnce: a download that failed (a dropped connection) is tried again by the next caller, not remembered for good.
export const getSupabase: () => Promise<SupabaseClient> = loadOnce(() =>
  import('@supabase/supabase-js').then(({ createClient }) =>
    createClient(config.supabaseUrl, config.supabaseAnonKey, {
      auth: {
        flowType: 'pkce',
        persistSession: true,
        autoRefreshToken: true,
        // The /auth machine reads ?code= and calls exchangeCodeForSession itself, so the client must not.
        detectSessionInUrl: false,
        storage: typeof window === 'undefined' ? undefined : window.localStorage,
      },
    }),
  ),
)
