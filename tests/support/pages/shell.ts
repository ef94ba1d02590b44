import type { Page } from '@playwright/test'

/**
 * What every page of the site has around its content: the header (account area), the footer's Reduce Motion
 * switch, the toasts and the hydration marker. The page objects (tests/support/pages/) are shared by the path
 * drivers (tests/paths) and the e2e specs (tests/e2e), so a page is described once.
 */

/** The toasts on screen; with `title`, those that say it. The one place that knows how sonner marks a toast. */
export function toast(page: Page, title?: string) {
  const all = page.locator('[data-sonner-toast]')
  return title === undefined ? all : all.filter({ hasText: title })
}

/** The live region toasts are announced in. */
export const toastRegion = (page: Page) => page.getByRole('region', { name: /^Notifications/ })

/** Set once React has hydrated the prerendered page. */
export const hydrated = (page: Page) => page.locator('html[data-hydrated="true"]')

export const header = {
  banner: (page: Page) => page.getByRole('banner'),
  /** The signed-in account menu's button (its name carries the e-mail). */
  menuButton: (page: Page) => page.getByRole('banner').getByRole('button', { name: /Account menu for/ }),
  /** What the account area shows while the session is read or ended: 'Account', 'Signing out...'. */
  placeholder: (page: Page, label: string) => page.getByRole('banner').getByRole('button', { name: label, exact: true }),
  signInLink: (page: Page) => page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true }),
  startFree: (page: Page) => page.getByRole('banner').getByRole('link', { name: 'Start Free' }),
  /** The open menu's items. */
  workspaceLink: (page: Page) => page.getByRole('banner').getByRole('link', { name: 'Your workspace' }),
  signOut: (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Sign out', exact: true }),
}

export const footer = {
  reduceMotion: (page: Page) => page.getByRole('contentinfo').getByRole('switch', { name: 'Reduce Motion' }),
}
