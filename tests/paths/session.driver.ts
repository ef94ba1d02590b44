import { expect, type Page, type Route, test } from '@playwright/test'
import type { AnyEventObject } from 'xstate'
import { sessionMachine } from '../../machines/session.machine'
import { sessionSampleEvents, sessionSampleInputs } from '../../machines/session.samples'
import { e2eEnv } from '../../scripts/e2e-env'
import { ACCOUNT_MESSAGES } from '../../src/domain/account'
import { waitForHydration } from '../e2e/support'
import { returningUser, signInPage } from '../support/sessions'
import { defineDriver, holdRequests } from './driver'
import { signInInAnotherTab, signOutEndings, signOutInAnotherTab, storeSessionInAnotherTab } from './users'
import { header, toast as toasts } from '../support/pages/shell'

/**
 * The one session, as the header of /about shows it. A path that starts with a stored session puts one into the
 * page, already expired, so reading it means a token refresh, held until the path says how the read ends: the real
 * server refreshes it; a revoked refresh token, which the server refuses, leaves no session; a server that keeps
 * failing makes the read fail once supabase-js's retries run out on the page's clock. Without a stored session the
 * page downloads nothing for it (the stored key decides) and the header is signed out.
 * Other tabs: signing in stores a session and tells this tab (BroadcastChannel); storing one without a word is a tab
 * whose supabase-js was not running (this tab hears only the storage, and reads it: a held refresh again); signing
 * out clears it and tells this tab. SIGN_OUT is the header menu's Sign out, its request (POST /logout) held.
 */
const env = e2eEnv()
const { banner, menuButton, placeholder, signInLink } = header
const toast = (page: Page) => toasts(page, ACCOUNT_MESSAGES.signedOut)
const refreshes = holdRequests(`${env.backendUrl}/auth/v1/token?grant_type=refresh_token`)
const logouts = holdRequests(`${env.backendUrl}/auth/v1/logout**`)


type User = { email: string; password: string }
const userOf = (ctx: { data: Record<string, unknown> }) => ctx.data.user as User

const failing = (route: Route) =>
  route.fulfill({ status: 503, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: '{"message":"unavailable"}' })

async function expectSignedOut(page: Page) {
  await expect(signInLink(page)).toBeVisible()
  await expect(banner(page).getByRole('link', { name: 'Start Free' })).toBeVisible()
  await expect(menuButton(page)).toHaveCount(0)
  await expect(banner(page).getByRole('button', { name: /^(Account|Signing out\.\.\.)$/ })).toHaveCount(0)
}

export const driver = defineDriver({
  name: 'session',
  flow: 'who is signed in (the header on every page)',
  machine: sessionMachine,
  sampleEvents: sessionSampleEvents,
  sampleInputs: sessionSampleInputs,
  async start(page, ctx) {
    // Other tabs signing in and out, and held refreshes: more than the default on a busy machine.
    test.setTimeout(90_000)
    const user = await returningUser()
    ctx.data.user = user
    if ((ctx.path.input as { storedSession: boolean }).storedSession) await signInPage(page, user, { expired: true })
    // A failing server's retries are timed on the page's clock, run forward by the path.
    if (ctx.events.some((e: AnyEventObject) => e.type === 'xstate.error.actor.readSession')) await page.clock.install()
    await refreshes.install(page)
    await logouts.install(page)
    await page.goto('/about')
    await waitForHydration(page)
  },
  events: {
    SIGNED_IN: (page, _event, ctx) => signInInAnotherTab(page, userOf(ctx)),
    SIGNED_OUT: (page) => signOutInAnotherTab(page),
    SESSION_STORED: (page, _event, ctx) => storeSessionInAnotherTab(page, userOf(ctx)),
    // Sign out is in the header's menu.
    SIGN_OUT: async (page) => {
      await menuButton(page).click()
      await banner(page).getByRole('button', { name: 'Sign out', exact: true }).click()
    },
    'xstate.done.actor.readSession': async (page, event) => {
      const route = await refreshes.next(page)
      if (event.output === null) return route.continue({ postData: JSON.stringify({ refresh_token: 'revoked-path-token' }) })
      await route.continue()
    },
    // The auth server keeps failing: supabase-js retries with back-off, then the read fails.
    'xstate.error.actor.readSession': async (page) => {
      const holdAgain = await refreshes.answerAll(page, failing)
      await expect
        .poll(
          async () => {
            await page.clock.fastForward(30_000)
            return signInLink(page).isVisible()
          },
          { timeout: 20_000, intervals: [250] },
        )
        .toBe(true)
      holdAgain()
    },
    ...signOutEndings(logouts),
  },
  states: {
    'session.checking': async (page) => {
      await expect(placeholder(page, 'Account')).toBeDisabled()
      await expect(menuButton(page)).toHaveCount(0)
      await expect(signInLink(page)).toHaveCount(0)
      await refreshes.expectPending(page)
    },
    'session.signedIn': async (page, _view, ctx) => {
      await expect(menuButton(page)).toHaveAccessibleName(`Account menu for ${userOf(ctx).email}`)
      await expect(signInLink(page)).toHaveCount(0)
      await expect(placeholder(page, 'Account')).toHaveCount(0)
    },
    'session.signingOut': async (page) => {
      await expect(placeholder(page, 'Signing out...')).toBeDisabled()
      await expect(menuButton(page)).toHaveCount(0)
    },
    'session.signedOut': (page) => expectSignedOut(page),
    // The menu that asked takes the person home and says how it went (accountMenu.driver.ts checks the words).
    'session.signedOutHere': async (page) => {
      await expectSignedOut(page)
      await expect(page).toHaveURL(`${env.siteUrl}/`)
      await expect(toast(page).last()).toBeVisible()
      expect(await page.evaluate(() => Object.keys(window.localStorage).some((k) => k.endsWith('-auth-token')))).toBe(false)
    },
  },
  // Requests dropped on purpose, a failing auth server and a revoked refresh token are reported by the browser and supabase-js.
  allowConsole: /Failed to load resource|ERR_INTERNET_DISCONNECTED|Failed to fetch|AuthRetryableFetchError|AuthApiError: Invalid Refresh Token/,
})
