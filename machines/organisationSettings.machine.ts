import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { type AssessmentFailure, asAssessmentFailure } from '../src/domain/assessments'
import type { Frequency, Regulator } from '../src/domain/onboarding'
import {
  draftOf,
  hasProblems,
  type OrganisationSettings,
  sameDraft,
  type SettingsDraft,
  type SettingsField,
  type SettingsProblems,
  settingsProblems,
  toggleRegulator,
} from '../src/domain/organisationSettings'
import type { Sector } from '../src/domain/sectors'
import type { SessionUser } from './session.machine'

/**
 * /settings, the organisation's settings (issue 39, item 1), a page of the signed-in layout: its regulators (the
 * frameworks it assesses itself against), sector, review frequency and whether members get review reminders unless
 * they turn them off. loading reads them (rpc get_organisation_settings: the settings, the reader's role and the
 * admins' names); not in an organisation -> notMember; a failed read -> loadFailed with Try again. A member sees
 * them read-only with who can change them (readOnly).
 *
 * An admin edits them (ready.editing): SETTING_CHANGED changes the form; SAVE -> validating (the wizard's rules,
 * src/domain/organisationSettings.ts: each problem said at its field) -> saving (rpc update_organisation_settings with
 * the version read, which also re-syncs the assessments) -> saved ('Organisation settings saved'), or back to editing
 * with what was chosen kept and the failure said. Nothing changed: saved without a request. A save refused because
 * the person is no longer an admin -> readOnly, saying so.
 *
 * Another admin saved meanwhile (409 settings_conflict, naming them): conflict.reloading reads the settings as they
 * are now; conflict.deciding shows theirs beside this admin's, who keeps theirs (KEEP_MINE: saved over the new
 * version) or takes the other admin's (USE_THEIRS: back to editing with them). Nothing is lost either way.
 */
export interface OrganisationSettingsInput {
  user: SessionUser
}

export interface OrganisationSettingsContext extends OrganisationSettingsInput {
  /** The settings as last read or saved (in a conflict: as the other admin saved them); null until loaded. */
  settings: OrganisationSettings | null
  /** The admin's form. */
  draft: SettingsDraft
  /** Each field's problem, shown after SAVE until that field changes. */
  problems: SettingsProblems
  /** Why the last save failed (a dropped connection, a conflict, no longer an admin), or null. */
  failure: AssessmentFailure | null
}

export type SettingChange =
  | { field: 'regulator'; regulator: Regulator }
  | { field: 'sector'; sector: Sector | '' }
  | { field: 'frequency'; frequency: Frequency | '' }
  | { field: 'remindersDefault'; on: boolean }

export type OrganisationSettingsEvent =
  | { type: 'SETTING_CHANGED'; change: SettingChange }
  | { type: 'SAVE' }
  | { type: 'RETRY' }
  | { type: 'KEEP_MINE' }
  | { type: 'USE_THEIRS' }
  | { type: 'xstate.done.actor.loadSettings'; output: OrganisationSettings }
  | { type: 'xstate.error.actor.loadSettings'; error: unknown }
  | { type: 'xstate.done.actor.reloadSettings'; output: OrganisationSettings }
  | { type: 'xstate.error.actor.reloadSettings'; error: unknown }
  | { type: 'xstate.done.actor.saveSettings'; output: OrganisationSettings }
  | { type: 'xstate.error.actor.saveSettings'; error: unknown }

export interface SaveSettingsInput {
  draft: SettingsDraft
  /** The version the draft was made from. */
  expectedVersion: number
}

const EMPTY_DRAFT: SettingsDraft = { regulators: [], sector: '', frequency: '', remindersDefault: true }

function applyChange(draft: SettingsDraft, change: SettingChange): SettingsDraft {
  switch (change.field) {
    case 'regulator':
      return toggleRegulator(draft, change.regulator)
    case 'sector':
      return { ...draft, sector: change.sector }
    case 'frequency':
      return { ...draft, frequency: change.frequency }
    case 'remindersDefault':
      return { ...draft, remindersDefault: change.on }
  }
}

/** The field a change is about, whose problem it clears (the reminder default has no rule, so no problem). */
const problemField = (change: SettingChange): SettingsField | null =>
  change.field === 'regulator' ? 'regulators' : change.field === 'remindersDefault' ? null : change.field

const errorCode = (error: unknown) => asAssessmentFailure(error).code

