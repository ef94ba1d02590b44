import { expect, type Page } from '@playwright/test'
import { e2eEnv } from '../../scripts/e2e-env'
import { type EmailConfirmationModelContext, type EmailConfirmationModelEvent, emailConfirmationPaths } from './emailConfirmation.model'
import { emailSignUp, signInPage } from '../support/sessions'
import { holdRequests, pathTests, waitForHydration } from './support'

/**
 * Arriving at /auth from the confirmation e-mail, against the built site, the local backend and its mail
 * catcher. Code links are real: each such path signs up a new address (PKCE) and opens the mailed link, with
 * the sign-up's code verifier copied into the page ("this browser") or not ("another browser"). The code
 * exchange and the resend call are held at the network until the path says how they end.
 */
const env = e2eEnv()
const exchanges = holdRequests(`${env.backendUrl}/auth/v1/token?grant_type=pkce`)
const resends = holdRequests(`${env.backendUrl}/auth/v1/resend*`)
const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title })
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name })
const LINK_INVALID = 'This confirmation link has expired or was already used'
/** The arrival panels' titles: none of them shows while there is nothing to confirm. */
const ARRIVAL_TITLES = /^(Email confirmed!|Email verified!|Your email is confirmed|We could not confirm your email|This confirmation link has expired or was already used)$/
const resendButton = (page: Page) => page.getByRole('button', { name: /Send a new confirmation email|Sending\.\.\./ })

async function open(page: Page, url: string) {
  await page.goto(url)
  await waitForHydration(page)
}

async function expectToast(page: Page, context: EmailConfirmationModelContext) {
  if (context.toast) await expect(toast(page, context.toast).first()).toBeVisible()
}

pathTests<EmailConfirmationModelEvent>(emailConfirmationPaths, {
  start: async (page) => {
    await exchanges.install(page)
    await resends.install(page)
    await open(page, '/auth')
  },
  events: {
    OPEN_LINK: async (page, event) => {
      if (event.link === 'signup') return open(page, '/auth?type=signup')
      if (event.link === 'verified') return open(page, '/auth?verified=true')
      if (event.link === 'expired')
        return open(page, '/auth?type=signup&error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired')
      const signup = await emailSignUp()
      if (event.link === 'code') await signInPage(page, signup)
      // The mailed link verifies at the backend, which redirects to /auth?type=signup&code=...
      await page.goto(signup.link)
    },
    CODE_ANSWERED: async (page) => (await exchanges.next(page)).continue(),
    CODE_DROPPED: async (page) => (await exchanges.next(page)).abort('internetdisconnected'),
    RETRY: (page) => page.getByRole('button', { name: 'Try again' }).click(),
    // The real 1-second redirect to the app.
    REDIRECT_DELAY: (page) => page.waitForURL((url) => !url.pathname.startsWith('/auth'), { timeout: 5000 }),
    REQUEST_NEW_EMAIL: async (page, event) => {
      const email = event.email === 'valid' ? `path-resend-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@sunrise-care.co.uk` : 'not an email'
      await page.getByLabel('Email you signed up with').fill(email)
      await resendButton(page).click()
    },
    RESEND_SUCCEEDED: async (page) => (await resends.next(page)).continue(),
    RESEND_FAILED: async (page) => (await resends.next(page)).abort('internetdisconnected'),
  },
  // supabase-js logs a dropped auth request itself (console.error 'TypeError: Failed to fetch').
  allowConsole: /^error: TypeError: Failed to fetch\n\s+at /,
  states: {
    none: async (page, context: EmailConfirmationModelContext) => {
      await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible()
      await expect(page.getByRole('heading', { level: 2, name: ARRIVAL_TITLES })).toHaveCount(0)
      if (context.link === 'signup') expect(new URL(page.url()).searchParams.get('type')).toBe('signup')
    },
    exchangingCode: async (page) => {
      await expect(page.getByRole('status').filter({ hasText: 'Confirming your email...' })).toBeVisible()
    },
    confirmed: async (page, context: EmailConfirmationModelContext) => {
      await expect(heading(page, 'Email confirmed!')).toBeVisible()
      await expectToast(page, context)
      expect(page.url()).not.toContain('code=')
    },
    verified: async (page, context: EmailConfirmationModelContext) => {
      await expect(heading(page, 'Email verified!')).toBeVisible()
      await expectToast(page, context)
    },
    redirecting: async (page) => {
      expect(new URL(page.url()).pathname).not.toMatch(/^\/auth/)
    },
    failed: async (page, context: EmailConfirmationModelContext) => {
      await expect(heading(page, 'We could not confirm your email')).toBeVisible()
      await expect(page.getByRole('button', { name: 'Try again' })).toBeEnabled()
      await expectToast(page, context)
    },
    confirmedElsewhere: async (page) => {
      await expect(heading(page, 'Your email is confirmed')).toBeVisible()
      expect(page.url()).not.toContain('code=')
    },
    linkInvalid: async (page, context: EmailConfirmationModelContext) => {
      await expect(heading(page, LINK_INVALID)).toBeVisible()
      await expect(page.getByRole('button', { name: 'Send a new confirmation email' })).toBeEnabled()
      expect(page.url()).not.toContain('error_code')
      await expectToast(page, context)
    },
    resending: async (page) => {
      await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled()
    },
    resent: async (page, context: EmailConfirmationModelContext) => {
      await expectToast(page, context)
      await expect(page.getByRole('status').filter({ hasText: /^Check the inbox of path-resend-.+ for the new link\.$/ })).toBeVisible()
    },
  },
})
