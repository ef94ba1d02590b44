import { Link } from '@tanstack/react-router'
import { config } from '../../config'
import { useReducedMotion, useToggleReducedMotion } from '../../ui/ReduceMotion'
import * as s from './layout.css'

type FooterPath =
  | '/features'
  | '/integrations'
  | '/api'
  | '/security'
  | '/ai-ethics'
  | '/roadmap'
  | '/changelog'
  | '/about'
  | '/careers'
  | '/press'
  | '/partners'
  | '/contact'
  | '/privacy'
  | '/terms'
  | '/cookies'

/** Every footer link of spec section 2, grouped. */
export const FOOTER_GROUPS: Array<{ heading: string; links: Array<{ to: FooterPath; label: string }> }> = [
  {
    heading: 'Product',
    links: [
      { to: '/features', label: 'Features' },
      { to: '/integrations', label: 'Integrations' },
      { to: '/api', label: 'API' },
      { to: '/security', label: 'Security' },
      { to: '/ai-ethics', label: 'AI ethics' },
    ],
  },
  {
    heading: 'Updates',
    links: [
      { to: '/roadmap', label: 'Roadmap' },
      { to: '/changelog', label: 'Changelog' },
    ],
  },
  {
    heading: 'Company',
    links: [
      { to: '/about', label: 'About' },
      { to: '/careers', label: 'Careers' },
      { to: '/press', label: 'Press' },
      { to: '/partners', label: 'Partners' },
      { to: '/contact', label: 'Contact' },
    ],
  },
  {
    heading: 'Legal',
    links: [
      { to: '/privacy', label: 'Privacy' },
      { to: '/terms', label: 'Terms' },
      { to: '/cookies', label: 'Cookies' },
    ],
  },
]

export function SiteFooter() {
  return (
    <footer className={s.footer}>
      <nav aria-label="Footer" className={s.footerInner}>
        {FOOTER_GROUPS.map((group) => (
          <div key={group.heading}>
            <h2 className={s.footerHeading}>{group.heading}</h2>
            <ul className={s.footerList}>
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={s.footerLink}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <div className={s.footerBottom}>
        <p>
          © {config.brand}. Compliance and inspection readiness for care, education, housing and construction.
        </p>
        <a className={s.footerLink} href={config.videoChannelUrl} target="_blank" rel="noopener noreferrer">
          Video channel<span className="sr-only"> (opens in a new tab)</span>
        </a>
        <ReduceMotionSwitch />
      </div>
    </footer>
  )
}

function ReduceMotionSwitch() {
  const reduced = useReducedMotion()
  const toggle = useToggleReducedMotion()
  return (
    <span className={s.switchRow}>
      <button type="button" role="switch" aria-checked={reduced} aria-labelledby="reduce-motion-label" className={s.switchTrack} onClick={toggle}>
        <span className={s.switchThumb} />
      </button>
      <span id="reduce-motion-label">Reduce Motion</span>
    </span>
  )
}
