import { Dialog as D } from 'radix-ui'
import type { ReactNode } from 'react'
import { darkTheme, lightTheme } from '../styles/theme.css'
import * as s from './Dialog.css'

export interface DialogProps {
  open: boolean
  onOpenChange?: (open: boolean) => void
  title: ReactNode
  description?: ReactNode
  children: ReactNode
  /** A blocking dialog cannot be dismissed by Escape or by clicking outside. */
  blocking?: boolean
  /** Label of the close button; omitted means no close button. */
  closeLabel?: string
  /** The portal renders outside the page's theme class, so the dialog sets its own (default light). */
  theme?: 'light' | 'dark'
}

/** Accessible modal dialog (Radix): focus trapped, labelled by its title, described by its description. */
export function Dialog({ open, onOpenChange, title, description, children, blocking, closeLabel, theme = 'light' }: DialogProps) {
  const themeClass = theme === 'dark' ? darkTheme : lightTheme
  const prevent = blocking ? (e: Event) => e.preventDefault() : undefined
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className={s.overlay} />
        <D.Content
          className={`${themeClass} ${s.content}`}
          onEscapeKeyDown={prevent}
          onPointerDownOutside={prevent}
          onInteractOutside={prevent}
        >
          <D.Title className={s.title}>{title}</D.Title>
          {description ? <D.Description className={s.description}>{description}</D.Description> : <D.Description className="sr-only">{title}</D.Description>}
          {children}
          {closeLabel ? (
            <D.Close className={s.close} aria-label={closeLabel}>
              ×
            </D.Close>
          ) : null}
        </D.Content>
      </D.Portal>
    </D.Root>
  )
}
