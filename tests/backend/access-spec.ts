/**
 * The access matrix's specification (issue 28): for every table in `public` and every function in `public`
 * (both discovered from the catalog by the tests, so a table or function added later fails until it is listed
 * here), what each persona may do: anon, a member of another organisation (its admin, the strongest outsider),
 * a member and an admin of the organisation under test.
 *
 * Outcomes for a table operation on the target rows (organisation A's rows; for a person-owned table, the
 * member's own row): 'denied' (no privilege: 42501), 'none' (allowed to try, but no target row is seen or
 * changed), 'own' (every target row is seen or changed). For a function: 'denied' (42501), 'refused' (the
 * function itself says no, with the SQLSTATE given) or 'ok'. Whatever the outcome, a persona never sees or
 * changes a row outside its own organisation (checked on every case), and a refused case changes nothing.
 *
 * Used by access-matrix.test.ts (SQL, the embedded PostgreSQL 15) and access-matrix-http.test.ts (supabase-js).
 */

export const PERSONAS = ['anon', 'outsider', 'member', 'admin'] as const
export type Persona = (typeof PERSONAS)[number]
export const TABLE_OPS = ['select', 'insert', 'update', 'delete'] as const
export type TableOp = (typeof TABLE_OPS)[number]
export type TableOutcome = 'denied' | 'none' | 'own'

type PerPersona<T> = Record<Persona, T>
const every = <T>(value: T): PerPersona<T> => ({ anon: value, outsider: value, member: value, admin: value })
/** Members of the organisation (both roles) only. */
const MEMBERS: PerPersona<TableOutcome> = { anon: 'denied', outsider: 'none', member: 'own', admin: 'own' }
const ADMINS: PerPersona<TableOutcome> = { anon: 'denied', outsider: 'none', member: 'none', admin: 'own' }
/** The person's own row (the target is the member's row): only the member. */
const SELF: PerPersona<TableOutcome> = { anon: 'denied', outsider: 'none', member: 'own', admin: 'none' }
const DENIED = every<TableOutcome>('denied')
/** Inserted by members of the organisation; anyone else's row is refused by the insert policy (42501). */
const MEMBERS_INSERT: PerPersona<TableOutcome> = { anon: 'denied', outsider: 'denied', member: 'own', admin: 'own' }

/** What the fixture holds, for building rows and arguments. */
export interface MatrixFixture {
  orgA: string
  orgB: string
  ids: PerPersona<string | null>
  emails: PerPersona<string | null>
  /** A pending invitation of organisation A (to someone who is none of the personas) and its token. */
  invitationA: { id: string; token: string }
  /** Organisation A's open CQC assessment and its one rated statement (version 1, with evidence and history). */
  assessmentA: { id: string; itemId: string }
  /** Organisation A's open action (version 1), owned by the member, on a statement rated 2. */
  actionA: { id: string; itemId: string }
}

export interface TableSpec {
  /** 'organisation': rows carry the organisation (column orgColumn) and sit behind the member fence.
   * 'person': rows belong to one person (column id); 'service': only the service role touches them;
   * 'reference': the same rows for everyone signed in (the frameworks), written only by migrations. */
  kind: 'organisation' | 'person' | 'service' | 'reference'
  orgColumn?: string
  expect: Record<TableOp, PerPersona<TableOutcome>>
  /** A row for the insert attempt (defaults: built from the catalog). */
  sample?: (f: MatrixFixture, who: Persona) => Record<string, unknown>
}

/** Framework reference data (migration 20261124100000): every signed-in person reads all of it, nobody writes. */
const REFERENCE: TableSpec = {
  kind: 'reference',
  expect: { select: { anon: 'denied', outsider: 'own', member: 'own', admin: 'own' }, insert: DENIED, update: DENIED, delete: DENIED },
}

