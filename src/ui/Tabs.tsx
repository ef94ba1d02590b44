import { Tabs as T } from 'radix-ui'
import type { ReactNode } from 'react'
import * as s from './Tabs.css'

export interface TabItem<V extends string> {
  value: V
  label: ReactNode
  content: ReactNode
}

/** Accessible tabs (Radix): arrow keys move between tabs, the panel is labelled by its tab. */
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
  return (
    <T.Root value={value} defaultValue={defaultValue ?? items[0]?.value} onValueChange={(v) => onValueChange?.(v as V)}>
      <T.List className={s.list} aria-label={label}>
        {items.map((item) => (
          <T.Trigger key={item.value} value={item.value} className={s.trigger}>
            {item.label}
          </T.Trigger>
        ))}
      </T.List>
      {items.map((item) => (
        <T.Content key={item.value} value={item.value} className={s.panel}>
          {item.content}
        </T.Content>
      ))}
    </T.Root>
  )
}
