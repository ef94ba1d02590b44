import { type ReactNode, useId, useState } from 'react'
import { useArrowFocus } from './keyboard'
import * as s from './Accordion.css'

export interface AccordionItem {
  id: string
  title: ReactNode
  content: ReactNode
}

/**
 * Single-mode accordion (WAI-ARIA APG pattern): one item open at a time, and the open one can be collapsed.
 * Enter and Space toggle (native buttons); Arrow Up/Down move between questions and wrap, Home and End jump.
 *
 * Written here rather than taken from Radix: Radix's accordion brought its collection, presence and
 * roving-focus layers (about 7 kB gzip) into the first load of the FAQ pages for these few lines of behaviour.
 */
export function Accordion({ items, headingLevel = 3 }: { items: AccordionItem[]; headingLevel?: 2 | 3 | 4 }) {
  const Heading = `h${headingLevel}` as const
  const [open, setOpen] = useState<string | null>(null)
  const base = useId()
  const arrows = useArrowFocus(items.length, 'vertical')

  return (
    <div className={s.root}>
      {items.map((item, index) => {
        const expanded = open === item.id
        const state = expanded ? 'open' : 'closed'
        const triggerId = `${base}-${item.id}-trigger`
        const panelId = `${base}-${item.id}-panel`
        return (
          <div key={item.id} className={s.item} data-state={state}>
            <Heading className={s.header}>
              <button
                ref={arrows.ref(index)}
                type="button"
                id={triggerId}
                className={s.trigger}
                data-state={state}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : item.id)}
                onKeyDown={(event) => arrows.onKeyDown(event, index)}
              >
                {item.title}
                <svg className={s.chevron} width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
                  <path d="M3 6l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
                </svg>
              </button>
            </Heading>
            {/* Always rendered (hidden while closed), so every answer is in the prerendered HTML for crawlers. */}
            <section id={panelId} aria-labelledby={triggerId} className={s.content} hidden={!expanded}>
              {item.content}
            </section>
          </div>
        )
      })}
    </div>
  )
}
