/**
 * Invitations waiting for the signed-in person (issue 39, item 9): what /app reads (rpc my_invitations: pending,
 * not expired, to their confirmed address, without tokens) and the words around Accept and Decline.
 */
import * as v from 'valibot'
import type { TeamRole } from './team'

export interface PendingInvitation {
  id: string
  organisationName: string
  role: TeamRole
  invitedByName: string | null
  expiresAt: string
}

const RowSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1)),
  organisation_name: v.pipe(v.string(), v.minLength(1)),
  role: v.picklist(['admin', 'member']),
  invited_by_name: v.fallback(v.nullable(v.string()), null),
  expires_at: v.string(),
})

/** The server's list; a malformed row is dropped (the rest still show). */
export function parsePendingInvitations(data: unknown): PendingInvitation[] {
  if (!Array.isArray(data)) return []
  return data.flatMap((row) => {
    const r = v.safeParse(RowSchema, row)
    if (!r.success) return []
    return [{ id: r.output.id, organisationName: r.output.organisation_name, role: r.output.role, invitedByName: r.output.invited_by_name || null, expiresAt: r.output.expires_at }]
  })
}

export const PENDING_INVITATION_MESSAGES = {
  heading: 'Invitations for you',
  /** 'Ada Lovelace invited you to join Sunrise Care as a member.' */
  line: (i: PendingInvitation) =>
    `${i.invitedByName ?? 'An admin'} invited you to join ${i.organisationName} as ${i.role === 'admin' ? 'an admin' : 'a member'}.`,
  loadFailed: "We couldn't check for invitations to you. Check your connection and try again.",
  declined: (organisation: string) => `Invitation to ${organisation} declined`,
  joined: (organisation: string) => `You joined ${organisation}.`,
  open: (organisation: string) => `Open ${organisation}'s workspace`,
  move: (organisation: string) => `Leave it and join ${organisation}`,
  stay: 'Keep my organisation',
} as const
