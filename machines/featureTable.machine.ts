import { assertEvent, assign, setup } from 'xstate'
import type { Sector } from '../src/domain/sectors'

/**
 * The landing page's 'Features that move you forward' table (spec sections 2 and 4): a short list (the
 * sector's own rows) and an extended list (plus the rows every sector shares), switched by 'learn more' /
 * 'show less'. A sector change always returns to the short list, so a visitor switching tabs starts fresh.
 */
export interface FeatureTableContext {
  sector: Sector
}

export type FeatureTableEvent = { type: 'SHOW_MORE' } | { type: 'SHOW_LESS' } | { type: 'SECTOR_CHANGED'; sector: Sector }

export const featureTableMachine = setup({
  types: {
    context: {} as FeatureTableContext,
    events: {} as FeatureTableEvent,
    input: {} as { sector: Sector },
  },
  actions: {
    rememberSector: assign({
      sector: ({ event }) => {
        assertEvent(event, 'SECTOR_CHANGED')
        return event.sector
      },
    }),
  },
  guards: {
    isDifferentSector: ({ context, event }) => {
      assertEvent(event, 'SECTOR_CHANGED')
      return event.sector !== context.sector
    },
  },
}).createMachine({
  id: 'featureTable',
  context: ({ input }) => ({ sector: input.sector }),
  initial: 'short',
  on: {
    // Re-rendering with the same sector (e.g. an effect re-run) must not collapse an open table.
    SECTOR_CHANGED: { guard: 'isDifferentSector', target: '.short', actions: 'rememberSector' },
  },
  states: {
    short: {
      on: { SHOW_MORE: 'extended' },
    },
    extended: {
      on: { SHOW_LESS: 'short' },
    },
  },
})
