import { type KeyboardEvent, useRef } from 'react'

/**
 * Arrow-key movement shared by the composite widgets (accordion, tabs): the index the focus moves to for a key,
 * or undefined when the key is not theirs. Arrows wrap at the ends; Home and End jump to them.
 */
export function nextIndex(key: string, index: number, count: number, orientation: 'vertical' | 'horizontal'): number | undefined {
  if (count === 0) return undefined
  const last = count - 1
  const [back, forward] = orientation === 'vertical' ? ['ArrowUp', 'ArrowDown'] : ['ArrowLeft', 'ArrowRight']
  if (key === forward) return index === last ? 0 : index + 1
  if (key === back) return index === 0 ? last : index - 1
  if (key === 'Home') return 0
  if (key === 'End') return last
  return undefined
}

/**
 * Arrow-key focus movement for a row of items (the accordion's questions, the tabs): `ref(index)` registers an
 * item's element, `onKeyDown` moves the focus per nextIndex and reports the new index to `onMove`.
 */
export function useArrowFocus(count: number, orientation: 'vertical' | 'horizontal', onMove?: (index: number) => void) {
  const elements = useRef<Array<HTMLElement | null>>([])
  return {
    ref: (index: number) => (element: HTMLElement | null) => {
      elements.current[index] = element
    },
    onKeyDown: (event: KeyboardEvent, index: number) => {
      const target = nextIndex(event.key, index, count, orientation)
      if (target === undefined) return
      event.preventDefault()
      elements.current[target]?.focus()
      onMove?.(target)
    },
  }
}
