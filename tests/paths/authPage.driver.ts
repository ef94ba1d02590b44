import { expect, type Page, test } from '@playwright/test'
import { authPageMachine } from '../../machines/authPage.machine'
import { authPageSampleEvents, authPageSampleInput } from '../../machines/authPage.samples'
import { e2eEnv } from '../../scripts/e2e-env'
import type { AuthMode } from '../../src/domain/routeSearch'
import { defineDriver, holdRequests } from './driver'
import { sessionChunkName } from './users'
import { auth } from '../support/pages/auth'

/**
 * /auth as one page: which form it shows and which flow it hands the URL's arrival to (each flow's own driver shows
 * what happens inside it). The page is opened with its entry script held, so it is the prerendered page
 * (`arriving`) until ARRIVED lets the script run with the URL the path opens. A client-side change of form is the
 * person following the page's own links (Create an account, Sign in, Forgot password?), or, where the page has no
 * link to that form, the browser's history moving to an address of it without a page load. A sign-up confirmation
 * arrival without a session checks the session, whose download is held until the flow ends.
 */
const env = e2eEnv()
const entry = holdRequests((url) => url.origin === env.siteUrl && /^\/assets\/index-[\w-]+\.js$/.test(url.pathname), null)
const sessionChunk = holdRequests((url) => url.origin === env.siteUrl && url.pathname === `/assets/${sessionChunkName()}`, null)

const HEADINGS: Record<AuthMode, string> = { signin: 'Sign in', signup: 'Create your account', reset: 'Reset your password' }

const { main } = auth

/** Exactly one form shows, the one of this mode, and the address says it. */
async function expectForm(page: Page, mode: AuthMode) {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(HEADINGS[mode])
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveCount(1)
  await expect(page.locator('html')).toHaveAttribute('data-auth-mode', mode)
}

/** Moves this tab's history to an address of the form without a page load, as Back and Forward do. */
async function historyTo(page: Page, search: string) {
  await page.evaluate((s) => {
    window.history.pushState(window.history.state, '', `/auth${s}`)
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }))
  }, search)
}

export const driver = defineDriver({
  name: 'authPage',
  flow: 'the /auth page: which form and which arrival',
  machine: authPageMachine,
  sampleEvents: authPageSampleEvents,
  sampleInputs: [authPageSampleInput],
  async start(page, ctx) {
    test.setTimeout(45_000)
    await entry.install(page)
    await sessionChunk.install(page)
    const first = ctx.events[0] as { arrival?: Record<string, string> } | undefined
    const query = new URLSearchParams(first?.arrival ?? {}).toString()
    await page.goto(`/auth${query ? `?${query}` : ''}`, { waitUntil: 'domcontentloaded' })
  },
  events: {
    ARRIVED: async (page) => {
      await entry.releaseAll(page)
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 20_000 })
    },
    MODE_CHANGED: async (page, event, ctx) => {
      const to = event.mode as AuthMode
      const from = (['signin', 'signup', 'reset'] as const).find((m) => ctx.view.hasTag(m))
      if (to === 'signup' && from === 'signin') return main(page).getByRole('link', { name: 'Create an account' }).click()
      if (to === 'reset' && from === 'signin') return main(page).getByRole('link', { name: 'Forgot password?' }).click()
      if (to === 'signin' && from === 'signup') return main(page).getByRole('link', { name: 'Sign in', exact: true }).click()
      if (to === 'signin' && from === 'reset') return main(page).getByRole('link', { name: 'Back to sign in' }).first().click()
      // No link on this form leads there: the browser's history does.
      await historyTo(page, to === 'signin' ? '' : `?mode=${to}`)
    },
    // The confirmation flow ends: no session (none was stored) means nothing to confirm here.
    'xstate.done.actor.confirmation': (page) => sessionChunk.releaseAll(page),
  },
  states: {
    'authPage.arriving': async (page) => {
      // The prerendered page: every form, the head script showing the one the address asks for.
      await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true')
      for (const heading of Object.values(HEADINGS)) await expect(page.locator('main h1').filter({ hasText: heading })).toHaveCount(1)
    },
    'authPage.page.form.signIn': (page) => expectForm(page, 'signin'),
    'authPage.page.form.signUp': (page) => expectForm(page, 'signup'),
    'authPage.page.form.reset': async (page) => {
      await expectForm(page, 'reset')
      await expect(main(page).getByRole('form', { name: 'Send a password reset link' }).or(main(page).getByRole('status'))).toBeVisible()
    },
    'authPage.page.arrival.confirming': async (page) => {
      // The confirmation flow is asking who is signed in (the session's download is held).
      await sessionChunk.expectPending(page)
      await expect(main(page).getByRole('heading', { level: 2 })).toHaveCount(0)
    },
    'authPage.page.arrival.settled': async (page) => {
      expect(sessionChunk.pending(page), 'nothing is being confirmed').toBe(0)
      await expect(main(page).getByRole('heading', { level: 2, name: /^(Email confirmed!|Email verified!|Your email is confirmed|This confirmation link)/ })).toHaveCount(0)
    },
  },
})
