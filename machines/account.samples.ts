import type { AnyEventObject } from 'xstate'
import { accountDetailsProblem, type AccountProfile, detailsOf, sameDetails } from '../src/domain/account'
import type { SessionUser } from './session.machine'
import type { AccountContext } from './account.machine'

/** machines/account.machine.ts's samples, for its graph, the page drivers and the tests (docs/flows-and-testing.md#the-machine-convention). */

/** The profile the sample events load (also the machine tests' fixture). */
export const accountSampleProfile: AccountProfile = {
  email: 'ada@sunrise-care.co.uk',
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '07700 900123',
  companyName: 'Sunrise Care',
  staffCount: 12,
  sector: 'care',
  country: 'uk',
  regulators: ['cqc'],
  roles: ['nurse'],
  domains: ['safety'],
  lifeSkills: [],
  frequency: 'monthly',
  teamRoles: ['nurse'],
  onboardingCompletedAt: '2026-11-20T10:00:00.000Z',
}

/** The signed-in user the layout hands the page. */
export const accountSampleInput: { user: SessionUser } = { user: { userId: '00000000-0000-4000-8000-000000000001', email: accountSampleProfile.email } }

export const accountSampleEvents = [
  { type: 'FIELD_CHANGED', field: 'firstName', value: 'Augusta' },
  { type: 'FIELD_CHANGED', field: 'lastName', value: '' },
  { type: 'FIELD_CHANGED', field: 'phone', value: 'call me' },
  { type: 'SAVE' },
  { type: 'RETRY' },
  { type: 'RUN_SETUP_AGAIN' },
  { type: 'SIGN_OUT' },
  { type: 'xstate.done.actor.loadAccount', output: accountSampleProfile },
  { type: 'xstate.error.actor.loadAccount', error: { kind: 'auth', code: 'network', message: 'Failed to fetch' } },
  { type: 'xstate.done.actor.saveDetails', output: undefined },
  { type: 'xstate.error.actor.saveDetails', error: { kind: 'auth', code: 'network', message: 'Failed to fetch' } },
  { type: 'xstate.done.actor.signOut', output: { revoked: true } },
  { type: 'xstate.done.actor.signOut', output: { revoked: false } },
  { type: 'xstate.error.actor.signOut', error: new Error('storage unavailable') },
] as const satisfies readonly AnyEventObject[]

/** Bounded state: which rule the draft breaks and whether it differs from the saved profile. */
export function accountSerializeState(s: { value: unknown; context: unknown }): string {
  const c = s.context as AccountContext
  return JSON.stringify({
    v: s.value,
    p: accountDetailsProblem(c.draft),
    shown: c.problem,
    changed: c.profile ? !sameDetails(c.draft, detailsOf(c.profile)) : null,
    f: c.saveFailed,
  })
}
