import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { expect, type Locator, type Page } from '@playwright/test'
import WebSocket from 'ws'
import { e2eEnv } from '../../scripts/e2e-env'
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/keys'
import { messagesTo } from '../backend/helpers'

/**
 * Signed-in users for the browser tests (tests/e2e/onboarding.spec.ts and the onboarding and e-mail path tests):
 * an SSO user signs in through the local SSO consent page in Node, an e-mail user signs up with PKCE and confirms
 * through the mailed link, and their supabase-js storage (session under sb-127-auth-token) is copied into the
 * page's localStorage before any script runs. For the workspace tests (assessments, actions, the pack and the story
 * end to end): a user's own supabase-js client in Node, and test organisations with their admin, members and setup
 * answers made through the API as sign-up and the setup wizard make them.
 */
const env = e2eEnv()
const ws = { transport: WebSocket as never }
export const admin = createClient(env.backendUrl, LOCAL_SERVICE_ROLE_KEY, { auth: { persistSession: false, autoRefreshToken: false }, realtime: ws })

/** The password of every e-mail user these helpers make. */
export const USER_PASSWORD = 'correct-horse-7'

/**
 * Fills /auth's sign-up form (all but the optional staff count) as a person would, for Ada Lovelace of Sunrise
 * Care at `email` with USER_PASSWORD. `scope` is the page, or the form when another form on the page has the same labels.
 */
export async function fillSignUpForm(scope: Page | Locator, email: string) {
  await scope.getByLabel('First name', { exact: true }).fill('Ada')
  await scope.getByLabel('Last name', { exact: true }).fill('Lovelace')
  await scope.getByLabel('Work email', { exact: true }).fill(email)
  await scope.getByLabel('Password', { exact: true }).fill(USER_PASSWORD)
  await scope.getByLabel('Company', { exact: true }).fill('Sunrise Care')
  await scope.getByLabel('Phone', { exact: true }).fill('07700 900123')
  await scope.getByLabel('Sector', { exact: true }).selectOption('care')
}

