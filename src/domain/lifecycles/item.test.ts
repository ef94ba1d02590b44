import { describe, expect, it } from 'vitest'
import { ITEM_LIFECYCLE, itemProgress, itemStatusOf, PROGRESS_LABELS, ratingStep } from './item'

describe('the item lifecycle', () => {
  it('is the table of issue 29: evidence starts an item, any status may be rated, a rated item reviewed', () => {
    const by = (step: string) => ITEM_LIFECYCLE.transitions.filter((t) => t.step === step).map((t) => `${t.from}→${t.to}`)
    expect(by('addEvidence')).toEqual(['not-started→in-progress', 'in-progress→in-progress', 'rated→rated', 'reviewed→reviewed'])
    expect(by('rate')).toEqual(['not-started→rated', 'in-progress→rated', 'rated→rated', 'reviewed→rated'])
    expect(by('review')).toEqual(['rated→reviewed', 'reviewed→reviewed'])
    expect(ITEM_LIFECYCLE.transitions.every((t) => t.by.join() === 'member')).toBe(true)
    expect(ITEM_LIFECYCLE.initial).toBe('not-started')
  })

  it('has one set of labels for an item\'s progress, "due for review" among them', () => {
    expect(PROGRESS_LABELS).toEqual({ 'not-started': 'Not started', 'in-progress': 'In progress', rated: 'Rated', reviewed: 'Reviewed', 'due-for-review': 'Due for review' })
  })

  it('progress: the status, or due for review when a rated or reviewed item has fallen due', () => {
    expect(itemStatusOf(null)).toBe('not-started')
    expect(itemStatusOf(undefined)).toBe('not-started')
    expect(itemProgress(null, true)).toBe('not-started')
    expect(itemProgress({ status: 'in-progress' }, true)).toBe('in-progress')
    expect(itemProgress({ status: 'rated' }, false)).toBe('rated')
    expect(itemProgress({ status: 'rated' }, true)).toBe('due-for-review')
    expect(itemProgress({ status: 'reviewed' }, false)).toBe('reviewed')
    expect(itemProgress({ status: 'reviewed' }, true)).toBe('due-for-review')
  })

  it('a rating is a review only when the review has fallen due', () => {
    expect(ratingStep('due-for-review')).toBe('review')
    for (const p of ['not-started', 'in-progress', 'rated', 'reviewed'] as const) expect(ratingStep(p)).toBe('rate')
  })
})
