import { expect, type Page } from '@playwright/test'
import { type FeatureTableContext, featureTableMachine } from '../../machines/featureTable.machine'
import { featureTableSampleEvents, featureTableSampleInput } from '../../machines/featureTable.samples'
import { SECTOR_CONTENT, SHARED_FEATURE_ROWS } from '../../src/content/sectors'
import { type Sector, sectorPath } from '../../src/domain/sectors'
import { waitForHydration } from '../e2e/support'
import { defineDriver } from './driver'
import { landing } from '../support/pages/landing'

/**
 * The landing page's 'Features that move you forward' table, on the sector's page (desktop: the table; the cards
 * are the phone layout of the same rows). 'Learn more' / 'Show less' extend and shorten it; a sector change is a
 * click on another sector tab in the header (a client-side navigation).
 */
const { featureTable: table, featureRow: rowHeader, sectorTab } = landing

async function expectList(page: Page, c: FeatureTableContext, state: 'short' | 'extended') {
  const extended = state === 'extended'
  await expect(page).toHaveURL(new RegExp(`${sectorPath(c.sector)}$`))
  await expect(sectorTab(page, c.sector)).toHaveAttribute('aria-current', 'page')
  await expect(table(page)).toHaveAttribute('data-state', state)
  const button = table(page).getByRole('button', { name: extended ? 'Show less' : 'Learn more', exact: true })
  await expect(button).toHaveAttribute('aria-expanded', String(extended))
  await expect(table(page).getByRole('button', { name: extended ? 'Learn more' : 'Show less', exact: true })).toHaveCount(0)
  // The sector's own rows always; the rows every sector shares only in the extended list.
  const own = SECTOR_CONTENT[c.sector].featureRows
  const [first] = own
  const [shared] = SHARED_FEATURE_ROWS
  if (!first || !shared) throw new Error('the sector content has no feature rows')
  await expect(rowHeader(page, first.feature)).toBeVisible()
  await expect(table(page).getByRole('table').getByRole('row')).toHaveCount(1 + own.length + (extended ? SHARED_FEATURE_ROWS.length : 0))
  if (extended) await expect(rowHeader(page, shared.feature)).toBeVisible()
  else await expect(rowHeader(page, shared.feature)).toHaveCount(0)
}

export const driver = defineDriver({
  name: 'featureTable',
  flow: 'landing feature table (sector pages)',
  machine: featureTableMachine,
  sampleEvents: featureTableSampleEvents,
  sampleInputs: [featureTableSampleInput],
  phone: true,
  async start(page, ctx) {
    await page.goto(sectorPath((ctx.view.context as FeatureTableContext).sector))
    await waitForHydration(page)
  },
  events: {
    SHOW_MORE: (page) => table(page).getByRole('button', { name: 'Learn more', exact: true }).click(),
    SHOW_LESS: (page) => table(page).getByRole('button', { name: 'Show less', exact: true }).click(),
    SECTOR_CHANGED: async (page, event) => {
      await sectorTab(page, event.sector as Sector).click()
      await expect(page).toHaveURL(new RegExp(`${sectorPath(event.sector as Sector)}$`))
    },
  },
  states: {
    'featureTable.short': (page, view) => expectList(page, view.context, 'short'),
    'featureTable.extended': (page, view) => expectList(page, view.context, 'extended'),
  },
})
