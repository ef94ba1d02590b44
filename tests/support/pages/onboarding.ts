import type { Page } from '@playwright/test'

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** /onboarding: the gate's loading screen and the SSO profile dialog. */
export const gate = {
  loading: (page: Page) => page.getByRole('status', { name: 'Checking your account' }),
  dialog: (page: Page) => page.getByRole('dialog', { name: 'Almost there — set up your workspace' }),
  company: (page: Page) => page.getByRole('dialog', { name: 'Almost there — set up your workspace' }).getByLabel('Company name'),
  staff: (page: Page) => page.getByRole('dialog', { name: 'Almost there — set up your workspace' }).getByLabel('Number of staff'),
  submit: (page: Page) => page.getByRole('dialog', { name: 'Almost there — set up your workspace' }).getByRole('button', { name: /^(Continue|Saving\.\.\.)$/ }),
}

/** /onboarding/setup: the wizard's card. */
export const wizard = {
  loading: (page: Page) => page.getByRole('status', { name: 'Loading your setup' }),
  stepText: (page: Page) => page.getByText(/^Step \d+ of 11$/),
  next: (page: Page) => page.getByRole('button', { name: 'Continue', exact: true }),
  back: (page: Page) => page.getByRole('button', { name: 'Back', exact: true }),
  finish: (page: Page) => page.getByRole('button', { name: /^(Complete Setup|Saving\.\.\.)$/ }),
  close: (page: Page) => page.getByRole('button', { name: 'Close setup' }),
  /** A step's own Continue ('Continue with this sector', ...). */
  subContinue: (page: Page) => page.getByRole('button', { name: /^Continue with / }),
  failedAlert: (page: Page) => page.getByRole('alert').filter({ hasText: 'Your setup could not be saved' }),
  /** A choice (country, sector, skill, regulator, domain) by the start of its name. */
  option: (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^${escapeRegExp(name)}`) }),
  phone: (page: Page) => page.getByRole('textbox', { name: 'Phone number' }),
  /** The team step (step 10): its overview's button, the team's loading status and its Try again. */
  inviteColleagues: (page: Page) => page.getByRole('button', { name: 'Invite colleagues', exact: true }),
  teamLoading: (page: Page) => page.getByRole('status').filter({ hasText: 'Loading your team...' }),
  retryTeam: (page: Page) => page.getByRole('button', { name: 'Try again', exact: true }),
  invited: (page: Page) => page.getByRole('list', { name: 'Invited' }),
}
