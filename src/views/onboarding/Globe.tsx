import { useId } from 'react'
import { useReducedMotion } from '../../ui/ReduceMotion'
import * as s from './globe.css'

/** A light rotating-globe graphic for the country step; static under reduced motion. Decorative. */
export function Globe() {
  const reduced = useReducedMotion()
  const clip = useId()
  return (
    <svg className={s.globe} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <clipPath id={clip}>
          <circle cx="32" cy="32" r="28" />
        </clipPath>
      </defs>
      <circle cx="32" cy="32" r="28" fill="currentColor" opacity="0.12" />
      <g clipPath={`url(#${clip})`} fill="none" stroke="currentColor" strokeWidth="1.5">
        <path d="M4 22h56M4 32h56M4 42h56" opacity="0.6" />
        <g className={`${s.meridians} ${reduced ? s.still : ''}`}>
          {[0, 20, 40, 60, 80].map((x) => (
            <ellipse key={x} cx={x + 12} cy="32" rx="9" ry="28" />
          ))}
        </g>
      </g>
      <circle cx="32" cy="32" r="28" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  )
}
