import { useEffect, useRef } from 'react'
import { config } from '../config'
import { useReducedMotion } from './ReduceMotion'
import * as s from './loadingScreen.css'

/** Spec section 9: one character row every 50 ms, 20 px columns, a 0.05 fade overlay per frame. */
export const FRAME_MS = 50
export const COLUMN_WIDTH = 20
export const FADE_OPACITY = 0.05
const GLYPHS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789アイウエオカキクケコサシスセソ'

/** The falling-character background; nothing is drawn under reduced motion. */
function FallingCharacters({ still }: { still: boolean }) {
  const ref = useRef<HTMLCanvasElement>(null)
  useEffect(() => {
    const canvas = ref.current
    const ctx = canvas?.getContext('2d')
    if (!canvas || !ctx || still) return
    const resize = () => {
      canvas.width = canvas.clientWidth
      canvas.height = canvas.clientHeight
    }
    resize()
    const colour = getComputedStyle(canvas).color
    const drops = Array.from({ length: Math.ceil(canvas.width / COLUMN_WIDTH) }, () => Math.random() * -20)
    const timer = window.setInterval(() => {
      ctx.fillStyle = `rgba(0, 0, 0, ${FADE_OPACITY})`
      ctx.globalCompositeOperation = 'destination-out'
      ctx.fillRect(0, 0, canvas.width, canvas.height)
      ctx.globalCompositeOperation = 'source-over'
      ctx.fillStyle = colour
      ctx.font = `${COLUMN_WIDTH - 4}px monospace`
      drops.forEach((y, i) => {
        ctx.fillText(GLYPHS.charAt(Math.floor(Math.random() * GLYPHS.length)), i * COLUMN_WIDTH, y * COLUMN_WIDTH)
        drops[i] = y * COLUMN_WIDTH > canvas.height && Math.random() > 0.975 ? 0 : y + 1
      })
    }, FRAME_MS)
    return () => window.clearInterval(timer)
  }, [still])
  return (
    <div aria-hidden="true">
      <canvas ref={ref} className={`${s.canvas} ${still ? s.still : ''}`} />
    </div>
  )
}

/**
 * The loading screen (spec section 1): falling characters, a title, 'Initializing Epic Experience...', five
 * pulsing dots and a progress ring filling over 3 seconds. Shown only while a signed-in page checks the
 * session; it is removed as soon as the page is ready, whatever the animation's progress.
 */
export function LoadingScreen({ label = 'Loading your workspace' }: { label?: string }) {
  const reduced = useReducedMotion()
  const still = reduced ? s.still : ''
  return (
    <div className={s.screen} role="status" aria-label={label} data-testid="loading-screen">
      <FallingCharacters still={reduced} />
      <div className={s.body}>
        <svg className={s.ring} viewBox="0 0 72 72" aria-hidden="true">
          <circle className={s.ringTrack} cx="36" cy="36" r="30" fill="none" strokeWidth="6" />
          <circle className={`${s.ringFill} ${still}`} cx="36" cy="36" r="30" fill="none" strokeWidth="6" strokeLinecap="round" />
        </svg>
        <p className={`${s.title} ${still}`}>{config.brand}</p>
        <p className={`${s.subtitle} ${still}`}>Initializing Epic Experience...</p>
        <div className={s.dots} aria-hidden="true">
          {[0, 1, 2, 3, 4].map((i) => (
            <span key={i} className={`${s.dot} ${still}`} style={{ animationDelay: `${i * 150}ms` }} />
          ))}
        </div>
      </div>
    </div>
  )
}
