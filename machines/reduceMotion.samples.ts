import type { ReduceMotionEvent } from './reduceMotion.machine'

/** machines/reduceMotion.machine.ts's samples, for its graph, the page drivers and the tests (docs/flows-and-testing.md#the-machine-convention). */

/**
 * Sample events for path generation (machines/graph tools). Another tab storing "off" is here so that resolving to
 * full motion is also a step of a path (the tour then takes both ways out of resolving after the start); the
 * planner prefers earlier events among equally new ones, hence TOGGLE last.
 */
export const reduceMotionSampleEvents: ReduceMotionEvent[] = [
  { type: 'SYSTEM_PREFERENCE_CHANGED', reduce: true },
  { type: 'SYSTEM_PREFERENCE_CHANGED', reduce: false },
  { type: 'STORED_SETTING_CHANGED', value: false },
  { type: 'STORED_SETTING_CHANGED', value: null },
  { type: 'TOGGLE' },
]

/** Sample inputs for the living spec (npm run flows): what the server renders, and a stored choice. */
export const reduceMotionSampleInputs = [
  { stored: null, system: false },
  { stored: true, system: false },
]
