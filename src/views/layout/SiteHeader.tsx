import { Link } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState } from 'react'
import { config } from '../../config'
import { SECTOR_LABELS, SECTORS, type Sector, sectorPath } from '../../domain/sectors'
import { AnchorButton, LinkButton } from '../../ui/Button'
import { BrandMark } from './BrandMark'
import * as s from './layout.css'

/** Top navigation: brand, sector tabs (a disclosure menu on mobile), 'Start Free' and 'Book Demo'. */
export function SiteHeader({ activeSector }: { activeSector?: Sector }) {
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
        <SectorMenu activeSector={activeSector} />
        <div className={s.headerActions}>
          <LinkButton to="/auth" search={{ mode: 'signup' }} size="sm">
            Start Free
          </LinkButton>
          <AnchorButton href={config.bookingUrl} target="_blank" rel="noopener noreferrer" variant="outline" size="sm" className={s.hideOnMobile}>
            Book Demo<span className="sr-only"> (opens in a new tab)</span>
          </AnchorButton>
        </div>
      </div>
    </header>
  )
}

/** Mobile sector switcher: a button that discloses a list of links; Escape and outside clicks close it. */
function SectorMenu({ activeSector }: { activeSector?: Sector }) {
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
        </ul>
      ) : null}
    </div>
  )
}
