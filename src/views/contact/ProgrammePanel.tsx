import { Link } from '@tanstack/react-router'
import { type ProgrammeId, READY4LIFE } from '../../domain/contact'
import { buildMailto } from '../../domain/mailto'
import * as s from './contact.css'

/**
 * Beside the form: the Ready4Life programme explained when ?service=ready4life, otherwise a short pointer to
 * it. It changes after mount (the prerendered page has no query), and sits beside or after the form, so the
 * change never moves the form.
 */
export function ProgrammePanel({ programme, address }: { programme: ProgrammeId; address: string }) {
  const mail = (
    <p className={s.muted}>
      Prefer email? Write to{' '}
      <a className={s.link} href={buildMailto({ to: address })}>
        {address}
      </a>
      .
    </p>
  )
  if (programme === 'ready4life') {
    return (
      <aside className={s.aside} aria-labelledby="programme-title" data-programme="ready4life">
        <span className={s.badge}>Fully funded</span>
        <h2 id="programme-title" className={s.cardTitle}>
          About {READY4LIFE.name}
        </h2>
        <p>
          {READY4LIFE.name} is our fully funded youth-skills programme for young people aged {READY4LIFE.ages}. There is
          nothing to pay for the young person, their family or the referring organisation.
        </p>
        <p>Young people build skills and confidence in:</p>
        <ul className={s.list}>
          {READY4LIFE.subjects.map((subject) => (
            <li key={subject}>{subject[0]!.toUpperCase() + subject.slice(1)}</li>
          ))}
        </ul>
        <p>Tell us who you are referring and how to reach them; we will be in touch to arrange the next steps.</p>
        {mail}
      </aside>
    )
  }
  return (
    <aside className={s.aside} aria-labelledby="programme-title" data-programme="general">
      <h2 id="programme-title" className={s.cardTitle}>
        Referring a young person?
      </h2>
      <p>
        {READY4LIFE.name} is our fully funded youth-skills programme for ages {READY4LIFE.ages}: English, maths,
        technology, creative arts, business, science and engineering, and trades.
      </p>
      <p>
        <Link className={s.link} to="/contact" search={{ service: 'ready4life' }}>
          Make a {READY4LIFE.name} referral
        </Link>
      </p>
      {mail}
    </aside>
  )
}
