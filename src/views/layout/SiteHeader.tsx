import { Link } from '@tanstack/react-router'
import { Suspense, useEffect, useId, useRef, useState } from 'react'
import { config } from '../../config'
import { SECTOR_LABELS, SECTORS, type Sector, sectorPath } from '../../domain/sectors'
import { AnchorButton, LinkButton } from '../../ui/Button'
import { LoadBoundary, lazyPart } from '../../ui/LoadBoundary'
import { loadSession, useSession } from '../session/session'
import { AccountPlaceholder } from './AccountPlaceholder'
import { BrandMark } from './BrandMark'
import * as s from './layout.css'

const AccountLink = () => (
  <LinkButton to="/account" size="sm" variant="ghost">
    Account
  </LinkButton>
)
// Loaded only once the session says someone is signed in: signed-out visitors never download it (nor xstate, nor
// supabase-js). If its code fails to download, the plain Account link instead.
const AccountMenu = lazyPart(() => import('./AccountMenu'), AccountLink)

function SignedOutActions() {
  return (
    <>
      <LinkButton to="/auth" size="sm" variant="ghost" className={s.hideOnMobile}>
        Sign in
      </LinkButton>
      <LinkButton to="/auth" search={{ mode: 'signup' }} size="sm">
        Start Free
      </LinkButton>
    </>
  )
}

/**
 * Top navigation: brand, sector tabs (a disclosure menu on mobile, which also holds 'Sign in'), 'Sign in',
 * 'Start Free' and 'Book Demo'; signed in (as the session machine says), the account menu instead of 'Sign in' and
 * 'Start Free'. On the server and while hydrating the session is unknown, so the first render matches the page.
 */
export function SiteHeader({ activeSector }: { activeSector?: Sector }) {
  const { status } = useSession()
  // A session stored on this page (a sign-in, a confirmation link) is read as soon as the header sees it.
  useEffect(() => {
    if (status === 'pending') void loadSession().catch(() => {})
  }, [status])
  const menu = status === 'signedIn' || status === 'signingOut' || status === 'signedOutHere'
  return (
    <header className={s.header}>
      <div className={s.headerInner}>
        <Link to="/" className={s.brand} aria-label={`${config.brand} home`}>
          <BrandMark className={s.brandMark} />
          <span className={s.brandName}>{config.brand}</span>
        </Link>
        <nav aria-label="Sectors" className={s.sectorTabs}>
          {SECTORS.map((sector) => (
            <Link
              key={sector}
              to={sectorPath(sector)}
              className={s.sectorTab}
              aria-current={activeSector === sector ? 'page' : undefined}
            >
              {SECTOR_LABELS[sector]}
            </Link>
          ))}
        </nav>
        <SectorMenu activeSector={activeSector} signedIn={status === 'pending' || status === 'signedIn' || status === 'signingOut'} />
        <div className={s.headerActions}>
          {status === 'pending' ? (
            <AccountPlaceholder label="Account" />
          ) : menu ? (
            <LoadBoundary fallback={<AccountLink />}>
              <Suspense fallback={<AccountPlaceholder label="Account" />}>
                <AccountMenu signedOut={<SignedOutActions />} />
              </Suspense>
            </LoadBoundary>
          ) : (
            <SignedOutActions />
          )}
          <AnchorButton href={config.bookingUrl} target="_blank" rel="noopener noreferrer" variant="outline" size="sm" className={s.hideOnMobile}>
            Book Demo<span className="sr-only"> (opens in a new tab)</span>
          </AnchorButton>
        </div>
      </div>
    </header>
  )
}

/** Mobile sector switcher: a button that discloses a list of links (and 'Sign in'); Escape and outside clicks close it. */
function SectorMenu({ activeSector, signedIn }: { activeSector?: Sector; signedIn: boolean }) {
  const [open, setOpen] = useState(false)
  const listId = useId()
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false)
    const onClick = (e: MouseEvent) => ref.current && !ref.current.contains(e.target as Node) && setOpen(false)
    document.addEventListener('keydown', onKey)
    document.addEventListener('click', onClick)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('click', onClick)
    }
  }, [open])
  return (
    <div className={s.sectorMenu} ref={ref}>
      <button
        type="button"
        className={s.sectorTab}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((v) => !v)}
        style={{ border: 0, background: 'transparent', cursor: 'pointer' }}
      >
        {activeSector ? SECTOR_LABELS[activeSector] : 'Sectors'} <span aria-hidden="true">▾</span>
        <span className="sr-only"> sector menu</span>
      </button>
      {open ? (
        <ul id={listId} className={s.sectorMenuList}>
          {SECTORS.map((sector) => (
            <li key={sector}>
              <Link
                to={sectorPath(sector)}
                className={s.sectorMenuLink}
                aria-current={activeSector === sector ? 'page' : undefined}
                onClick={() => setOpen(false)}
              >
                {SECTOR_LABELS[sector]}
              </Link>
            </li>
          ))}
          {signedIn ? null : (
            <li className={s.menuSeparator}>
              <Link to="/auth" className={s.sectorMenuLink} onClick={() => setOpen(false)}>
                Sign in
              </Link>
            </li>
          )}
        </ul>
      ) : null}
    </div>
  )
}
