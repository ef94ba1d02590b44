import { describe, expect, it } from 'vitest'
import { nextIndex } from './keyboard'

describe('nextIndex', () => {
  it('moves with the arrows of its orientation and wraps at both ends', () => {
    expect(nextIndex('ArrowDown', 0, 3, 'vertical')).toBe(1)
    expect(nextIndex('ArrowDown', 2, 3, 'vertical')).toBe(0)
    expect(nextIndex('ArrowUp', 0, 3, 'vertical')).toBe(2)
    expect(nextIndex('ArrowRight', 1, 3, 'horizontal')).toBe(2)
    expect(nextIndex('ArrowRight', 2, 3, 'horizontal')).toBe(0)
    expect(nextIndex('ArrowLeft', 0, 3, 'horizontal')).toBe(2)
  })

  it('ignores the arrows of the other orientation and unrelated keys', () => {
    expect(nextIndex('ArrowRight', 0, 3, 'vertical')).toBeUndefined()
    expect(nextIndex('ArrowDown', 0, 3, 'horizontal')).toBeUndefined()
    expect(nextIndex('Enter', 0, 3, 'vertical')).toBeUndefined()
    expect(nextIndex('a', 0, 3, 'horizontal')).toBeUndefined()
  })

  it('jumps to the ends with Home and End', () => {
    expect(nextIndex('Home', 2, 4, 'vertical')).toBe(0)
    expect(nextIndex('End', 0, 4, 'horizontal')).toBe(3)
  })

  it('has nowhere to go without items', () => {
    expect(nextIndex('ArrowDown', 0, 0, 'vertical')).toBeUndefined()
    expect(nextIndex('End', 0, 0, 'horizontal')).toBeUndefined()
  })
})
