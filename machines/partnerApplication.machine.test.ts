import { type AnyStateMachine, createActor, fromPromise } from 'xstate'
import { describe, expect, it, vi } from 'vitest'
import { PARTNER_DEFAULT_DRAFT, partnerSummary } from '../src/domain/partnerApplication'
import { partnerApplicationMachine } from './partnerApplication.machine'
import { partnerApplicationSampleEvents } from './partnerApplication.samples'
import { planPaths, uncovered } from './testing/tours'

function run(copy: (text: string) => Promise<void>) {
  const calls: string[] = []
  const actor = createActor(
    partnerApplicationMachine.provide({
      actions: {
        notifyCopied: () => calls.push('toast:copied'),
        notifyCopyFailed: () => calls.push('toast:failed'),
        selectSummary: () => calls.push('select'),
      },
      actors: { copyToClipboard: fromPromise(async ({ input }: { input: { text: string } }) => copy(input.text)) },
    }),
    { input: {} },
  )
  actor.start()
  return { actor, calls }
}

const flush = () => new Promise((r) => setTimeout(r, 0))

describe('partnerApplication machine', () => {
  it('starts idle with the spec defaults', () => {
    const { actor } = run(async () => {})
    expect(actor.getSnapshot().value).toBe('idle')
    expect(actor.getSnapshot().context.draft).toMatchObject({ sector: 'Care', staff: '50', sites: '1' })
  })

  it('starts from the spec defaults when started without input (as graph tools start it), and from a draft when given one', () => {
    expect(createActor(partnerApplicationMachine as unknown as AnyStateMachine).getSnapshot().context.draft).toEqual(PARTNER_DEFAULT_DRAFT)
    const draft = { ...PARTNER_DEFAULT_DRAFT, company: 'Acme', staff: '12' }
    expect(createActor(partnerApplicationMachine, { input: { draft } }).getSnapshot().context.draft).toEqual(draft)
  })

  it('copies the current summary, shows the indicator for 2 seconds, then returns to idle', async () => {
    vi.useFakeTimers()
    try {
      const copied: string[] = []
      const { actor, calls } = run(async (text) => {
        copied.push(text)
      })
      actor.send({ type: 'FIELD_CHANGED', field: 'company', value: 'Acme & Sons' })
      actor.send({ type: 'COPY' })
      expect(actor.getSnapshot().value).toBe('copying')
      await vi.advanceTimersByTimeAsync(0)
      expect(actor.getSnapshot().value).toBe('copied')
      expect(copied).toEqual([partnerSummary(actor.getSnapshot().context.draft)])
      expect(copied[0]).toContain('Company: Acme & Sons')
      expect(calls).toEqual(['toast:copied'])
      await vi.advanceTimersByTimeAsync(1999)
      expect(actor.getSnapshot().value).toBe('copied')
      await vi.advanceTimersByTimeAsync(1)
      expect(actor.getSnapshot().value).toBe('idle')
    } finally {
      vi.useRealTimers()
    }
  })

  it('a refused clipboard gives the failure toast and selects the summary; the draft is kept', async () => {
    const { actor, calls } = run(async () => {
      throw new DOMException('Write permission denied.', 'NotAllowedError')
    })
    actor.send({ type: 'FIELD_CHANGED', field: 'notes', value: 'keep me' })
    actor.send({ type: 'COPY' })
    await flush()
    expect(actor.getSnapshot().value).toBe('copyFailed')
    expect(calls).toEqual(['toast:failed', 'select'])
    expect(actor.getSnapshot().context.draft.notes).toBe('keep me')
  })

  it('will not copy while staff or sites are below 1', () => {
    const { actor } = run(async () => {})
    actor.send({ type: 'FIELD_CHANGED', field: 'sites', value: '' })
    actor.send({ type: 'COPY' })
    expect(actor.getSnapshot().value).toBe('idle')
    actor.send({ type: 'FIELD_CHANGED', field: 'sites', value: '2' })
    actor.send({ type: 'COPY' })
    expect(actor.getSnapshot().value).toBe('copying')
  })

  it('generated paths reach every state and every transition', () => {
    const paths = planPaths(partnerApplicationMachine, { events: partnerApplicationSampleEvents, inputs: [{}] })
    expect(uncovered(partnerApplicationMachine, paths)).toEqual({ states: [], transitions: [] })
  })
})
