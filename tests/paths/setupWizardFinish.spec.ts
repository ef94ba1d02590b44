import { expect, type Page } from '@playwright/test'
import { e2eEnv } from '../../scripts/e2e-env'
import { RESUMED_ANSWERS, RESUMED_STEP, type SetupWizardFinishModelContext, type SetupWizardFinishModelEvent, setupWizardFinishPaths } from './setupWizardFinish.model'
import { admin, type NodeUser, signInPage, ssoUser } from '../support/sessions'
import { holdRequests, pathTests, waitForHydration } from './support'

/**
 * The setup wizard's last step against the built site and the local backend. Each path signs in a new user
 * whose stored progress (sessionStorage, as the wizard keeps it) resumes on step 11; the save (PATCH of the
 * user's row) is held at the network until the path says whether it succeeds or fails.
 */
const env = e2eEnv()
const saves = holdRequests(`${env.backendUrl}/rest/v1/users?*`, 'PATCH')
const users = new WeakMap<Page, NodeUser>()
const finish = (page: Page) => page.getByRole('button', { name: 'Complete Setup' })
const failedAlert = (page: Page) => page.getByRole('alert').filter({ hasText: 'could not be saved' })

async function row(page: Page) {
  const { data, error } = await admin.from('users').select('country, policy_frequency, onboarding_completed_at').eq('id', users.get(page)!.id).single()
  expect(error).toBeNull()
  return data
}

pathTests<SetupWizardFinishModelEvent>(setupWizardFinishPaths, {
  start: async (page) => {
    const user = await ssoUser('google')
    users.set(page, user)
    await signInPage(page, user)
    await page.addInitScript(
      ([key, value]) => window.sessionStorage.setItem(key!, value!),
      [`inspectready.setup.${user.id}`, JSON.stringify({ step: RESUMED_STEP, answers: RESUMED_ANSWERS })],
    )
    await saves.install(page)
    await page.goto('/onboarding/setup')
    await waitForHydration(page)
  },
  events: {
    CONFIRM_FREQUENCY: (page) => page.getByRole('button', { name: 'Continue with monthly reviews' }).click(),
    FINISH: (page) => finish(page).click(),
    SAVE_SUCCEEDED: async (page) => (await saves.next(page)).continue(),
    SAVE_FAILED: async (page) => (await saves.next(page)).abort('internetdisconnected'),
    // The real finish delay (3 s) runs out.
    FINISH_DELAY: (page) => expect(page.getByText('Setup complete!')).toBeVisible({ timeout: 8000 }),
    CLOSE: (page) => page.getByRole('button', { name: 'Close setup' }).click(),
  },
  states: {
    editing: async (page, context: SetupWizardFinishModelContext) => {
      await expect(page.getByText('Step 11 of 11')).toBeVisible()
      if (context.frequency) await expect(finish(page)).toBeEnabled()
      else await expect(finish(page)).toBeDisabled()
      if (context.failed) {
        await expect(failedAlert(page)).toBeVisible()
        // Nothing was saved, and the confirmed frequency is kept (Complete Setup is enabled again, above).
        expect((await row(page))?.onboarding_completed_at).toBeNull()
      } else await expect(failedAlert(page)).toHaveCount(0)
    },
    saving: async (page) => {
      await expect(page.getByText('Saving your setup...')).toBeVisible()
      await expect(finish(page)).toHaveCount(0)
    },
    saved: async (page) => {
      await expect(page.getByText('Finishing your setup...')).toBeVisible()
      await expect(page.getByText('Setup complete!')).toHaveCount(0)
      expect(await row(page)).toMatchObject({ country: 'au', policy_frequency: 'monthly' })
    },
    done: async (page) => {
      await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Setup complete!' })).toBeVisible()
      await expect(page).toHaveURL(`${env.siteUrl}/`)
      expect((await row(page))?.onboarding_completed_at).not.toBeNull()
    },
    closed: async (page) => {
      await expect(page).toHaveURL(`${env.siteUrl}/`)
      expect((await row(page))?.onboarding_completed_at).toBeNull()
    },
  },
})
