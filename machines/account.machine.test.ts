import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { AccountDetails, AccountProfile } from '../src/domain/account'
import { accountMachine } from './account.machine'
import { accountSampleEvents, accountSampleInput, accountSampleProfile, accountSerializeState } from './account.samples'
import { planPaths, uncovered } from './testing/tours'

const profile: AccountProfile = { ...accountSampleProfile, phone: '' }

function run(opts: { load?: () => Promise<AccountProfile>; save?: (d: AccountDetails) => Promise<void> }) {
  const calls: string[] = []
  const saved: AccountDetails[] = []
  const actor = createActor(
    accountMachine.provide({
      actions: {
        goToSetup: () => calls.push('go:/onboarding/setup'),
        goHome: () => calls.push('go:/'),
        notifySaved: () => calls.push('toast:saved'),
        notifySignedOut: (_, p) => calls.push(p.offline ? 'toast:offline' : 'toast:signedOut'),
      },
      actors: {
        loadAccount: fromPromise(opts.load ?? (async () => profile)),
        saveDetails: fromPromise(async ({ input }: { input: { userId: string; details: AccountDetails } }) => {
          expect(input.userId).toBe(accountSampleInput.user.userId)
          saved.push(input.details)
          await (opts.save ?? (async () => {}))(input.details)
        }),
        signOut: fromPromise(async (): Promise<{ revoked: boolean }> => ({ revoked: true })),
      },
    }),
    { input: accountSampleInput },
  )
  actor.start()
  return { actor, calls, saved }
}

describe('/account', () => {
  it('loads the signed-in user\'s own row', async () => {
    const users: unknown[] = []
    const actor = createActor(
      accountMachine.provide({
        actors: {
          loadAccount: fromPromise(async ({ input }) => {
            users.push(input)
            return profile
          }),
        },
      }),
      { input: accountSampleInput },
    ).start()
    await waitFor(actor, (s) => s.matches('ready'))
    expect(users).toEqual([accountSampleInput.user])
  })

  it('a failed load offers Try again, which loads again', async () => {
    let n = 0
    const { actor } = run({
      load: async () => {
        n += 1
        if (n === 1) throw new Error('network')
        return profile
      },
    })
    await waitFor(actor, (s) => s.matches('loadFailed'))
    actor.send({ type: 'RETRY' })
    await waitFor(actor, (s) => s.matches('ready'))
  })

  it('saves trimmed names and phone, and keeps what was typed when the save fails', async () => {
    let fail = true
    const { actor, calls, saved } = run({
      save: async () => {
        if (fail) throw new Error('x')
      },
    })
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'FIELD_CHANGED', field: 'firstName', value: ' Augusta ' })
    actor.send({ type: 'FIELD_CHANGED', field: 'phone', value: '07700 900123' })
    actor.send({ type: 'SAVE' })
    await waitFor(actor, (s) => s.matches({ ready: 'editing' }) && s.context.saveFailed)
    expect(actor.getSnapshot().context.draft.firstName).toBe(' Augusta ')
    fail = false
    actor.send({ type: 'SAVE' })
    await waitFor(actor, (s) => s.matches({ ready: 'saved' }))
    expect(saved.at(-1)).toEqual({ firstName: ' Augusta ', lastName: 'Lovelace', phone: '07700 900123' })
    expect(actor.getSnapshot().context.profile).toMatchObject({ firstName: 'Augusta', phone: '07700 900123' })
    expect(calls).toEqual(['toast:saved'])
  })

  it('shows what was saved trimmed, and no save failure after loading again', async () => {
    const { actor, saved } = run({})
    await waitFor(actor, (s) => s.matches('ready'))
    expect(actor.getSnapshot().context.saveFailed).toBe(false)
    actor.send({ type: 'FIELD_CHANGED', field: 'firstName', value: ' Augusta ' })
    actor.send({ type: 'FIELD_CHANGED', field: 'lastName', value: ' King ' })
    actor.send({ type: 'FIELD_CHANGED', field: 'phone', value: ' 07700 900999 ' })
    actor.send({ type: 'SAVE' })
    await waitFor(actor, (s) => s.matches({ ready: 'saved' }))
    expect(saved).toEqual([{ firstName: ' Augusta ', lastName: ' King ', phone: ' 07700 900999 ' }])
    const trimmed = { firstName: 'Augusta', lastName: 'King', phone: '07700 900999' }
    expect(actor.getSnapshot().context.draft).toEqual(trimmed)
    expect(actor.getSnapshot().context.profile).toMatchObject(trimmed)
  })

  it('refuses an empty name or a phone with letters, without a request', async () => {
    const { actor, saved } = run({})
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'FIELD_CHANGED', field: 'lastName', value: '  ' })
    actor.send({ type: 'SAVE' })
    expect(actor.getSnapshot().context.problem).toBe('missingLastName')
    actor.send({ type: 'FIELD_CHANGED', field: 'lastName', value: 'L' })
    actor.send({ type: 'FIELD_CHANGED', field: 'phone', value: 'call me' })
    actor.send({ type: 'SAVE' })
    expect(actor.getSnapshot().context.problem).toBe('invalidPhone')
    expect(saved).toEqual([])
  })

  it('run setup again and sign out leave the page', async () => {
    const a = run({})
    await waitFor(a.actor, (s) => s.matches('ready'))
    a.actor.send({ type: 'RUN_SETUP_AGAIN' })
    expect(a.calls).toEqual(['go:/onboarding/setup'])
    const b = run({})
    await waitFor(b.actor, (s) => s.matches('ready'))
    b.actor.send({ type: 'SIGN_OUT' })
    await waitFor(b.actor, (s) => s.status === 'done')
    expect(b.calls).toEqual(['toast:signedOut', 'go:/'])
  })

  it('generated paths reach every state and every transition', () => {
    const paths = planPaths(accountMachine, { events: accountSampleEvents, inputs: [accountSampleInput], serializeState: accountSerializeState })
    expect(uncovered(accountMachine, paths)).toEqual({ states: [], transitions: [] })
  })
})
