import { expect, type Page } from '@playwright/test'
import { e2eEnv } from '../../scripts/e2e-env'
import { type SsoProfileModelContext, type SsoProfileModelEvent, ssoProfilePaths } from './ssoProfile.model'
import { admin, type NodeUser, signInPage, ssoUser } from '../support/sessions'
import { holdRequests, pathTests, waitForHydration } from './support'

/**
 * The SSO profile dialog on /onboarding against the built site and the local backend. Each path signs in a new
 * Google SSO user (profile incomplete, so the gate opens the dialog); the save call is held at the network
 * until the path says whether it succeeds (through to the local backend) or fails (the connection drops).
 */
const env = e2eEnv()
const saves = holdRequests(`${env.backendUrl}/rest/v1/rpc/update_self_profile_details`)
const users = new WeakMap<Page, NodeUser>()

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Almost there — set up your workspace' })
const company = (page: Page) => dialog(page).getByLabel('Company name')
const staff = (page: Page) => dialog(page).getByLabel('Number of staff')
const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title })

async function profile(page: Page) {
  const { data, error } = await admin.from('users').select('company_name, staff_count').eq('id', users.get(page)!.id).single()
  expect(error).toBeNull()
  return data
}

pathTests<SsoProfileModelEvent>(ssoProfilePaths, {
  start: async (page) => {
    const user = await ssoUser('google')
    users.set(page, user)
    await signInPage(page, user)
    await saves.install(page)
    await page.goto('/onboarding')
    await waitForHydration(page)
    await expect(dialog(page)).toContainText('You signed in with Google.')
  },
  events: {
    FILL: async (page, event) => {
      await company(page).fill(event.company === 'valid' ? 'Sunrise Care' : ' A ')
      await staff(page).fill('12')
    },
    SUBMIT: (page) => dialog(page).getByRole('button', { name: 'Continue' }).click(),
    SAVE_SUCCEEDED: async (page) => (await saves.next(page)).continue(),
    SAVE_FAILED: async (page) => (await saves.next(page)).abort('internetdisconnected'),
    CLOSE: (page) => dialog(page).getByRole('button', { name: 'Close' }).click(),
  },
  states: {
    editing: async (page, context: SsoProfileModelContext) => {
      await expect(dialog(page)).toBeVisible()
      const submit = dialog(page).getByRole('button', { name: 'Continue' })
      if (context.company === 'valid') {
        await expect(company(page)).toHaveValue('Sunrise Care')
        await expect(staff(page)).toHaveValue('12')
        await expect(submit).toBeEnabled()
      } else {
        // Nothing typed, or a company name of one character after trimming: Continue stays disabled.
        await expect(company(page)).toHaveValue(context.company === 'short' ? ' A ' : '')
        await expect(submit).toBeDisabled()
      }
      if (context.toast) {
        await expect(toast(page, context.toast).first()).toBeVisible()
        await expect(toast(page, context.toast).first()).toContainText('Please try again in a moment.')
      }
    },
    submitting: async (page) => {
      await expect(dialog(page).getByRole('button', { name: 'Saving...' })).toBeDisabled()
      await expect(company(page)).toBeDisabled()
    },
    saved: async (page) => {
      await expect(toast(page, 'Details saved').first()).toBeVisible()
      await expect(toast(page, 'Account setup complete!').first()).toBeVisible()
      await expect(page).toHaveURL(`${env.siteUrl}/`)
      expect(await profile(page)).toEqual({ company_name: 'Sunrise Care', staff_count: 12 })
    },
    closed: async (page) => {
      await expect(page).toHaveURL(`${env.siteUrl}/`)
      await expect(dialog(page)).toHaveCount(0)
      await expect(toast(page, 'Account setup complete!')).toHaveCount(0)
      expect((await profile(page))?.company_name).toBeNull()
    },
  },
})
