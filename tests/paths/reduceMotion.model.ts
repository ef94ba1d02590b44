import { type AnyEventObject, assertEvent, assign, setup } from 'xstate'
import { reduceMotionMachine } from '../../machines/reduceMotion.machine'
import type { PathModel } from './model'

/**
 * Test model of the footer's Reduce Motion switch as a user meets it: what the switch shows after clicking it,
 * after the system setting changes and after a reload. No invoke, no after: the browser's answers are events.
 * Its state ids are the app machine's (`reduceMotion.full`, `reduceMotion.reduced`), checked by scripts/paths.test.ts.
 */
export type ReduceMotionModelEvent = { type: 'TOGGLE' } | { type: 'SYSTEM_PREFERENCE_CHANGED'; reduce: boolean } | { type: 'RELOAD' }

export const reduceMotionModel = setup({
  types: { context: {} as { stored: boolean | null; system: boolean }, events: {} as ReduceMotionModelEvent },
  actions: {
    rememberSystem: assign({
      system: ({ event }) => {
        assertEvent(event, 'SYSTEM_PREFERENCE_CHANGED')
        return event.reduce
      },
    }),
  },
  guards: {
    /** Nothing stored yet, so the system setting decides. */
    systemDecidesReduce: ({ context, event }) => context.stored === null && event.type === 'SYSTEM_PREFERENCE_CHANGED' && event.reduce,
    systemDecidesFull: ({ context, event }) => context.stored === null && event.type === 'SYSTEM_PREFERENCE_CHANGED' && !event.reduce,
  },
}).createMachine({
  id: 'reduceMotion',
  context: { stored: null, system: false },
  initial: 'full',
  states: {
    full: {
      on: {
        TOGGLE: { target: 'reduced', actions: assign({ stored: true }) },
        SYSTEM_PREFERENCE_CHANGED: [{ guard: 'systemDecidesReduce', target: 'reduced', actions: 'rememberSystem' }, { actions: 'rememberSystem' }],
        // The stored setting (or the system's) survives a reload.
        RELOAD: { target: 'full' },
      },
    },
    reduced: {
      on: {
        TOGGLE: { target: 'full', actions: assign({ stored: false }) },
        SYSTEM_PREFERENCE_CHANGED: [{ guard: 'systemDecidesFull', target: 'full', actions: 'rememberSystem' }, { actions: 'rememberSystem' }],
        RELOAD: { target: 'reduced' },
      },
    },
  },
})

export const reduceMotionPaths: PathModel = {
  flow: 'reduce motion (footer switch)',
  model: reduceMotionModel,
  events: [{ type: 'TOGGLE' }, { type: 'SYSTEM_PREFERENCE_CHANGED', reduce: true }, { type: 'SYSTEM_PREFERENCE_CHANGED', reduce: false }, { type: 'RELOAD' }],
  app: {
    machine: reduceMotionMachine,
    // What the view starts the actor with (the server's answer); the listener then reports the browser's.
    input: { stored: null, system: false },
    start: [
      { type: 'SYSTEM_PREFERENCE_CHANGED', reduce: false },
      { type: 'STORED_SETTING_CHANGED', value: null },
    ],
    // A reload restarts the actor: replaying it is out of reach of one actor, so it maps to nothing.
    toAppEvent: (event: AnyEventObject) => (event.type === 'RELOAD' ? null : event),
  },
}
