import { describe, expect, it } from 'vitest'
import {
  asTeamFailure,
  canInviteMore,
  inviteProblem,
  isDroppedConnection,
  isStaleListRefusal,
  PAID_PLAN_MESSAGE,
  parseInvitation,
  parseTeam,
  postgrestFailure,
  seatsSentence,
  TEAM_MESSAGES,
  teamFailure,
} from './team'

const row = {
  organisation: { id: 'o', name: 'Sunrise Care', plan: 'free', sector: 'care', staff_count: 12 },
  seats: { limit: 3, used: 2, available: 1 },
  me: { user_id: 'u1', role: 'admin' },
  members: [
    { user_id: 'u1', role: 'admin', email: 'ada@sunrise-care.co.uk', first_name: 'Ada', last_name: 'Lovelace', joined_at: '2026-11-20' },
    { user_id: 'u2', role: 'member', email: 'grace@sunrise-care.co.uk', first_name: null, last_name: null, joined_at: '2026-11-21' },
  ],
  invitations: [{ id: 'i1', email: 'alan@sunrise-care.co.uk', role: 'member', status: 'pending', expires_at: '2026-12-01T10:00:00Z', invited_by_name: 'Ada Lovelace' }],
}

describe('team rules', () => {
  it('reads get_team; a member without a name is shown by address', () => {
    const team = parseTeam(row)
    expect(team.me).toEqual({ userId: 'u1', role: 'admin' })
    expect(team.members.map((m) => m.name)).toEqual(['Ada Lovelace', 'grace@sunrise-care.co.uk'])
    expect(team.invitations).toEqual([{ id: 'i1', email: 'alan@sunrise-care.co.uk', role: 'member', status: 'pending', expiresAt: '2026-12-01T10:00:00Z' }])
    expect(() => parseTeam({ ...row, me: { user_id: 'u1', role: 'owner' } })).toThrow()
  })

  it('reads get_invitation', () => {
    expect(
      parseInvitation({ status: 'expired', email: 'a@b.co.uk', role: 'admin', organisation_name: 'Sunrise Care', invited_by_name: 'Ada', expires_at: 'x' }),
    ).toEqual({ status: 'expired', email: 'a@b.co.uk', role: 'admin', organisationName: 'Sunrise Care', invitedByName: 'Ada', expiresAt: 'x' })
  })

  it('explains the seats of the free plan, and a plan without a limit', () => {
    const team = parseTeam(row)
    expect(seatsSentence(team)).toBe('The free plan has 3 seats: members plus pending invitations. 2 of 3 in use.')
    expect(seatsSentence({ ...team, seats: { limit: null, used: 7, available: null } })).toBe('Your plan has unlimited seats; 7 in use.')
    expect(PAID_PLAN_MESSAGE).toBe("We'll enable the paid plan for eligible accounts.")
  })

  it('an admin can invite while a seat is free or the plan has no limit; a member never', () => {
    const team = parseTeam(row)
    expect(canInviteMore(team)).toBe(true)
    expect(canInviteMore({ ...team, seats: { limit: 3, used: 3, available: 0 } })).toBe(false)
    expect(canInviteMore({ ...team, seats: { limit: null, used: 40, available: null } })).toBe(true)
    expect(canInviteMore({ ...team, me: { ...team.me, role: 'member' } })).toBe(false)
    expect(canInviteMore({ ...team, me: { ...team.me, role: 'member' }, seats: { limit: null, used: 1, available: null } })).toBe(false)
  })

  it('a refusal because another admin acted first, or this person is no longer an admin or member, means a stale list', () => {
    for (const code of ['invitation_not_found', 'invitation_revoked', 'invitation_used', 'invitation_expired', 'member_not_found', 'not_admin', 'not_member']) {
      expect(isStaleListRefusal({ code, message: '' })).toBe(true)
    }
    for (const code of ['network', 'last_admin', 'seat_limit_reached', 'invitation_rate_limited', 'invitation_resend_too_soon', 'saved_not_refreshed']) {
      expect(isStaleListRefusal({ code, message: '' })).toBe(false)
    }
  })

  it('checks an invited address: missing, malformed, personal, or fine', () => {
    expect(inviteProblem({ email: '  ', role: 'member' })).toBe('missingEmail')
    expect(inviteProblem({ email: 'alan@', role: 'member' })).toBe('invalidEmail')
    expect(inviteProblem({ email: 'Alan@GMAIL.com', role: 'member' })).toBe('consumerEmail')
    expect(inviteProblem({ email: ' alan@sunrise-care.co.uk ', role: 'admin' })).toBeNull()
  })

  it('a refusal keeps the server sentence; without one, our words for its code; anything thrown reads as a dropped connection', () => {
    expect(teamFailure('last_admin', 'Sunrise Care needs at least one admin.')).toEqual({ code: 'last_admin', message: 'Sunrise Care needs at least one admin.' })
    expect(teamFailure('seat_limit_reached', '').message).toContain(PAID_PLAN_MESSAGE)
    expect(teamFailure(undefined, undefined)).toEqual({ code: 'unknown', message: 'Something went wrong. Please try again.' })
    expect(asTeamFailure(new Error('boom')).code).toBe('network')
    expect(asTeamFailure({ code: 'not_admin', message: 'No.' })).toEqual({ code: 'not_admin', message: 'No.' })
  })

  it("reads a dropped connection in each engine's words, and nothing else, as network", () => {
    for (const message of ['TypeError: Failed to fetch', 'NetworkError when attempting to fetch resource.', 'TypeError: Load failed']) {
      expect(isDroppedConnection(message)).toBe(true)
      expect(postgrestFailure({ message, code: '' })).toEqual({ code: 'network', message: TEAM_MESSAGES.unreachable })
    }
    expect(isDroppedConnection('Seat limit reached')).toBe(false)
    expect(isDroppedConnection(undefined)).toBe(false)
  })

  it("reads PostgREST's refusals: the hint is the reason, the message the sentence; 42501 is a session that ended", () => {
    expect(postgrestFailure({ message: 'All 3 seats are taken.', hint: 'seat_limit_reached', code: 'P0001' })).toEqual({
      code: 'seat_limit_reached',
      message: 'All 3 seats are taken.',
    })
    expect(postgrestFailure({ message: 'permission denied for function get_team', code: '42501' }).code).toBe('not_authenticated')
    // A coded error whose message happens to mention the network is the server's refusal, not a dropped connection.
    expect(postgrestFailure({ message: 'network policy', hint: null, code: 'P0001' })).toEqual({ code: 'P0001', message: 'network policy' })
    expect(teamFailure('saved_not_refreshed', undefined).message).toBe(TEAM_MESSAGES.savedNotRefreshed)
  })
})
