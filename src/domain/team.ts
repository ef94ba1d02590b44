/**
 * The organisation as a team (issue 28): what the team page and the invitation page read from the backend, the
 * invite form's rules, and the words for every refusal. Pure: valibot only.
 *
 * The server decides everything that matters (admin only, seats, the last admin, consumer domains, the hourly
 * limit); the browser checks the invite form first so a person hears about a mistyped or personal address at once.
 * A refusal arrives as `TeamFailure` ({ code, message }): the server's sentence when it sent one (its `hint` is the
 * code), ours otherwise.
 */
import * as v from 'valibot'
import { isConsumerEmail } from './consumerDomains'

export type TeamRole = 'admin' | 'member'
export const TEAM_ROLES: readonly TeamRole[] = ['admin', 'member']

export interface TeamMember {
  userId: string
  role: TeamRole
  email: string
  name: string
}

export type InvitationStatus = 'pending' | 'expired' | 'accepted' | 'revoked'

export interface TeamInvitation {
  id: string
  email: string
  role: TeamRole
  status: InvitationStatus
  expiresAt: string
}

export interface Team {
  organisationName: string
  plan: string
  seats: { limit: number | null; used: number; available: number | null }
  me: { userId: string; role: TeamRole }
  members: TeamMember[]
  invitations: TeamInvitation[]
}

/** A refusal or failure of a team request, as plain data (machines branch on `code`, views show `message`). */
export interface TeamFailure {
  code: string
  message: string
}

const RoleSchema = v.picklist(['admin', 'member'])
const StatusSchema = v.picklist(['pending', 'expired', 'accepted', 'revoked'])
const text = v.fallback(v.string(), '')

const TeamRowSchema = v.object({
  organisation: v.object({ name: text, plan: text }),
  seats: v.object({ limit: v.nullable(v.number()), used: v.number(), available: v.nullable(v.number()) }),
  me: v.object({ user_id: v.string(), role: RoleSchema }),
  members: v.array(
    v.object({ user_id: v.string(), role: RoleSchema, email: text, first_name: text, last_name: text }),
  ),
  invitations: v.array(v.object({ id: v.string(), email: text, role: RoleSchema, status: StatusSchema, expires_at: text })),
})

/** get_team's reply as the page uses it; throws on a reply of another shape. */
export function parseTeam(row: unknown): Team {
  const r = v.parse(TeamRowSchema, row)
  return {
    organisationName: r.organisation.name,
    plan: r.organisation.plan,
    seats: r.seats,
    me: { userId: r.me.user_id, role: r.me.role },
    members: r.members.map((m) => ({
      userId: m.user_id,
      role: m.role,
      email: m.email,
      name: [m.first_name, m.last_name].map((s) => s.trim()).filter(Boolean).join(' ') || m.email,
    })),
    invitations: r.invitations.map((i) => ({ id: i.id, email: i.email, role: i.role, status: i.status, expiresAt: i.expires_at })),
  }
}

/** What get_invitation says about a link before anyone signs in. */
export interface InvitationSummary {
  status: InvitationStatus
  email: string
  role: TeamRole
  organisationName: string
  invitedByName: string
  expiresAt: string
}

const InvitationRowSchema = v.object({
  status: StatusSchema,
  email: text,
  role: RoleSchema,
  organisation_name: text,
  invited_by_name: text,
  expires_at: text,
})

export function parseInvitation(row: unknown): InvitationSummary {
  const r = v.parse(InvitationRowSchema, row)
  return { status: r.status, email: r.email, role: r.role, organisationName: r.organisation_name, invitedByName: r.invited_by_name, expiresAt: r.expires_at }
}

// The invite form.

export interface InviteDraft {
  email: string
  role: TeamRole
}

export const EMPTY_INVITE: InviteDraft = { email: '', role: 'member' }

export type InviteProblem = 'missingEmail' | 'invalidEmail' | 'consumerEmail'

export const INVITE_PROBLEM_MESSAGES: Record<InviteProblem, string> = {
  missingEmail: 'Enter the e-mail address of the colleague you want to invite.',
  invalidEmail: 'Enter a valid e-mail address, like name@yourorganisation.co.uk.',
  consumerEmail: 'Invite a work e-mail address: personal e-mail providers (e.g. Gmail, Yahoo, AOL) are not accepted.',
}

const InviteEmailSchema = v.pipe(v.string(), v.trim(), v.maxLength(320), v.email())

export function inviteProblem(draft: InviteDraft): InviteProblem | null {
  const email = draft.email.trim()
  if (!email) return 'missingEmail'
  if (!v.is(InviteEmailSchema, email)) return 'invalidEmail'
  if (isConsumerEmail(email)) return 'consumerEmail'
  return null
}

/** The seats still free, or null on a plan without a limit. */
export const seatsLeft = (team: Team): number | null => team.seats.available

export const PAID_PLAN_MESSAGE = "We'll enable the paid plan for eligible accounts."

/** An admin with a seat free (or on a plan without a limit) can invite; anyone else only sees the team. */
export const canInviteMore = (team: Team): boolean => team.me.role === 'admin' && (team.seats.available === null || team.seats.available > 0)

export function seatsSentence(team: Team): string {
  const { limit, used } = team.seats
  if (limit === null) return `Your plan has unlimited seats; ${used} in use.`
  return `The free plan has ${limit} seats: members plus pending invitations. ${used} of ${limit} in use.`
}