export const TABLES: Record<string, TableSpec> = {
  organisations: {
    kind: 'organisation',
    orgColumn: 'id',
    expect: { select: MEMBERS, insert: DENIED, update: ADMINS, delete: DENIED },
    sample: () => ({ name: 'Matrix Ltd' }),
  },
  memberships: {
    kind: 'organisation',
    expect: { select: MEMBERS, insert: DENIED, update: DENIED, delete: DENIED },
    // The obvious attack: make yourself an admin of organisation A.
    sample: (f, who) => ({ organisation_id: f.orgA, user_id: f.ids[who] ?? f.ids.outsider, role: 'admin' }),
  },
  invitations: {
    kind: 'organisation',
    expect: { select: MEMBERS, insert: DENIED, update: DENIED, delete: DENIED },
    sample: (f) => ({ organisation_id: f.orgA, email: 'matrix@acme-care.co.uk', role: 'admin' }),
  },
  users: {
    kind: 'person',
    expect: { select: SELF, insert: DENIED, update: SELF, delete: DENIED },
    sample: () => ({ id: '00000000-0000-4000-8000-000000000001', email: 'matrix@acme-care.co.uk' }),
  },
  contact_referrals: {
    kind: 'service',
    expect: { select: DENIED, insert: DENIED, update: DENIED, delete: DENIED },
    sample: () => ({ name: 'M', email: 'm@acme-care.co.uk', message: 'hi', client_hash: '0123456789abcdef' }),
  },
  mail_outbox: {
    kind: 'service',
    expect: { select: DENIED, insert: DENIED, update: DENIED, delete: DENIED },
    sample: () => ({ to_address: 'victim@acme-care.co.uk', from_address: 'x@acme-care.co.uk', subject: 's', text_body: 't' }),
  },
  // Self-assessment (issue 29, migration 20261125000000). Assessments: started, archived and their conditions
  // answered with plain writes, never deleted (archived instead).
  assessments: {
    kind: 'organisation',
    expect: { select: MEMBERS, insert: MEMBERS_INSERT, update: MEMBERS, delete: DENIED },
    sample: (f) => ({ organisation_id: f.orgA, framework_id: 'rsh-consumer', framework_version_id: 'rsh-consumer-2024' }),
  },
  // Items change only through rate_item and the evidence trigger: a direct write (here, a forged 4 with no
  // evidence) is refused to everyone.
  assessment_items: {
    kind: 'organisation',
    expect: { select: MEMBERS, insert: DENIED, update: DENIED, delete: DENIED },
    sample: (f) => ({
      organisation_id: f.orgA, assessment_id: f.assessmentA.id, framework_version_id: 'cqc-saf-2024',
      item_id: 'cqc-saf-2024/safe/learning-culture', scale_id: 'cqc-score', status: 'rated', rating: '4', evidence_category: 'outcomes',
      rated_at: new Date().toISOString(), version: 1,
    }),
  },
  // Evidence is added by members, never edited. Notes and links are never deleted (the fixture's evidence is a
  // note: nobody's delete reaches it); a file row (written only by the evidence-files function, migration
  // 20261126000000) may be deleted by its organisation's members: tests/backend/evidenceFiles.http.test.ts.
  assessment_evidence: {
    kind: 'organisation',
    expect: { select: MEMBERS, insert: MEMBERS_INSERT, update: DENIED, delete: { anon: 'denied', outsider: 'none', member: 'none', admin: 'none' } },
    sample: (f) => ({ organisation_id: f.orgA, assessment_id: f.assessmentA.id, item_id: 'cqc-saf-2024/safe/learning-culture', kind: 'note', note: 'Matrix note' }),
  },
  // Append-only, written only by the trigger on assessment_items: read by members, written by nobody.
  assessment_item_history: {
    kind: 'organisation',
    expect: { select: MEMBERS, insert: DENIED, update: DENIED, delete: DENIED },
    sample: (f) => ({
      organisation_id: f.orgA, assessment_item_id: f.assessmentA.id, assessment_id: f.assessmentA.id, item_id: f.assessmentA.itemId,
      version: 9, status: 'rated', rating: '4', scale_id: 'cqc-score', rated_at: new Date().toISOString(),
    }),
  },
  // Actions (issue 30, migration 20261126100000): read by members, changed only through raise_action and
  // move_action (a direct write, here a forged closed action, is refused to everyone).
  actions: {
    kind: 'organisation',
    expect: { select: MEMBERS, insert: DENIED, update: DENIED, delete: DENIED },
    sample: (f) => ({
      organisation_id: f.orgA, assessment_id: f.assessmentA.id, item_id: f.actionA.itemId, title: 'Forged', owner_id: f.ids.member,
      due_on: '2026-12-01', status: 'closed', closed_at: new Date().toISOString(), verified_by: f.ids.member, verification_note: 'x', done_note: 'x',
    }),
  },
  // The audit trail: append-only, written only by triggers; members read it, nobody (not even an admin) writes.
  audit_events: {
    kind: 'organisation',
    expect: { select: MEMBERS, insert: DENIED, update: DENIED, delete: DENIED },
    sample: (f, who) => ({
      organisation_id: f.orgA, assessment_id: f.assessmentA.id, item_id: f.assessmentA.itemId, actor_id: f.ids[who] ?? f.ids.member,
      actor_name: 'Forged', kind: 'rated', detail: { rating: '4' },
    }),
  },
  // Review reminders (issue 30, migration 20261127000000). Each person's own setting, made with their profile:
  // read and (only whether it is muted) changed by that person; never inserted nor deleted through the API.
  reminder_preferences: {
    kind: 'person',
    expect: { select: SELF, insert: DENIED, update: SELF, delete: DENIED },
    sample: (f, who) => ({ id: f.ids[who] ?? f.ids.member, review_reminders_muted: true }),
  },
  // The log of digests sent (one per person per UK day): the scheduled function's alone.
  review_reminder_digests: {
    kind: 'service',
    expect: { select: DENIED, insert: DENIED, update: DENIED, delete: DENIED },
    sample: (f, who) => ({ user_id: f.ids[who] ?? f.ids.member, day: '2026-01-05', organisation_id: f.orgA, reviews_due: 1, actions_overdue: 0 }),
  },
  frameworks: REFERENCE,
  framework_versions: REFERENCE,
  framework_scales: REFERENCE,
  framework_scale_points: REFERENCE,
  framework_conditions: REFERENCE,
  framework_evidence_categories: REFERENCE,
  framework_groups: REFERENCE,
  framework_items: REFERENCE,
}

