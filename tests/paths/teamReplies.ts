import type { Route } from '@playwright/test'
import { teamSampleInput } from '../../machines/team.samples'
import type { Team, TeamFailure } from '../../src/domain/team'

/**
 * The team's replies as the server sends them, for the drivers that hold its requests (the team page, the setup
 * wizard's team step): get_team's row, a success, and each refusal as PostgREST (its error with the reason as the
 * hint) or an edge function ({ success: false, error, code }) words it, or a dropped connection.
 */
const SAMPLE_ADMIN = teamSampleInput.user.userId
const CORS = { 'access-control-allow-origin': '*', 'access-control-expose-headers': '*' }
const STATUS: Record<string, number> = { seat_limit_reached: 402, not_admin: 403, not_member: 403, last_admin: 409, invitation_rate_limited: 429 }

/** get_team's reply for a sample team, the signed-in person (`userId`) in the sample admin's place. */
export function teamReply(t: Team, userId: string) {
  const me = (id: string) => (id === SAMPLE_ADMIN ? userId : id)
  return {
    organisation: { id: '00000000-0000-4000-8000-0000000000f1', name: t.organisationName, plan: t.plan, sector: 'care', staff_count: 12 },
    seats: t.seats,
    me: { user_id: me(t.me.userId), role: t.me.role },
    members: t.members.map((m) => {
      const [first, ...rest] = m.name.split(' ')
      return { user_id: me(m.userId), role: m.role, email: m.email, first_name: first ?? '', last_name: rest.join(' '), joined_at: '2026-11-20T10:00:00Z' }
    }),
    invitations: t.invitations.map((i) => ({
      ...i,
      expires_at: i.expiresAt,
      invited_by: null,
      invited_by_name: 'Ada Lovelace',
      created_at: '2026-11-24T10:00:00Z',
      last_sent_at: '2026-11-24T10:00:00Z',
      send_count: 1,
    })),
  }
}

/** A refusal as the server sends it (`fn`: an edge function's body, else PostgREST's), or a dropped connection. */
export async function refuse(route: Route, failure: TeamFailure, fn: boolean) {
  if (failure.code === 'network') return route.abort('internetdisconnected')
  const status = STATUS[failure.code] ?? 400
  const body = fn ? { success: false, error: failure.message, code: failure.code } : { code: `PT${status}`, message: failure.message, hint: failure.code, details: null }
  return route.fulfill({ status, contentType: 'application/json', headers: CORS, body: JSON.stringify(body) })
}

export const answer = (route: Route, body: unknown) => route.fulfill({ status: 200, contentType: 'application/json', headers: CORS, body: JSON.stringify(body) })

/** invite-member's success (the page reads the team again after it). */
export const INVITE_SENT = { success: true, invitation: {}, mail: 'sent' }
