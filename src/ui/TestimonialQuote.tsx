import { TESTIMONIAL_RATING_MAX, type Testimonial } from '../content/testimonials'
import * as s from './TestimonialQuote.css'

/** The page's look for the parts that differ (the figure's frame, quote text, avatar and role line). */
export interface TestimonialQuoteClasses {
  figure?: string
  blockquote?: string
  avatar?: string
  role?: string
}

const join = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ')

/** One testimonial: star rating (with its text for screen readers), the quote and who said it. */
export function TestimonialQuote({ testimonial: t, classes = {} }: { testimonial: Testimonial; classes?: TestimonialQuoteClasses }) {
  return (
    <figure className={join(s.figure, classes.figure)}>
      <p className={s.stars}>
        <span aria-hidden="true">{'★'.repeat(t.rating)}</span>
        <span className="sr-only">
          Rated {t.rating} out of {TESTIMONIAL_RATING_MAX}
        </span>
      </p>
      <blockquote className={join(s.blockquote, classes.blockquote)}>
        <p>“{t.content}”</p>
      </blockquote>
      <figcaption className={s.person}>
        <span className={join(s.avatar, classes.avatar)} aria-hidden="true">
          {t.initials}
        </span>
        <span>
          <strong>{t.name}</strong>
          <br />
          <span className={classes.role}>
            {t.role}, {t.company}
          </span>
        </span>
      </figcaption>
    </figure>
  )
}
