import { type AnyEventObject, assertEvent, assign, setup } from 'xstate'
import { emailConfirmationMachine } from '../../machines/emailConfirmation.machine'
import type { PathModel } from './model'

/**
 * Test model of arriving at /auth after the confirmation e-mail. The page starts as /auth with nothing to
 * confirm (`none`: the sign-up form); OPEN_LINK opens it again the way a link does: ?type=signup without a
 * session (still the form), ?error_code=otp_expired (the link expired: a form for a new e-mail), ?verified=true,
 * the mailed link in the browser that signed up (its PKCE code verifier there: the code exchange is held until
 * CODE_ANSWERED or CODE_DROPPED) or in another browser (no verifier: 'Your email is confirmed'). REDIRECT_DELAY
 * is the real 1-second redirect to the app. A dropped exchange never reached the server, so the code is still
 * good: Try again exchanges it again (src/backend/auth.ts puts back the code verifier that supabase-js deletes
 * on any failure). The resend call is held until RESEND_SUCCEEDED / RESEND_FAILED.
 * State ids are the app machine's (`emailConfirmation.linkInvalid`, …).
 */
export type LinkKind = 'signup' | 'expired' | 'verified' | 'code' | 'codeElsewhere'

export type EmailConfirmationModelEvent =
  | { type: 'OPEN_LINK'; link: LinkKind }
  | { type: 'CODE_ANSWERED' }
  | { type: 'CODE_DROPPED' }
  | { type: 'RETRY' }
  | { type: 'REDIRECT_DELAY' }
  | { type: 'REQUEST_NEW_EMAIL'; email: 'invalid' | 'valid' }
  | { type: 'RESEND_SUCCEEDED' }
  | { type: 'RESEND_FAILED' }

export interface EmailConfirmationModelContext {
  link: LinkKind | null
  /** Title of the toast the last step raised. */
  toast: string | null
}

export const emailConfirmationModel = setup({
  types: { context: {} as EmailConfirmationModelContext, events: {} as EmailConfirmationModelEvent },
  actions: {
    open: assign({
      link: ({ event }) => {
        assertEvent(event, 'OPEN_LINK')
        return event.link
      },
      toast: null,
    }),
  },
  guards: {
    // One link per path, opened on the fresh page, so the paths stay few.
    isFreshPage: ({ context }) => context.link === null,
    opens: ({ context, event }, link: LinkKind) => context.link === null && event.type === 'OPEN_LINK' && event.link === link,
    isInvalidEmail: ({ event }) => event.type === 'REQUEST_NEW_EMAIL' && event.email === 'invalid',
  },
}).createMachine({
  id: 'emailConfirmation',
  context: { link: null, toast: null },
  initial: 'none',
  states: {
    none: {
      on: {
        OPEN_LINK: [
          { guard: { type: 'opens', params: 'expired' }, target: 'linkInvalid', actions: 'open' },
          { guard: { type: 'opens', params: 'verified' }, target: 'verified', actions: ['open', assign({ toast: 'Email verified!' })] },
          { guard: { type: 'opens', params: 'code' }, target: 'exchangingCode', actions: 'open' },
          { guard: { type: 'opens', params: 'codeElsewhere' }, target: 'confirmedElsewhere', actions: 'open' },
          { guard: 'isFreshPage', actions: 'open' },
        ],
      },
    },
    exchangingCode: {
      on: {
        CODE_ANSWERED: { target: 'confirmed', actions: assign({ toast: 'Email confirmed!' }) },
        CODE_DROPPED: { target: 'failed', actions: assign({ toast: 'Unexpected error' }) },
      },
    },
    failed: { on: { RETRY: { target: 'exchangingCode', actions: assign({ toast: null }) } } },
    confirmed: { on: { REDIRECT_DELAY: 'redirecting' } },
    verified: { on: { REDIRECT_DELAY: 'redirecting' } },
    redirecting: { type: 'final' },
    confirmedElsewhere: {},
    linkInvalid: {
      on: {
        REQUEST_NEW_EMAIL: [
          { guard: 'isInvalidEmail', actions: assign({ toast: 'Check your email' }) },
          { target: 'resending', actions: assign({ toast: null }) },
        ],
      },
    },
    resending: {
      on: {
        RESEND_SUCCEEDED: { target: 'resent', actions: assign({ toast: 'Confirmation email sent' }) },
        RESEND_FAILED: { target: 'linkInvalid', actions: assign({ toast: 'Could not send the email' }) },
      },
    },
    resent: {},
  },
})

const params: Record<LinkKind, AnyEventObject['params']> = {
  signup: { type: 'signup' },
  expired: { type: 'signup', error: 'access_denied', error_code: 'otp_expired', error_description: 'Email link is invalid or has expired' },
  verified: { verified: 'true' },
  code: { type: 'signup', code: 'path-code' },
  codeElsewhere: { type: 'signup', code: 'path-code' },
}
const verifierMissing = { kind: 'confirmation', code: 'pkce_code_verifier_not_found', message: 'PKCE code verifier not found in storage.' }

export const emailConfirmationPaths: PathModel = {
  flow: 'e-mail confirmation (/auth)',
  model: emailConfirmationModel,
  events: [
    ...(['signup', 'expired', 'verified', 'code', 'codeElsewhere'] as const).map((link) => ({ type: 'OPEN_LINK', link })),
    { type: 'CODE_ANSWERED' },
    { type: 'CODE_DROPPED' },
    { type: 'RETRY' },
    { type: 'REDIRECT_DELAY' },
    { type: 'REQUEST_NEW_EMAIL', email: 'invalid' },
    { type: 'REQUEST_NEW_EMAIL', email: 'valid' },
    { type: 'RESEND_SUCCEEDED' },
    { type: 'RESEND_FAILED' },
  ],
  app: {
    machine: emailConfirmationMachine,
    input: { origin: 'https://site.example' },
    toAppEvent: (event) => {
      switch (event.type) {
        // A link opens a new page whose app machine starts idle and arrives with the link's parameters (each
        // path opens one link, so the replay needs no arrival for the first /auth page).
        case 'OPEN_LINK': {
          const arrived = { type: 'ARRIVED', params: params[event.link as LinkKind] }
          if (event.link === 'codeElsewhere') return [arrived, { type: 'xstate.error.actor.exchangeCode', error: verifierMissing }]
          if (event.link === 'signup') return [arrived, { type: 'xstate.done.actor.getSession', output: { hasSession: false } }]
          return arrived
        }
        case 'CODE_ANSWERED':
          return { type: 'xstate.done.actor.exchangeCode', output: undefined }
        case 'CODE_DROPPED':
          return { type: 'xstate.error.actor.exchangeCode', error: { kind: 'network', message: 'Failed to fetch' } }
        case 'RETRY':
          return { type: 'RETRY' }
        case 'REDIRECT_DELAY':
          return [{ type: 'xstate.after.redirectDelay.emailConfirmation.confirmed' }, { type: 'xstate.after.redirectDelay.emailConfirmation.verified' }]
        case 'REQUEST_NEW_EMAIL':
          return { type: 'RESEND_REQUESTED', email: event.email === 'valid' ? 'ada@sunrise-care.co.uk' : 'not an email' }
        case 'RESEND_SUCCEEDED':
          return { type: 'xstate.done.actor.resendConfirmation', output: undefined }
        case 'RESEND_FAILED':
          return { type: 'xstate.error.actor.resendConfirmation', error: { kind: 'network', message: 'Failed to fetch' } }
        default:
          return null
      }
    },
  },
}
