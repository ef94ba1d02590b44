import type { Page } from '@playwright/test'

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** /app, the signed-in home: the self-assessment dashboard and the item being rated. */
export const home = {
  heading: (page: Page) => page.getByRole('heading', { level: 1, name: 'Your workspace', exact: true }),
  loading: (page: Page) => page.getByRole('status', { name: 'Loading your self-assessment' }),
  retry: (page: Page) => page.getByRole('button', { name: 'Try again' }),
  start: (page: Page) => page.getByRole('region', { name: 'Start your self-assessment' }),
  startButton: (page: Page) => page.getByRole('button', { name: /^(Start self-assessment|Starting\.\.\.)$/ }),
  nextStep: (page: Page) => page.getByRole('region', { name: 'The next thing to do' }),
  due: (page: Page) => page.getByRole('region', { name: 'Due for review' }),
  framework: (page: Page, name: string) => page.getByRole('region', { name, exact: true }),
  group: (page: Page, framework: string, group: string) => home.framework(page, framework).getByRole('region', { name: group, exact: true }),
  /** An item's button in the overview (its name, then its status and rating). */
  item: (page: Page, framework: string, name: string) => home.framework(page, framework).getByRole('button', { name: new RegExp(`^${escapeRegExp(name)} `) }),
  // The item view.
  panel: (page: Page) => page.locator('section[aria-labelledby="item-heading"]'),
  panelHeading: (page: Page) => page.locator('#item-heading'),
  back: (page: Page) => page.getByRole('button', { name: 'Back to your workspace' }),
  progress: (page: Page) => page.getByTestId('item-progress'),
  note: (page: Page) => page.getByRole('textbox', { name: /^Note/ }),
  link: (page: Page) => page.getByRole('textbox', { name: /^Link/ }),
  rating: (page: Page, label: string) => page.getByRole('radio', { name: label, exact: true }),
  category: (page: Page) => page.getByRole('combobox', { name: 'Evidence category' }),
  addEvidence: (page: Page) => home.panel(page).getByRole('button', { name: /^(Add evidence|Adding\.\.\.)$/ }),
  save: (page: Page) => home.panel(page).getByRole('button', { name: /^(Save rating|Save review|Saving\.\.\.)$/ }),
  problem: (page: Page) => page.getByTestId('item-problem'),
  /** The server's refusal in the item view (the form's own problem is apart). */
  refusal: (page: Page) => home.panel(page).locator('p[role="alert"]:not([data-testid])'),
  status: (page: Page) => home.panel(page).getByRole('status'),
  evidence: (page: Page) => page.getByRole('list', { name: 'Evidence so far' }),
  // Its files (issue 30).
  files: (page: Page) => page.getByRole('list', { name: 'Files' }),
  file: (page: Page, name: string) => home.files(page).getByRole('listitem').filter({ hasText: name }),
  attach: (page: Page) => page.getByLabel('Attach a file'),
  uploadProgress: (page: Page) => page.getByRole('progressbar'),
  cancelUpload: (page: Page) => page.getByRole('button', { name: 'Cancel upload' }),
  viewFile: (page: Page, name: string) => page.getByRole('button', { name: `View ${name}`, exact: true }),
  removeFile: (page: Page, name: string) => page.getByRole('button', { name: `Remove ${name}`, exact: true }),
  confirmRemove: (page: Page) => page.getByRole('button', { name: 'Yes, remove' }),
  keepFile: (page: Page) => page.getByRole('button', { name: 'Keep it' }),
  filesStatus: (page: Page) => page.getByTestId('files-status'),
  filesRefusal: (page: Page) => page.getByTestId('files-refusal'),
}