let counter = 0
const uniqueEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}@sunrise-care.co.uk`

export interface NodeUser {
  id: string
  store: Map<string, string>
}

/** A confirmed e-mail user, signed in, as emailUser makes them. */
export type EmailUser = NodeUser & { email: string; password: string }

/** supabase-js auth storage kept in `store`. */
const storageIn = (store: Map<string, string>) => ({
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
  removeItem: (k: string) => void store.delete(k),
})

/** A site-like client (PKCE) whose storage we can copy into the browser. */
function nodeClient(store = new Map<string, string>()) {
  const sb = createClient(env.backendUrl, LOCAL_ANON_KEY, {
    auth: { flowType: 'pkce', persistSession: true, autoRefreshToken: false, detectSessionInUrl: false, storage: storageIn(store) },
    realtime: ws,
  })
  return { sb, store }
}

/** The user's own supabase-js client (a copy of their stored session), as the page would use it. */
export function clientOf(user: Pick<NodeUser, 'store'>): SupabaseClient {
  return createClient(env.backendUrl, LOCAL_ANON_KEY, {
    auth: { persistSession: true, autoRefreshToken: false, detectSessionInUrl: false, storage: storageIn(new Map(user.store)) },
    realtime: ws,
  })
}

/** A new SSO user (its profile incomplete), signed in through the local SSO stand-in with PKCE. */
export async function ssoUser(provider = 'google'): Promise<NodeUser> {
  const { sb, store } = nodeClient()
  const { data, error } = await sb.auth.signInWithOAuth({ provider: provider as 'google', options: { redirectTo: `${env.siteUrl}/auth`, skipBrowserRedirect: true } })
  expect(error).toBeNull()
  const authorize = new URL(data.url!)
  const form = new URLSearchParams({
    provider,
    redirect_to: authorize.searchParams.get('redirect_to') ?? `${env.siteUrl}/auth`,
    code_challenge: authorize.searchParams.get('code_challenge') ?? '',
    code_challenge_method: authorize.searchParams.get('code_challenge_method') ?? 's256',
    email: uniqueEmail('sso'),
    name: 'Grace Hopper',
  })
  const res = await fetch(`${env.backendUrl}/auth/v1/authorize`, { method: 'POST', body: form, redirect: 'manual' })
  expect(res.status).toBe(303)
  const code = new URL(res.headers.get('location')!).searchParams.get('code')!
  const exchanged = await sb.auth.exchangeCodeForSession(code)
  expect(exchanged.error).toBeNull()
  return { id: exchanged.data.session!.user.id, store }
}

/**
 * Puts the user's storage into the page before any script runs. `expired` backdates the access token, so the
 * site's supabase-js must refresh it over the network before it knows the session: the one way a path can
 * hold "checking the session" open and decide how it ends.
 */
export async function signInPage(page: Page, user: Pick<NodeUser, 'store'>, options: { expired?: boolean } = {}) {
  const entries = [...user.store.entries()].map(([k, v]) => {
    if (!options.expired || !k.endsWith('-auth-token')) return [k, v] as const
    const session = JSON.parse(v) as { expires_at: number }
    return [k, JSON.stringify({ ...session, expires_at: Math.floor(Date.now() / 1000) - 60 })] as const
  })
  await page.addInitScript((all) => {
    for (const [k, v] of all) window.localStorage.setItem(k, v)
  }, entries)
}

/** A fresh session of an e-mail user, signed in by a site-like client: its storage, ready to put into a page. */
export async function signedInStore(user: { email: string; password: string }): Promise<Map<string, string>> {
  const { sb, store } = nodeClient()
  const { error } = await sb.auth.signInWithPassword({ email: user.email, password: user.password })
  expect(error).toBeNull()
  return store
}

/** Who an e-mail sign-up is for (default: Ada Lovelace at a new unique address). */
export interface SignUpAs {
  email?: string
  firstName?: string
  lastName?: string
}

/** A unique address at sunrise-care.co.uk (the team tests invite colleagues of one organisation). */
export const uniqueWorkEmail = (prefix: string) => uniqueEmail(prefix)

/**
 * A new e-mail sign-up made by a PKCE client (its code verifier is in `store`, as the site's would be in the
 * browser that signed up) and the confirmation link the mail catcher received for it.
 */
export async function emailSignUp(who: SignUpAs = {}): Promise<{ store: Map<string, string>; email: string; link: string }> {
  const { sb, store } = nodeClient()
  const email = who.email ?? uniqueEmail('mail')
  const { error } = await sb.auth.signUp({
    email,
    password: USER_PASSWORD,
    options: {
      emailRedirectTo: `${env.siteUrl}/auth?type=signup`,
      data: { first_name: who.firstName ?? 'Ada', last_name: who.lastName ?? 'Lovelace', company_name: 'Sunrise Care', staff_count: 12, sector: 'care' },
    },
  })
  expect(error).toBeNull()
  return { store, email, link: await confirmationLink(email) }
}

/** The confirmation link of the newest mail to this address (polls the mail catcher briefly). */
export async function confirmationLink(email: string): Promise<string> {
  let link: string | undefined
  await expect
    .poll(async () => {
      link = (await messagesTo(env.mailUrl, email))[0]?.links.find((l) => l.includes('/auth/v1/verify'))
      return link
    })
    .toBeTruthy()
  return link!
}

/** An e-mail sign-up with a complete profile, confirmed through the mailed link and signed in (PKCE exchange). */
export async function emailUser(who: SignUpAs = {}): Promise<EmailUser> {
  const { store, link, email } = await emailSignUp(who)
  const { sb } = nodeClient(store)
  const res = await fetch(link, { redirect: 'manual' })
  const code = new URL(res.headers.get('location')!).searchParams.get('code')!
  const exchanged = await sb.auth.exchangeCodeForSession(code)
  expect(exchanged.error).toBeNull()
  return { id: exchanged.data.session!.user.id, store, email, password: USER_PASSWORD }
}

/** A confirmed e-mail user, optionally with the setup wizard finished (as the wizard saves it), for sign-in tests. */
export async function returningUser(options: { onboarded?: boolean } = {}) {
  const user = await emailUser()
  if (options.onboarded) {
    const { error } = await admin
      .from('users')
      .update({
        country: 'uk',
        phone_number: '07700 900123',
        sector: 'care',
        selected_regulators: ['cqc'],
        selected_roles: ['nurse', 'manager'],
        selected_domains: ['safety'],
        policy_frequency: 'weekly',
        team_structure: { roles: ['nurse', 'manager'] },
        onboarding_completed_at: new Date().toISOString(),
      })
      .eq('id', user.id)
    expect(error).toBeNull()
  }
  return user
}

/** What sign-up says of a new organisation: its name, sector and staff count (12 unless given). */
export interface OrganisationSignUp {
  company: string
  sector: string
  staffCount?: number
}

/** Setup answers as the wizard saves them; without `frequency` the policy review frequency is left unset. */
export interface SetupAnswers {
  sector: string
  regulators: string[]
  frequency?: 'daily' | 'weekly' | 'monthly'
}

/** A new organisation with `owner` as its admin, made as sign-up makes it (complete_user_signup); no setup answers yet. */
export async function signUpOrganisation(owner: Pick<EmailUser, 'id' | 'email'>, organisation: OrganisationSignUp) {
  const { company, sector, staffCount = 12 } = organisation
  const made = await admin.rpc('complete_user_signup', { p_user_id: owner.id, p_email: owner.email, p_user_data: { company_name: company, sector, staff_count: staffCount } })
  expect(made.error).toBeNull()
}

/**
 * Saves the user's setup answers as the wizard does, setup finished now: their own users row, and, when they are an
 * admin of their organisation, its settings (issue 39: the wizard's rpc apply_setup_to_organisation; here with the
 * service role, so answers without a frequency can leave the organisation's unset). The id of their organisation.
 */
async function finishSetup(user: Pick<NodeUser, 'id'>, answers: SetupAnswers): Promise<string | null> {
  const saved = await admin
    .from('users')
    .update({
      sector: answers.sector,
      selected_regulators: answers.regulators,
      ...(answers.frequency ? { policy_frequency: answers.frequency } : {}),
      onboarding_completed_at: new Date().toISOString(),
    })
    .eq('id', user.id)
    .select('organisation_id, access_role')
    .single()
  expect(saved.error).toBeNull()
  const row = saved.data as { organisation_id: string | null; access_role: string | null }
  if (row.organisation_id && row.access_role === 'admin') {
    const settings = await admin
      .from('organisations')
      .update({
        sector: answers.sector,
        selected_regulators: answers.regulators,
        ...(answers.frequency ? { review_frequency: answers.frequency } : {}),
        settings_updated_by: user.id,
      })
      .eq('id', row.organisation_id)
    expect(settings.error).toBeNull()
  }
  return row.organisation_id
}

/** A new organisation with `owner` as its admin (as signUpOrganisation) and their setup answers saved: its id. */
export async function newOrganisation(owner: Pick<EmailUser, 'id' | 'email'>, organisation: OrganisationSignUp & SetupAnswers): Promise<string> {
  await signUpOrganisation(owner, organisation)
  return (await finishSetup(owner, organisation))!
}

/** Makes `user` a member of the organisation and, when given, saves their setup answers (setup finished now; a member's answers change nothing of the organisation). */
export async function addMember(organisationId: string, user: Pick<NodeUser, 'id'>, answers?: SetupAnswers) {
  expect((await admin.from('memberships').insert({ organisation_id: organisationId, user_id: user.id, role: 'member' })).error).toBeNull()
  if (answers) await finishSetup(user, answers)
}
