import { describe, expect, it } from 'vitest'
import { defineLifecycle, isFinalStatus, isStatusOf, type Lifecycle, lifecycleProblem, mayTakeStep, stepsAllowed, transitionOf } from './lifecycle'

type S = 'draft' | 'sent' | 'done'
type St = 'send' | 'finish' | 'recall'
type R = 'author' | 'editor'
const DOOR: Lifecycle<S, St, R> = {
  name: 'letter',
  statuses: ['draft', 'sent', 'done'],
  initial: 'draft',
  final: ['done'],
  steps: ['send', 'finish', 'recall'],
  roles: ['author', 'editor'],
  labels: { draft: 'Draft', sent: 'Sent', done: 'Done' },
  transitions: [
    { step: 'send', from: 'draft', to: 'sent', by: ['author'] },
    { step: 'recall', from: 'sent', to: 'draft', by: ['author', 'editor'] },
    { step: 'finish', from: 'sent', to: 'done', by: ['editor'] },
  ],
}

describe('a lifecycle as data', () => {
  it('a sound table is accepted as it is', () => {
    expect(lifecycleProblem(DOOR)).toBeNull()
    expect(defineLifecycle(DOOR)).toBe(DOOR)
  })

  it('names what is wrong with a table, and refuses to define it', () => {
    const bad = (over: Partial<Lifecycle<string, string, string>>) => lifecycleProblem({ ...DOOR, ...over } as Lifecycle<string, string, string>)
    expect(bad({ statuses: ['draft', 'draft', 'sent', 'done'] })).toBe('a status is listed twice')
    expect(bad({ initial: 'lost' })).toBe('the initial status lost is not one of its statuses')
    expect(bad({ final: ['gone'] })).toBe('the final status gone is not one of its statuses')
    expect(bad({ labels: { draft: 'Draft', sent: '', done: 'Done' } })).toBe('sent has no label')
    expect(bad({ transitions: [{ step: 'send', from: 'draft', to: 'lost', by: ['author'] }] })).toBe('draft --send--> lost names an unknown status')
    expect(bad({ transitions: [{ step: 'send', from: 'nowhere', to: 'sent', by: ['author'] }] })).toBe('nowhere --send--> sent names an unknown status')
    expect(bad({ transitions: [{ step: 'post', from: 'draft', to: 'sent', by: ['author'] }] })).toBe('draft --post--> sent is an unknown step')
    expect(bad({ transitions: [{ step: 'send', from: 'draft', to: 'sent', by: [] }] })).toBe('draft --send--> sent needs known roles')
    expect(bad({ transitions: [{ step: 'send', from: 'draft', to: 'sent', by: ['author', 'stranger'] }] })).toBe('draft --send--> sent needs known roles')
    expect(bad({ transitions: [{ step: 'recall', from: 'done', to: 'draft', by: ['editor'] }] })).toBe('done --recall--> draft leaves a final status')
    expect(
      bad({
        transitions: [
          { step: 'send', from: 'draft', to: 'sent', by: ['author'] },
          { step: 'send', from: 'draft', to: 'done', by: ['editor'] },
        ],
      }),
    ).toBe('draft --send--> done is a second way to take send from draft')
    expect(() => defineLifecycle({ ...DOOR, initial: 'lost' as S })).toThrow('The letter lifecycle: the initial status lost is not one of its statuses')
  })

  it('finds a transition, and says who may take which step from where', () => {
    expect(transitionOf(DOOR, 'sent', 'finish')).toEqual({ step: 'finish', from: 'sent', to: 'done', by: ['editor'] })
    expect(transitionOf(DOOR, 'draft', 'finish')).toBeUndefined()
    expect(mayTakeStep(DOOR, 'sent', 'finish', ['editor'])).toBe(true)
    expect(mayTakeStep(DOOR, 'sent', 'finish', ['author'])).toBe(false)
    expect(mayTakeStep(DOOR, 'draft', 'finish', ['editor'])).toBe(false)
    expect(mayTakeStep(DOOR, 'sent', 'recall', [])).toBe(false)
    expect(stepsAllowed(DOOR, 'sent', ['author', 'editor'])).toEqual(['finish', 'recall'])
    expect(stepsAllowed(DOOR, 'sent', ['author'])).toEqual(['recall'])
    expect(stepsAllowed(DOOR, 'done', ['author', 'editor'])).toEqual([])
  })

  it('knows its final statuses and its own statuses', () => {
    expect(isFinalStatus(DOOR, 'done')).toBe(true)
    expect(isFinalStatus(DOOR, 'sent')).toBe(false)
    expect(isStatusOf(DOOR, 'sent')).toBe(true)
    expect(isStatusOf(DOOR, 'Sent')).toBe(false)
    expect(isStatusOf(DOOR, 1)).toBe(false)
    expect(isStatusOf(DOOR, null)).toBe(false)
  })
})
