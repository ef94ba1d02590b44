import { expect, type Page } from '@playwright/test'
import { type FeatureTableModelEvent, featureTablePaths } from './featureTable.model'
import { pathTests, waitForHydration } from './support'

const SECTOR_LINK = { care: 'Care', education: 'Education', housing: 'Housing', construction: 'Construction' } as const
const SECTOR_URL = { care: /\/(care)?$/, education: /\/education$/, housing: /\/housing$/, construction: /\/construction$/ } as const

const table = (page: Page) => page.getByTestId('feature-table')

async function expectList(page: Page, state: 'short' | 'extended') {
  await expect(table(page)).toHaveAttribute('data-state', state)
  const button = table(page).getByRole('button', { name: state === 'short' ? 'Learn more' : 'Show less' })
  await expect(button).toHaveAttribute('aria-expanded', state === 'short' ? 'false' : 'true')
}

pathTests<FeatureTableModelEvent>(featureTablePaths, {
  start: async (page) => {
    await page.goto('/')
    await waitForHydration(page)
  },
  events: {
    SHOW_MORE: (page) => table(page).getByRole('button', { name: 'Learn more' }).click(),
    SHOW_LESS: (page) => table(page).getByRole('button', { name: 'Show less' }).click(),
    SECTOR_CHANGED: async (page, event) => {
      await page.getByRole('banner').getByRole('navigation', { name: 'Sectors' }).getByRole('link', { name: SECTOR_LINK[event.sector] }).click()
      await expect(page).toHaveURL(SECTOR_URL[event.sector])
    },
  },
  states: {
    short: (page) => expectList(page, 'short'),
    extended: (page) => expectList(page, 'extended'),
  },
})
