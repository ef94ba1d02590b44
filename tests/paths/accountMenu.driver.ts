import { expect, type Page, test } from '@playwright/test'
import { accountMenuMachine } from '../../machines/accountMenu.machine'
import { accountMenuSampleEvents } from '../../machines/accountMenu.samples'
import { e2eEnv } from '../../scripts/e2e-env'
import { ACCOUNT_MESSAGES } from '../../src/domain/account'
import { waitForHydration } from '../e2e/support'
import { returningUser, signInPage } from '../support/sessions'
import { signOutEndings } from './users'
import { defineDriver, holdRequests, type PathContext } from './driver'
import { header, toast as toasts } from '../support/pages/shell'

/**
 * The header's account menu on /about, for a signed-in account (its stored session put into the page: the session
 * machine reads it and the header shows the menu). Sign-out's request (POST /logout) is held until the path says how
 * it ends. Who is signed in (a dead stored session, signing in and out in other tabs) is the session machine's, and
 * its paths (session.driver.ts) drive it through this same header.
 */
const env = e2eEnv()
const { banner, menuButton, placeholder } = header
const toast = (page: Page) => toasts(page, ACCOUNT_MESSAGES.signedOut)
const logouts = holdRequests(`${env.backendUrl}/auth/v1/logout**`)

type User = { email: string; password: string }

/** The menu button with the account's address, and none of the other states' signs. */
async function expectSignedIn(page: Page, ctx: PathContext, open: boolean) {
  const email = (ctx.data.user as User).email
  await expect(menuButton(page)).toHaveAccessibleName(`Account menu for ${email}`)
  await expect(menuButton(page)).toHaveAttribute('aria-expanded', String(open))
  await expect(banner(page).getByRole('link', { name: 'Sign in', exact: true })).toHaveCount(0)
  const panelSignOut = banner(page).getByRole('button', { name: 'Sign out', exact: true })
  const workspace = banner(page).getByRole('link', { name: 'Your workspace' })
  if (open) {
    await expect(workspace).toHaveAttribute('href', '/app')
    await expect(banner(page).getByRole('link', { name: 'Your account' })).toHaveAttribute('href', '/account')
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
    test.setTimeout(60_000)
    const user = await returningUser()
    ctx.data.user = user
    await signInPage(page, user)
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
    ...signOutEndings(logouts),
  },
  states: {
    'accountMenu.menu.closed': (page, _view, ctx) => expectSignedIn(page, ctx, false),
    'accountMenu.menu.open': (page, _view, ctx) => expectSignedIn(page, ctx, true),
    'accountMenu.signingOut': async (page) => {
      await expect(placeholder(page, 'Signing out...')).toBeDisabled()
      await expect(menuButton(page)).toHaveCount(0)
    },
    'accountMenu.signedOut': async (page, _view, ctx) => {
      await expect(banner(page).getByRole('link', { name: 'Sign in', exact: true })).toBeVisible()
      await expect(banner(page).getByRole('link', { name: 'Start Free' })).toBeVisible()
      await expect(menuButton(page)).toHaveCount(0)
      await expect(banner(page).getByRole('button', { name: /^(Account|Signing out\.\.\.)$/ })).toHaveCount(0)
      // The session is forgotten, the page is home and says whether the server was told.
      await expect.poll(() => page.evaluate(() => Object.keys(window.localStorage).some((k) => k.endsWith('-auth-token')))).toBe(false)
      const last = ctx.events[ctx.step]
      const revoked = last?.type === 'xstate.done.actor.signOut' && (last.output as { revoked: boolean }).revoked
      await expect(page).toHaveURL(/\/$/)
      await expect(toast(page).last()).toBeVisible()
      if (revoked) await expect(toast(page).last()).not.toContainText(ACCOUNT_MESSAGES.signOutOffline)
      else await expect(toast(page).last()).toContainText(ACCOUNT_MESSAGES.signOutOffline)
    },
  },
  // Requests dropped on purpose (the supabase-js download, the sign-out) are reported by the browser.
  allowConsole: /Failed to load resource|ERR_INTERNET_DISCONNECTED|Failed to fetch/,
})
