import { type AuditEvent, auditLine, auditWhen } from '../../domain/actions'
import * as s from './home.css'
import * as a from './actions.css'

/**
 * The item's audit trail (issue 30 item 4): every rating, evidence added or removed and action change, newest
 * first, with who and when. Read with the item's actions (machines/action.machine.ts); nobody can edit it.
 */
export function ItemHistory({ events }: { events: readonly AuditEvent[] }) {
  return (
    <section className={s.header} aria-labelledby="item-history">
      <h3 id="item-history" className={s.groupTitle}>
        History
      </h3>
      {events.length === 0 ? (
        <p className={s.meta}>Nothing has been recorded for this item yet.</p>
      ) : (
        <ol className={a.history} aria-label="History, newest first">
          {events.map((e) => (
            <li key={e.id} className={a.historyEntry}>
              <span className={s.text}>{auditLine(e)}</span>
              <span className={s.meta}>{auditWhen(e)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
