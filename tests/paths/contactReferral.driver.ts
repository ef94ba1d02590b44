import { expect, type Page } from '@playwright/test'
import { type ContactReferralContext, contactReferralMachine } from '../../machines/contactReferral.machine'
import { contactReferralSampleEvents, contactReferralSampleInput } from '../../machines/contactReferral.samples'
import { e2eEnv } from '../../scripts/e2e-env'
import { firstInvalidField, READY4LIFE, type ReferralField, type SendFailure } from '../../src/domain/contact'
import { recordMailtoLaunches, waitForHydration } from '../e2e/support'
import { changeField, defineDriver, holdRequests, type PathContext } from './driver'
import { contact } from '../support/pages/forms'
import { toastRegion } from '../support/pages/shell'

/**
 * The referral form on /contact, against the local backend. Each send is held at the network until the path
 * says how it ends: success goes on to the real send-contact function (which stores and delivers it); a failure
 * with a kind is the function's answer for it (429 rate-limited, 400 rejected, 503 unavailable), any other error
 * a dropped connection. The programme is chosen with the page's own 'Make a Ready4Life referral' link (a
 * client-side navigation to ?service=ready4life). The mail client the fallback opens is Chromium's external
 * handler, which reports each launch on the console.
 */
const sends = holdRequests(`${e2eEnv().backendUrl}/functions/v1/send-contact`)

const LABELS: Record<ReferralField, string> = { name: 'Your name', email: 'Organisation email', message: 'Referral details' }
const FIELDS = Object.keys(LABELS) as ReferralField[]
const field = (page: Page, name: ReferralField) => contact.field(page, LABELS[name])
const { sendButton, fallbackNotice } = contact

/** What the fallback notice says for each failure (spec section 7). */
const FAILURE_TEXT: Record<SendFailure, string> = {
  unavailable: 'We could not reach our server, so your referral has not been sent yet.',
  'rate-limited': 'Too many referrals have been sent from your connection in the last 10 minutes, so this one was not sent.',
  rejected: 'Our server could not accept this referral, so it has not been sent.',
}
const STATUS: Record<SendFailure, number> = { 'rate-limited': 429, rejected: 400, unavailable: 503 }

/** The event just performed (none at the start). */
const lastEvent = (ctx: PathContext) => (ctx.step >= 0 ? ctx.events[ctx.step] : undefined)

