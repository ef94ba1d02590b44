import { Accordion as A } from 'radix-ui'
import type { ReactNode } from 'react'
import * as s from './Accordion.css'

export interface AccordionItem {
  id: string
  title: ReactNode
  content: ReactNode
}

/** Single-mode accordion: one item open at a time, and the open one can be collapsed. */
export function Accordion({ items, headingLevel = 3 }: { items: AccordionItem[]; headingLevel?: 2 | 3 | 4 }) {
  const Heading = `h${headingLevel}` as const
  return (
    <A.Root type="single" collapsible className={s.root}>
      {items.map((item) => (
        <A.Item key={item.id} value={item.id} className={s.item}>
          <A.Header asChild>
            <Heading className={s.header}>
              <A.Trigger className={s.trigger}>
                {item.title}
                <svg className={s.chevron} width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
                  <path d="M3 6l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
                </svg>
              </A.Trigger>
            </Heading>
          </A.Header>
          {/* Always rendered, hidden by CSS while closed, so every answer is in the prerendered HTML for crawlers. */}
          <A.Content forceMount className={s.content}>
            {item.content}
          </A.Content>
        </A.Item>
      ))}
    </A.Root>
  )
}
