import type { ActionRecord, AuditEvent, ItemActivity } from '../../src/domain/actions'
import { e2eEnv } from '../../scripts/e2e-env'
import { holdRequests } from './driver'

/**
 * The actions' requests held at the network for the drivers of /app's item panel and overview (action.driver.ts,
 * overdueActions.driver.ts), and the replies as PostgREST sends them: rpc list_actions (the item's actions, or the
 * dashboard's overdue ones: the overview asks first), rpc get_team, the item's audit_events, rpc raise_action and
 * rpc move_action and rpc reassign_action.
 */
const env = e2eEnv()
const rest = (path: string) => (url: URL) => url.origin === env.backendUrl && url.pathname === `/rest/v1/${path}`

export const heldActions = {
  list: holdRequests(rest('rpc/list_actions'), 'POST'),
  team: holdRequests(rest('rpc/get_team'), 'POST'),
  history: holdRequests(rest('audit_events'), 'GET'),
  raise: holdRequests(rest('rpc/raise_action'), 'POST'),
  move: holdRequests(rest('rpc/move_action'), 'POST'),
  reassign: holdRequests(rest('rpc/reassign_action'), 'POST'),
}

/** An action as list_actions, raise_action and move_action return it. */
export const actionRow = (a: ActionRecord) => ({
  id: a.id,
  organisation_id: '00000000-0000-4000-8000-0000000000f1',
  assessment_id: a.assessmentId,
  item_id: a.itemId,
  title: a.title,
  owner_id: a.ownerId,
  owner_name: a.ownerName,
  due_on: a.dueOn,
  status: a.status,
  version: a.version,
  done_note: a.doneNote,
  rejection_reason: a.rejectionReason,
  verified_by_name: a.verifiedByName,
  verification_note: a.verificationNote,
  verification_url: a.verificationUrl,
  overdue: a.daysOverdue > 0,
  days_overdue: a.daysOverdue,
})

/** get_team's reply with these members (the first an admin) and this person looking. */
export const teamReply = (activity: ItemActivity) => ({
  organisation: { id: '00000000-0000-4000-8000-0000000000f1', name: 'Sample Care', plan: 'bos', sector: 'care', staff_count: 12 },
  seats: { limit: null, used: activity.members.length, available: null },
  me: { user_id: activity.me.userId, role: activity.me.role },
  members: activity.members.map((m, i) => ({
    user_id: m.userId,
    role: m.userId === activity.me.userId ? activity.me.role : i === 0 ? 'admin' : 'member',
    email: `${m.name.split(' ')[0]!.toLowerCase()}@sample-care.co.uk`,
    first_name: m.name,
    last_name: '',
    joined_at: '2026-11-01T09:00:00.000Z',
  })),
  invitations: [],
})

export const historyRows = (events: readonly AuditEvent[]) => events.map((e) => ({ id: e.id, at: e.at, actor_name: e.actorName, kind: e.kind, detail: e.detail }))
