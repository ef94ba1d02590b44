import { useEffect, useRef, useState } from 'react'
import { config } from '../../config'
import { type IntegrationPartner, logoUrl } from '../../content/integrations'
import * as s from './landing.css'

/** Integration tiles: name, logo from the external logo service, brand-colour stripe. */
export function IntegrationTiles({ partners }: { partners: readonly IntegrationPartner[] }) {
  return (
    <ul className={s.tiles}>
      {partners.map((p) => (
        <li key={p.name} className={s.tile} style={{ borderLeftColor: p.colour }} data-testid="integration-tile">
          <PartnerLogo partner={p} />
          <span>
            <strong>{p.name}</strong>
            <br />
            <span className={`${s.muted} ${s.small}`}>{p.category}</span>
          </span>
        </li>
      ))}
    </ul>
  )
}

/**
 * The logo sits over its initials in a fixed 40 x 40 box: while loading, or if the service is unreachable,
 * the initials show, and the layout is the same either way. A load that failed before hydration (no onError
 * handler yet) is caught by checking the image after mount.
 */
function PartnerLogo({ partner }: { partner: IntegrationPartner }) {
  const [failed, setFailed] = useState(false)
  const img = useRef<HTMLImageElement>(null)
  useEffect(() => {
    const el = img.current
    if (el?.complete && el.naturalWidth === 0) setFailed(true)
  }, [])
  return (
    <span className={s.logoBox} aria-hidden="true" data-logo={failed ? 'fallback' : 'image'}>
      <span className={s.initials}>{partner.initials}</span>
      {failed ? null : (
        <img
          ref={img}
          className={s.logoImg}
          src={logoUrl(config.logoServiceUrl, partner)}
          alt=""
          width={40}
          height={40}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(true)}
        />
      )}
    </span>
  )
}
