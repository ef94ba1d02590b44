/** Property test: whatever method, path, headers and body, the server answers (no 5xx) and errors are JSON. */
import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type LocalSupabase, startLocalSupabase } from '../../supabase/local/index.ts'
import { GENEROUS_RATE_LIMITS } from './helpers.ts'

let server: LocalSupabase
beforeAll(async () => {
  server = await startLocalSupabase({ port: 0, mailPort: 0, dataDir: 'memory', rateLimits: GENEROUS_RATE_LIMITS })
})
afterAll(async () => {
  await server?.stop()
})

const paths = [
  '/auth/v1/signup', '/auth/v1/token?grant_type=password', '/auth/v1/token?grant_type=pkce', '/auth/v1/token?grant_type=refresh_token',
  '/auth/v1/token', '/auth/v1/user', '/auth/v1/logout', '/auth/v1/resend', '/auth/v1/verify', '/auth/v1/verify?type=signup&token=x',
  '/auth/v1/authorize', '/rest/v1/users', '/rest/v1/users?id=eq.1', '/rest/v1/users?select=id,,x', '/rest/v1/organisations',
  '/rest/v1/rpc/get_profile_completion_status', '/rest/v1/rpc/update_self_profile_details', '/rest/v1/rpc/complete_user_signup',
  '/rest/v1/rpc/nope', '/functions/v1/send-contact', '/functions/v1/complete-user-signup', '/functions/v1/x', '/x/y', '/rest/v1/',
]

it('never answers 5xx and always answers errors with JSON (or a redirect/HTML page where GoTrue does)', async () => {
  const tokens = [undefined, server.anonKey, server.serviceRoleKey, 'garbage', `${server.anonKey.slice(0, -3)}abc`]
  const bodies = fc.oneof(
    fc.constant(undefined),
    fc.string({ maxLength: 200 }),
    fc.json({ maxDepth: 3 }),
    fc.record({
      email: fc.oneof(fc.emailAddress(), fc.string()),
      password: fc.string(),
      p_company_name: fc.oneof(fc.string(), fc.integer()),
      p_staff_count: fc.oneof(fc.integer(), fc.string(), fc.constant(null)),
      p_sector: fc.string(),
      name: fc.string(),
      message: fc.string(),
      userId: fc.oneof(fc.uuid(), fc.string()),
      userData: fc.oneof(fc.object(), fc.string()),
    }, { requiredKeys: [] }).map((o) => JSON.stringify(o)),
  )
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom('GET', 'POST', 'PATCH', 'PUT', 'DELETE'),
      fc.constantFrom(...paths),
      fc.constantFrom(...tokens),
      bodies,
      async (method, path, token, body) => {
        const headers: Record<string, string> = { 'content-type': 'application/json' }
        if (token) {
          headers.apikey = token
          headers.authorization = `Bearer ${token}`
        }
        const res = await fetch(`${server.url}${path}`, {
          method,
          headers,
          body: method === 'GET' || body === undefined ? undefined : body,
          redirect: 'manual',
        })
        const text = await res.text()
        expect(res.status, `${method} ${path} -> ${res.status} ${text.slice(0, 200)}`).toBeLessThan(500)
        if (res.status >= 400) {
          expect(res.headers.get('content-type') ?? '', `${method} ${path}`).toMatch(/application\/json|text\/html/)
          if ((res.headers.get('content-type') ?? '').includes('json')) JSON.parse(text)
        }
      },
    ),
    { numRuns: 300 },
  )
  // Only the service role may have written anything, and it still serves.
  expect((await fetch(`${server.url}/auth/v1/settings`)).status).toBe(200)
})
