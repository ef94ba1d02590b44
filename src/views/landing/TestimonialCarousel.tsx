import { useEffect, useRef } from 'react'
import type { Testimonial } from '../../content/testimonials'
import { useReducedMotion } from '../../ui/ReduceMotion'
import { TestimonialQuote, type TestimonialQuoteClasses } from '../../ui/TestimonialQuote'
import { useDeferredActor } from '../../ui/useDeferredActor'
import { CAROUSEL_INITIAL, carouselView, sameCarouselView } from './actorViews'
import * as s from './landing.css'

/**
 * Continuous testimonials carousel. The list is rendered twice (the copy aria-hidden) and the track moves by
 * half its width per loop with a Web Animation on `transform` only; hovering changes the playback rate (so the
 * position never jumps), a hidden tab pauses it, reduced motion removes it and shows a static grid.
 * Its machine (machines/carousel.machine.ts) starts after hydration; until then the carousel waits, still, as
 * the server rendered it.
 */
export function TestimonialCarousel({ items, labelledBy }: { items: readonly Testimonial[]; labelledBy: string }) {
  const trackRef = useRef<HTMLUListElement>(null)
  const animation = useRef<Animation | null>(null)
  const reduced = useReducedMotion()
  const [{ still, state }, send] = useDeferredActor(
    () =>
      import('./landingActors').then(({ startCarousel, CAROUSEL_LOOP_MS }) =>
        startCarousel(
          {
            playAnimation: () => {
              const track = trackRef.current
              if (animation.current) return animation.current.play()
              if (!track || typeof track.animate !== 'function') return
              animation.current = track.animate([{ transform: 'translate3d(0, 0, 0)' }, { transform: 'translate3d(-50%, 0, 0)' }], {
                duration: CAROUSEL_LOOP_MS.normal,
                iterations: Number.POSITIVE_INFINITY,
                easing: 'linear',
              })
            },
            setLoopDuration: (_, { loopMs }) => animation.current?.updatePlaybackRate(CAROUSEL_LOOP_MS.normal / loopMs),
            pauseAnimation: () => animation.current?.pause(),
            stopAnimation: () => {
              animation.current?.cancel()
              animation.current = null
            },
          },
        ),
      ),
    carouselView,
    CAROUSEL_INITIAL,
    sameCarouselView,
  )

  useEffect(() => {
    send({ type: 'MOTION_PREFERENCE_CHANGED', reduce: reduced })
  }, [send, reduced])

  useEffect(() => {
    const report = () => send({ type: 'VISIBILITY_CHANGED', hidden: document.visibilityState === 'hidden' })
    report()
    document.addEventListener('visibilitychange', report)
    return () => {
      document.removeEventListener('visibilitychange', report)
      animation.current?.cancel()
      animation.current = null
    }
  }, [send])

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover only slows the decorative motion; nothing to operate
    <div
      className={s.carouselViewport}
      data-state={state}
      data-testid="carousel"
      onMouseEnter={() => send({ type: 'HOVER_STARTED' })}
      onMouseLeave={() => send({ type: 'HOVER_ENDED' })}
    >
      <ul className={s.carouselTrack} ref={trackRef} aria-labelledby={labelledBy}>
        {items.map((t) => (
          <TestimonialCard key={t.name} testimonial={t} />
        ))}
        {still ? null : items.map((t) => <TestimonialCard key={`copy-${t.name}`} testimonial={t} copy />)}
      </ul>
    </div>
  )
}

const quoteClasses: TestimonialQuoteClasses = {
  figure: s.quote,
  blockquote: s.blockquote,
  avatar: s.avatar,
  role: `${s.muted} ${s.small}`,
}

function TestimonialCard({ testimonial, copy = false }: { testimonial: Testimonial; copy?: boolean }) {
  return (
    <li className={s.carouselItem} aria-hidden={copy || undefined} data-copy={copy || undefined}>
      <TestimonialQuote testimonial={testimonial} classes={quoteClasses} />
    </li>
  )
}
