import { assertEvent, assign, setup } from 'xstate'
import { featureTableMachine } from '../../machines/featureTable.machine'
import type { Sector } from '../../src/domain/sectors'
import type { PathModel } from './model'

/**
 * Test model of the landing page's 'Features that move you forward' table as a visitor meets it: 'Learn more'
 * extends the list, 'Show less' shortens it, and moving to another sector's page starts short again.
 * Its state ids are the app machine's (`featureTable.short`, `featureTable.extended`).
 */
export type FeatureTableModelEvent = { type: 'SHOW_MORE' } | { type: 'SHOW_LESS' } | { type: 'SECTOR_CHANGED'; sector: Sector }

export const featureTableModel = setup({
  types: { context: {} as { sector: Sector }, events: {} as FeatureTableModelEvent },
  actions: {
    rememberSector: assign({
      sector: ({ event }) => {
        assertEvent(event, 'SECTOR_CHANGED')
        return event.sector
      },
    }),
  },
  guards: {
    isOtherSector: ({ context, event }) => event.type === 'SECTOR_CHANGED' && event.sector !== context.sector,
  },
}).createMachine({
  id: 'featureTable',
  context: { sector: 'care' },
  initial: 'short',
  on: { SECTOR_CHANGED: { guard: 'isOtherSector', target: '.short', actions: 'rememberSector' } },
  states: {
    short: { on: { SHOW_MORE: 'extended' } },
    extended: { on: { SHOW_LESS: 'short' } },
  },
})

export const featureTablePaths: PathModel = {
  flow: 'landing feature table',
  model: featureTableModel,
  events: [{ type: 'SHOW_MORE' }, { type: 'SHOW_LESS' }, { type: 'SECTOR_CHANGED', sector: 'education' }, { type: 'SECTOR_CHANGED', sector: 'care' }],
  app: {
    machine: featureTableMachine,
    input: { sector: 'care' },
    toAppEvent: (event) => event,
  },
}
