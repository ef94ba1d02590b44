import { useEffect, useId } from 'react'
import { type FeatureRow, SECTOR_CONTENT, SHARED_FEATURE_ROWS } from '../../content/sectors'
import type { Sector } from '../../domain/sectors'
import { Button } from '../../ui/Button'
import { useDeferredActor } from '../../ui/useDeferredActor'
import { FEATURE_TABLE_INITIAL, featureTableExtended } from './actorViews'
import * as s from './landing.css'

/**
 * 'Features that move you forward': a table on tablet and desktop, cards on mobile; short or extended list.
 * Its machine (machines/featureTable.machine.ts) starts after hydration: the section is below the fold.
 */
export function FeatureTable({ sector }: { sector: Sector }) {
  const [extended, send] = useDeferredActor(
    () => import('./landingActors').then((m) => m.startFeatureTable(sector)),
    featureTableExtended,
    FEATURE_TABLE_INITIAL,
  )
  // The sector tabs are client-side links: tell the machine, which returns to the short list.
  useEffect(() => {
    send({ type: 'SECTOR_CHANGED', sector })
  }, [send, sector])
  const id = useId()
  const rows: readonly FeatureRow[] = extended ? [...SECTOR_CONTENT[sector].featureRows, ...SHARED_FEATURE_ROWS] : SECTOR_CONTENT[sector].featureRows
  return (
    <div className={s.card} data-testid="feature-table" data-state={extended ? 'extended' : 'short'}>
      <h3 className={s.cardTitle} id={`${id}-title`}>
        Features that move you forward
      </h3>
      <div className={`${s.desktopOnly} ${s.tableWrap}`} id={`${id}-table`}>
        <table className={s.table} aria-labelledby={`${id}-title`}>
          <thead>
            <tr>
              <th scope="col" className={s.th}>
                Feature
              </th>
              <th scope="col" className={s.th}>
                What it does
              </th>
              <th scope="col" className={s.th}>
                Why it matters
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.feature}>
                <th scope="row" className={s.rowHeader}>
                  {row.feature}
                </th>
                <td className={s.td}>{row.description}</td>
                <td className={s.td}>{row.benefit}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className={`${s.mobileOnly} ${s.tickList}`} id={`${id}-cards`} aria-labelledby={`${id}-title`}>
        {rows.map((row) => (
          <li key={row.feature} className={s.dashboardTile}>
            <strong>{row.feature}</strong>
            <span className={s.muted}>{row.description}</span>
            <span className={s.small}>{row.benefit}</span>
          </li>
        ))}
      </ul>
      <div>
        <Button variant="outline" aria-expanded={extended} aria-controls={`${id}-table ${id}-cards`} onClick={() => send({ type: extended ? 'SHOW_LESS' : 'SHOW_MORE' })}>
          {extended ? 'Show less' : 'Learn more'}
        </Button>
      </div>
    </div>
  )
}
