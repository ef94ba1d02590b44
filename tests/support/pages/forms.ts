import type { Page } from '@playwright/test'

/** /contact's referral form and /partner-apply's application: their fields and buttons. */
const main = (page: Page) => page.getByRole('main')

export const contact = {
  field: (page: Page, label: string) => main(page).getByLabel(label, { exact: true }),
  sendButton: (page: Page) => main(page).getByRole('button', { name: /^(Send referral|Sending referral\.\.\.)$/ }),
  fallbackNotice: (page: Page) => page.getByTestId('contact-fallback'),
}

export const partnerApply = {
  field: (page: Page, label: string) => main(page).getByLabel(label, { exact: true }),
  copyButton: (page: Page) => main(page).getByRole('button', { name: 'Copy summary', exact: true }),
  summary: (page: Page) => page.getByLabel('Generated summary', { exact: true }),
  copied: (page: Page) => main(page).getByText('✓ Copied', { exact: true }),
  copyError: (page: Page) => page.getByTestId('copy-error'),
}
