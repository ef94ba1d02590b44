/**
 * Review reminders over HTTP (issue 30, item 3), on the whole local backend: people sign up and rate with the real
 * supabase-js, the local schedule's timer calls the send-review-reminders edge function (Deno) as pg_cron would in
 * production, and the e-mails arrive at the mail catcher. Time moves forward by days on the schedule's injectable
 * clock. Checked: one digest per person per UK day at most, muted people get none and unmuting restores them (the
 * setting saved through supabase-js as /account saves it), the content names the due items (framework, item, due
 * date) with links to /app, nobody gets another organisation's items, and only the scheduler may call the function.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { beforeEach, describe, expect, it } from 'vitest'
import { LOCAL_CRON_SECRET, type LocalSupabase } from '../../supabase/local/index.ts'
import { addDays, reviewDueOn, ukDate } from '../../src/domain/frameworks/review.ts'
import { client, messagesTo, uniqueEmail } from './helpers.ts'
import { fingerprint, suiteServer } from './team-helpers.ts'

const SITE = 'http://localhost:5173'

interface Account {
  sb: SupabaseClient
  id: string
  email: string
  organisation: string
}

/** The schedule's clock: noon UK time on a chosen UK date (set by the tests), the system clock until then. */
let today: string | null = null
const clock = () => (today ? new Date(`${today}T12:00:00Z`) : new Date())
const longDate = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })

