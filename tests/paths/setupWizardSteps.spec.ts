import { expect, type Page } from '@playwright/test'
import { e2eEnv } from '../../scripts/e2e-env'
import { type SetupWizardStepsModelContext, type SetupWizardStepsModelEvent, setupWizardStepsPaths } from './setupWizardSteps.model'
import { signInPage, ssoUser } from '../support/sessions'
import { pathTests, waitForHydration } from './support'

/** The setup wizard's first steps against the built site and the local backend; each path signs in a new user. */
const env = e2eEnv()
const next = (page: Page) => page.getByRole('button', { name: 'Continue', exact: true })
const back = (page: Page) => page.getByRole('button', { name: 'Back', exact: true })
const phone = (page: Page) => page.getByRole('textbox', { name: 'Phone number' })

pathTests<SetupWizardStepsModelEvent>(setupWizardStepsPaths, {
  start: async (page) => {
    await signInPage(page, await ssoUser('google'))
    await page.goto('/onboarding/setup')
    await waitForHydration(page)
  },
  events: {
    SELECT_COUNTRY: (page) => page.getByRole('button', { name: /United Kingdom/ }).click(),
    TYPE_PHONE: (page, event) => phone(page).fill(event.phone === 'valid' ? ' 07700 900123 ' : '   '),
    NEXT: (page) => next(page).click(),
    BACK: (page) => back(page).click(),
    CLOSE: (page) => page.getByRole('button', { name: 'Close setup' }).click(),
  },
  states: {
    editing: async (page, context: SetupWizardStepsModelContext) => {
      await expect(page.getByText(`Step ${context.step} of 11`)).toBeVisible()
      if (context.step === 1) {
        await expect(back(page)).toBeDisabled()
        if (context.country) {
          await expect(page.getByText('Selected: United Kingdom')).toBeVisible()
          await expect(next(page)).toBeEnabled()
        } else {
          await expect(page.getByText(/^Selected:/)).toHaveCount(0)
          await expect(next(page)).toBeDisabled()
        }
      }
      if (context.step === 2) {
        await expect(back(page)).toBeEnabled()
        await expect(phone(page)).toHaveValue({ none: '', blank: '   ', valid: ' 07700 900123 ' }[context.phone])
        if (context.phone === 'valid') await expect(next(page)).toBeEnabled()
        else await expect(next(page)).toBeDisabled()
      }
      if (context.step === 3) {
        await expect(page.getByRole('button', { name: 'Continue with this sector' })).toBeDisabled()
        await expect(back(page)).toBeEnabled()
      }
    },
    closed: async (page) => {
      await expect(page).toHaveURL(`${env.siteUrl}/`)
      await expect(page.getByText('Setup complete!')).toHaveCount(0)
    },
  },
})
