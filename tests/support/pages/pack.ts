import type { Page } from '@playwright/test'

/** /app/pack, the inspection pack: the print-ready pack, its framework picker, Download PDF and Print. */
export const pack = {
  heading: (page: Page) => page.getByRole('heading', { level: 1, name: 'Inspection pack', exact: true }),
  loading: (page: Page) => page.getByRole('status', { name: 'Loading your inspection pack' }),
  retry: (page: Page) => page.getByRole('button', { name: 'Try again' }),
  empty: (page: Page) => page.getByRole('region', { name: 'Nothing to put in a pack yet' }),
  workspaceLink: (page: Page) => page.getByRole('link', { name: 'Go to your workspace' }),
  /** The pack's cover: the organisation is the page's one h1. */
  organisation: (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true }),
  framework: (page: Page) => page.getByRole('combobox', { name: 'Framework' }),
  download: (page: Page) => page.getByRole('button', { name: /^(Download PDF|Making the PDF\.\.\.)$/ }),
  print: (page: Page) => page.getByRole('button', { name: 'Print', exact: true }),
  status: (page: Page) => page.getByRole('main').getByRole('status'),
  alert: (page: Page) => page.getByRole('main').getByRole('alert'),
  summary: (page: Page) => page.getByRole('table'),
  /** A key question's or area's section of the pack. */
  group: (page: Page, name: string) => page.getByRole('region', { name, exact: true }),
}
