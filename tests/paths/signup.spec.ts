import { randomBytes } from 'node:crypto'
import { expect, type Page } from '@playwright/test'
import { e2eEnv } from '../../scripts/e2e-env'
import { type SignupModelContext, type SignupModelEvent, signupPaths } from './signup.model'
import { holdRequests, pathTests, waitForHydration } from './support'

/** The sign-up form on /auth against the built site and the local backend; each path uses fresh addresses. */
const signups = holdRequests(`${e2eEnv().backendUrl}/auth/v1/signup*`)
const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title })
const emailField = (page: Page) => page.getByLabel('Work email', { exact: true })

async function fillForm(page: Page, email: string) {
  await page.getByLabel('First name', { exact: true }).fill('Ada')
  await page.getByLabel('Last name', { exact: true }).fill('Lovelace')
  await emailField(page).fill(email)
  await page.getByLabel('Password', { exact: true }).fill('correct-horse-7')
  await page.getByLabel('Company', { exact: true }).fill('Sunrise Care')
  await page.getByLabel('Phone', { exact: true }).fill('07700 900123')
  await page.getByLabel('Sector', { exact: true }).selectOption('care')
  await page.getByLabel('Number of staff').fill('12')
}

async function expectToast(page: Page, context: SignupModelContext) {
  if (context.toast) await expect(toast(page, context.toast).first()).toBeVisible()
}

pathTests<SignupModelEvent>(signupPaths, {
  start: async (page) => {
    await signups.install(page)
    await page.goto('/auth?mode=signup')
    await waitForHydration(page)
  },
  events: {
    FILL: (page, event) => {
      const id = `${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`
      return fillForm(page, event.email === 'work' ? `path-${id}@sunrise-care.co.uk` : `ada.${id}@gmail.com`)
    },
    SUBMIT: (page) => page.getByRole('button', { name: 'Create account' }).click(),
    SIGN_UP_SUCCEEDED: async (page) => (await signups.next(page)).continue(),
    SIGN_UP_FAILED: async (page) => (await signups.next(page)).abort('internetdisconnected'),
  },
  // supabase-js logs the dropped sign-up request itself (console.error 'TypeError: Failed to fetch').
  allowConsole: /^error: TypeError: Failed to fetch\n\s+at /,
  states: {
    'form.editing': async (page, context: SignupModelContext) => {
      await expect(page.getByRole('button', { name: 'Create account' })).toBeEnabled()
      if (context.email === 'none') await expect(emailField(page)).toHaveValue('')
      if (context.email === 'personal') await expect(emailField(page)).toHaveAttribute('aria-invalid', 'true')
      if (context.email === 'work') {
        await expect(emailField(page)).toHaveValue(/@sunrise-care\.co\.uk$/)
        await expect(emailField(page)).not.toHaveAttribute('aria-invalid', 'true')
      }
      await expectToast(page, context)
    },
    'form.submitting': async (page) => {
      await expect(page.getByRole('button', { name: 'Creating account...' })).toBeDisabled()
    },
    'form.awaitingEmail': async (page, context: SignupModelContext) => {
      await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
      await expectToast(page, context)
    },
  },
})
