import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { type AssessItemInput, assessItemMachine } from './assessItem.machine'
import { assessItemSampleInputs, assessItemSampleRated } from './assessItem.samples'
import { itemProgressAt, selectProgress } from './assessItem.selectors'

describe("an item's progress, read in one place", () => {
  it("the open item's progress from its machine: the status, or due for review when it was due on opening", () => {
    const at = (item: AssessItemInput['item'], reviewDue: boolean) => {
      const actor = createActor(assessItemMachine, { input: { ...(assessItemSampleInputs[0] as AssessItemInput), item, reviewDue } }).start()
      const progress = selectProgress(actor.getSnapshot())
      actor.stop()
      return progress
    }
    expect(at(null, false)).toBe('not-started')
    expect(at(assessItemSampleRated, false)).toBe('rated')
    expect(at(assessItemSampleRated, true)).toBe('due-for-review')
  })

  it("a dashboard item's progress at a time, by the organisation's review frequency", () => {
    const ratedAt = new Date(assessItemSampleRated.ratedAt!)
    const later = (days: number) => new Date(ratedAt.getTime() + days * 86_400_000)
    expect(itemProgressAt(null, 'monthly', later(400))).toBe('not-started')
    expect(itemProgressAt(assessItemSampleRated, 'monthly', later(1))).toBe('rated')
    expect(itemProgressAt(assessItemSampleRated, 'monthly', later(40))).toBe('due-for-review')
    expect(itemProgressAt(assessItemSampleRated, null, later(400))).toBe('rated')
  })
})
