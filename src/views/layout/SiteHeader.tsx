import { Link } from '@tanstack/react-router'
import { Suspense, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react'
import { hasStoredSession, isSigningOutHere } from '../../backend/storedSession'
import { config } from '../../config'
import { SECTOR_LABELS, SECTORS, type Sector, sectorPath } from '../../domain/sectors'
import { AnchorButton, LinkButton } from '../../ui/Button'
import { LoadBoundary, lazyPart } from '../../ui/LoadBoundary'
import { AccountPlaceholder } from './AccountPlaceholder'
import { BrandMark } from './BrandMark'
import * as s from './layout.css'

// Loaded only for a browser with a stored session: signed-out visitors never download it (nor xstate, nor supabase-js).
const AccountLink = () => (
  <LinkButton to="/account" size="sm" variant="ghost">
    Account
  </LinkButton>
)
const AccountMenu = lazyPart(() => import('./AccountMenu'), AccountLink)

function subscribeToStorage(onChange: () => void) {
  window.addEventListener('storage', onChange)
  return () => window.removeEventListener('storage', onChange)
}

/** Whether a session is stored (or being signed out of here); false on the server and during hydration, so the
 * first render matches the page. */
const signedInHere = () => hasStoredSession() || isSigningOutHere()
function useStoredSession(): boolean {
  return useSyncExternalStore(subscribeToStorage, signedInHere, () => false)
}

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
 * 'Start Free' and 'Book Demo'; with a stored session, the account menu instead of 'Sign in' and 'Start Free'.
 */
export function SiteHeader({ activeSector }: { activeSector?: Sector }) {
  const stored = useStoredSession()
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
        <SectorMenu activeSector={activeSector} signedIn={stored} />
        <div className={s.headerActions}>
          {stored ? (
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
