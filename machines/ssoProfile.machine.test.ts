import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { type SaveProfileInput, ssoProfileMachine } from './ssoProfile.machine'
import { ssoProfileSampleEvents } from './ssoProfile.samples'
import { planPaths, uncovered } from './testing/tours'

function run(save: (input: SaveProfileInput) => Promise<void>) {
  const calls: string[] = []
  const saved: SaveProfileInput[] = []
  const actor = createActor(
    ssoProfileMachine.provide({
      actions: { notifyDetailsSaved: () => calls.push('Details saved'), notifySaveFailed: () => calls.push('Something went wrong') },
      actors: {
        saveProfile: fromPromise(({ input }: { input: SaveProfileInput }) => {
          saved.push(input)
          return save(input)
        }),
      },
    }),
    { input: { provider: 'google' } },
  )
  actor.start()
  return { actor, calls, saved }
}

describe('SSO profile dialog', () => {
  it('cannot submit with a 1-character company or with staff below 1', () => {
    const { actor, saved } = run(async () => {})
    actor.send({ type: 'COMPANY_CHANGED', value: ' A ' })
    actor.send({ type: 'STAFF_CHANGED', value: '5' })
    expect(actor.getSnapshot().can({ type: 'SUBMIT' })).toBe(false)
    actor.send({ type: 'SUBMIT' })
    actor.send({ type: 'COMPANY_CHANGED', value: 'Ab' })
    actor.send({ type: 'STAFF_CHANGED', value: '0' })
    actor.send({ type: 'SUBMIT' })
    expect(actor.getSnapshot().value).toBe('editing')
    expect(saved).toEqual([])
  })

  it('submits the trimmed company and the staff number, says Details saved and ends saved', async () => {
    const { actor, calls, saved } = run(async () => {})
    actor.send({ type: 'COMPANY_CHANGED', value: '  Sunrise Care ' })
    actor.send({ type: 'STAFF_CHANGED', value: '12' })
    actor.send({ type: 'SUBMIT' })
    expect(actor.getSnapshot().value).toBe('submitting')
    await waitFor(actor, (s) => s.status === 'done')
    expect(saved).toEqual([{ companyName: 'Sunrise Care', staffCount: 12 }])
    expect(calls).toEqual(['Details saved'])
    expect(actor.getSnapshot().output).toEqual({ saved: true })
  })

  it('opens empty, and keeps at most 200 characters of the company and 9 digits of staff', async () => {
    const { actor, saved } = run(async () => {})
    expect(actor.getSnapshot().context).toMatchObject({ company: '', staff: '' })
    expect(actor.getSnapshot().can({ type: 'SUBMIT' })).toBe(false)
    actor.send({ type: 'COMPANY_CHANGED', value: 'C'.repeat(250) })
    actor.send({ type: 'STAFF_CHANGED', value: '1234567890' })
    expect(actor.getSnapshot().context).toMatchObject({ company: 'C'.repeat(200), staff: '123456789' })
    actor.send({ type: 'SUBMIT' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(saved).toEqual([{ companyName: 'C'.repeat(200), staffCount: 123456789 }])
  })

  it('a failed save keeps the dialog open with what was typed', async () => {
    const { actor, calls } = run(async () => {
      throw new Error('network')
    })
    actor.send({ type: 'COMPANY_CHANGED', value: 'Sunrise Care' })
    actor.send({ type: 'STAFF_CHANGED', value: '3' })
    actor.send({ type: 'SUBMIT' })
    await waitFor(actor, (s) => s.matches('editing'))
    expect(calls).toEqual(['Something went wrong'])
    expect(actor.getSnapshot().context).toMatchObject({ company: 'Sunrise Care', staff: '3' })
  })

  it('closing ends without saving', () => {
    const { actor } = run(async () => {})
    actor.send({ type: 'CLOSE' })
    expect(actor.getSnapshot().output).toEqual({ saved: false })
  })

  it('generated paths reach every state and every transition', () => {
    const input = { provider: 'google' }
    const paths = planPaths(ssoProfileMachine, { events: ssoProfileSampleEvents, inputs: [input] })
    expect(uncovered(ssoProfileMachine, paths)).toEqual({ states: [], transitions: [] })
  })
})
