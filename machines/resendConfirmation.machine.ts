import { assign, fromPromise, setup } from 'xstate'
import { errorOf } from './actorEvents'
import { RESEND_INTERVAL_SECONDS } from '../src/domain/account'
import { authFailureKind, retryAfterSeconds } from '../src/domain/authErrors'
import { confirmationRedirect } from '../src/domain/signup'

/**
 * 'Resend email' for a confirmation e-mail (issue 15, item 5): on the 'Check your email' panel after sign-up and
 * on sign-in's 'confirm your email first' panel. GoTrue sends at most one e-mail per address every 60 seconds, so
 * after a send (and right after sign-up, when the first e-mail has just gone) the button is disabled with a visible
 * countdown, one `tick` a second. A 429 is explained and counts down the seconds the server named; a network
 * failure says so and leaves the button ready. Nothing here ever fails silently.
 */
export interface ResendConfirmationInput {
  email: string
  origin: string
  /** An e-mail was sent a moment ago (the sign-up itself): start with the countdown. */
  justSent: boolean
}

export type ResendOutcome = 'sent' | 'rateLimited' | 'network' | 'unexpected'

export interface ResendConfirmationContext {
  email: string
  origin: string
  justSent: boolean
  /** Seconds until the button is ready again (0 when ready). */
  secondsLeft: number
  /** How the last request ended, or null before the first. */
  outcome: ResendOutcome | null
}

export type ResendConfirmationEvent =
  | { type: 'RESEND' }
  | { type: 'xstate.done.actor.resend'; output: undefined }
  | { type: 'xstate.error.actor.resend'; error: unknown }
  | { type: 'xstate.after.tick.resendConfirmation.coolingDown' }

export const resendConfirmationMachine = setup({
  types: {
    context: {} as ResendConfirmationContext,
    events: {} as ResendConfirmationEvent,
    input: {} as ResendConfirmationInput,
  },
  actions: {
    startCooldown: assign((_, params: { seconds: number; outcome: ResendOutcome | null }) => ({
      secondsLeft: params.seconds,
      outcome: params.outcome,
    })),
    countDown: assign({ secondsLeft: ({ context }) => Math.max(0, context.secondsLeft - 1) }),
    assignFailure: assign(({ event }) => ({
      outcome: authFailureKind(errorOf(event)) === 'network' ? ('network' as const) : ('unexpected' as const),
      secondsLeft: 0,
    })),
  },
  actors: {
    /** supabase-js auth.resend({ type: 'signup', email, options: { emailRedirectTo } }). */
    resend: fromPromise<void, { email: string; emailRedirectTo: string }>(() => Promise.reject(new Error('resend not provided'))),
  },
  guards: {
    wasJustSent: ({ context }) => context.justSent,
    isRateLimited: ({ event }) => authFailureKind(errorOf(event)) === 'rateLimited',
    isLastSecond: ({ context }) => context.secondsLeft <= 1,
  },
  delays: {
    /** The countdown's step: one second. */
    tick: 1000,
  },
}).createMachine({
  id: 'resendConfirmation',
  context: ({ input }) => ({ email: input.email, origin: input.origin, justSent: input.justSent, secondsLeft: 0, outcome: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        {
          guard: 'wasJustSent',
          target: 'coolingDown',
          actions: { type: 'startCooldown', params: { seconds: RESEND_INTERVAL_SECONDS, outcome: null } },
        },
        { target: 'ready' },
      ],
    },
    ready: {
      on: { RESEND: 'sending' },
    },
    sending: {
      invoke: {
        id: 'resend',
        src: 'resend',
        input: ({ context }) => ({ email: context.email, emailRedirectTo: confirmationRedirect(context.origin) }),
        onDone: {
          target: 'coolingDown',
          actions: { type: 'startCooldown', params: { seconds: RESEND_INTERVAL_SECONDS, outcome: 'sent' } },
        },
        onError: [
          {
            guard: 'isRateLimited',
            target: 'coolingDown',
            actions: {
              type: 'startCooldown',
              // One second more than the server named: it counts from before its answer travelled here.
              params: ({ event }) => ({ seconds: (retryAfterSeconds(event.error) ?? RESEND_INTERVAL_SECONDS - 1) + 1, outcome: 'rateLimited' }),
            },
          },
          { target: 'ready', actions: 'assignFailure' },
        ],
      },
    },
    coolingDown: {
      after: {
        tick: [
          { guard: 'isLastSecond', target: 'ready', actions: 'countDown' },
          { target: 'coolingDown', reenter: true, actions: 'countDown' },
        ],
      },
    },
  },
})