/**
 * Storage objects (issue 30): what each persona may do, over /storage/v1 with supabase-js, to a file in
 * organisation A's folder of the private `evidence` bucket (`<organisation>/<item>/<uuid>`): 'ok' (done) or
 * 'denied' (refused or nothing seen, and nothing changed). Upload is to a new path in A's folder.
 */
export const STORAGE_OPS = ['upload', 'download', 'list', 'sign', 'remove'] as const
export type StorageOp = (typeof STORAGE_OPS)[number]
export type StorageOutcome = 'ok' | 'denied'
const MEMBERS_ONLY: PerPersona<StorageOutcome> = { anon: 'denied', outsider: 'denied', member: 'ok', admin: 'ok' }
export const STORAGE: Record<StorageOp, PerPersona<StorageOutcome>> = {
  upload: MEMBERS_ONLY,
  download: MEMBERS_ONLY,
  list: MEMBERS_ONLY,
  sign: MEMBERS_ONLY,
  remove: MEMBERS_ONLY,
}

export type FunctionOutcome = 'denied' | 'ok' | { refused: string }

export interface FunctionSpec {
  /** Named arguments (as PostgREST takes them), per persona. */
  args: (f: MatrixFixture, who: Persona) => Record<string, unknown>
  expect: PerPersona<FunctionOutcome>
  /** It writes when it succeeds: the SQL matrix rolls it back, the HTTP one uses a fresh fixture. */
  writes?: boolean
}

const none = () => ({})
const signedIn = (ok: FunctionOutcome = 'ok'): PerPersona<FunctionOutcome> => ({ anon: 'denied', outsider: ok, member: ok, admin: ok })
const SERVICE_ONLY = every<FunctionOutcome>('denied')
const refused = (code: string): FunctionOutcome => ({ refused: code })

