import { type ReactNode, useId } from 'react'
import * as s from './Field.css'

export interface FieldProps {
  label: ReactNode
  /** Render the control; it receives the id and aria attributes to spread onto the input. */
  children: (control: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean; className: string }) => ReactNode
  hint?: ReactNode
  /** A yellow inline hint (for example the password length while it is too short). */
  warning?: ReactNode
  error?: ReactNode
  /** Shows the green completed tick. */
  completed?: boolean
  optional?: boolean
  multiline?: boolean
  /** Extra element beside the label, e.g. a copy button. */
  action?: ReactNode
}

/** A labelled form field: label, control, hint, yellow warning, error and the green completed tick. */
export function Field({ label, children, hint, warning, error, completed, optional, multiline, action }: FieldProps) {
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  const warningId = warning ? `${id}-warning` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [hintId, warningId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <div className={s.field}>
      <div className={s.labelRow}>
        <label htmlFor={id} className={s.label}>
          {label}
          {optional ? <span className={s.optional}> (optional)</span> : null}
        </label>
        {action}
      </div>
      <div className={s.control}>
        {children({
          id,
          'aria-describedby': describedBy,
          'aria-invalid': error ? true : undefined,
          className: multiline ? s.textarea : s.input,
        })}
        {completed ? (
          <span className={s.tick} data-testid="field-complete" title="Completed">
            <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
              <circle cx="10" cy="10" r="9" fill="currentColor" opacity="0.15" />
              <path d="M6 10.5l2.5 2.5L14 7.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <span className="sr-only">completed</span>
          </span>
        ) : null}
      </div>
      {hint ? (
        <p id={hintId} className={s.hint}>
          {hint}
        </p>
      ) : null}
      {warning ? (
        <p id={warningId} className={s.warningHint} role="status">
          {warning}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={s.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}
