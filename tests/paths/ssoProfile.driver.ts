import { expect } from '@playwright/test'
import { type SsoProfileContext, ssoProfileMachine } from '../../machines/ssoProfile.machine'
import { ssoProfileSampleEvents, ssoProfileSampleInput } from '../../machines/ssoProfile.samples'
import { e2eEnv } from '../../scripts/e2e-env'
import { waitForHydration } from '../e2e/support'
import { admin, signInPage, ssoUser } from '../support/sessions'
import { changeField, defineDriver, holdRequests } from './driver'
import { gate } from '../support/pages/onboarding'
import { toast } from '../support/pages/shell'

const { dialog, company, staff, submit } = gate

/**
 * The SSO profile dialog on /onboarding (the gate's child machine). Each path signs in a new Google SSO user,
 * whose profile is incomplete, so the gate opens the dialog; the save (rpc update_self_profile_details) is held at
 * the network until the path says how it ends: success goes on to the local backend, a failure drops the connection.
 */
const env = e2eEnv()
const saves = holdRequests(`${env.backendUrl}/rest/v1/rpc/update_self_profile_details`)


async function savedProfile(userId: string) {
  const { data, error } = await admin.from('users').select('company_name, staff_count').eq('id', userId).single()
  expect(error).toBeNull()
  return data
}

/** Whether the path's steps so far include a failed save (its toast stays on screen for a while). */
const failedSoFar = (events: readonly { type: string }[], step: number) =>
  events.slice(0, step + 1).some((e) => e.type === 'xstate.error.actor.saveProfile')

export const driver = defineDriver({
  name: 'ssoProfile',
  flow: 'SSO profile dialog (/onboarding)',
  machine: ssoProfileMachine,
  sampleEvents: ssoProfileSampleEvents,
  sampleInputs: [ssoProfileSampleInput],
  phone: true,
  async start(page, ctx) {
    const user = await ssoUser(ssoProfileSampleInput.provider ?? 'google')
    ctx.data.userId = user.id
    await signInPage(page, user)
    await saves.install(page)
    await page.goto('/onboarding')
    await waitForHydration(page)
  },
  events: {
    COMPANY_CHANGED: (page, event) => changeField(company(page), event.value as string),
    STAFF_CHANGED: (page, event) => changeField(staff(page), event.value as string),
    SUBMIT: (page) => submit(page).click(),
    CLOSE: (page) => dialog(page).getByRole('button', { name: 'Close' }).click(),
    'xstate.done.actor.saveProfile': async (page) => (await saves.next(page)).continue(),
    'xstate.error.actor.saveProfile': async (page) => (await saves.next(page)).abort('internetdisconnected'),
  },
  states: {
    'ssoProfile.editing': async (page, view, ctx) => {
      const c = view.context as SsoProfileContext
      await expect(dialog(page)).toBeVisible()
      await expect(dialog(page)).toContainText('You signed in with Google.')
      await expect(company(page)).toHaveValue(c.company)
      await expect(staff(page)).toHaveValue(c.staff)
      await expect(company(page)).toBeEnabled()
      await expect(staff(page)).toBeEnabled()
      await expect(submit(page)).toHaveText('Continue')
      // Continue is enabled exactly when the machine would take SUBMIT.
      if (view.can({ type: 'SUBMIT' })) await expect(submit(page)).toBeEnabled()
      else await expect(submit(page)).toBeDisabled()
      if (failedSoFar(ctx.events, ctx.step)) {
        await expect(toast(page, 'Something went wrong').first()).toContainText('Please try again in a moment.')
      } else await expect(toast(page, 'Something went wrong')).toHaveCount(0)
      await expect(toast(page, 'Details saved')).toHaveCount(0)
      await expect(page).toHaveURL(`${env.siteUrl}/onboarding`)
    },
    'ssoProfile.submitting': async (page, view) => {
      await expect(submit(page)).toHaveText('Saving...')
      await expect(submit(page)).toBeDisabled()
      await expect(company(page)).toBeDisabled()
      await expect(staff(page)).toBeDisabled()
      await expect(company(page)).toHaveValue(view.context.company)
      await expect(toast(page, 'Details saved')).toHaveCount(0)
    },
    'ssoProfile.saved': async (page, view, ctx) => {
      await expect(toast(page, 'Details saved').first()).toBeVisible()
      // The gate goes on: a new SSO user still owes the setup wizard.
      await expect(page).toHaveURL(`${env.siteUrl}/onboarding/setup`)
      await expect(dialog(page)).toHaveCount(0)
      expect(await savedProfile(ctx.data.userId as string)).toEqual({
        company_name: view.context.company.trim(),
        staff_count: Number(view.context.staff),
      })
    },
    'ssoProfile.closed': async (page, _view, ctx) => {
      await expect(page).toHaveURL(`${env.siteUrl}/`)
      await expect(dialog(page)).toHaveCount(0)
      await expect(toast(page, 'Details saved')).toHaveCount(0)
      await expect(toast(page, 'Account setup complete!')).toHaveCount(0)
      expect((await savedProfile(ctx.data.userId as string))?.company_name).toBeNull()
    },
  },
  // A dropped connection is reported by the browser itself.
  allowConsole: /Failed to load resource|ERR_INTERNET_DISCONNECTED|Failed to fetch/,
})
