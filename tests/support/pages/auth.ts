import type { Page } from '@playwright/test'
import { SSO_PROVIDER_LABELS, type SsoProvider } from '../../../src/domain/ssoProviders'

/** /auth: its three forms (sign-in, sign-up, reset), the SSO buttons and the arrival panels. */
const main = (page: Page) => page.getByRole('main')

export const auth = {
  main,
  /**
   * Every form panel in the page, shown or not: the prerendered page holds all three (the head script showing the
   * one the address asks for) until the page has read its address after hydration, then one. Typing before then
   * can meet three 'Work email' fields, or an SSO button whose flow has not started.
   */
  forms: (page: Page) => page.locator('[data-auth-panel]'),
  /** The form's title (h1), one per form. */
  title: (page: Page) => main(page).getByRole('heading', { level: 1 }),
  /** A panel's heading (h2): 'Check your email', 'Email confirmed!', 'Choose a new password', ... */
  panelHeading: (page: Page, name: string | RegExp) => main(page).getByRole('heading', { level: 2, name }),
  signIn: {
    panel: (page: Page) => page.locator('[data-auth-panel="signin"]'),
    field: (page: Page, label: 'Work email' | 'Password') => page.locator('[data-auth-panel="signin"]').getByLabel(label, { exact: true }),
    submit: (page: Page) => main(page).getByRole('button', { name: /^(Sign in|Signing in\.\.\.)$/ }),
  },
  signUp: {
    form: (page: Page) => page.getByRole('form', { name: 'Create your account' }),
    submit: (page: Page) => page.getByRole('form', { name: 'Create your account' }).getByRole('button', { name: /^(Create account|Creating account\.\.\.)$/ }),
    copyPassword: (page: Page) => page.getByRole('form', { name: 'Create your account' }).getByRole('button', { name: /^(Copy password|Password copied!)$/ }),
  },
  sso: {
    /** A provider's button on the sign-in panel (the prerendered page holds every panel until hydration). */
    button: (page: Page, provider: SsoProvider) =>
      page.locator('[data-auth-panel="signin"]').getByRole('button', { name: `Continue with ${SSO_PROVIDER_LABELS[provider]}`, exact: true }),
    error: (page: Page) => page.locator('[data-auth-panel="signin"]').getByTestId('sso-error'),
  },
  reset: {
    checking: (page: Page) => main(page).getByRole('status').filter({ hasText: 'Checking your reset link...' }),
    requestForm: (page: Page) => main(page).getByRole('form', { name: 'Send a password reset link' }),
    passwordForm: (page: Page) => main(page).getByRole('form', { name: 'Choose a new password' }),
  },
  confirmation: {
    resendButton: (page: Page) => page.getByRole('button', { name: /^(Send a new confirmation email|Sending\.\.\.)$/ }),
  },
}