describe('review reminders over HTTP (the local backend, its schedule and the mail catcher)', { timeout: 120_000 }, () => {
  // The timer ticks every second all through: a test moves the clock, then either waits for a tick or runs the
  // schedule at once (which queues behind a tick under way); either way each digest is sent once.
  const local = suiteServer({ siteUrl: SITE, reviewReminders: { intervalMs: 1000, clock } })
  const server = (): LocalSupabase => local.server
  // Each test starts on the system clock, on which nothing made today is due yet, so no tick sends early what a test
  // sends later on purpose.
  beforeEach(() => {
    today = null
  })

  /** Signs up as the site does (sign-up, complete-user-signup: a new organisation with this person as its admin),
   * then finishes setup with a review frequency. */
  async function signUp(label: string, company: string, frequency: 'daily' | 'weekly' | 'monthly' = 'daily'): Promise<Account> {
    const email = uniqueEmail(label.toLowerCase())
    const sb = client(server().url, server().anonKey)
    const { data, error } = await sb.auth.signUp({ email, password: 'correct-horse-1', options: { data: { first_name: label, last_name: 'Tester' } } })
    if (error || !data.session) throw new Error(`sign-up failed: ${error?.message}`)
    const setup = await sb.functions.invoke('complete-user-signup', {
      body: { userId: data.user!.id, email, userData: { first_name: label, company_name: company, staff_count: 5 } },
    })
    if (setup.error) throw new Error(`complete-user-signup failed: ${setup.error.message}`)
    const saved = await sb.from('users').update({ policy_frequency: frequency }).eq('id', data.user!.id).select('organisation_id').single()
    if (saved.error) throw new Error(`saving the frequency failed: ${saved.error.message}`)
    return { sb, id: data.user!.id, email, organisation: (saved.data as { organisation_id: string }).organisation_id }
  }

  /** Rates a CQC statement (3, with a note) through the real API; returns when it was rated. */
  async function rate(who: Account, item: string, rating = '3'): Promise<string> {
    const sync = await who.sb.rpc('sync_assessments', { p_framework_ids: ['cqc-saf'] })
    if (sync.error) throw new Error(sync.error.message)
    const assessment = (sync.data as { id: string }[])[0]!.id
    const rated = await who.sb.rpc('rate_item', {
      p_assessment_id: assessment, p_item_id: item, p_rating: rating, p_expected_version: 0,
      p_evidence_category: 'processes', p_evidence: [{ kind: 'note', note: 'Seen at the team meeting' }],
    })
    if (rated.error) throw new Error(rated.error.message)
    return (rated.data as { rated_at: string }).rated_at
  }

  async function setMuted(who: Account, muted: boolean) {
    const { data, error } = await who.sb.from('reminder_preferences').update({ review_reminders_muted: muted }).eq('id', who.id).select('review_reminders_muted')
    expect(error).toBeNull()
    expect(data).toEqual([{ review_reminders_muted: muted }])
  }

  const digests = async (who: Account) => (await messagesTo(server().mailUrl, who.email)).filter((m) => m.subject.startsWith('InspectReady: '))

  /** Moves the schedule's clock to noon UK time on this date and runs it (after any tick under way). */
  async function runOn(date: string) {
    today = date
    const reply = await server().reminders.run()
    expect(reply, JSON.stringify(reply)).toMatchObject({ success: true, now: `${date}T12:00:00.000Z` })
    return reply
  }

  it('a digest a day while a review is due, muted people get none, unmuting restores it; each names its own items with links to /app', async () => {
    const bob = await signUp('Bob', 'Brook House Care')
    const cara = await signUp('Cara', 'Cedar Lodge', 'weekly')
    const ratedAt = await rate(bob, 'cqc-saf-2024/safe/safeguarding')
    await rate(cara, 'cqc-saf-2024/responsive/equity-in-access')
    const rated = ukDate(ratedAt)
    const due = reviewDueOn(ratedAt, 'daily')

    // The day of the rating: nothing is due.
    await runOn(rated)
    expect(await digests(bob)).toEqual([])

    // The next day, Bob's review is due: one digest, however often the schedule runs that day.
    await runOn(due)
    await runOn(due)
    const [first, ...more] = await digests(bob)
    expect(more).toEqual([])
    expect(first!.subject).toBe('InspectReady: 1 rating to review for Brook House Care')
    expect(first!.text).toContain('Hello Bob,')
    expect(first!.text).toContain(`- CQC, Safe: Safeguarding. Due ${longDate(due)}.`)
    expect(first!.text).toContain(`Review them: ${SITE}/app`)
    expect(first!.text).toContain(`${SITE}/account`)
    expect(first!.text).not.toContain('Cedar Lodge')
    expect(first!.text).not.toContain('Equity in access')
    expect(await digests(cara)).toEqual([]) // weekly: not yet

    // Bob mutes them (as /account does): the next days bring nothing.
    await setMuted(bob, true)
    await runOn(addDays(due, 1))
    await runOn(addDays(due, 2))
    expect(await digests(bob)).toHaveLength(1)

    // A week on, Cara's is due (hers only); Bob unmutes and gets today's digest, saying his review is overdue.
    // The clock moves first: a tick between the unmuting and the run then sends today's digest, which the run does not
    // repeat (on the old date, that tick would send Bob a digest for a day he had muted).
    const week = reviewDueOn(ratedAt, 'weekly')
    today = week
    await setMuted(bob, false)
    await runOn(week)
    const bobs = await digests(bob)
    expect(bobs).toHaveLength(2)
    expect(bobs[0]!.text).toContain(`- CQC, Safe: Safeguarding. Due ${longDate(due)} (overdue).`)
    const caras = await digests(cara)
    expect(caras).toHaveLength(1)
    expect(caras[0]!.subject).toBe('InspectReady: 1 rating to review for Cedar Lodge')
    expect(caras[0]!.text).toContain(`- CQC, Responsive: Equity in access. Due ${longDate(week)}.`)
    expect(caras[0]!.text).not.toContain('Safeguarding')
    expect(caras[0]!.text).not.toContain('Brook House')

    // The outbox recorded each as sent.
    const sent = await server().db.query<{ status: string; n: number }>(
      'select status, count(*)::int as n from public.mail_outbox where to_address = any($1) group by status', [[bob.email, cara.email]],
    )
    expect(sent.rows).toEqual([{ status: 'sent', n: 3 }])
  })

  it('an overdue action is in its owner\'s digest from the day after its due date, with its item, due date and a link to /app; no one else\'s', async () => {
    const hana = await signUp('Hana', 'Hazel Court', 'monthly')
    const ivan = await signUp('Ivan', 'Ivy Lodge', 'monthly')
    await rate(hana, 'cqc-saf-2024/safe/medicines-optimisation', '2')
    const assessment = ((await hana.sb.rpc('sync_assessments', { p_framework_ids: ['cqc-saf'] })).data as { id: string }[])[0]!.id
    const due = ukDate(new Date())
    const raised = await hana.sb.rpc('raise_action', {
      p_assessment_id: assessment, p_item_id: 'cqc-saf-2024/safe/medicines-optimisation', p_title: 'Audit the medicines charts weekly',
      p_owner_id: hana.id, p_due_on: due,
    })
    expect(raised.error).toBeNull()

    await runOn(due)
    expect(await digests(hana)).toEqual([])
    await runOn(addDays(due, 1))
    const [mail, ...more] = await digests(hana)
    expect(more).toEqual([])
    expect(mail!.subject).toBe('InspectReady: 1 overdue action for Hazel Court')
    expect(mail!.text).toContain(`- Audit the medicines charts weekly (CQC, Safe: Medicines optimisation). Was due ${longDate(due)}.`)
    expect(mail!.text).toContain(`See them: ${SITE}/app`)
    expect(await digests(ivan)).toEqual([])
  })

  it('the timer runs the schedule by itself', async () => {
    const dan = await signUp('Dan', 'Dale View Care')
    const ratedAt = await rate(dan, 'cqc-saf-2024/well-led/governance-management-and-sustainability')
    today = reviewDueOn(ratedAt, 'daily')
    const runs = server().reminders.runs
    await expect.poll(async () => (await digests(dan)).length, { timeout: 60_000, interval: 250 }).toBe(1)
    // Sent by a tick (this test never calls run()), which counts once it has its reply.
    await expect.poll(() => server().reminders.runs, { timeout: 30_000 }).toBeGreaterThan(runs)
    expect((await digests(dan))[0]!.text).toContain('- CQC, Well-led: Governance, management and sustainability.')
  })

  it("a person reads and saves only their own setting through supabase-js", async () => {
    const eve = await signUp('Eve', 'Elm Court')
    const fay = await signUp('Fay', 'Fir Grove')
    const read = await eve.sb.from('reminder_preferences').select('id, review_reminders_muted')
    expect(read.data).toEqual([{ id: eve.id, review_reminders_muted: false }])
    const other = await eve.sb.from('reminder_preferences').update({ review_reminders_muted: true }).eq('id', fay.id).select('id')
    expect(other.data).toEqual([])
    const fays = await fay.sb.from('reminder_preferences').select('review_reminders_muted').single()
    expect(fays.data).toEqual({ review_reminders_muted: false })
    expect((await eve.sb.from('review_reminder_digests').select('*')).error?.code).toBe('42501')
  })

  it('only the scheduler may call send-review-reminders: a member, the anon key and a wrong secret are refused and nothing is written', async () => {
    const gus = await signUp('Gus', 'Gorse Hill')
    const token = (await gus.sb.auth.getSession()).data.session!.access_token
    const call = (headers: Record<string, string>, body: unknown = {}) =>
      fetch(`${server().url}/functions/v1/send-review-reminders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', apikey: server().anonKey, ...headers },
        body: JSON.stringify(body),
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as { success: boolean; code?: string } }))
    const before = await fingerprint(server().db, local.tables)
    for (const headers of [
      { authorization: `Bearer ${token}` },
      { authorization: `Bearer ${server().anonKey}` },
      { authorization: `Bearer ${server().anonKey}`, 'x-cron-secret': 'not-the-secret' },
    ] as Record<string, string>[]) {
      expect(await call(headers)).toEqual({ status: 401, body: { success: false, error: 'Only the scheduler may send review reminders.', code: 'not_authorised' } })
    }
    expect(await call({ authorization: `Bearer ${server().serviceRoleKey}` }, { now: 'tomorrow' })).toMatchObject({ status: 400, body: { code: 'invalid_payload' } })
    expect(await fingerprint(server().db, local.tables)).toBe(before)
    // The cron secret (pg_cron's way, with the anon key as bearer) is accepted.
    const cron = await call({ authorization: `Bearer ${server().anonKey}`, 'x-cron-secret': LOCAL_CRON_SECRET }, { now: '2026-01-01T12:00:00Z' })
    expect(cron).toMatchObject({ status: 200, body: { success: true } })
  })
})
