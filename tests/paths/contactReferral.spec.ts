import { expect, type Page } from '@playwright/test'
import { e2eEnv } from '../../scripts/e2e-env'
import type { ContactReferralModelContext, ContactReferralModelEvent } from './contactReferral.model'
import { contactReferralPaths } from './contactReferral.model'
import { holdRequests, pathTests, waitForHydration } from './support'

/**
 * The referral form against the built site and the local backend. Each send is held at the network until the
 * path says how it ends: SEND_SUCCEEDED lets it through to the local backend (as its own client, so the
 * per-client rate limit never interferes), SEND_FAILED aborts it like a dropped connection.
 */
const FUNCTION_URL = `${e2eEnv().backendUrl}/functions/v1/send-contact`

const sends = holdRequests(FUNCTION_URL)

let client = 0
const form = (page: Page) => ({
  name: page.getByLabel('Your name'),
  email: page.getByLabel('Organisation email'),
  message: page.getByLabel('Referral details'),
})

async function expectFields(page: Page, context: ContactReferralModelContext) {
  const f = form(page)
  if (context.filled) {
    await expect(f.name).toHaveValue(/^Path tester /)
    await expect(f.name).not.toHaveAttribute('aria-invalid', 'true')
  } else {
    await expect(f.name).toHaveValue('')
    if (context.attempted) await expect(f.name).toHaveAttribute('aria-invalid', 'true')
    else await expect(f.name).not.toHaveAttribute('aria-invalid', 'true')
  }
}

pathTests<ContactReferralModelEvent>(contactReferralPaths, {
  start: async (page) => {
    await sends.install(page)
    await page.goto('/contact')
    await waitForHydration(page)
    await expect(page.getByRole('button', { name: 'Send referral' })).toBeEnabled()
  },
  events: {
    FILL_VALID: async (page) => {
      const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
      const f = form(page)
      await f.name.fill(`Path tester ${id}`)
      await f.email.fill(`path.${id}@care.org.uk`)
      await f.message.fill(`A young person would like to join the programme (path test ${id}).`)
    },
    SUBMIT: (page) => page.getByRole('button', { name: /Send referral|Sending referral/ }).click(),
    SEND_SUCCEEDED: async (page) => {
      const route = await sends.next(page)
      client += 1
      const response = await route.fetch({ headers: { ...route.request().headers(), 'x-forwarded-for': `10.88.${process.pid % 250}.${client % 250}` } })
      expect(response.status()).toBe(200)
      await route.fulfill({ response })
      await expect(page.getByText('Message sent')).toBeVisible()
    },
    SEND_FAILED: async (page) => {
      const route = await sends.next(page)
      await route.abort('internetdisconnected')
      await expect(page.getByText('Opening mail client')).toBeVisible()
    },
  },
  states: {
    'form.idle': async (page, context: ContactReferralModelContext) => {
      await expect(page.getByRole('button', { name: 'Send referral' })).toBeEnabled()
      await expect(page.getByTestId('contact-fallback')).toHaveCount(0)
      await expectFields(page, context)
    },
    sending: async (page) => {
      await expect(page.getByRole('button', { name: 'Sending referral...' })).toBeDisabled()
      await expect(form(page).name).toHaveAttribute('readonly', '')
    },
    'form.success': async (page, context: ContactReferralModelContext) => {
      await expect(page.getByRole('button', { name: 'Send referral' })).toBeEnabled()
      await expect(page.getByTestId('contact-fallback')).toHaveCount(0)
      await expectFields(page, context)
    },
    'form.fallback': async (page, context: ContactReferralModelContext) => {
      await expect(page.getByRole('button', { name: 'Send referral' })).toBeEnabled()
      await expect(page.getByTestId('contact-fallback')).toBeVisible()
      await expect(page.getByRole('link', { name: 'Email this referral' })).toHaveAttribute('href', /^mailto:/)
      await expectFields(page, context)
    },
  },
})
