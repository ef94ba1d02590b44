import { Dialog as D } from 'radix-ui'
import { type ReactNode, useEffect } from 'react'
import { darkTheme, lightTheme } from '../styles/theme.css'
import * as s from './Dialog.css'
import { Presence, preloadPresence } from './motion'

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
  /** Called once the dialog has left after closing (after its exit animation, or at once without motion). */
  onExitComplete?: () => void
}

/**
 * Accessible modal dialog (Radix): focus trapped, labelled by its title, described by its description.
 * The backdrop fades and the dialog fades and scales in and out with motion, through ./motion's Presence, so
 * motion is not part of any page's first load (it is fetched when a Dialog mounts). Presence decides when the
 * parts leave (after their exit), so Radix's own presence is bypassed with forceMount. Keep <Dialog> mounted
 * with `open={false}` to let the exit play.
 */
export function Dialog({ open, onOpenChange, title, description, children, blocking, closeLabel, theme = 'light', onExitComplete }: DialogProps) {
  const themeClass = theme === 'dark' ? darkTheme : lightTheme
  const prevent = blocking ? (e: Event) => e.preventDefault() : undefined
  useEffect(() => preloadPresence(), [])
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal forceMount>
        <Presence show={open} as={D.Overlay} forceMount variant="fade" className={s.overlay} />
        <Presence
          show={open}
          as={D.Content}
          forceMount
          variant="pop"
          onExitComplete={onExitComplete}
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
        </Presence>
      </D.Portal>
    </D.Root>
  )
}
