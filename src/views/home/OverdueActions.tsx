import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { overdueActionsMachine } from '../../../machines/overdueActions.machine'
import { overdueActors } from '../../backend/actions'
import { inspect } from '../../devtools/inspector'
import { ACTION_MESSAGES, type ActionRecord } from '../../domain/actions'
import { longDate } from '../../domain/assessments'
import { findItem } from '../../domain/frameworks/items'
import { FRAMEWORKS } from '../../domain/frameworks/registry'
import * as s from './home.css'
import { RetryAlert } from './RetryAlert'

/** The item an action is on, and its framework's short name: 'Safeguarding', 'CQC'. */
function itemOf(action: ActionRecord): { name: string; framework: string } {
  const version = FRAMEWORKS.version(action.itemId.split('/')[0] ?? '')
  return { name: (version && findItem(version, action.itemId)?.name) || action.itemId, framework: version?.shortName ?? '' }
}

/**
 * The dashboard's overdue actions (machines/overdueActions.machine.ts): title, item, owner, due date and days
 * overdue, each opening its item; "No action is overdue." when none.
 */
export function OverdueActions({ onOpen }: { onOpen: (assessmentId: string, itemId: string) => void }) {
  const [machine] = useState(() => overdueActionsMachine.provide({ actors: overdueActors }))
  const actor = useActorRef(machine, { inspect })
  const snap = useSelector(actor, (snapshot) => snapshot)
  return (
    <section className={s.card} aria-labelledby="overdue" aria-busy={snap.hasTag('loading') || undefined}>
      <h2 id="overdue" className={s.cardTitle}>
        Overdue actions
      </h2>
      {snap.hasTag('loading') ? (
        <p className={s.meta}>Loading overdue actions</p>
      ) : snap.matches('failed') ? (
        <RetryAlert message={ACTION_MESSAGES.overdueLoadFailed} onRetry={() => actor.send({ type: 'RETRY' })} />
      ) : snap.matches('none') ? (
        <p className={s.meta}>{ACTION_MESSAGES.noOverdue}</p>
      ) : (
        <ul className={s.list} aria-label="Overdue actions">
          {snap.context.actions.map((a) => {
            const item = itemOf(a)
            return (
              <li key={a.id}>
                <button type="button" className={s.itemButton} onClick={() => onOpen(a.assessmentId, a.itemId)}>
                  <span className={s.itemName}>{a.title}</span>
                  <span className={s.itemMeta}>
                    {item.framework} · {item.name} · owner {a.ownerName} · due {longDate(a.dueOn)} · {a.daysOverdue} {a.daysOverdue === 1 ? 'day' : 'days'} overdue
                  </span>
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
