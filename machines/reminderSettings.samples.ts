import type { AnyEventObject } from 'xstate'

/** machines/reminderSettings.machine.ts's samples, for its graph, the page drivers and the tests (docs/flows-and-testing.md#the-machine-convention). */

/** The signed-in person the page hands the machine. */
export const reminderSettingsSampleInput: { userId: string } = { userId: '00000000-0000-4000-8000-000000000001' }

export const reminderSettingsSampleEvents = [
  { type: 'TOGGLE' },
  { type: 'RETRY' },
  { type: 'xstate.done.actor.loadReminderSetting', output: false },
  { type: 'xstate.done.actor.loadReminderSetting', output: true },
  { type: 'xstate.error.actor.loadReminderSetting', error: new Error('Failed to fetch') },
  { type: 'xstate.done.actor.saveReminderSetting', output: undefined },
  { type: 'xstate.error.actor.saveReminderSetting', error: new Error('Failed to fetch') },
] as const satisfies readonly AnyEventObject[]
