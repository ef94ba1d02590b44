import { describe, expect, it } from 'vitest'
import { PENDING_INVITATION_MESSAGES as M, parsePendingInvitations } from './pendingInvitations'

const row = { id: 'i1', organisation_name: 'Sunrise Care', role: 'member', invited_by_name: 'Ada Lovelace', expires_at: '2026-12-05T10:00:00Z' }

describe('invitations waiting for the signed-in person', () => {
  it('reads the server’s rows; an empty inviter name is nobody in particular', () => {
    expect(parsePendingInvitations([row, { ...row, id: 'i2', role: 'admin', invited_by_name: '' }, { ...row, id: 'i3', invited_by_name: null }])).toEqual([
      { id: 'i1', organisationName: 'Sunrise Care', role: 'member', invitedByName: 'Ada Lovelace', expiresAt: '2026-12-05T10:00:00Z' },
      { id: 'i2', organisationName: 'Sunrise Care', role: 'admin', invitedByName: null, expiresAt: '2026-12-05T10:00:00Z' },
      { id: 'i3', organisationName: 'Sunrise Care', role: 'member', invitedByName: null, expiresAt: '2026-12-05T10:00:00Z' },
    ])
  })

  it('drops a malformed row and keeps the rest; anything but a list is none', () => {
    for (const bad of [{ id: '' }, { organisation_name: '' }, { role: 'owner' }, { expires_at: 5 }, { id: 7 }]) {
      expect(parsePendingInvitations([{ ...row, ...bad }, row]).map((i) => i.id)).toEqual(['i1'])
    }
    expect(parsePendingInvitations([null, 'x'])).toEqual([])
    expect(parsePendingInvitations(null)).toEqual([])
    expect(parsePendingInvitations({ id: 'i1' })).toEqual([])
  })

  it('says who invited whom to what', () => {
    const [member] = parsePendingInvitations([row])
    expect(M.line(member!)).toBe('Ada Lovelace invited you to join Sunrise Care as a member.')
    expect(M.line({ ...member!, role: 'admin', invitedByName: null })).toBe('An admin invited you to join Sunrise Care as an admin.')
    expect([M.declined('Sunrise Care'), M.joined('Sunrise Care'), M.open('Sunrise Care'), M.move('Sunrise Care')]).toEqual([
      'Invitation to Sunrise Care declined',
      'You joined Sunrise Care.',
      "Open Sunrise Care's workspace",
      'Leave it and join Sunrise Care',
    ])
  })
})
