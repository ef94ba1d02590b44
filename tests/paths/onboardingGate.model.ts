import { setup } from 'xstate'
import { onboardingGateMachine } from '../../machines/onboardingGate.machine'
import type { PathModel } from './model'

/**
 * Test model of the /onboarding gate as a user meets it. The page opens with a stored session whose access
 * token has expired, so "checking the session" waits on the token refresh, and the completion-status call is
 * held too; their answers are explicit events: SESSION_VALID (the refresh succeeds) or SESSION_INVALID (the
 * refresh token is unknown: no session, back to /), then STATUS_SSO_INCOMPLETE (a new SSO user: the dialog
 * naming the provider), STATUS_COMPLETE (the profile was completed meanwhile: 'Account setup complete!') or
 * STATUS_FAILED (the call drops: completes silently). In the dialog the user saves (DIALOG_SAVED: complete) or
 * closes it (DIALOG_CLOSED: home, no completion message). The dialog's own states are the ssoProfile model.
 */
export type OnboardingGateModelEvent =
  | { type: 'SESSION_VALID' }
  | { type: 'SESSION_INVALID' }
  | { type: 'STATUS_SSO_INCOMPLETE' }
  | { type: 'STATUS_COMPLETE' }
  | { type: 'STATUS_FAILED' }
  | { type: 'DIALOG_SAVED' }
  | { type: 'DIALOG_CLOSED' }

export const onboardingGateModel = setup({
  types: { events: {} as OnboardingGateModelEvent },
}).createMachine({
  id: 'onboardingGate',
  initial: 'checkingSession',
  states: {
    checkingSession: { on: { SESSION_VALID: 'checkingStatus', SESSION_INVALID: 'signedOut' } },
    checkingStatus: { on: { STATUS_SSO_INCOMPLETE: 'ssoProfile', STATUS_COMPLETE: 'complete', STATUS_FAILED: 'complete' } },
    ssoProfile: { on: { DIALOG_SAVED: 'complete', DIALOG_CLOSED: 'dismissed' } },
    complete: { type: 'final' },
    dismissed: { type: 'final' },
    signedOut: { type: 'final' },
  },
})

const session = { userId: '00000000-0000-4000-8000-000000000001', email: 'path-sso@sunrise-care.co.uk' }
const status = (required: boolean) => ({ profile_completion_required: required, signup_method: 'sso', last_sso_provider: 'google' })

export const onboardingGatePaths: PathModel = {
  flow: 'onboarding gate (/onboarding)',
  model: onboardingGateModel,
  events: [
    { type: 'SESSION_VALID' },
    { type: 'SESSION_INVALID' },
    { type: 'STATUS_SSO_INCOMPLETE' },
    { type: 'STATUS_COMPLETE' },
    { type: 'STATUS_FAILED' },
    { type: 'DIALOG_SAVED' },
    { type: 'DIALOG_CLOSED' },
  ],
  app: {
    machine: onboardingGateMachine,
    toAppEvent: (event) => {
      switch (event.type) {
        case 'SESSION_VALID':
          return { type: 'xstate.done.actor.getSession', output: session }
        case 'SESSION_INVALID':
          return { type: 'xstate.done.actor.getSession', output: null }
        case 'STATUS_SSO_INCOMPLETE':
          return { type: 'xstate.done.actor.getCompletionStatus', output: status(true) }
        case 'STATUS_COMPLETE':
          return { type: 'xstate.done.actor.getCompletionStatus', output: status(false) }
        case 'STATUS_FAILED':
          return { type: 'xstate.error.actor.getCompletionStatus', error: { message: 'Failed to fetch' } }
        case 'DIALOG_SAVED':
          return { type: 'xstate.done.actor.ssoProfile', output: { saved: true } }
        case 'DIALOG_CLOSED':
          return { type: 'xstate.done.actor.ssoProfile', output: { saved: false } }
        default:
          return null
      }
    },
  },
}
