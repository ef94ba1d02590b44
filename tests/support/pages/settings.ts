import type { Page } from '@playwright/test'

/** /settings, the organisation's settings (issue 39): the admin's form, a member's read-only facts, a conflict. */
export const settings = {
  heading: (page: Page) => page.getByRole('heading', { level: 1, name: 'Organisation settings', exact: true }),
  loading: (page: Page) => page.getByRole('status', { name: 'Loading your organisation’s settings' }),
  form: (page: Page) => page.getByRole('form', { name: /^Settings of / }),
  /** A member's view (and a demoted admin's): the settings as facts. */
  facts: (page: Page, organisation: string) => page.getByRole('main').getByRole('region', { name: `Settings of ${organisation}`, exact: true }),
  regulator: (page: Page, name: string) => page.getByRole('group', { name: 'Regulators' }).getByRole('checkbox', { name }),
  sector: (page: Page) => page.getByLabel('Sector', { exact: true }),
  frequency: (page: Page, label: string) => page.getByRole('group', { name: 'Review frequency' }).getByRole('radio', { name: label, exact: true }),
  remindersDefault: (page: Page) => page.getByRole('checkbox', { name: /^E-mail members a daily digest/ }),
  save: (page: Page) => page.getByRole('button', { name: /^(Save settings|Saving\.\.\.)$/ }),
  conflict: (page: Page) => page.getByRole('region', { name: 'Another admin saved first' }),
  alert: (page: Page) => page.getByRole('main').getByRole('alert'),
}
