import { expect, type Page, type Route, test } from '@playwright/test'
import { accountMenuMachine, accountMenuSampleEvents } from '../../machines/accountMenu.machine'
import { e2eEnv } from '../../scripts/e2e-env'
import { ACCOUNT_MESSAGES } from '../../src/domain/account'
import { sessionStorageKey } from '../../src/backend/storedSession'
import { waitForHydration } from '../e2e/support'
import { returningUser, signInPage } from '../support/sessions'
import { supabaseChunkName } from './users'
import { defineDriver, holdRequests, type PathContext } from './driver'

/**
 * The header's account menu on /about, shown because the browser holds a stored session. Reading that session waits
 * first for supabase-js to download: the download is held, so `checking` lasts until the path says how it ends (a
 * live session; a dead one, which the real server refuses to refresh; or the download failing). Sign-out's request
 * (POST /logout) is held too. Signing in and out "in another tab" is another tab of the same browser doing it on
 * the site (supabase-js tells this tab over its broadcast channel, the header hears the storage change).
 */
const env = e2eEnv()
const STORAGE_KEY = sessionStorageKey(env.backendUrl)
const logouts = holdRequests(`${env.backendUrl}/auth/v1/logout**`)
const banner = (page: Page) => page.getByRole('banner')
const menuButton = (page: Page) => banner(page).getByRole('button', { name: /Account menu for/ })
const placeholder = (page: Page, label: string) => banner(page).getByRole('button', { name: label, exact: true })
const toast = (page: Page) => page.locator('[data-sonner-toast]').filter({ hasText: ACCOUNT_MESSAGES.signedOut })

type User = { email: string; password: string }

/** A stored session the server no longer knows: expired, with a refresh token it refuses. */
function deadSession(email: string) {
  const now = Math.floor(Date.now() / 1000)
  return JSON.stringify({
    access_token: 'expired-access-token',
    refresh_token: 'revoked-refresh-token',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: now - 60,
    user: { id: '00000000-0000-4000-8000-000000000000', email, aud: 'authenticated', role: 'authenticated' },
  })
}

async function inAnotherTab(page: Page, act: (other: Page) => Promise<void>) {
  const other = await page.context().newPage()
  await act(other)
  await other.close()
  await page.bringToFront()
}

/** Another tab signs in with the account's password on /auth. */
const signInElsewhere = (page: Page, user: User) =>
  inAnotherTab(page, async (other) => {
    await other.bringToFront()
    await other.goto('/auth')
    await waitForHydration(other)
    const form = other.locator('[data-auth-panel="signin"]')
    await form.getByLabel('Work email', { exact: true }).fill(user.email)
    await form.getByLabel('Password', { exact: true }).fill(user.password)
    await form.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(other).toHaveURL(/\/onboarding/)
  })

/** Another tab signs out from its own header menu. */
const signOutElsewhere = (page: Page) =>
  inAnotherTab(page, async (other) => {
    await other.bringToFront()
    await other.goto('/about')
    await waitForHydration(other)
    await menuButton(other).click()
    await banner(other).getByRole('button', { name: 'Sign out' }).click()
    await expect(other).toHaveURL(/\/$/)
  })

/** The menu button with the account's address, and none of the other states' signs. */
async function expectSignedIn(page: Page, ctx: PathContext, open: boolean) {
  const email = (ctx.data.user as User).email
  await expect(menuButton(page)).toHaveAccessibleName(`Account menu for ${email}`)
  await expect(menuButton(page)).toHaveAttribute('aria-expanded', String(open))
  await expect(banner(page).getByRole('link', { name: 'Sign in', exact: true })).toHaveCount(0)
  const panelSignOut = banner(page).getByRole('button', { name: 'Sign out', exact: true })
  const workspace = banner(page).getByRole('link', { name: 'Your workspace' })
  if (open) {
    await expect(workspace).toBeVisible()
    await expect(panelSignOut).toBeVisible()
    await expect(banner(page).getByText(`Signed in as ${email}`)).toBeAttached()
  } else {
    await expect(workspace).toHaveCount(0)
    await expect(panelSignOut).toHaveCount(0)
  }
}

