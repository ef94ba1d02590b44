import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { isSsoProfileValid, parseStaff } from '../src/domain/onboarding'

/**
 * The SSO profile dialog (spec sections 2, 4, 5, 8): 'Almost there — set up your workspace', company name
 * (longer than 1 character after trim) and number of staff (a whole number, at least 1); Continue is disabled
 * until both are valid. Submitting calls update_self_profile_details; success says 'Details saved' and ends
 * with `saved`, failure says 'Something went wrong' and keeps the dialog open with what was typed. Closing
 * ends with `closed`. The onboarding gate invokes this machine as its child `ssoProfile`.
 */
export interface SsoProfileContext {
  provider: string | null
  company: string
  staff: string
  /** Set when the dialog ends: true after a successful save, false when closed. */
  saved: boolean
}

export type SsoProfileEvent =
  | { type: 'COMPANY_CHANGED'; value: string }
  | { type: 'STAFF_CHANGED'; value: string }
  | { type: 'SUBMIT' }
  | { type: 'CLOSE' }

export interface SaveProfileInput {
  companyName: string
  staffCount: number
}

export const ssoProfileMachine = setup({
  types: {
    context: {} as SsoProfileContext,
    events: {} as SsoProfileEvent,
    input: {} as { provider: string | null },
    output: {} as { saved: boolean },
  },
  actions: {
    /** Toast 'Details saved'. */
    notifyDetailsSaved: () => {},
    /** Destructive toast 'Something went wrong' / 'Please try again in a moment.' */
    notifySaveFailed: () => {},
    assignCompany: assign({
      company: ({ event }) => {
        assertEvent(event, 'COMPANY_CHANGED')
        return event.value.slice(0, 200)
      },
    }),
    assignStaff: assign({
      staff: ({ event }) => {
        assertEvent(event, 'STAFF_CHANGED')
        return event.value.slice(0, 9)
      },
    }),
    markSaved: assign({ saved: true }),
  },
  actors: {
    /** rpc update_self_profile_details(p_company_name, 'Unassigned', p_staff_count). */
    saveProfile: fromPromise<void, SaveProfileInput>(async () => {
      throw new Error('saveProfile not provided')
    }),
  },
  guards: {
    isProfileValid: ({ context }) => isSsoProfileValid(context.company, context.staff),
  },
}).createMachine({
  id: 'ssoProfile',
  context: ({ input }) => ({ provider: input.provider, company: '', staff: '', saved: false }),
  output: ({ context }) => ({ saved: context.saved }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        COMPANY_CHANGED: { actions: 'assignCompany' },
        STAFF_CHANGED: { actions: 'assignStaff' },
        SUBMIT: { guard: 'isProfileValid', target: 'submitting' },
        CLOSE: { target: 'closed' },
      },
    },
    submitting: {
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: ({ context }) => ({ companyName: context.company.trim(), staffCount: parseStaff(context.staff) ?? 1 }),
        onDone: { target: 'saved', actions: 'markSaved' },
        onError: { target: 'editing', actions: 'notifySaveFailed' },
      },
    },
    saved: { type: 'final', entry: 'notifyDetailsSaved' },
    closed: { type: 'final' },
  },
})