/** Fields, their errors, the programme and the absence of a sending form: common to every form state. */
async function expectForm(page: Page, c: ContactReferralContext, ctx: PathContext) {
  await expect(sendButton(page)).toHaveText('Send referral')
  await expect(sendButton(page)).toBeEnabled()
  for (const name of FIELDS) {
    await expect(field(page, name)).toHaveValue(c.values[name])
    await expect(field(page, name)).not.toHaveAttribute('readonly')
    const error = c.errors[name]
    if (error) {
      await expect(field(page, name)).toHaveAttribute('aria-invalid', 'true')
      await expect(field(page, name)).toHaveAccessibleDescription(new RegExp(error.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    } else await expect(field(page, name)).not.toHaveAttribute('aria-invalid')
  }
  // A refused submit puts the focus on the first field with an error.
  const first = firstInvalidField(c.errors)
  if (lastEvent(ctx)?.type === 'SUBMIT' && first) await expect(field(page, first)).toBeFocused()
  await expect(page.getByTestId('referral-programme')).toHaveText(c.programme === 'ready4life' ? `${READY4LIFE.name} referral` : 'General enquiry')
  if (c.programme === 'ready4life') await expect(page).toHaveURL(/\/contact\?service=ready4life$/)
}

export const driver = defineDriver({
  name: 'contactReferral',
  flow: 'referral form (/contact)',
  machine: contactReferralMachine,
  sampleEvents: contactReferralSampleEvents,
  sampleInputs: [contactReferralSampleInput],
  phone: true,
  async start(page, ctx) {
    ctx.data.launched = await recordMailtoLaunches(page)
    await sends.install(page)
    await page.goto('/contact')
    await waitForHydration(page)
    await expect(sendButton(page)).toBeEnabled()
  },
  events: {
    FIELD_CHANGED: (page, event) => changeField(field(page, event.field as ReferralField), event.value as string),
    PROGRAMME_SELECTED: async (page, event) => {
      if (event.programme !== 'ready4life') throw new Error(`the page offers no link to programme ${event.programme}`)
      await page.getByRole('link', { name: `Make a ${READY4LIFE.name} referral` }).click()
    },
    SUBMIT: (page) => sendButton(page).click(),
    'xstate.done.actor.sendReferral': async (page) => {
      const route = await sends.next(page)
      await route.continue()
    },
    'xstate.error.actor.sendReferral': async (page, event) => {
      const route = await sends.next(page)
      const kind = (event.error as { kind?: SendFailure } | undefined)?.kind
      if (!kind) return route.abort('internetdisconnected')
      await route.fulfill({
        status: STATUS[kind],
        contentType: 'application/json',
        headers: { 'access-control-allow-origin': '*' },
        body: JSON.stringify({ error: kind }),
      })
    },
  },
  states: {
    'contactReferral.form.idle': async (page, view, ctx) => {
      await expectForm(page, view.context, ctx)
      await expect(fallbackNotice(page)).toHaveCount(0)
      await expect(toastRegion(page).getByText('Message sent', { exact: true })).toHaveCount(0)
    },
    'contactReferral.sending': async (page, view) => {
      await expect(sendButton(page)).toHaveText('Sending referral...')
      await expect(sendButton(page)).toBeDisabled()
      await expect(page.getByRole('main').locator('form')).toHaveAttribute('aria-busy', 'true')
      // What is shown is what is sent: the fields hold the values and take no edits.
      for (const name of FIELDS) {
        await expect(field(page, name)).toHaveValue(view.context.values[name])
        await expect(field(page, name)).toHaveAttribute('readonly', '')
      }
      await expect(fallbackNotice(page)).toHaveCount(0)
    },
    'contactReferral.form.success': async (page, view, ctx) => {
      // The toast shows as the send succeeds (it leaves by itself later, while the state stays).
      if (lastEvent(ctx)?.type === 'xstate.done.actor.sendReferral') {
        await expect(toastRegion(page).getByText('Message sent', { exact: true })).toBeVisible()
        await expect(toastRegion(page).getByText("Thank you for your referral. We'll be in touch shortly.")).toBeVisible()
      }
      await expectForm(page, view.context, ctx)
      await expect(fallbackNotice(page)).toHaveCount(0)
    },
    'contactReferral.form.fallback': async (page, view, ctx) => {
      const c = view.context as ContactReferralContext
      await expectForm(page, c, ctx)
      await expect(fallbackNotice(page)).toContainText(FAILURE_TEXT[c.failure ?? 'unavailable'])
      await expect(fallbackNotice(page)).toContainText('What you typed is still in the form.')
      await expect(page.getByRole('link', { name: 'Email this referral' })).toHaveAttribute('href', c.mailto ?? '')
      if (lastEvent(ctx)?.type === 'xstate.error.actor.sendReferral') {
        await expect(toastRegion(page).getByText('Opening mail client', { exact: true })).toBeVisible()
        await expect(toastRegion(page).getByText(`If it didn't open, email ${c.to}`)).toBeVisible()
        // The mail client was opened with the same message.
        const launched = ctx.data.launched as string[]
        await expect.poll(() => launched.at(-1)).toBe(c.mailto)
      }
      await expect(page).toHaveURL(/\/contact(\?|$)/)
    },
  },
  // A send that fails on purpose: the browser reports the refused or dropped request.
  allowConsole: /Failed to load resource|ERR_INTERNET_DISCONNECTED|Failed to fetch/,
})
