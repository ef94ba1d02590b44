import { assertEvent, assign, setup } from 'xstate'

/**
 * The testimonials carousel (spec sections 4 and 9): scrolls continuously, one loop in 120 s, slowed to one
 * loop in 300 s while hovered; still when motion is reduced (the reduce-motion machine's answer, delivered as
 * MOTION_PREFERENCE_CHANGED); paused while the tab is hidden (VISIBILITY_CHANGED). The animation itself is a
 * side effect: named actions the view implements (a transform-only Web Animation whose playback rate changes,
 * so slowing down keeps the current position instead of jumping).
 * It starts in `waiting` (what the server renders: no animation) until the view reports the motion preference.
 */
export const CAROUSEL_LOOP_MS = { normal: 120_000, hovered: 300_000 } as const

export interface CarouselContext {
  reduced: boolean
  hidden: boolean
  hovered: boolean
}

export type CarouselEvent =
  | { type: 'MOTION_PREFERENCE_CHANGED'; reduce: boolean }
  | { type: 'VISIBILITY_CHANGED'; hidden: boolean }
  | { type: 'HOVER_STARTED' }
  | { type: 'HOVER_ENDED' }

export const carouselMachine = setup({
  types: {
    context: {} as CarouselContext,
    events: {} as CarouselEvent,
  },
  actions: {
    /** Create (or resume) the looping animation. */
    playAnimation: () => {},
    /** Make one loop take `loopMs` (keeps the current position). */
    setLoopDuration: (_, _params: { loopMs: number }) => {},
    /** Hold the animation where it is. */
    pauseAnimation: () => {},
    /** Remove the animation: the list is static. */
    stopAnimation: () => {},
    rememberMotion: assign({
      reduced: ({ event }) => {
        assertEvent(event, 'MOTION_PREFERENCE_CHANGED')
        return event.reduce
      },
    }),
    rememberVisibility: assign({
      hidden: ({ event }) => {
        assertEvent(event, 'VISIBILITY_CHANGED')
        return event.hidden
      },
    }),
    rememberHoverStart: assign({ hovered: true }),
    rememberHoverEnd: assign({ hovered: false }),
  },
  guards: {
    isMotionReduced: ({ context }) => context.reduced,
    isTabHidden: ({ context }) => context.hidden,
    isHovered: ({ context }) => context.hovered,
    isMotionChange: ({ context, event }) => {
      assertEvent(event, 'MOTION_PREFERENCE_CHANGED')
      return event.reduce !== context.reduced
    },
    isVisibilityChange: ({ context, event }) => {
      assertEvent(event, 'VISIBILITY_CHANGED')
      return event.hidden !== context.hidden
    },
  },
}).createMachine({
  id: 'carousel',
  context: { reduced: false, hidden: false, hovered: false },
  initial: 'waiting',
  on: {
    HOVER_STARTED: { actions: 'rememberHoverStart' },
    HOVER_ENDED: { actions: 'rememberHoverEnd' },
    VISIBILITY_CHANGED: { guard: 'isVisibilityChange', target: '.deciding', actions: 'rememberVisibility' },
  },
  states: {
    waiting: {
      on: {
        MOTION_PREFERENCE_CHANGED: { target: 'deciding', actions: 'rememberMotion' },
        // Nothing moves yet: only remember the visibility until the motion preference is known.
        VISIBILITY_CHANGED: { actions: 'rememberVisibility' },
      },
    },
    deciding: {
      always: [
        { guard: 'isMotionReduced', target: 'still' },
        { guard: 'isTabHidden', target: 'paused' },
        { guard: 'isHovered', target: 'moving.slowed' },
        { target: 'moving.normal' },
      ],
    },
    still: {
      entry: 'stopAnimation',
      on: { MOTION_PREFERENCE_CHANGED: { guard: 'isMotionChange', target: 'deciding', actions: 'rememberMotion' } },
    },
    paused: {
      entry: 'pauseAnimation',
      on: { MOTION_PREFERENCE_CHANGED: { guard: 'isMotionChange', target: 'deciding', actions: 'rememberMotion' } },
    },
    moving: {
      entry: 'playAnimation',
      initial: 'normal',
      on: { MOTION_PREFERENCE_CHANGED: { guard: 'isMotionChange', target: 'deciding', actions: 'rememberMotion' } },
      states: {
        normal: {
          entry: { type: 'setLoopDuration', params: { loopMs: CAROUSEL_LOOP_MS.normal } },
          on: { HOVER_STARTED: { target: 'slowed', actions: 'rememberHoverStart' } },
        },
        slowed: {
          entry: { type: 'setLoopDuration', params: { loopMs: CAROUSEL_LOOP_MS.hovered } },
          on: { HOVER_ENDED: { target: 'normal', actions: 'rememberHoverEnd' } },
        },
      },
    },
  },
})