export const ROLE_NAMES: Record<TeamRole, string> = { admin: 'Admin', member: 'Member' }

export const TEAM_MESSAGES = {
  loadFailed: "We couldn't load your team. Check your connection and try again.",
  notMember: 'You are not a member of an organisation. Open an invitation link from your e-mail to join one.',
  invited: (email: string) => `Invitation sent to ${email}`,
  resent: (email: string) => `Invitation sent again to ${email}`,
  revoked: (email: string) => `Invitation to ${email} withdrawn`,
  roleChanged: (name: string, role: TeamRole) => `${name} is now ${role === 'admin' ? 'an admin' : 'a member'}`,
  removed: (name: string) => `${name} was removed from the organisation`,
  left: (organisation: string) => `You left ${organisation}`,
  unreachable: "We couldn't reach the server. Check your connection and try again.",
  savedNotRefreshed: "Done, but we couldn't refresh the list. Reload the page to see your team as it is now.",
} as const

/**
 * Refusals that mean the list on screen is out of date (another admin acted first, or this person's own role or
 * membership changed): the page reads the team again and shows it with the refusal.
 */
const STALE_LIST_CODES = new Set([
  'invitation_not_found',
  'invitation_revoked',
  'invitation_used',
  'invitation_expired',
  'member_not_found',
  'not_admin',
  'not_member',
])
export const isStaleListRefusal = (failure: TeamFailure): boolean => STALE_LIST_CODES.has(failure.code)

/** The setup wizard's team step (step 10). */
export const WIZARD_TEAM_MESSAGES = {
  intro: 'Invite colleagues to work in InspectReady with you, or continue and invite them later from Your team.',
  seatsTaken: 'Every seat is taken: you can manage your team from Your team later.',
  notAdmin: 'Only an admin of your organisation can invite colleagues. Continue to finish your setup.',
} as const

/** Our words for a refusal the server sent without a sentence (or a dropped connection). */
const FALLBACK_MESSAGES: Record<string, string> = {
  seat_limit_reached: `All seats of the free plan are taken (members plus pending invitations). Revoke a pending invitation or remove a member to free one. ${PAID_PLAN_MESSAGE}`,
  consumer_email_domain: INVITE_PROBLEM_MESSAGES.consumerEmail,
  last_admin: 'Your organisation needs at least one admin: make another member an admin first.',
  invitation_rate_limited: 'Your organisation has sent the most invitation e-mails we allow in an hour. Try again later.',
  invitation_resend_too_soon: 'This invitation was sent less than a minute ago. Try again in a minute.',
  not_admin: 'Only an admin of your organisation can do this.',
  not_member: 'You are not a member of an organisation.',
  not_authenticated: 'Your session has ended. Sign in again.',
  network: TEAM_MESSAGES.unreachable,
  saved_not_refreshed: TEAM_MESSAGES.savedNotRefreshed,
}

/**
 * A dropped connection as each engine words it to fetch: Chromium 'Failed to fetch', Firefox 'NetworkError when
 * attempting to fetch resource.', WebKit 'Load failed'.
 */
export const isDroppedConnection = (message: string | undefined): boolean => /fetch|network|load failed/i.test(message ?? '')

/** A PostgREST error ({ message, hint, code }) as a TeamFailure: the hint is the server's reason. */
export function postgrestFailure(error: { message?: string; hint?: string | null; code?: string }): TeamFailure {
  if (!error.code && isDroppedConnection(error.message)) return teamFailure('network', undefined)
  if (error.code === '42501') return teamFailure('not_authenticated', undefined)
  return teamFailure(error.hint ?? error.code, error.message)
}

/** A failure as the person reads it: the server's sentence, else ours for its code, else a generic one. */
export function teamFailure(code: string | undefined, message: string | undefined): TeamFailure {
  const c = code || 'unknown'
  const m = message?.trim()
  return { code: c, message: m || FALLBACK_MESSAGES[c] || 'Something went wrong. Please try again.' }
}

export function isTeamFailure(error: unknown): error is TeamFailure {
  return typeof error === 'object' && error !== null && typeof (error as TeamFailure).code === 'string' && typeof (error as TeamFailure).message === 'string'
}

/** Any thrown value as a TeamFailure (an unexpected exception reads as a dropped connection). */
export function asTeamFailure(error: unknown): TeamFailure {
  return isTeamFailure(error) ? error : teamFailure('network', undefined)
}

// The invitation page.

export const INVITATION_MESSAGES = {
  missingToken: 'This invitation link is incomplete. Open the whole link from the e-mail, or ask your organisation\'s admin for a new invitation.',
  notFound:
    "This invitation link is not valid. Check that you opened the whole link from the e-mail, or ask your organisation's admin for a new invitation.",
  readFailed: "We couldn't check this invitation. Check your connection and try again.",
  expired: (org: string) => `This invitation to ${org} has expired. Ask an admin of ${org} to send it again.`,
  revoked: (org: string) => `This invitation to ${org} was withdrawn. Ask an admin of ${org} for a new invitation.`,
  accepted: (org: string) => `This invitation to ${org} has already been used. If you need access, ask an admin of ${org} to invite you again.`,
  wrongAccount: (invited: string, signedIn: string) =>
    `This invitation is for ${invited}, but you are signed in as ${signedIn}. Sign out, then sign in or sign up as ${invited}.`,
  joined: (org: string) => `Welcome to ${org}`,
} as const
