import { createLink } from '@tanstack/react-router'
import { type AnchorHTMLAttributes, type ButtonHTMLAttributes, forwardRef } from 'react'
import { type ButtonVariants, base, block as blockClass, size as sizes, spinner, variant as variants } from './Button.css'

export type { ButtonVariants }
type Variant = ButtonVariants['variant']
type Size = ButtonVariants['size']

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant
  size?: Size
  block?: boolean
  /** Shows a spinner and marks the button busy; the label should say what is happening. */
  busy?: boolean
}

export function buttonClass(variant: Variant = 'default', size: Size = 'default', block = false, extra?: string) {
  return [base, variants[variant ?? 'default'], sizes[size ?? 'default'], block && blockClass, extra].filter(Boolean).join(' ')
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, block, busy, className, children, type = 'button', ...rest },
  ref,
) {
  return (
    <button ref={ref} type={type} className={buttonClass(variant, size, block, className)} aria-busy={busy || undefined} {...rest}>
      {busy ? <span className={spinner} aria-hidden="true" /> : null}
      {children}
    </button>
  )
})

export interface AnchorButtonProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  variant?: Variant
  size?: Size
  block?: boolean
}

/** A plain anchor styled as a button: external links, mailto and full page loads. */
export const AnchorButton = forwardRef<HTMLAnchorElement, AnchorButtonProps>(function AnchorButton(
  { variant, size, block, className, ...rest },
  ref,
) {
  return <a ref={ref} className={buttonClass(variant, size, block, className)} {...rest} />
})

/** A router link styled as a button (client-side navigation, typed routes). */
export const LinkButton = createLink(AnchorButton)
