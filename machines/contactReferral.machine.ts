import { assertEvent, assign, fromPromise, setup } from 'xstate'
import {
  buildReferralMailto,
  buildReferralPayload,
  DEFAULT_PROGRAMME,
  EMPTY_VALUES,
  failureKind,
  firstInvalidField,
  type ProgrammeId,
  type ReferralErrors,
  type ReferralField,
  type ReferralPayload,
  type ReferralValues,
  type SendFailure,
  validateReferral,
} from '../src/domain/contact'

/**
 * The referral contact form (spec sections 2, 3, 5 and 7). The form is editable in `form.*`; a valid SUBMIT
 * goes to `sending` (the button reads 'Sending referral...' and is disabled; edits are ignored so what is
 * shown is what is sent). The send-contact call is the named actor `sendReferral`. Success clears name,
 * e-mail and message and shows 'Message sent'; ANY error (network down, 429, 4xx, 5xx) takes the fallback:
 * a toast, the mail client opened with the same subject and body, and the mailto link kept in context for
 * the page, with everything typed kept. Leaving `sending` is what clears the sending flag in both cases.
 * The programme arrives after mount (PROGRAMME_SELECTED), because the prerendered page has no query string.
 */
export interface ContactReferralContext {
  values: ReferralValues
  errors: ReferralErrors
  /** After the first submit attempt errors follow every edit, so a fixed field clears its error at once. */
  attempted: boolean
  programme: ProgrammeId
  to: string
  brand: string
  failure: SendFailure | null
  /** The fallback mailto link of the last failed send, shown on the page until the next send. */
  mailto: string | null
}

export interface ContactReferralInput {
  to: string
  brand: string
}

export type ContactReferralEvent =
  | { type: 'FIELD_CHANGED'; field: keyof ReferralValues; value: string }
  | { type: 'PROGRAMME_SELECTED'; programme: ProgrammeId }
  | { type: 'SUBMIT' }

const settingsOf = (context: ContactReferralContext) => ({ programme: context.programme, to: context.to, brand: context.brand })

export const contactReferralMachine = setup({
  types: {
    context: {} as ContactReferralContext,
    events: {} as ContactReferralEvent,
    input: {} as ContactReferralInput,
  },
  actions: {
    /** Focus the first field with an error (name, e-mail, message order). */
    focusField: (_, _params: { field: ReferralField | undefined }) => {},
    /** Toast 'Message sent' / 'Thank you for your referral. We'll be in touch shortly.' */
    notifySent: () => {},
    /** Toast 'Opening mail client' / "If it didn't open, email {address}". */
    notifyFallback: (_, _params: { address: string }) => {},
    /** Open the mail client: window.location.href = href. */
    openMailClient: (_, _params: { href: string }) => {},
    updateField: assign(({ context, event }) => {
      assertEvent(event, 'FIELD_CHANGED')
      const values = { ...context.values, [event.field]: event.value }
      return { values, errors: context.attempted ? validateReferral(values) : context.errors }
    }),
    selectProgramme: assign({
      programme: ({ event }) => {
        assertEvent(event, 'PROGRAMME_SELECTED')
        return event.programme
      },
    }),
    showErrors: assign({ attempted: true, errors: ({ context }) => validateReferral(context.values) }),
    startSend: assign({ attempted: false, errors: {}, failure: null, mailto: null }),
    clearForm: assign({ values: { ...EMPTY_VALUES } }),
    recordFailure: assign(({ context }, params: { error: unknown }) => ({
      failure: failureKind(params.error),
      mailto: buildReferralMailto(context.values, settingsOf(context)),
    })),
  },
  actors: {
    /** Send the referral to the send-contact function; rejects on any error (src/backend/referral.ts). */
    sendReferral: fromPromise<void, ReferralPayload>(async () => {
      throw new Error('sendReferral is not provided')
    }),
  },
  guards: {
    isReferralValid: ({ context }) => Object.keys(validateReferral(context.values)).length === 0,
  },
}).createMachine({
  id: 'contactReferral',
  context: ({ input }) => ({
    values: { ...EMPTY_VALUES },
    errors: {},
    attempted: false,
    programme: DEFAULT_PROGRAMME,
    to: input.to,
    brand: input.brand,
    failure: null,
    mailto: null,
  }),
  initial: 'form',
  states: {
    form: {
      initial: 'idle',
      on: {
        FIELD_CHANGED: { actions: 'updateField' },
        PROGRAMME_SELECTED: { actions: 'selectProgramme' },
        SUBMIT: [
          { guard: 'isReferralValid', target: 'sending', actions: 'startSend' },
          {
            actions: [
              'showErrors',
              {
                type: 'focusField',
                params: ({ context }) => ({ field: firstInvalidField(validateReferral(context.values)) }),
              },
            ],
          },
        ],
      },
      states: {
        idle: {},
        success: { entry: ['clearForm', 'notifySent'] },
        fallback: {
          entry: [
            { type: 'notifyFallback', params: ({ context }) => ({ address: context.to }) },
            {
              type: 'openMailClient',
              params: ({ context }) => ({ href: buildReferralMailto(context.values, settingsOf(context)) }),
            },
          ],
        },
      },
    },
    sending: {
      invoke: {
        id: 'sendReferral',
        src: 'sendReferral',
        input: ({ context }) => buildReferralPayload(context.values, settingsOf(context)),
        onDone: { target: 'form.success' },
        onError: {
          target: 'form.fallback',
          actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
})
