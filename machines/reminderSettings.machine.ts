import { assertEvent, assign, fromPromise, setup } from 'xstate'

/**
 * The review reminders switch on /account (issue 30, item 3): "Review reminders: e-mail me a daily digest when
 * reviews fall due or actions go overdue". loading reads the person's own reminder_preferences row (RLS: own row
 * only); a failed read -> loadFailed with Try again. ready.idle shows the switch (on unless muted); TOGGLE ->
 * ready.saving (PATCH of the own row with the opposite setting; the switch is busy) -> idle with the saved setting
 * announced, or back to idle with the setting unchanged and the failure said (TOGGLE tries again).
 */
export interface ReminderSettingsContext {
  userId: string
  /** Whether the person has muted the reminders; null until loaded. */
  muted: boolean | null
  saveFailed: boolean
}

export type ReminderSettingsEvent =
  | { type: 'TOGGLE' }
  | { type: 'RETRY' }
  | { type: 'xstate.done.actor.loadReminderSetting'; output: boolean }
  | { type: 'xstate.error.actor.loadReminderSetting'; error: unknown }
  | { type: 'xstate.done.actor.saveReminderSetting'; output: undefined }
  | { type: 'xstate.error.actor.saveReminderSetting'; error: unknown }

export const reminderSettingsMachine = setup({
  types: {
    context: {} as ReminderSettingsContext,
    events: {} as ReminderSettingsEvent,
    input: {} as { userId: string },
  },
  actions: {
    /** Announces the saved setting (a polite status message): 'Review reminders on' or 'Review reminders off'. */
    announceSaved: (_, _params: { muted: boolean }) => {},
    assignLoaded: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.loadReminderSetting')
      return { muted: event.output, saveFailed: false }
    }),
    /** The opposite setting, now stored. */
    assignSaved: assign(({ context }) => ({ muted: !context.muted, saveFailed: false })),
    markSaveFailed: assign({ saveFailed: true }),
    clearSaveFailed: assign({ saveFailed: false }),
  },
  actors: {
    /** The person's own reminder_preferences row: whether they muted the reminders. */
    loadReminderSetting: fromPromise<boolean, { userId: string }>(() => Promise.reject(new Error('loadReminderSetting not provided'))),
    /** PATCH reminder_preferences?id=eq.<own id> with review_reminders_muted; resolves once the row says so. */
    saveReminderSetting: fromPromise<void, { userId: string; muted: boolean }>(() => Promise.reject(new Error('saveReminderSetting not provided'))),
  },
}).createMachine({
  id: 'reminderSettings',
  context: ({ input }) => ({ userId: input.userId, muted: null, saveFailed: false }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadReminderSetting',
        src: 'loadReminderSetting',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: { target: 'ready', actions: 'assignLoaded' },
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      on: { RETRY: 'loading' },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: { TOGGLE: { target: 'saving', actions: 'clearSaveFailed' } },
        },
        saving: {
          tags: ['saving'],
          invoke: {
            id: 'saveReminderSetting',
            src: 'saveReminderSetting',
            input: ({ context }) => ({ userId: context.userId, muted: !context.muted }),
            onDone: {
              target: 'idle',
              actions: ['assignSaved', { type: 'announceSaved', params: ({ context }) => ({ muted: context.muted === true }) }],
            },
            onError: { target: 'idle', actions: 'markSaveFailed' },
          },
        },
      },
    },
  },
})
