import { assertEvent, assign, fromCallback, setup } from 'xstate'

/**
 * Reduce motion (spec section 4). The stored setting (localStorage key `reduceMotion`) wins when the user
 * has set it with the footer switch; with nothing stored, the system's prefers-reduced-motion decides.
 * (Read literally, "stored true OR system" would make the switch unable to turn motion back on for people
 * whose system asks for less motion; an explicit choice on this site is respected instead.)
 * Entering a state applies the root class and announces the change; toggling stores the new value.
 * Side effects are named actions and a named listener actor (storage, the system media query, other tabs),
 * implemented by the view (src/ui/ReduceMotion.tsx); here they do nothing, so the machine stays pure.
 */
export interface ReduceMotionContext {
  stored: boolean | null
  system: boolean
}

export type ReduceMotionEvent =
  | { type: 'TOGGLE' }
  | { type: 'SYSTEM_PREFERENCE_CHANGED'; reduce: boolean }
  | { type: 'STORED_SETTING_CHANGED'; value: boolean | null }

export const reduceMotionMachine = setup({
  types: {
    context: {} as ReduceMotionContext,
    events: {} as ReduceMotionEvent,
    input: {} as { stored: boolean | null; system: boolean },
  },
  actions: {
    /** Write the setting to localStorage under `reduceMotion`. */
    persistSetting: (_, _params: { value: boolean }) => {},
    /** Set the root element's `reduce-motion` class when reduced, `allow-motion` otherwise (it lifts the CSS rule of the system's reduced-motion query). */
    applyRootClass: (_, _params: { reduce: boolean }) => {},
    /** Dispatch the window event `reducemotionchange` with `{ reduce }`. */
    announceChange: (_, _params: { reduce: boolean }) => {},
    assignSystemPreference: assign({
      system: ({ event }) => {
        assertEvent(event, 'SYSTEM_PREFERENCE_CHANGED')
        return event.reduce
      },
    }),
    assignStoredSetting: assign({
      stored: ({ event }) => {
        assertEvent(event, 'STORED_SETTING_CHANGED')
        return event.value
      },
    }),
    /** The person's own choice, which wins over the system setting from now on. */
    chooseSetting: assign((_, params: { reduce: boolean }) => ({ stored: params.reduce })),
  },
  actors: {
    /** Sends SYSTEM_PREFERENCE_CHANGED and STORED_SETTING_CHANGED now and whenever they change. */
    preferenceListener: fromCallback<ReduceMotionEvent>(() => () => {}),
  },
  guards: {
    isReduceRequested: ({ context }) => (context.stored === null ? context.system : context.stored),
  },
}).createMachine({
  id: 'reduceMotion',
  context: ({ input }) => ({ stored: input.stored, system: input.system }),
  initial: 'resolving',
  invoke: { id: 'preferences', src: 'preferenceListener' },
  on: {
    SYSTEM_PREFERENCE_CHANGED: { target: '.resolving', actions: 'assignSystemPreference' },
    STORED_SETTING_CHANGED: { target: '.resolving', actions: 'assignStoredSetting' },
  },
  states: {
    resolving: {
      always: [{ guard: 'isReduceRequested', target: 'reduced' }, { target: 'full' }],
    },
    full: {
      entry: [
        { type: 'applyRootClass', params: { reduce: false } },
        { type: 'announceChange', params: { reduce: false } },
      ],
      on: {
        TOGGLE: {
          target: 'reduced',
          actions: [
            { type: 'chooseSetting', params: { reduce: true } },
            { type: 'persistSetting', params: { value: true } },
          ],
        },
      },
    },
    reduced: {
      entry: [
        { type: 'applyRootClass', params: { reduce: true } },
        { type: 'announceChange', params: { reduce: true } },
      ],
      on: {
        TOGGLE: {
          target: 'full',
          actions: [
            { type: 'chooseSetting', params: { reduce: false } },
            { type: 'persistSetting', params: { value: false } },
          ],
        },
      },
    },
  },
})
