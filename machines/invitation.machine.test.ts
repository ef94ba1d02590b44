import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { InvitationSummary, TeamFailure } from '../src/domain/team'
import { invitationMachine } from './invitation.machine'
import { invitationSampleEvents, invitationSampleInputs, invitationSampleInvitation, invitationSerializeState } from './invitation.samples'
import type { SessionUser } from './session.machine'
import { planPaths, uncovered } from './testing/tours'

const TOKEN = 'b'.repeat(64)
const INVITED: SessionUser = { userId: 'u-1', email: 'Alan@Sunrise-Care.co.uk' }
const OTHER: SessionUser = { userId: 'u-2', email: 'grace@sunrise-care.co.uk' }
const refused = (code: string, message = code): TeamFailure => ({ code, message })

function run(opts: {
  token?: string | null
  read?: () => Promise<InvitationSummary>
  user?: () => Promise<SessionUser | null>
  signIn?: (input: { email: string; password: string }) => Promise<{ userId: string }>
  accept?: (input: { token: string; leaveCurrent: boolean }) => Promise<{ organisationName: string }>
}) {
  const calls: string[] = []
  const actor = createActor(
    invitationMachine.provide({
      actions: { goToTeam: (_, p) => calls.push(`go:/team ${p.organisation}`) },
      actors: {
        readInvitation: fromPromise(async ({ input }: { input: { token: string } }) => {
          calls.push(`read:${input.token.slice(0, 4)}`)
          return (opts.read ?? (async () => invitationSampleInvitation))()
        }),
        currentUser: fromPromise(opts.user ?? (async () => null)),
        signIn: fromPromise(async ({ input }: { input: { email: string; password: string } }) => {
          calls.push(`signIn:${input.email}:${input.password}`)
          return (opts.signIn ?? (async () => ({ userId: INVITED.userId })))(input)
        }),
        signOut: fromPromise(async (): Promise<{ revoked: boolean }> => {
          calls.push('signOut')
          return { revoked: true }
        }),
        acceptInvitation: fromPromise(async ({ input }: { input: { token: string; leaveCurrent: boolean } }) => {
          calls.push(`accept:${input.leaveCurrent ? 'move' : 'join'}`)
          return (opts.accept ?? (async () => ({ organisationName: 'Sunrise Care' })))(input)
        }),
      },
    }),
    { input: { token: opts.token === undefined ? TOKEN : opts.token } },
  )
  actor.start()
  return { actor, calls }
}

