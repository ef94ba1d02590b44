import type { ReactNode } from 'react'
import * as s from './prose.css'

/** Building blocks of the static content pages: titled sections, card grids, code samples. */

export function Prose({ children }: { children: ReactNode }) {
  return <div className={s.prose}>{children}</div>
}

/** A titled section; its h2 labels the region so screen-reader users can jump between sections. */
export function Section({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={s.section}>
      <h2 id={`${id}-title`} className={s.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  )
}

export function CardGrid({ columns = 3, children, label }: { columns?: 2 | 3; children: ReactNode; label?: string }) {
  return (
    <ul className={`${s.grid} ${columns === 2 ? s.grid2 : s.grid3}`} aria-label={label}>
      {children}
    </ul>
  )
}

/** One card of a CardGrid (a list item, so the count is announced). */
export function Card({
  title,
  eyebrow,
  highlighted,
  headingLevel = 3,
  footer,
  children,
}: {
  title: ReactNode
  eyebrow?: ReactNode
  highlighted?: boolean
  headingLevel?: 2 | 3
  footer?: ReactNode
  children?: ReactNode
}) {
  const Heading = `h${headingLevel}` as const
  return (
    <li className={`${s.card} ${highlighted ? s.cardHighlighted : ''}`}>
      {eyebrow ? <p className={s.eyebrow}>{eyebrow}</p> : null}
      <Heading className={s.cardTitle}>{title}</Heading>
      {children}
      {footer ? <div className={s.cardFooter}>{footer}</div> : null}
    </li>
  )
}

export function CheckList({ items }: { items: readonly ReactNode[] }) {
  return (
    <ul className={s.checkList}>
      {items.map((item, i) => (
        // Static content lists never reorder.
        // biome-ignore lint/suspicious/noArrayIndexKey: static list
        <li key={i}>{item}</li>
      ))}
    </ul>
  )
}

/**
 * A code sample. The <pre> scrolls sideways on narrow screens and takes focus so keyboard users can scroll
 * long lines (a scrollable region that cannot take focus is unreachable without a mouse).
 */
export function CodeBlock({ caption, code, language }: { caption: string; code: string; language?: string }) {
  return (
    <figure className={s.codeFigure}>
      <figcaption className={s.codeCaption}>{caption}</figcaption>
      <div className={s.codeScroll}>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users need focus to scroll a wide code sample */}
        <pre className={s.codePre} tabIndex={0}>
          <code data-language={language}>{code}</code>
        </pre>
      </div>
    </figure>
  )
}

export function InlineCode({ children }: { children: ReactNode }) {
  return <code className={s.inlineCode}>{children}</code>
}