export const driver = defineDriver({
  name: 'accountMenu',
  flow: 'header account menu (signed in)',
  machine: accountMenuMachine,
  sampleEvents: accountMenuSampleEvents,
  async start(page, ctx) {
    // The long path signs in and out in other tabs five times: more than the default on a busy machine.
    test.setTimeout(120_000)
    const first = ctx.events[0] as unknown as { type: string; output?: unknown }
    if (first.type === 'xstate.done.actor.getSessionUser' && first.output !== null) {
      const user = await returningUser()
      ctx.data.user = user
      await signInPage(page, user)
    } else {
      // Path without a live session: a dead one is stored (the header loads the menu for any stored session).
      const dead = deadSession(`gone-${Date.now().toString(36)}@sunrise-care.co.uk`)
      await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [STORAGE_KEY, dead] as const)
    }
    const chunk = supabaseChunkName()
    let held = false
    ctx.data.chunk = new Promise<Route>((resolve) => {
      void page.route(`**/assets/${chunk}`, (route) => {
        if (held) return route.continue()
        held = true
        resolve(route)
      })
    })
    await logouts.install(page)
    await page.goto('/about')
    await waitForHydration(page)
  },
  events: {
    TOGGLE: (page) => menuButton(page).click(),
    CLOSE: (page) => page.keyboard.press('Escape'),
    // Sign out is in the menu: a closed menu is opened first.
    SIGN_OUT: async (page) => {
      if ((await menuButton(page).getAttribute('aria-expanded')) !== 'true') await menuButton(page).click()
      await banner(page).getByRole('button', { name: 'Sign out', exact: true }).click()
    },
    SIGNED_IN: (page, _event, ctx) => signInElsewhere(page, ctx.data.user as User),
    SIGNED_OUT: (page) => signOutElsewhere(page),
    // A live session is read; a dead one is refused by the real server (its refresh token is unknown).
    'xstate.done.actor.getSessionUser': async (_page, _event, ctx) => (await (ctx.data.chunk as Promise<Route>)).continue(),
    // supabase-js cannot be downloaded.
    'xstate.error.actor.getSessionUser': async (_page, _event, ctx) => (await (ctx.data.chunk as Promise<Route>)).abort('internetdisconnected'),
    'xstate.done.actor.signOut': async (page, event) => {
      const route = await logouts.next(page)
      if ((event.output as { revoked: boolean }).revoked) await route.continue()
      else await route.abort('internetdisconnected')
    },
    // The storage fails once while supabase-js clears the session; the page still forgets it.
    'xstate.error.actor.signOut': async (page) => {
      await page.evaluate(() => {
        const removeItem = Storage.prototype.removeItem
        Storage.prototype.removeItem = () => {
          Storage.prototype.removeItem = removeItem
          throw new Error('storage unavailable')
        }
      })
      await (await logouts.next(page)).continue()
    },
  },
  states: {
    'accountMenu.checking': async (page) => {
      await expect(placeholder(page, 'Account')).toBeDisabled()
      await expect(menuButton(page)).toHaveCount(0)
      await expect(banner(page).getByRole('link', { name: 'Sign in', exact: true })).toHaveCount(0)
    },
    'accountMenu.signedIn.closed': (page, _view, ctx) => expectSignedIn(page, ctx, false),
    'accountMenu.signedIn.open': (page, _view, ctx) => expectSignedIn(page, ctx, true),
    'accountMenu.signingOut': async (page) => {
      await expect(placeholder(page, 'Signing out...')).toBeDisabled()
      await expect(menuButton(page)).toHaveCount(0)
    },
    'accountMenu.signedOut': async (page, _view, ctx) => {
      await expect(banner(page).getByRole('link', { name: 'Sign in', exact: true })).toBeVisible()
      await expect(banner(page).getByRole('link', { name: 'Start Free' })).toBeVisible()
      await expect(menuButton(page)).toHaveCount(0)
      await expect(banner(page).getByRole('button', { name: /^(Account|Signing out\.\.\.)$/ })).toHaveCount(0)
      const last = ctx.events[ctx.step]
      // The session is forgotten, unless supabase-js never came to read it.
      if (last?.type !== 'xstate.error.actor.getSessionUser') {
        await expect.poll(() => page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEY)).toBeNull()
      }
      // Our own sign-out goes home and says whether the server was told.
      if (last?.type === 'xstate.done.actor.signOut' || last?.type === 'xstate.error.actor.signOut') {
        const revoked = last.type === 'xstate.done.actor.signOut' && (last.output as { revoked: boolean }).revoked
        await expect(page).toHaveURL(/\/$/)
        await expect(toast(page).last()).toBeVisible()
        if (revoked) await expect(toast(page).last()).not.toContainText(ACCOUNT_MESSAGES.signOutOffline)
        else await expect(toast(page).last()).toContainText(ACCOUNT_MESSAGES.signOutOffline)
      }
    },
  },
  // Requests dropped on purpose (the supabase-js download, the sign-out) are reported by the browser.
  allowConsole: /Failed to load resource|ERR_INTERNET_DISCONNECTED|Failed to fetch/,
})
