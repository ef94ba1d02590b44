import { type ReactNode, useId, useState } from 'react'
import { useArrowFocus } from './keyboard'
import * as s from './Tabs.css'

export interface TabItem<V extends string> {
  value: V
  label: ReactNode
  content: ReactNode
}

/**
 * Tabs (WAI-ARIA APG pattern, automatic activation): Arrow Left/Right move and select, wrapping at the ends;
 * Home and End jump; only the selected tab is in the Tab order, and its panel, labelled by the tab, follows it.
 * Every panel is rendered (the unselected ones hidden), so all of them are in the prerendered HTML.
 *
 * Written here rather than taken from Radix, whose tabs brought collection and roving-focus layers (about
 * 5 kB gzip) into the page's first load.
 */
export function Tabs<V extends string>({
  items,
  value,
  defaultValue,
  onValueChange,
  label,
}: {
  items: TabItem<V>[]
  value?: V
  defaultValue?: V
  onValueChange?: (value: V) => void
  label: string
}) {
  const [uncontrolled, setUncontrolled] = useState<V | undefined>(defaultValue ?? items[0]?.value)
  const selected = value ?? uncontrolled
  const base = useId()
  const select = (next: V) => {
    if (value === undefined) setUncontrolled(next)
    if (next !== selected) onValueChange?.(next)
  }

  // Automatic activation: moving the focus selects the tab.
  const arrows = useArrowFocus(items.length, 'horizontal', (index) => {
    const item = items[index]
    if (item) select(item.value)
  })

  return (
    <div>
      <div role="tablist" aria-label={label} aria-orientation="horizontal" className={s.list}>
        {items.map((item, index) => {
          const active = item.value === selected
          return (
            <button
              key={item.value}
              ref={arrows.ref(index)}
              type="button"
              role="tab"
              id={`${base}-${item.value}-tab`}
              aria-selected={active}
              aria-controls={`${base}-${item.value}-panel`}
              tabIndex={active ? 0 : -1}
              data-state={active ? 'active' : 'inactive'}
              className={s.trigger}
              onClick={() => select(item.value)}
              onKeyDown={(event) => arrows.onKeyDown(event, index)}
            >
              {item.label}
            </button>
          )
        })}
      </div>
      {items.map((item) => (
        <div
          key={item.value}
          role="tabpanel"
          id={`${base}-${item.value}-panel`}
          aria-labelledby={`${base}-${item.value}-tab`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the APG tabs pattern puts the panel in the Tab order
          tabIndex={0}
          hidden={item.value !== selected}
          className={s.panel}
        >
          {item.content}
        </div>
      ))}
    </div>
  )
}