describe('/invite', () => {
  it('a link without a token says so and asks nothing', () => {
    const { actor, calls } = run({ token: null })
    expect(actor.getSnapshot().matches('missingToken')).toBe(true)
    expect(calls).toEqual([])
  })

  it('a wrong token is not found; a failed read offers Try again', async () => {
    const wrong = run({ read: async () => Promise.reject(refused('invitation_not_found')) })
    await waitFor(wrong.actor, (s) => s.matches('notFound'))
    let n = 0
    const flaky = run({
      read: async () => {
        n += 1
        if (n === 1) throw new Error('Failed to fetch')
        return invitationSampleInvitation
      },
    })
    await waitFor(flaky.actor, (s) => s.matches('readFailed'))
    expect(flaky.actor.getSnapshot().context.failure?.code).toBe('network')
    flaky.actor.send({ type: 'RETRY' })
    await waitFor(flaky.actor, (s) => s.matches('signedOut'))
  })

  it.each(['expired', 'revoked', 'accepted'] as const)('an invitation %s is unusable, before anyone signs in', async (status) => {
    const { actor, calls } = run({ read: async () => ({ ...invitationSampleInvitation, status }) })
    await waitFor(actor, (s) => s.matches('unusable'))
    expect(actor.getSnapshot().context.invitation?.status).toBe(status)
    expect(calls).toEqual([`read:${TOKEN.slice(0, 4)}`])
  })

  it('signed in as the invited address (any case): joins and goes to /team', async () => {
    const { actor, calls } = run({ user: async () => INVITED })
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().matches('joined')).toBe(true)
    expect(calls).toEqual([`read:${TOKEN.slice(0, 4)}`, 'accept:join', 'go:/team Sunrise Care'])
  })

  it('signed in as another address: says so, and signing out leads to the sign-in', async () => {
    const { actor, calls } = run({ user: async () => OTHER })
    await waitFor(actor, (s) => s.matches('wrongAccount'))
    expect(actor.getSnapshot().context.user).toEqual(OTHER)
    actor.send({ type: 'SIGN_OUT' })
    await waitFor(actor, (s) => s.matches('signedOut'))
    expect(actor.getSnapshot().context.user).toBeNull()
    expect(calls).toContain('signOut')
    expect(calls).not.toContain('accept:join')
  })

  it('signed out: signs in as the invited address, then joins; a wrong password is said and cleared', async () => {
    let wrong = true
    const { actor, calls } = run({
      signIn: async () => {
        if (wrong) throw { kind: 'auth', code: 'invalid_credentials', message: 'Invalid login credentials' }
        return { userId: INVITED.userId }
      },
    })
    await waitFor(actor, (s) => s.matches('signedOut'))
    actor.send({ type: 'PASSWORD_CHANGED', value: 'nope-nope' })
    actor.send({ type: 'SIGN_IN' })
    await waitFor(actor, (s) => s.matches('signedOut') && s.context.failure !== null)
    expect(actor.getSnapshot().context.failure?.message).toMatch(/Wrong password/)
    expect(actor.getSnapshot().context.password).toBe('')
    wrong = false
    actor.send({ type: 'PASSWORD_CHANGED', value: 'correct-horse-7' })
    actor.send({ type: 'SIGN_IN' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(calls).toContain(`signIn:${invitationSampleInvitation.email}:correct-horse-7`)
    expect(calls.at(-1)).toBe('go:/team Sunrise Care')
  })

  it('a refusal at accepting: revoked becomes unusable, another organisation offers the move, a dropped connection offers Try again', async () => {
    const revoked = run({ user: async () => INVITED, accept: async () => Promise.reject(refused('invitation_revoked', 'withdrawn')) })
    await waitFor(revoked.actor, (s) => s.matches('unusable'))
    expect(revoked.actor.getSnapshot().context.invitation?.status).toBe('revoked')

    const moving = run({
      user: async () => INVITED,
      accept: async ({ leaveCurrent }) => (leaveCurrent ? { organisationName: 'Sunrise Care' } : Promise.reject(refused('already_in_organisation', 'You already belong to Bright Homes.'))),
    })
    await waitFor(moving.actor, (s) => s.matches('alreadyInOrganisation'))
    moving.actor.send({ type: 'MOVE' })
    await waitFor(moving.actor, (s) => s.status === 'done')
    expect(moving.calls).toEqual([`read:${TOKEN.slice(0, 4)}`, 'accept:join', 'accept:move', 'go:/team Sunrise Care'])

    let n = 0
    const flaky = run({
      user: async () => INVITED,
      accept: async () => {
        n += 1
        if (n === 1) throw new Error('Failed to fetch')
        return { organisationName: 'Sunrise Care' }
      },
    })
    await waitFor(flaky.actor, (s) => s.matches('acceptFailed'))
    flaky.actor.send({ type: 'RETRY' })
    await waitFor(flaky.actor, (s) => s.status === 'done')
  })

  it.each([
    ['invitation_expired', 'expired'],
    ['invitation_revoked', 'revoked'],
    ['invitation_used', 'accepted'],
  ])('a refusal %s at accepting shows the invitation as %s', async (code, status) => {
    const { actor } = run({ user: async () => INVITED, accept: async () => Promise.reject(refused(code)) })
    await waitFor(actor, (s) => s.matches('unusable'))
    expect(actor.getSnapshot().context.invitation?.status).toBe(status)
    expect(actor.getSnapshot().context.failure?.code).toBe(code)
  })

  it('accepts with the link\'s token, and moving sends the same token', async () => {
    const tokens: string[] = []
    const { actor } = run({
      user: async () => INVITED,
      accept: async ({ token, leaveCurrent }) => {
        tokens.push(`${token}:${leaveCurrent}`)
        return leaveCurrent ? { organisationName: 'Sunrise Care' } : Promise.reject(refused('already_in_organisation'))
      },
    })
    await waitFor(actor, (s) => s.matches('alreadyInOrganisation'))
    actor.send({ type: 'MOVE' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(tokens).toEqual([`${TOKEN}:false`, `${TOKEN}:true`])
  })

  it('someone who is already a member goes to the team the invitation names', async () => {
    const { actor, calls } = run({ user: async () => INVITED, accept: async () => Promise.reject(refused('already_member')) })
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().matches('joined')).toBe(true)
    expect(calls.at(-1)).toBe(`go:/team ${invitationSampleInvitation.organisationName}`)
  })

  it('matches the signed-in address to the invited one ignoring case and spaces at either end', async () => {
    const spaced = run({
      user: async () => ({ userId: 'u-1', email: ` ${invitationSampleInvitation.email.toUpperCase()} ` }),
      read: async () => ({ ...invitationSampleInvitation, email: ` ${invitationSampleInvitation.email} ` }),
    })
    await waitFor(spaced.actor, (s) => s.status === 'done')
    expect(spaced.actor.getSnapshot().matches('joined')).toBe(true)
  })

  it("a failed sign-in that is not a wrong password says the server's words, or a plain retry when it has none", async () => {
    const failWith = async (error: unknown) => {
      const { actor } = run({ signIn: async () => Promise.reject(error) })
      await waitFor(actor, (s) => s.matches('signedOut'))
      expect(actor.getSnapshot().context.password).toBe('')
      actor.send({ type: 'PASSWORD_CHANGED', value: 'correct-horse-7' })
      actor.send({ type: 'SIGN_IN' })
      await waitFor(actor, (s) => s.matches('signedOut') && s.context.failure !== null)
      expect(actor.getSnapshot().context.password).toBe('')
      return actor.getSnapshot().context.failure
    }
    expect(await failWith({ kind: 'auth', code: 'over_request_rate_limit', message: 'Too many requests' })).toEqual({
      code: 'over_request_rate_limit',
      message: 'Too many requests',
    })
    expect(await failWith({ message: 'Failed to fetch' })).toEqual({ code: 'sign_in_failed', message: 'Failed to fetch' })
    expect(await failWith(null)).toEqual({ code: 'sign_in_failed', message: 'Signing in failed. Please try again.' })
  })

  it('its sample events plan paths through every state and transition', () => {
    const paths = planPaths(invitationMachine, { events: invitationSampleEvents, inputs: invitationSampleInputs, serializeState: invitationSerializeState })
    expect(uncovered(invitationMachine, paths)).toEqual({ states: [], transitions: [] })
  })
})