export const FUNCTIONS: Record<string, FunctionSpec> = {
  consumer_email_domains: { args: none, expect: every<FunctionOutcome>('ok') },
  get_profile_completion_status: { args: none, expect: signedIn() },
  update_self_profile_details: {
    args: () => ({ p_company_name: 'Matrix Care', p_sector: 'Unassigned', p_staff_count: 7 }),
    expect: signedIn(),
    writes: true,
  },
  complete_user_signup: {
    args: (f, who) => ({ p_user_id: f.ids[who] ?? f.ids.member, p_email: f.emails[who] ?? f.emails.member, p_user_data: { company_name: 'X' } }),
    expect: SERVICE_ONLY,
  },
  submit_contact_referral: {
    args: () => ({
      p_name: 'M', p_email: 'm@acme-care.co.uk', p_message: 'hi', p_to: null, p_subject: null, p_service: null,
      p_client_hash: '0123456789abcdef', p_is_spam: false, p_deliver_to: 'victim@acme-care.co.uk', p_from: 'x@acme-care.co.uk',
    }),
    expect: SERVICE_ONLY,
  },
  mark_outbox_result: { args: () => ({ p_outbox_id: '00000000-0000-4000-8000-000000000002', p_ok: true }), expect: SERVICE_ONLY },
  claim_outbox_retries: { args: () => ({ p_limit: 3 }), expect: SERVICE_ONLY },
  handle_new_auth_user: { args: none, expect: SERVICE_ONLY },
  handle_auth_user_provider_change: { args: none, expect: SERVICE_ONLY },
  touch_updated_at: { args: none, expect: SERVICE_ONLY },
  invite_member: {
    args: (f, who) => ({ p_actor: f.ids[who] ?? f.ids.admin, p_email: 'matrix@acme-care.co.uk', p_role: 'admin', p_site_url: 'https://evil.example', p_from: 'x@acme-care.co.uk' }),
    expect: SERVICE_ONLY,
  },
  resend_invitation: {
    args: (f, who) => ({ p_actor: f.ids[who] ?? f.ids.admin, p_invitation_id: f.invitationA.id, p_site_url: 'https://evil.example', p_from: 'x@acme-care.co.uk' }),
    expect: SERVICE_ONLY,
  },
  // The scheduled review reminders (send-review-reminders): mails every responsible member of every organisation.
  queue_review_reminders: {
    args: () => ({ p_now: new Date().toISOString(), p_site_url: 'https://evil.example', p_from: 'x@acme-care.co.uk' }),
    expect: SERVICE_ONLY,
  },
  // The scheduled sweep (sweep-orphan-files): names evidence objects of every organisation that no row points to.
  orphan_evidence_objects: { args: () => ({ p_limit: 10 }), expect: SERVICE_ONLY },
  get_team: { args: none, expect: signedIn() },
  // The token is the capability: whoever holds it may read what the /invite page shows.
  get_invitation: { args: (f) => ({ p_token: f.invitationA.token }), expect: every<FunctionOutcome>('ok') },
  my_invitations: { args: none, expect: signedIn() },
  accept_invitation: {
    args: (f) => ({ p_token: f.invitationA.token, p_leave_current: true }),
    expect: { anon: 'denied', outsider: refused('PT403'), member: refused('PT403'), admin: refused('PT403') },
  },
  accept_my_invitation: {
    args: (f) => ({ p_invitation_id: f.invitationA.id, p_leave_current: true }),
    expect: { anon: 'denied', outsider: refused('PT404'), member: refused('PT404'), admin: refused('PT404') },
  },
  // Only the invited address may decline; none of the personas is organisation A's invitee.
  decline_my_invitation: {
    args: (f) => ({ p_invitation_id: f.invitationA.id }),
    expect: { anon: 'denied', outsider: refused('PT404'), member: refused('PT404'), admin: refused('PT404') },
  },
  revoke_invitation: {
    args: (f) => ({ p_invitation_id: f.invitationA.id }),
    expect: { anon: 'denied', outsider: refused('PT404'), member: refused('PT403'), admin: 'ok' },
    writes: true,
  },
  set_member_role: {
    args: (f) => ({ p_user_id: f.ids.member, p_role: 'admin' }),
    expect: { anon: 'denied', outsider: refused('PT404'), member: refused('PT403'), admin: 'ok' },
    writes: true,
  },
  remove_member: {
    args: (f) => ({ p_user_id: f.ids.member }),
    expect: { anon: 'denied', outsider: refused('PT404'), member: refused('PT403'), admin: 'ok' },
    writes: true,
  },
  // Rating organisation A's rated statement from its current version (1): its members may; the outsider is told
  // there is no such assessment (the same answer as for an id that does not exist).
  rate_item: {
    args: (f) => ({
      p_assessment_id: f.assessmentA.id, p_item_id: f.assessmentA.itemId, p_rating: '4', p_expected_version: 1,
      p_evidence_category: 'observation', p_evidence: [{ kind: 'note', note: 'Seen on the matrix ward round' }],
    }),
    expect: { anon: 'denied', outsider: refused('PT404'), member: 'ok', admin: 'ok' },
    writes: true,
  },
  // Acts on the caller's own organisation only (the outsider's is B, which has its own CQC assessment).
  sync_assessments: { args: () => ({ p_framework_ids: ['cqc-saf'] }), expect: signedIn(), writes: true },
  // Raising an action on organisation A's statement rated 2: its members may; the outsider is told there is no such
  // assessment.
  raise_action: {
    args: (f) => ({ p_assessment_id: f.assessmentA.id, p_item_id: f.actionA.itemId, p_title: 'Matrix action', p_owner_id: f.ids.member, p_due_on: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10) }),
    expect: { anon: 'denied', outsider: refused('PT404'), member: 'ok', admin: 'ok' },
    writes: true,
  },
  // Starting organisation A's open action: its owner (the member) and the admin may; the outsider finds no action.
  move_action: {
    args: (f) => ({ p_action_id: f.actionA.id, p_step: 'start', p_expected_version: 1 }),
    expect: { anon: 'denied', outsider: refused('PT404'), member: 'ok', admin: 'ok' },
    writes: true,
  },
  // The organisation's settings (issue 39, migration 20261128110000): its members read them; the outsider reads its
  // own organisation's (B's), never A's.
  get_organisation_settings: { args: none, expect: signedIn() },
  // Only an admin changes them, from the version read (0: never changed): A's admin changes A's; the outsider, B's
  // admin, changes B's only (checked on every case); A's member is refused.
  update_organisation_settings: {
    args: () => ({ p_expected_version: 0, p_regulators: ['cqc'], p_sector: 'care', p_review_frequency: 'weekly', p_review_reminders_default: true }),
    expect: { anon: 'denied', outsider: 'ok', member: refused('PT403'), admin: 'ok' },
    writes: true,
  },
  // The wizard's save: an admin's answers become their own organisation's settings; a member's change nothing.
  apply_setup_to_organisation: {
    args: () => ({ p_regulators: ['cqc'], p_sector: 'care', p_review_frequency: 'weekly' }),
    expect: signedIn(),
    writes: true,
  },
  // Reassigning organisation A's open action (owner, due date; migration 20261128120000): its admin only; the
  // member is refused as not an admin, the outsider (B's admin) finds no such action.
  reassign_action: {
    args: (f) => ({ p_action_id: f.actionA.id, p_owner_id: f.ids.admin, p_due_on: new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10), p_expected_version: 1 }),
    expect: { anon: 'denied', outsider: refused('PT404'), member: refused('PT403'), admin: 'ok' },
    writes: true,
  },
  // The caller's own organisation's actions (the outsider sees organisation B's only).
  list_actions: { args: none, expect: signedIn() },
  // The outsider is the sole member of organisation B, so may leave it; A's admin has a member left behind.
  leave_organisation: {
    args: none,
    expect: { anon: 'denied', outsider: 'ok', member: 'ok', admin: refused('PT409') },
    writes: true,
  },
}

/** Tables with organisation_id that are not organisation-owned (their own rule applies), named on purpose. */
export const NOT_ORGANISATION_OWNED: Record<string, string> = {
  users: "a person's own profile; its organisation_id is a read-only mirror of memberships",
}

export function outcomeName(o: FunctionOutcome): string {
  return typeof o === 'string' ? o : `refused ${o.refused}`
}
