/**
 * Actions and the audit trail (issue 30 items 2 and 4) through supabase-js against PostgREST
 * (supabase/migrations/20261126100000_actions_audit.sql):
 *
 * - an item's activity: rpc list_actions (its actions with names), rpc get_team (the members an action may be given
 *   to, and who is looking) and its audit_events (newest first), read together;
 * - raising an action: rpc raise_action; moving one along: rpc move_action with the version last read (a change
 *   made meanwhile is refused with 409, hint action_conflict); an admin reassigning one (owner, due date): rpc
 *   reassign_action, from the version last read likewise (20261128120000_action_lifecycle.sql);
 * - the dashboard's overdue actions: rpc list_actions with p_overdue_only.
 *
 * Every refusal becomes a plain `AssessmentFailure` ({ code, message }); a dropped connection is code `network`.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { fromPromise } from 'xstate'
import { type ActionRecord, type ActionStep, actionFailure, type ItemActivity, membersOf, parseAction, parseActions, parseAuditEvents } from '../domain/actions'
import { failure } from '../domain/assessments'
import { parseTeam } from '../domain/team'
import { getSupabase } from './client'

async function client(): Promise<SupabaseClient> {
  try {
    return await getSupabase()
  } catch {
    throw failure('network', undefined)
  }
}

type PostgrestLikeError = { message?: string; hint?: string | null; code?: string; details?: string | null }

async function request<T>(run: () => PromiseLike<{ data: T; error: PostgrestLikeError | null }>): Promise<T> {
  let reply: { data: T; error: PostgrestLikeError | null }
  try {
    reply = await run()
  } catch {
    throw failure('network', undefined)
  }
  if (reply.error) throw actionFailure(reply.error)
  return reply.data
}

export interface ItemRef {
  readonly assessmentId: string
  readonly itemId: string
}

const HISTORY_SELECT = 'id, at, actor_name, kind, detail'

/** The item's actions, the members and who is looking, and the item's history, newest first. */
export async function readItemActivity(sb: SupabaseClient, input: ItemRef): Promise<ItemActivity> {
  const [actions, team, history] = await Promise.all([
    request(() => sb.rpc('list_actions', { p_assessment_id: input.assessmentId, p_item_id: input.itemId })),
    request(() => sb.rpc('get_team')),
    request(() =>
      sb.from('audit_events').select(HISTORY_SELECT).eq('assessment_id', input.assessmentId).eq('item_id', input.itemId).order('at', { ascending: false }).order('id', { ascending: false }).limit(200),
    ),
  ])
  let parsed: ReturnType<typeof parseTeam>
  try {
    parsed = parseTeam(team)
  } catch {
    throw failure('unknown', undefined)
  }
  return { actions: parseActions(actions), members: membersOf(parsed), me: parsed.me, history: parseAuditEvents(history) }
}

/** An RPC's action row, or a failure when it cannot be read. */
function actionOf(data: unknown): ActionRecord {
  const action = parseAction(data)
  if (!action) throw failure('unknown', undefined)
  return action
}

export interface RaiseInput extends ItemRef {
  readonly title: string
  readonly ownerId: string
  readonly dueOn: string
}

export async function raiseAction(sb: SupabaseClient, input: RaiseInput): Promise<ActionRecord> {
  const data = await request(() =>
    sb.rpc('raise_action', { p_assessment_id: input.assessmentId, p_item_id: input.itemId, p_title: input.title.trim(), p_owner_id: input.ownerId, p_due_on: input.dueOn }),
  )
  return actionOf(data)
}

export interface MoveInput {
  readonly actionId: string
  readonly step: ActionStep
  readonly expectedVersion: number
  readonly note: string
  readonly url: string
}

export async function moveAction(sb: SupabaseClient, input: MoveInput): Promise<ActionRecord> {
  const data = await request(() =>
    sb.rpc('move_action', {
      p_action_id: input.actionId,
      p_step: input.step,
      p_expected_version: input.expectedVersion,
      p_note: input.note.trim() || null,
      p_url: input.url.trim() || null,
    }),
  )
  return actionOf(data)
}

export interface ReassignInput {
  readonly actionId: string
  readonly ownerId: string
  readonly dueOn: string
  readonly expectedVersion: number
}

export async function reassignAction(sb: SupabaseClient, input: ReassignInput): Promise<ActionRecord> {
  const data = await request(() =>
    sb.rpc('reassign_action', { p_action_id: input.actionId, p_owner_id: input.ownerId, p_due_on: input.dueOn, p_expected_version: input.expectedVersion }),
  )
  return actionOf(data)
}

/** The organisation's overdue actions (not closed, due before today in the UK), the longest overdue first. */
export async function readOverdueActions(sb: SupabaseClient): Promise<ActionRecord[]> {
  const data = await request(() => sb.rpc('list_actions', { p_overdue_only: true }))
  return parseActions(data).sort((a, b) => b.daysOverdue - a.daysOverdue)
}

export const actionActors = {
  loadActivity: fromPromise<ItemActivity, ItemRef>(async ({ input }) => readItemActivity(await client(), input)),
  raiseAction: fromPromise<ActionRecord, RaiseInput>(async ({ input }) => raiseAction(await client(), input)),
  moveAction: fromPromise<ActionRecord, MoveInput>(async ({ input }) => moveAction(await client(), input)),
  reassignAction: fromPromise<ActionRecord, ReassignInput>(async ({ input }) => reassignAction(await client(), input)),
}

export const overdueActors = {
  loadOverdue: fromPromise<readonly ActionRecord[], Record<string, never>>(async () => readOverdueActions(await client())),
}
