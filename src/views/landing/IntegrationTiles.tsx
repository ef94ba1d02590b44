import type { IntegrationPartner } from '../../content/integrations'
import { PartnerLogo } from '../../ui/PartnerLogo'
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
