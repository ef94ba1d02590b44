import { useEffect, useRef, useState } from 'react'
import { config } from '../config'
import { type IntegrationPartner, logoUrl } from '../content/integrations'
import * as s from './PartnerLogo.css'

/**
 * An integration partner's logo from the external logo service (spec), over its initials in a fixed 40 x 40
 * box: while loading, or if the service is unreachable, the initials show, and the layout is the same either
 * way. A load that failed before hydration (no onError handler yet) is caught by checking the image after mount.
 * Used by the landing pages' tiles and the /integrations page.
 */
export function PartnerLogo({ partner }: { partner: IntegrationPartner }) {
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
