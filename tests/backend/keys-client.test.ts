/** The site's default key is the local anon key; both local keys verify with the demo secret; one memoised client. */
import { decodeJwt } from 'jose'
import { expect, it } from 'vitest'
import WebSocket from 'ws'
import { getSupabase } from '../../src/backend/client.ts'
import { config } from '../../src/config.ts'
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY, verifyJwt } from '../../supabase/local/keys.ts'

it('src/config.ts defaults to the local server and its anon key', () => {
  expect(config.supabaseUrl).toBe('http://127.0.0.1:54321')
  expect(config.supabaseAnonKey).toBe(LOCAL_ANON_KEY)
})

it('the local anon and service-role keys are HS256 JWTs with the right roles, signed with the demo secret', async () => {
  for (const [key, role] of [[LOCAL_ANON_KEY, 'anon'], [LOCAL_SERVICE_ROLE_KEY, 'service_role']] as const) {
    const verified = await verifyJwt(key)
    expect(verified.ok).toBe(true)
    expect(decodeJwt(key)).toMatchObject({ iss: 'supabase-demo', role })
  }
  expect((await verifyJwt(`${LOCAL_ANON_KEY}x`)).ok).toBe(false)
})

it('getSupabase creates one client, lazily, pointed at the configured URL', async () => {
  // Browsers have WebSocket; Node 20 has not, and supabase-js's realtime client needs one at construction.
  ;(globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket
  const [a, b] = await Promise.all([getSupabase(), getSupabase()])
  expect(a).toBe(b)
  expect(await getSupabase()).toBe(a)
  expect((a as unknown as { supabaseUrl: string }).supabaseUrl).toBe(config.supabaseUrl)
})
