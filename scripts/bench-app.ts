/**
 * The signed-in home (/app, issue 29) in the full `npm run bench`, against the local backend (the real PostgREST on
 * the embedded PostgreSQL, in memory) and the built site: a care organisation that chose all four regulators, with
 * every item of the four frameworks rated but one (about 70 items, each with a note), opens /app in Chromium.
 *
 * - Requests: how many requests read the assessments while the page loads (budget: exactly 1, the dashboard's one
 *   embedded select of the organisation's settings, its assessments, items, evidence and names, issue 39) and how many
 *   go to /rest/v1 in all until the four frameworks are on screen.
 * - INP: the person opens the unrated statement, writes a note, picks a rating and the evidence category and saves;
 *   the page's Event Timing entries (PerformanceObserver 'event', every interaction) give each interaction's latency
 *   from input to the next paint; INP is the longest (budget 100 ms). The rating is saved when the page says so.
 */
import type { Browser } from '@playwright/test'
import { createClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { FRAMEWORK_VERSIONS } from '../src/domain/frameworks/registry'
import { startLocalSupabase } from '../supabase/local/index'

export interface AppBench {
  /** Items rated before the page opens, over the four frameworks. */
  items: number
  /** GET requests reading the assessments while /app loads (/rest/v1/organisations with them embedded, or /rest/v1/assessments). */
  assessmentRequests: number
  /** Every /rest/v1 request while /app loads. */
  restRequests: number
  /** Milliseconds from navigation until the four frameworks are on screen. */
  loadedMs: number
  /** Interaction to Next Paint over rating a statement (the longest interaction), and every interaction. */
  inpMs: number
  interactions: { name: string; ms: number }[]
}

const memoryStorage = () => {
  const store = new Map<string, string>()
  return { store, storage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) } }
}

/**
 * `site` is the built site's origin; `siteBackend` the backend URL it was built with (VITE_SUPABASE_URL, else the
 * default). The bench's backend runs on a free port and the page's requests to `siteBackend` are sent there, so the
 * measured build is the same as every other build (a different URL would change every page's entry chunk) and a
 * dev backend on the default port is never touched.
 */
