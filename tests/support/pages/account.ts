import type { Page } from '@playwright/test'

/** /account, the person's own settings: its heading, the details form and its buttons. */
export const account = {
  heading: (page: Page) => page.getByRole('heading', { level: 1, name: 'Your account', exact: true }),
  loading: (page: Page) => page.getByRole('status', { name: 'Loading your workspace' }),
  details: (page: Page) => page.getByRole('form', { name: 'Your details' }),
  saveButton: (page: Page) => page.getByRole('form', { name: 'Your details' }).getByRole('button', { name: /^(Save details|Saving\.\.\.)$/ }),
  signOutButton: (page: Page) => page.getByRole('main').getByRole('button', { name: /^(Sign out|Signing out\.\.\.)$/ }),
  runSetupAgain: (page: Page) => page.getByRole('button', { name: 'Run setup again' }),
  /** The review reminders card and its switch. */
  reminders: (page: Page) => page.getByRole('region', { name: 'Review reminders', exact: true }),
  remindersSwitch: (page: Page) =>
    page.getByRole('region', { name: 'Review reminders', exact: true }).getByRole('switch', { name: /^Review reminders: e-mail me a daily digest/ }),
}
