/**
 * The team page and the invitation page (issue 28): the RPCs of supabase/migrations/20261124000100_team_rpcs.sql
 * through PostgREST, and the invite-member and resend-invitation edge functions (which write the invitation and
 * send its e-mail through the outbox). Every refusal becomes a plain `TeamFailure` ({ code, message }): the code is
 * the server's stable reason (PostgREST's `hint`, the function's `code`), the message its sentence. A dropped
 * connection is code `network`.
 *
 * Each action answers with the team as it is after it (get_team read again), so the page shows what the server has;
 * a write that succeeded is never reported as a refusal (teamAfterWrite).
 */
import { fromPromise } from 'xstate'
import {
  type InvitationSummary,
  type InviteDraft,
  parseInvitation,
  parseTeam,
  postgrestFailure,
  type Team,
  type TeamFailure,
  type TeamRole,
  teamFailure,
} from '../domain/team'
import { type PendingInvitation, parsePendingInvitations } from '../domain/pendingInvitations'
import { getSupabase } from './client'

async function rpc(fn: string, args?: Record<string, unknown>): Promise<unknown> {
  let supabase: Awaited<ReturnType<typeof getSupabase>>
  try {
    supabase = await getSupabase()
  } catch {
    throw teamFailure('network', undefined)
  }
  const { data, error } = await supabase.rpc(fn, args)
  if (error) throw postgrestFailure(error)
  return data
}

/** An edge function's refusal ({ success: false, error, code }) as a TeamFailure. */
async function invokeFunction(name: string, body: Record<string, unknown>): Promise<void> {
  let supabase: Awaited<ReturnType<typeof getSupabase>>
  try {
    supabase = await getSupabase()
  } catch {
    throw teamFailure('network', undefined)
  }
  const { data, error } = await supabase.functions.invoke(name, { body })
  if (error) {
    const response = (error as { context?: unknown }).context
    if (response instanceof Response) {
      try {
        const reply = (await response.clone().json()) as { error?: string; code?: string }
        throw teamFailure(reply.code, reply.error)
      } catch (failure) {
        if ((failure as TeamFailure).code) throw failure
        throw teamFailure(`http_${response.status}`, undefined)
      }
    }
    throw teamFailure('network', undefined)
  }
  if ((data as { success?: unknown } | null)?.success !== true) throw teamFailure('unknown', undefined)
}

export async function loadTeam(): Promise<Team> {
  return parseTeam(await rpc('get_team'))
}

/**
 * The team after a write that succeeded: read again, up to three times (0.4 s and 1.2 s apart). If it still cannot be
 * read, the failure says the action was done (saved_not_refreshed), so the person does not repeat it.
 */
async function teamAfterWrite(): Promise<Team> {
  for (const pause of [0, 400, 1200]) {
    if (pause) await new Promise((resolve) => setTimeout(resolve, pause))
    try {
      return await loadTeam()
    } catch {
      // read again
    }
  }
  throw teamFailure('saved_not_refreshed', undefined)
}

export async function inviteMember(draft: InviteDraft): Promise<Team> {
  await invokeFunction('invite-member', { email: draft.email.trim(), role: draft.role })
  return teamAfterWrite()
}

export async function resendInvitation(invitationId: string): Promise<Team> {
  await invokeFunction('resend-invitation', { invitationId })
  return teamAfterWrite()
}

export async function revokeInvitation(invitationId: string): Promise<Team> {
  await rpc('revoke_invitation', { p_invitation_id: invitationId })
  return teamAfterWrite()
}

export async function setMemberRole(input: { userId: string; role: TeamRole }): Promise<Team> {
  await rpc('set_member_role', { p_user_id: input.userId, p_role: input.role })
  return teamAfterWrite()
}

export async function removeMember(userId: string): Promise<Team> {
  await rpc('remove_member', { p_user_id: userId })
  return teamAfterWrite()
}

export async function leaveOrganisation(): Promise<void> {
  await rpc('leave_organisation')
}

export async function readInvitation(token: string): Promise<InvitationSummary> {
  return parseInvitation(await rpc('get_invitation', { p_token: token }))
}

export async function acceptInvitation(input: { token: string; leaveCurrent: boolean }): Promise<{ organisationName: string }> {
  const data = (await rpc('accept_invitation', { p_token: input.token, p_leave_current: input.leaveCurrent })) as { organisation_name?: string } | null
  return { organisationName: data?.organisation_name ?? '' }
}

/** Invitations waiting for the signed-in person (their confirmed address). */
export async function loadMyInvitations(): Promise<PendingInvitation[]> {
  return parsePendingInvitations(await rpc('my_invitations'))
}

export async function acceptMyInvitation(input: { invitationId: string; leaveCurrent: boolean }): Promise<{ organisationName: string }> {
  const data = (await rpc('accept_my_invitation', { p_invitation_id: input.invitationId, p_leave_current: input.leaveCurrent })) as { organisation_name?: string } | null
  return { organisationName: data?.organisation_name ?? '' }
}

/** Declines one; the invitations left. */
export async function declineMyInvitation(invitationId: string): Promise<PendingInvitation[]> {
  return parsePendingInvitations(await rpc('decline_my_invitation', { p_invitation_id: invitationId }))
}

export const teamActors = {
  loadTeam: fromPromise(() => loadTeam()),
  inviteMember: fromPromise(({ input }: { input: InviteDraft }) => inviteMember(input)),
  resendInvitation: fromPromise(({ input }: { input: { invitationId: string } }) => resendInvitation(input.invitationId)),
  revokeInvitation: fromPromise(({ input }: { input: { invitationId: string } }) => revokeInvitation(input.invitationId)),
  setMemberRole: fromPromise(({ input }: { input: { userId: string; role: TeamRole } }) => setMemberRole(input)),
  removeMember: fromPromise(({ input }: { input: { userId: string } }) => removeMember(input.userId)),
  leaveOrganisation: fromPromise(() => leaveOrganisation()),
}

export const invitationActors = {
  readInvitation: fromPromise(({ input }: { input: { token: string } }) => readInvitation(input.token)),
  acceptInvitation: fromPromise(({ input }: { input: { token: string; leaveCurrent: boolean } }) => acceptInvitation(input)),
}

export const pendingInvitationActors = {
  loadInvitations: fromPromise(() => loadMyInvitations()),
  acceptInvitation: fromPromise(({ input }: { input: { invitationId: string; leaveCurrent: boolean } }) => acceptMyInvitation(input)),
  declineInvitation: fromPromise(({ input }: { input: { invitationId: string } }) => declineMyInvitation(input.invitationId)),
}