export async function benchApp(browser: Browser, site: string, siteBackend: string): Promise<AppBench> {
  const local = await startLocalSupabase({ port: 0, mailPort: 0, dataDir: 'memory', autoconfirm: true })
  try {
    const { store, storage } = memoryStorage()
    const sb = createClient(local.url, local.anonKey, {
      auth: { flowType: 'pkce', persistSession: true, autoRefreshToken: false, detectSessionInUrl: false, storage },
      realtime: { transport: WebSocket as never },
    })
    const signedUp = await sb.auth.signUp({ email: `bench-${Date.now()}@sunrise-care.co.uk`, password: 'correct-horse-1', options: { data: { first_name: 'Ada', last_name: 'Lovelace' } } })
    if (signedUp.error || !signedUp.data.user) throw new Error(`bench sign-up failed: ${signedUp.error?.message}`)
    const userId = signedUp.data.user.id
    await local.db.query('select private.create_organisation_for($1, $2, null, 12)', [userId, 'Sunrise Care (Leeds) Ltd'])
    const answers = await sb
      .from('users')
      .update({ sector: 'care', selected_regulators: ['cqc', 'ofsted', 'rsh', 'bsr'], policy_frequency: 'monthly', onboarding_completed_at: new Date().toISOString() })
      .eq('id', userId)
    if (answers.error) throw new Error(`bench setup answers: ${answers.error.message}`)
    // The admin's answers become the organisation's settings, as the wizard's save makes them (issue 39).
    const applied = await sb.rpc('apply_setup_to_organisation', { p_regulators: ['cqc', 'ofsted', 'rsh', 'bsr'], p_sector: 'care', p_review_frequency: 'monthly' })
    if (applied.error) throw new Error(`bench organisation settings: ${applied.error.message}`)
    const synced = await sb.rpc('sync_assessments', { p_framework_ids: FRAMEWORK_VERSIONS.map((v) => v.frameworkId) })
    if (synced.error) throw new Error(`bench sync_assessments: ${synced.error.message}`)
    const open = synced.data as { id: string; framework_version_id: string }[]

    // Every item rated (its best point, with a note) but the CQC statement the person rates in the page.
    const UNRATED = 'cqc-saf-2024/safe/learning-culture'
    let items = 0
    for (const a of open) {
      const version = FRAMEWORK_VERSIONS.find((v) => v.id === a.framework_version_id)!
      for (const item of version.groups.flatMap((g) => g.items)) {
        if (item.id === UNRATED) continue
        const scale = version.scales.find((s) => s.id === item.scaleId)!
        const rated = await sb.rpc('rate_item', {
          p_assessment_id: a.id,
          p_item_id: item.id,
          p_rating: scale.points.at(-1)!.value,
          p_expected_version: 0,
          p_evidence_category: version.evidenceCategories[0]?.key ?? null,
          p_evidence: [{ kind: 'note', note: `Checked ${item.name} with the team` }],
        })
        if (rated.error) throw new Error(`bench rate_item ${item.id}: ${rated.error.message}`)
        items++
      }
    }

    const context = await browser.newContext()
    const backendOrigin = new URL(siteBackend).origin
    await context.route((url) => url.origin === backendOrigin, (route) => route.continue({ url: local.url + route.request().url().slice(backendOrigin.length) }))
    const page = await context.newPage()
    try {
      await page.addInitScript((entries) => {
        for (const [k, v] of entries) window.localStorage.setItem(k, v)
        const w = window as unknown as { __events: { name: string; duration: number; interactionId: number }[] }
        w.__events = []
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEventTiming & { interactionId: number })[]) {
            if (e.interactionId) w.__events.push({ name: e.name, duration: e.duration, interactionId: e.interactionId })
          }
        }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit)
      }, [...store.entries()])
      let assessmentRequests = 0
      let restRequests = 0
      page.on('request', (req) => {
        const url = new URL(req.url())
        if (url.origin !== backendOrigin || !url.pathname.startsWith('/rest/v1/')) return
        restRequests++
        const readsAssessments = url.pathname === '/rest/v1/assessments' || (url.pathname === '/rest/v1/organisations' && (url.searchParams.get('select') ?? '').includes('assessments('))
        if (readsAssessments && req.method() === 'GET') assessmentRequests++
      })
      const started = Date.now()
      await page.goto(`${site}/app`)
      for (const v of FRAMEWORK_VERSIONS) await page.getByRole('region', { name: v.name, exact: true }).waitFor({ timeout: 60_000 })
      const loadedMs = Date.now() - started
      await page.waitForLoadState('networkidle')
      const loaded = { assessmentRequests, restRequests }

      // Rating a statement, as a person does it.
      const cqc = page.getByRole('region', { name: 'CQC single assessment framework', exact: true })
      await cqc.getByRole('button', { name: /^Learning culture / }).click()
      await page.getByRole('textbox', { name: /^Note/ }).fill('Lessons from the October incident shared at handover')
      await page.getByRole('radio', { name: '4 · Exceptional standard', exact: true }).check()
      await page.getByRole('combobox', { name: 'Evidence category' }).selectOption('processes')
      await page.getByRole('button', { name: 'Save rating' }).click()
      await page.getByRole('status').filter({ hasText: 'Learning culture rated Exceptional standard' }).waitFor({ timeout: 30_000 })
      await page.getByRole('button', { name: 'Back to your workspace' }).click()
      await cqc.getByRole('button', { name: /^Learning culture / }).waitFor()
      // Event Timing entries are reported after the next paint: wait for one more frame.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 100))))
      const events = await page.evaluate(() => (window as unknown as { __events: { name: string; duration: number; interactionId: number }[] }).__events)
      const byInteraction = new Map<number, { name: string; ms: number }>()
      for (const e of events) {
        const known = byInteraction.get(e.interactionId)
        if (!known || e.duration > known.ms) byInteraction.set(e.interactionId, { name: e.name, ms: Math.round(e.duration) })
      }
      const interactions = [...byInteraction.values()]
      // Event Timing reports interactions of 16 ms or more: none reported means every one was quicker.
      return { items, ...loaded, loadedMs, inpMs: interactions.length ? Math.max(...interactions.map((i) => i.ms)) : 16, interactions }
    } finally {
      await context.close()
    }
  } finally {
    await local.stop()
  }
}
