import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import type { AnyEventObject } from 'xstate'
import { e2eEnv } from '../../scripts/e2e-env'
import { admin, signedInStore, signInPage, ssoUser } from '../support/sessions'
import type { holdRequests, PathContext } from './driver'

/** What several drivers share: a finished account, the downloads to hold, and other tabs signing in and out. */
const env = e2eEnv()

const chunks = new Map<string, string>()
/** The name of the built chunk whose code holds `marker`, e.g. to hold its download in a path. */
function builtChunk(marker: string, what: string): string {
  const known = chunks.get(marker)
  if (known) return known
  const dir = join(env.dist, 'client/assets')
  const name = readdirSync(dir).find((f) => f.endsWith('.js') && readFileSync(join(dir, f), 'utf8').includes(marker))
  if (!name) throw new Error(`no ${what} chunk in ${dir}`)
  chunks.set(marker, name)
  return name
}

/** The built supabase-js chunk (downloaded when a page first calls the backend). */
export const supabaseChunkName = () => builtChunk('grant_type=refresh_token', 'supabase-js')

/** The built chunk of the session actor (downloaded when the page first needs to know who is signed in). */
export const sessionChunkName = () => builtChunk('SESSION_STORED', 'session actor')

/**
 * A signed-in account whose setup is finished, its row as the machine's sample profile has it (only the address
 * differs). Made through the local SSO stand-in, which needs no e-mail round trip, so paths start quickly.
 */
export async function onboardedUser() {
  const user = await ssoUser()
  const stored = [...user.store.entries()].find(([k]) => k.endsWith('-auth-token'))?.[1]
  const email = (JSON.parse(stored ?? '{}') as { user?: { email?: string } }).user?.email ?? ''
  const { error } = await admin
    .from('users')
    .update({
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone_number: '07700 900123',
      company_name: 'Sunrise Care',
      staff_count: 12,
      sector: 'care',
      country: 'uk',
      selected_regulators: ['cqc'],
      selected_roles: ['nurse'],
      selected_domains: ['safety'],
      policy_frequency: 'monthly',
      team_structure: { roles: ['nurse'] },
      onboarding_completed_at: '2026-11-20T10:00:00.000Z',
    })
    .eq('id', user.id)
  expect(error).toBeNull()
  return { ...user, email }
}


/**
 * The start of a path on a signed-in page: a finished account (onboardedUser, kept as ctx.data.user), signed in on
 * the page, and the requests the path answers (`holders`) held before the page loads. A user made through the
 * backend and held requests take more than the default on a busy machine, so the test gets 90 s.
 */
export async function signedInStart(page: Page, ctx: PathContext, holders: ReturnType<typeof holdRequests>[]) {
  test.setTimeout(90_000)
  const user = await onboardedUser()
  ctx.data.user = user
  await signInPage(page, user)
  for (const holder of holders) await holder.install(page)
  return user
}

/** The stored session (supabase-js's key and value) of a site-like client's storage. */
function sessionEntry(store: Map<string, string>): [string, string] {
  const entry = [...store.entries()].find(([k]) => k.endsWith('-auth-token'))
  if (!entry) throw new Error('no session in the store')
  return entry
}

/** Opens another tab of the site on a page without the app (robots.txt), runs `act` in it and closes it. */
async function inAnotherTab(page: Page, act: () => void | Promise<void>, arg?: unknown) {
  const other = await page.context().newPage()
  await other.goto('/robots.txt')
  await other.evaluate(act as never, arg as never)
  await other.close()
  await page.bringToFront()
}

/**
 * Another tab signs in as `user`, as supabase-js there does: it stores the session and tells the other tabs
 * (BroadcastChannel SIGNED_IN with the session), so this tab hears both.
 */
export async function signInInAnotherTab(page: Page, user: { email: string; password: string }) {
  const [key, value] = sessionEntry(await signedInStore(user))
  await inAnotherTab(
    page,
    (([k, v]: [string, string]) => {
      window.localStorage.setItem(k, v)
      const channel = new BroadcastChannel(k)
      channel.postMessage({ event: 'SIGNED_IN', session: JSON.parse(v) })
      channel.close()
    }) as never,
    [key, value],
  )
}

/**
 * Another tab stores a session of `user` without a word to the other tabs (a tab whose supabase-js had not been
 * running, or a sign-in that finished while this tab had none): this tab hears only the storage change. The session
 * is stored already expired, so reading it means a refresh a path can hold.
 */
export async function storeSessionInAnotherTab(page: Page, user: { email: string; password: string }) {
  const [key, value] = sessionEntry(await signedInStore(user))
  const expired = JSON.stringify({ ...(JSON.parse(value) as object), expires_at: Math.floor(Date.now() / 1000) - 60 })
  await inAnotherTab(page, (([k, v]: [string, string]) => window.localStorage.setItem(k, v)) as never, [key, expired])
}

/** Another tab of the site signs out: supabase-js there clears the stored session and tells the other tabs. */
export async function signOutInAnotherTab(page: Page) {
  const other = await page.context().newPage()
  await other.goto('/robots.txt')
  await other.evaluate(() => {
    const key = Object.keys(window.localStorage).find((k) => k.endsWith('-auth-token'))
    if (!key) throw new Error('no stored session to sign out')
    window.localStorage.removeItem(key)
    const channel = new BroadcastChannel(key)
    channel.postMessage({ event: 'SIGNED_OUT', session: null })
    channel.close()
  })
  await other.close()
}

/**
 * How the session's sign-out ends, its request (POST /logout) held by `logouts`: the server is told (revoked), or
 * cannot be reached (revoked: false: supabase-js keeps the session, the page clears it anyway); or the storage
 * fails once while supabase-js clears the session, so this device could not forget it cleanly (the sign-out fails).
 */
export function signOutEndings(logouts: ReturnType<typeof holdRequests>) {
  return {
    'xstate.done.actor.signOut': async (page: Page, event: AnyEventObject) => {
      const route = await logouts.next(page)
      if ((event.output as { revoked: boolean }).revoked) await route.continue()
      else await route.abort('internetdisconnected')
    },
    'xstate.error.actor.signOut': async (page: Page) => {
      await page.evaluate(() => {
        const removeItem = Storage.prototype.removeItem
        Storage.prototype.removeItem = () => {
          Storage.prototype.removeItem = removeItem
          throw new Error('storage unavailable')
        }
      })
      await (await logouts.next(page)).continue()
    },
  }
}
