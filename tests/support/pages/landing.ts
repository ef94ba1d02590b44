import type { Page } from '@playwright/test'
import { SECTOR_LABELS, type Sector } from '../../../src/domain/sectors'

/** The landing pages' interactive sections: the feature table and the testimonial carousel. */
export const landing = {
  featureTable: (page: Page) => page.getByTestId('feature-table'),
  featureRow: (page: Page, feature: string) =>
    page.getByTestId('feature-table').getByRole('table').getByRole('rowheader', { name: feature, exact: true }),
  sectorTab: (page: Page, sector: Sector) => page.getByRole('banner').getByRole('navigation', { name: 'Sectors' }).getByRole('link', { name: SECTOR_LABELS[sector], exact: true }),
  carousel: (page: Page) => page.getByTestId('carousel'),
  carouselTrack: (page: Page) => page.getByTestId('carousel').locator('ul'),
}
