import { assertEvent, assign, setup } from 'xstate'
import { carouselMachine } from '../../machines/carousel.machine'
import type { PathModel } from './model'

/**
 * Test model of the landing page's testimonials carousel as a visitor meets it: it moves, slows down while
 * hovered, and stands still when the system asks for reduced motion (resuming at the right speed when it
 * stops asking). State ids are the app machine's (`carousel.moving.normal`, `.moving.slowed`, `.still`).
 */
export type CarouselModelEvent = { type: 'HOVER_STARTED' } | { type: 'HOVER_ENDED' } | { type: 'MOTION_PREFERENCE_CHANGED'; reduce: boolean }

export const carouselModel = setup({
  types: { context: {} as { hovered: boolean }, events: {} as CarouselModelEvent },
  guards: {
    asksForLess: ({ event }) => {
      assertEvent(event, 'MOTION_PREFERENCE_CHANGED')
      return event.reduce
    },
    asksForFullWhileHovered: ({ context, event }) => {
      assertEvent(event, 'MOTION_PREFERENCE_CHANGED')
      return !event.reduce && context.hovered
    },
    asksForFull: ({ event }) => {
      assertEvent(event, 'MOTION_PREFERENCE_CHANGED')
      return !event.reduce
    },
    isHovered: ({ context }) => context.hovered,
    isNotHovered: ({ context }) => !context.hovered,
  },
}).createMachine({
  id: 'carousel',
  context: { hovered: false },
  initial: 'moving',
  states: {
    moving: {
      initial: 'normal',
      on: { MOTION_PREFERENCE_CHANGED: { guard: 'asksForLess', target: 'still' } },
      states: {
        normal: { on: { HOVER_STARTED: { target: 'slowed', actions: assign({ hovered: true }) } } },
        slowed: { on: { HOVER_ENDED: { target: 'normal', actions: assign({ hovered: false }) } } },
      },
    },
    still: {
      on: {
        MOTION_PREFERENCE_CHANGED: [
          { guard: 'asksForFullWhileHovered', target: 'moving.slowed' },
          { guard: 'asksForFull', target: 'moving.normal' },
        ],
        HOVER_STARTED: { guard: 'isNotHovered', actions: assign({ hovered: true }) },
        HOVER_ENDED: { guard: 'isHovered', actions: assign({ hovered: false }) },
      },
    },
  },
})

export const carouselPaths: PathModel = {
  flow: 'landing testimonials carousel',
  model: carouselModel,
  events: [{ type: 'HOVER_STARTED' }, { type: 'HOVER_ENDED' }, { type: 'MOTION_PREFERENCE_CHANGED', reduce: true }, { type: 'MOTION_PREFERENCE_CHANGED', reduce: false }],
  app: {
    machine: carouselMachine,
    // After mount the view reports the motion preference and the tab's visibility.
    start: [
      { type: 'MOTION_PREFERENCE_CHANGED', reduce: false },
      { type: 'VISIBILITY_CHANGED', hidden: false },
    ],
    toAppEvent: (event) => event,
  },
}
