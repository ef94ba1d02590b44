import { expect, type Page } from '@playwright/test'
import { e2eEnv } from '../../scripts/e2e-env'
import { type OnboardingGateModelEvent, onboardingGatePaths } from './onboardingGate.model'
import { admin, type NodeUser, signInPage, ssoUser } from '../support/sessions'
import { holdRequests, pathTests } from './support'

/**
 * The /onboarding gate against the built site and the local backend. Each path signs in a new Google SSO user
 * whose stored access token has expired: the token refresh and the completion-status call are held at the
 * network until the path says how they end.
 */
const env = e2eEnv()
const refreshes = holdRequests(`${env.backendUrl}/auth/v1/token?grant_type=refresh_token`)
const statuses = holdRequests(`${env.backendUrl}/rest/v1/rpc/get_profile_completion_status`)
const users = new WeakMap<Page, NodeUser>()

const loading = (page: Page) => page.getByRole('status', { name: 'Checking your account' })
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Almost there — set up your workspace' })
const setupComplete = (page: Page) => page.locator('[data-sonner-toast]').filter({ hasText: 'Account setup complete!' })

async function expectHomeWithoutCompletion(page: Page) {
  await expect(page).toHaveURL(`${env.siteUrl}/`)
  await expect(dialog(page)).toHaveCount(0)
  await expect(setupComplete(page)).toHaveCount(0)
}

pathTests<OnboardingGateModelEvent>(onboardingGatePaths, {
  start: async (page) => {
    const user = await ssoUser('google')
    users.set(page, user)
    await signInPage(page, user, { expired: true })
    await refreshes.install(page)
    await statuses.install(page)
    await page.goto('/onboarding')
  },
  events: {
    SESSION_VALID: async (page) => (await refreshes.next(page)).continue(),
    // The backend does not know this refresh token: the stored session is worthless, as after a sign-out elsewhere.
    SESSION_INVALID: async (page) => (await refreshes.next(page)).continue({ postData: JSON.stringify({ refresh_token: 'revoked-path-token' }) }),
    STATUS_SSO_INCOMPLETE: async (page) => (await statuses.next(page)).continue(),
    STATUS_COMPLETE: async (page) => {
      const route = await statuses.next(page)
      // The profile was completed (another tab, an admin) while the page was checking.
      const { error } = await admin.from('users').update({ company_name: 'Sunrise Care', staff_count: 12 }).eq('id', users.get(page)!.id)
      expect(error).toBeNull()
      await route.continue()
    },
    STATUS_FAILED: async (page) => (await statuses.next(page)).abort('internetdisconnected'),
    DIALOG_SAVED: async (page) => {
      await dialog(page).getByLabel('Company name').fill('Sunrise Care')
      await dialog(page).getByLabel('Number of staff').fill('12')
      await dialog(page).getByRole('button', { name: 'Continue' }).click()
    },
    DIALOG_CLOSED: (page) => dialog(page).getByRole('button', { name: 'Close' }).click(),
  },
  states: {
    checkingSession: async (page) => {
      await expect(loading(page)).toBeVisible()
      await expect(dialog(page)).toHaveCount(0)
    },
    checkingStatus: async (page) => {
      await expect(loading(page)).toBeVisible()
      await expect(dialog(page)).toHaveCount(0)
    },
    ssoProfile: async (page) => {
      await expect(dialog(page)).toBeVisible()
      await expect(dialog(page)).toContainText('You signed in with Google.')
      await expect(loading(page)).toHaveCount(0)
    },
    complete: async (page) => {
      await expect(setupComplete(page)).toBeVisible()
      await expect(page).toHaveURL(`${env.siteUrl}/`)
      await expect(dialog(page)).toHaveCount(0)
    },
    dismissed: expectHomeWithoutCompletion,
    signedOut: expectHomeWithoutCompletion,
  },
})