export const organisationSettingsMachine = setup({
  types: {
    context: {} as OrganisationSettingsContext,
    events: {} as OrganisationSettingsEvent,
    input: {} as OrganisationSettingsInput,
  },
  actions: {
    /** Success toast 'Organisation settings saved'. */
    notifySaved: () => {},
    assignLoaded: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.loadSettings')
      return { settings: event.output, draft: draftOf(event.output), problems: {}, failure: null }
    }),
    assignChange: assign(({ context, event }) => {
      assertEvent(event, 'SETTING_CHANGED')
      const field = problemField(event.change)
      const problems = { ...context.problems }
      if (field) delete problems[field]
      return { draft: applyChange(context.draft, event.change), problems }
    }),
    assignProblems: assign(({ context }) => ({ problems: settingsProblems(context.draft), failure: null })),
    clearFailure: assign({ failure: null }),
    assignSaved: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.saveSettings')
      return { settings: event.output, draft: draftOf(event.output), problems: {}, failure: null }
    }),
    assignFailure: assign(({ event }) => {
      assertEvent(event, 'xstate.error.actor.saveSettings')
      return { failure: asAssessmentFailure(event.error) }
    }),
    /** No longer an admin: the settings are read-only from now on. */
    assignDemoted: assign(({ context, event }) => {
      assertEvent(event, 'xstate.error.actor.saveSettings')
      return { failure: asAssessmentFailure(event.error), settings: context.settings && { ...context.settings, role: 'member' as const } }
    }),
    /** The other admin's settings, as they are now; this admin's draft is kept. */
    assignTheirs: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.reloadSettings')
      return { settings: event.output }
    }),
    takeTheirs: assign(({ context }) => ({ draft: context.settings ? draftOf(context.settings) : context.draft, problems: {}, failure: null })),
  },
  actors: {
    /** rpc get_organisation_settings: the settings, the reader's role and the admins' names. */
    loadSettings: fromPromise<OrganisationSettings, { userId: string }>(() => Promise.reject(new Error('loadSettings not provided'))),
    /** The same read, after a conflict. */
    reloadSettings: fromPromise<OrganisationSettings, { userId: string }>(() => Promise.reject(new Error('reloadSettings not provided'))),
    /** rpc update_organisation_settings with the draft and the version it was made from; answers the saved settings. */
    saveSettings: fromPromise<OrganisationSettings, SaveSettingsInput>(() => Promise.reject(new Error('saveSettings not provided'))),
  },
  guards: {
    isAdmin: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.loadSettings')
      return event.output.role === 'admin'
    },
    isNotMember: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.loadSettings')
      return errorCode(event.error) === 'not_member'
    },
    hasProblems: ({ context }) => hasProblems(settingsProblems(context.draft)),
    isUnchanged: ({ context }) => context.settings !== null && sameDraft(context.draft, draftOf(context.settings)),
    isConflict: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.saveSettings')
      return errorCode(event.error) === 'settings_conflict'
    },
    isNotAdmin: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.saveSettings')
      return errorCode(event.error) === 'not_admin'
    },
  },
}).createMachine({
  id: 'organisationSettings',
  context: ({ input }) => ({ user: input.user, settings: null, draft: EMPTY_DRAFT, problems: {}, failure: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        input: ({ context }) => ({ userId: context.user.userId }),
        onDone: [
          { guard: 'isAdmin', target: 'ready', actions: 'assignLoaded' },
          { target: 'readOnly', actions: 'assignLoaded' },
        ],
        onError: [{ guard: 'isNotMember', target: 'notMember' }, { target: 'loadFailed' }],
      },
    },
    loadFailed: {
      on: { RETRY: 'loading' },
    },
    notMember: {},
    /** A member: the settings and who can change them. */
    readOnly: { tags: ['readOnly'] },
    ready: {
      initial: 'editing',
      states: {
        editing: {
          tags: ['form'],
          on: {
            SETTING_CHANGED: { actions: 'assignChange' },
            SAVE: 'validating',
          },
        },
        validating: {
          always: [
            { guard: 'hasProblems', target: 'editing', actions: 'assignProblems' },
            // Nothing changed: say so without a request.
            { guard: 'isUnchanged', target: 'saved', actions: 'clearFailure' },
            { target: 'saving', actions: 'clearFailure' },
          ],
        },
        saving: {
          tags: ['form', 'busy'],
          invoke: {
            id: 'saveSettings',
            src: 'saveSettings',
            input: ({ context }) => ({ draft: context.draft, expectedVersion: context.settings?.version ?? 0 }),
            onDone: { target: 'saved', actions: ['assignSaved', 'notifySaved'] },
            onError: [
              { guard: 'isConflict', target: 'conflict', actions: 'assignFailure' },
              { guard: 'isNotAdmin', target: '#organisationSettings.readOnly', actions: 'assignDemoted' },
              { target: 'editing', actions: 'assignFailure' },
            ],
          },
        },
        saved: {
          tags: ['form'],
          on: {
            SETTING_CHANGED: { target: 'editing', actions: 'assignChange' },
            SAVE: 'validating',
          },
        },
        conflict: {
          initial: 'reloading',
          states: {
            reloading: {
              tags: ['busy'],
              invoke: {
                id: 'reloadSettings',
                src: 'reloadSettings',
                input: ({ context }) => ({ userId: context.user.userId }),
                onDone: { target: 'deciding', actions: 'assignTheirs' },
                onError: 'reloadFailed',
              },
            },
            reloadFailed: {
              on: { RETRY: 'reloading' },
            },
            deciding: {
              on: {
                KEEP_MINE: '#organisationSettings.ready.validating',
                USE_THEIRS: { target: '#organisationSettings.ready.editing', actions: 'takeTheirs' },
              },
            },
          },
        },
      },
    },
  },
})
