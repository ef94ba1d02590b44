import { assertEvent, assign, fromPromise, setup } from 'xstate'
import {
  evaluatePartnerApplication,
  PARTNER_DEFAULT_DRAFT,
  type PartnerApplicationDraft,
  type PartnerField,
  partnerSummary,
} from '../src/domain/partnerApplication'

/**
 * Partner application (/partner-apply). The draft lives here; the summary, chips, persona and mailto link are
 * derived from it by pure domain functions, so they regenerate on every keystroke. Emailing is a plain mailto
 * link (no machine step needed); copying is a flow: copying -> copied (indicator for the spec's 2 seconds)
 * or copyFailed (a clear message, the summary selected so it can be copied by hand). No network call.
 * Side effects (clipboard, toasts, selecting the text) are named stubs the view provides.
 */
export interface PartnerApplicationContext {
  draft: PartnerApplicationDraft
}

export type PartnerApplicationEvent =
  | { type: 'FIELD_CHANGED'; field: PartnerField; value: string }
  | { type: 'COPY' }

export const partnerApplicationMachine = setup({
  types: {
    context: {} as PartnerApplicationContext,
    events: {} as PartnerApplicationEvent,
    input: {} as { draft?: PartnerApplicationDraft },
  },
  actions: {
    /** Toast 'Application summary copied' / 'Paste it into an email or the contact form.' */
    notifyCopied: () => {},
    /** Destructive toast saying the clipboard refused. */
    notifyCopyFailed: () => {},
    /** Select the summary text so it can be copied by hand. */
    selectSummary: () => {},
    assignField: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'FIELD_CHANGED')
        return { ...context.draft, [event.field]: event.value }
      },
    }),
  },
  actors: {
    /** Write the text to the clipboard; rejects when the browser refuses. */
    copyToClipboard: fromPromise<void, { text: string }>(async () => {
      throw new Error('copyToClipboard not provided')
    }),
  },
  guards: {
    isApplicationValid: ({ context }) => evaluatePartnerApplication(context.draft).ok,
  },
  delays: {
    /** Spec section 9: copy-confirmation indicator 2 seconds. */
    copiedIndicatorDelay: 2000,
  },
}).createMachine({
  id: 'partnerApplication',
  context: ({ input }) => ({ draft: { ...(input?.draft ?? PARTNER_DEFAULT_DRAFT) } }),
  initial: 'idle',
  on: {
    FIELD_CHANGED: { actions: 'assignField' },
  },
  states: {
    idle: {
      on: { COPY: { guard: 'isApplicationValid', target: 'copying' } },
    },
    copying: {
      invoke: {
        id: 'copySummary',
        src: 'copyToClipboard',
        input: ({ context }) => ({ text: partnerSummary(context.draft) }),
        onDone: { target: 'copied', actions: 'notifyCopied' },
        onError: { target: 'copyFailed', actions: ['notifyCopyFailed', 'selectSummary'] },
      },
    },
    copied: {
      after: { copiedIndicatorDelay: 'idle' },
      on: { COPY: { guard: 'isApplicationValid', target: 'copying' } },
    },
    copyFailed: {
      on: { COPY: { guard: 'isApplicationValid', target: 'copying' } },
    },
  },
})
