/**
 * The team page and the invitation page (issue 28): the RPCs of supabase/migrations/20261124000100_team_rpcs.sql
 * through PostgREST, and the invite-member and resend-invitation edge functions (which write the invitation and
 * send its e-mail through the outbox). Every refusal becomes a plain `TeamFailure` ({ code, message }): the code is
 * the server's stable reason (PostgREST's `hint`, the function's `code`), the message its sentence. A dropped
 * connection is code `network`.
 *
 * Each action answers with the team as it is after it (get_team read again), so the page shows what the server has.
 */
import { fromPromise } from 'xstate'
import { type InvitationSummary, type InviteDraft, parseInvitation, parseTeam, type Team, type TeamFailure, type TeamRole, teamFailure } from '../domain/team'
import { getSupabase } from './client'

interface PostgrestErrorLike {
  message?: string
  hint?: string | null
  code?: string
}

/** A PostgREST error as a TeamFailure: the hint is the reason; a fetch that never answered is `network`. */
function rpcFailure(error: PostgrestErrorLike): TeamFailure {
  if (!error.code && /fetch|network/i.test(error.message ?? '')) return teamFailure('network', undefined)
  if (error.code === '42501') return teamFailure('not_authenticated', undefined)
  return teamFailure(error.hint ?? error.code, error.message)
}

async function rpc(fn: string, args?: Record<string, unknown>): Promise<unknown> {
  let supabase: Awaited<ReturnType<typeof getSupabase>>
  try {
    supabase = await getSupabase()
  } catch {
    throw teamFailure('network', undefined)
  }
  const { data, error } = await supabase.rpc(fn, args)
  if (error) throw rpcFailure(error)
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

export async function inviteMember(draft: InviteDraft): Promise<Team> {
  await invokeFunction('invite-member', { email: draft.email.trim(), role: draft.role })
  return loadTeam()
}

export async function resendInvitation(invitationId: string): Promise<Team> {
  await invokeFunction('resend-invitation', { invitationId })
  return loadTeam()
}

export async function revokeInvitation(invitationId: string): Promise<Team> {
  await rpc('revoke_invitation', { p_invitation_id: invitationId })
  return loadTeam()
}

export async function setMemberRole(input: { userId: string; role: TeamRole }): Promise<Team> {
  await rpc('set_member_role', { p_user_id: input.userId, p_role: input.role })
  return loadTeam()
}

export async function removeMember(userId: string): Promise<Team> {
  await rpc('remove_member', { p_user_id: userId })
  return loadTeam()
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
