import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { EMPTY_VALUES, MESSAGES, type ReferralPayload } from '../src/domain/contact'
import { parseMailto } from '../src/domain/mailto'
import { contactReferralMachine } from './contactReferral.machine'
import { contactReferralSampleEvents } from './contactReferral.samples'
import { planPaths, uncovered } from './testing/tours'

const input = { to: 'referrals@example.org', brand: 'InspectReady' }

/** A send whose outcome the test decides. */
function deferred() {
  let resolve!: () => void
  let reject!: (e: unknown) => void
  const promise = new Promise<void>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

function run() {
  const calls: string[] = []
  const sent: ReferralPayload[] = []
  let pending = deferred()
  const actor = createActor(
    contactReferralMachine.provide({
      actions: {
        focusField: (_, p) => calls.push(`focus:${p.field}`),
        notifySent: () => calls.push('toast:sent'),
        notifyFallback: (_, p) => calls.push(`toast:fallback:${p.address}`),
        openMailClient: (_, p) => calls.push(`open:${p.href}`),
      },
      actors: {
        sendReferral: fromPromise<void, ReferralPayload>(({ input: payload }) => {
          sent.push(payload)
          pending = deferred()
          return pending.promise
        }),
      },
    }),
    { input },
  )
  actor.start()
  const fill = (name: string, email: string, message: string) => {
    actor.send({ type: 'FIELD_CHANGED', field: 'name', value: name })
    actor.send({ type: 'FIELD_CHANGED', field: 'email', value: email })
    actor.send({ type: 'FIELD_CHANGED', field: 'message', value: message })
  }
  return { actor, calls, sent, fill, settle: () => pending }
}

const tick = () => new Promise((r) => setTimeout(r, 0))

describe('contactReferral machine', () => {
  it('starts idle with an empty form and the default programme (what the server renders)', () => {
    const { actor } = run()
    const snap = actor.getSnapshot()
    expect(snap.value).toEqual({ form: 'idle' })
    expect(snap.context.values).toEqual(EMPTY_VALUES)
    expect(snap.context.programme).toBe('general')
  })

  it('an invalid submit shows every error and focuses the first invalid field, without sending', () => {
    const { actor, calls, sent, fill } = run()
    fill('Jane', 'not-an-email', '')
    actor.send({ type: 'SUBMIT' })
    expect(actor.getSnapshot().value).toEqual({ form: 'idle' })
    expect(actor.getSnapshot().context.errors).toEqual({ email: MESSAGES.emailInvalid, message: MESSAGES.messageRequired })
    expect(calls).toEqual(['focus:email'])
    expect(sent).toEqual([])
    // After the attempt, fixing a field clears its error at once.
    actor.send({ type: 'FIELD_CHANGED', field: 'email', value: 'jane@care.org.uk' })
    expect(actor.getSnapshot().context.errors).toEqual({ message: MESSAGES.messageRequired })
  })

  it('sends the payload, ignores edits while sending, then clears the form and thanks on success', async () => {
    const { actor, calls, sent, fill, settle } = run()
    actor.send({ type: 'PROGRAMME_SELECTED', programme: 'ready4life' })
    fill('Jane Smith', 'jane@care.org.uk', 'Please call "A & B" 🎉\nThanks')
    actor.send({ type: 'FIELD_CHANGED', field: 'hpt', value: '' })
    actor.send({ type: 'SUBMIT' })
    expect(actor.getSnapshot().value).toBe('sending')
    expect(sent).toEqual([
      {
        name: 'Jane Smith',
        email: 'jane@care.org.uk',
        message: 'Please call "A & B" 🎉\nThanks',
        to: 'referrals@example.org',
        hpt: '',
        subject: 'Referral from Ready4Life Jane Smith',
        service: 'ready4life',
      },
    ])
    actor.send({ type: 'FIELD_CHANGED', field: 'message', value: 'changed while sending' })
    actor.send({ type: 'SUBMIT' })
    expect(sent).toHaveLength(1)
    settle().resolve()
    await tick()
    const snap = actor.getSnapshot()
    expect(snap.value).toEqual({ form: 'success' })
    expect(snap.context.values).toEqual(EMPTY_VALUES)
    expect(snap.context.mailto).toBeNull()
    expect(calls).toEqual(['toast:sent'])
  })

  it('any error takes the fallback: toast, mail client opened with the exact subject and body, nothing cleared', async () => {
    const { actor, calls, fill, settle } = run()
    const message = 'Line one & "two"\n\nLine three 👍🏽'
    fill('Zoë O\'Neil', 'zoe@school.org.uk', message)
    actor.send({ type: 'SUBMIT' })
    settle().reject(new TypeError('Failed to fetch'))
    await tick()
    const snap = actor.getSnapshot()
    expect(snap.value).toEqual({ form: 'fallback' })
    expect(snap.context.values).toEqual({ name: "Zoë O'Neil", email: 'zoe@school.org.uk', message, hpt: '' })
    expect(snap.context.failure).toBe('unavailable')
    expect(calls[0]).toBe('toast:fallback:referrals@example.org')
    expect(calls[1]).toBe(`open:${snap.context.mailto}`)
    expect(parseMailto(snap.context.mailto!)).toEqual({
      to: 'referrals@example.org',
      subject: "Referral from InspectReady Zoë O'Neil",
      body: `${message}\n\nFrom: Zoë O'Neil <zoe@school.org.uk>`,
    })
  })

  it('records a rate limit as its own failure kind and can try again', async () => {
    const { actor, sent, fill, settle } = run()
    fill('Jane', 'jane@care.org.uk', 'Hi')
    actor.send({ type: 'SUBMIT' })
    settle().reject({ kind: 'rate-limited' })
    await tick()
    expect(actor.getSnapshot().context.failure).toBe('rate-limited')
    actor.send({ type: 'SUBMIT' })
    expect(actor.getSnapshot().value).toBe('sending')
    expect(actor.getSnapshot().context.failure).toBeNull()
    expect(actor.getSnapshot().context.mailto).toBeNull()
    expect(sent).toHaveLength(2)
  })

  it('sends a filled honeypot as hpt (the backend stores it as spam and still answers 200)', () => {
    const { actor, sent, fill } = run()
    fill('Bot', 'bot@spam.example', 'Buy now')
    actor.send({ type: 'FIELD_CHANGED', field: 'hpt', value: 'http://spam.example' })
    actor.send({ type: 'SUBMIT' })
    expect(sent[0]?.hpt).toBe('http://spam.example')
  })

  it('generated paths reach every state and every transition', () => {
    const paths = planPaths(contactReferralMachine, { events: contactReferralSampleEvents, inputs: [input] })
    expect(uncovered(contactReferralMachine, paths)).toEqual({ states: [], transitions: [] })
  })
})
