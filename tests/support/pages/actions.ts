import type { Page } from '@playwright/test'

/** /app's item panel: the item's actions and history (src/views/home/ItemActions.tsx); the dashboard's overdue actions. */
export const actions = {
  section: (page: Page) => page.getByRole('region', { name: 'Actions', exact: true }),
  loading: (page: Page) => page.getByTestId('actions-loading'),
  loadFailed: (page: Page) => page.getByTestId('actions-load-failed'),
  retry: (page: Page) => actions.section(page).getByRole('button', { name: 'Try again' }),
  notice: (page: Page) => page.getByTestId('actions-status'),
  refusal: (page: Page) => page.getByTestId('actions-refusal'),
  list: (page: Page) => page.getByRole('list', { name: 'Actions', exact: true }),
  card: (page: Page, title: string) => actions.list(page).getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) }),
  raiseButton: (page: Page) => page.getByRole('button', { name: 'Raise an action', exact: true }),
  raiseForm: (page: Page) => page.getByRole('form', { name: 'Raise an action' }),
  title: (page: Page) => page.getByRole('textbox', { name: /^What is to be done/ }),
  owner: (page: Page) => page.getByRole('combobox', { name: 'Owner' }),
  due: (page: Page) => page.getByLabel(/^Due date/),
  raiseSubmit: (page: Page) => page.getByRole('button', { name: /^(Raise action|Raising\.\.\.)$/ }),
  raiseCancel: (page: Page) => actions.raiseForm(page).getByRole('button', { name: 'Cancel' }),
  raiseProblem: (page: Page) => page.getByTestId('raise-problem'),
  stepProblem: (page: Page) => page.getByTestId('step-problem'),
  stepNote: (page: Page) => page.locator('textarea[name="step-note"]'),
  stepUrl: (page: Page) => page.locator('input[name="step-url"]'),
  history: (page: Page) => page.getByRole('region', { name: 'History', exact: true }),
  overdue: (page: Page) => page.getByRole('region', { name: 'Overdue actions', exact: true }),
}
