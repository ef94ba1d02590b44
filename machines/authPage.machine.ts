import { assertEvent, assign, setup } from 'xstate'
import { type AuthMode, authMode } from '../src/domain/routeSearch'
import type { AuthArrival } from '../src/domain/signup'
import { emailConfirmationMachine } from './emailConfirmation.machine'
import { passwordResetMachine } from './passwordReset.machine'
import { signInMachine } from './signIn.machine'
import { signupMachine } from './signup.machine'
import { ssoSignInMachine } from './ssoSignIn.machine'

/**
 * /auth, one page with several flows (issue 26): the parent that decides what the page is for and invokes the flows.
 * The prerendered page cannot know its query, so it starts `arriving` (all three forms, the head script showing the
 * right one); after hydration the view sends ARRIVED once with what the URL says (its query, and the fragment of
 * GoTrue's implicit flow). Then, side by side:
 * - `form`: which form the URL asks for, by the same rule as the head script (`authMode`): sign-in (the default),
 *   sign-up (`?mode=signup`, or a sign-up confirmation link) or password reset (`?mode=reset`, or the recovery link),
 *   where the reset flow is invoked with the link's parameters. A client-side navigation between the forms (Create an
 *   account, Sign in, Forgot password?, the browser's Back) is MODE_CHANGED.
 * - `arrival`: a confirmation link (a code, tokens, an error, `verified=true`, `type=signup`) invokes the e-mail
 *   confirmation flow with its parameters; a recovery link belongs to the reset.
 * The sign-in, sign-up and SSO flows run as long as the page; an SSO provider's refusal, forwarded by the onboarding
 * gate as `sso_error`, is handed to the SSO flow, which explains it.
 */
export interface AuthPageContext {
  origin: string
  /** What the URL said when the page arrived (query and fragment), read once. */
  arrival: AuthArrival
  /** The form the URL asks for now. */
  mode: AuthMode
  /** Whether the reset flow has had the arrival's link (a later reset starts with the request form). */
  resetArrivalUsed: boolean
}

export type AuthPageEvent =
  | { type: 'ARRIVED'; arrival: AuthArrival }
  | { type: 'MODE_CHANGED'; mode: AuthMode }
  | { type: 'xstate.done.actor.confirmation'; output: unknown }

/** A recovery link (or the reset form) is the reset flow's; every other arrival is the confirmation's. */
const isRecovery = (a: AuthArrival) => a.type === 'recovery' || a.mode === 'reset'

export const authPageMachine = setup({
  types: {
    context: {} as AuthPageContext,
    events: {} as AuthPageEvent,
    input: {} as { origin: string },
  },
  actions: {
    assignArrival: assign(({ event }) => {
      assertEvent(event, 'ARRIVED')
      return { arrival: event.arrival, mode: authMode(event.arrival) }
    }),
    assignMode: assign({
      mode: ({ event }) => {
        assertEvent(event, 'MODE_CHANGED')
        return event.mode
      },
    }),
    markResetArrivalUsed: assign({ resetArrivalUsed: true }),
  },
  actors: {
    signIn: signInMachine,
    signup: signupMachine,
    ssoSignIn: ssoSignInMachine,
    passwordReset: passwordResetMachine,
    emailConfirmation: emailConfirmationMachine,
  },
  guards: {
    isResetMode: ({ context }) => context.mode === 'reset',
    isSignUpMode: ({ context }) => context.mode === 'signup',
    changesMode: ({ context, event }) => {
      assertEvent(event, 'MODE_CHANGED')
      return event.mode !== context.mode
    },
    hasConfirmationArrival: ({ context }) => {
      const a = context.arrival
      if (isRecovery(a)) return false
      return Boolean(a.error || a.error_code || a.code || (a.access_token && a.refresh_token) || a.verified === 'true' || a.type === 'signup')
    },
  },
}).createMachine({
  id: 'authPage',
  context: ({ input }) => ({ origin: input.origin, arrival: {}, mode: 'signin', resetArrivalUsed: false }),
  initial: 'arriving',
  states: {
    /** The prerendered page: every form, the head script showing the one the URL asks for. */
    arriving: {
      on: { ARRIVED: { target: 'page', actions: 'assignArrival' } },
    },
    page: {
      type: 'parallel',
      invoke: [
        { id: 'signIn', src: 'signIn' },
        { id: 'signup', src: 'signup', input: ({ context }) => ({ origin: context.origin }) },
        {
          id: 'sso',
          src: 'ssoSignIn',
          input: ({ context }) => ({
            origin: context.origin,
            providerError: context.arrival.sso_error
              ? { code: context.arrival.sso_error, description: context.arrival.sso_error_description ?? '' }
              : null,
          }),
        },
      ],
      states: {
        form: {
          initial: 'deciding',
          on: { MODE_CHANGED: { guard: 'changesMode', target: '.deciding', actions: 'assignMode' } },
          states: {
            deciding: {
              always: [{ guard: 'isResetMode', target: 'reset' }, { guard: 'isSignUpMode', target: 'signUp' }, { target: 'signIn' }],
            },
            signIn: { tags: ['signin'] },
            signUp: { tags: ['signup'] },
            reset: {
              tags: ['reset'],
              exit: 'markResetArrivalUsed',
              invoke: {
                id: 'reset',
                src: 'passwordReset',
                // The arrival's recovery link the first time; afterwards (Forgot password? again) the request form.
                input: ({ context }) => ({
                  origin: context.origin,
                  params: !context.resetArrivalUsed && isRecovery(context.arrival) ? context.arrival : { mode: 'reset' },
                }),
              },
            },
          },
        },
        arrival: {
          initial: 'deciding',
          states: {
            deciding: {
              always: [{ guard: 'hasConfirmationArrival', target: 'confirming' }, { target: 'settled' }],
            },
            confirming: {
              invoke: {
                id: 'confirmation',
                src: 'emailConfirmation',
                input: ({ context }) => ({ origin: context.origin, params: context.arrival }),
                onDone: 'settled',
              },
            },
            /** Nothing (more) to confirm: the forms are all there is. */
            settled: { type: 'final' },
          },
        },
      },
    },
  },
})
