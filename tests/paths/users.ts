import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, type Page } from '@playwright/test'
import { e2eEnv } from '../../scripts/e2e-env'
import { admin, ssoUser } from '../support/sessions'

/** What several drivers of signed-in pages share: a finished account, and the supabase-js download to hold. */
const env = e2eEnv()

/** The built supabase-js chunk (the page downloads it when /account first needs the session). */
let supabaseChunk: string | undefined
export function supabaseChunkName(): string {
  if (supabaseChunk) return supabaseChunk
  const dir = join(env.dist, 'client/assets')
  const name = readdirSync(dir).find((f) => f.endsWith('.js') && readFileSync(join(dir, f), 'utf8').includes('grant_type=refresh_token'))
  if (!name) throw new Error(`no supabase-js chunk in ${dir}`)
  supabaseChunk = name
  return name
}

/**
 * A signed-in account whose setup is finished, its row as the machine's sample profile has it (only the address
 * differs). Made through the local SSO stand-in, which needs no e-mail round trip, so paths start quickly.
 */
export async function onboardedUser() {
  const user = await ssoUser()
  const stored = [...user.store.entries()].find(([k]) => k.endsWith('-auth-token'))?.[1]
  const email = (JSON.parse(stored ?? '{}') as { user?: { email?: string } }).user?.email ?? ''
  const { error } = await admin
    .from('users')
    .update({
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone_number: '07700 900123',
      company_name: 'Sunrise Care',
      staff_count: 12,
      sector: 'care',
      country: 'uk',
      selected_regulators: ['cqc'],
      selected_roles: ['nurse'],
      selected_domains: ['safety'],
      policy_frequency: 'monthly',
      team_structure: { roles: ['nurse'] },
      onboarding_completed_at: '2026-11-20T10:00:00.000Z',
    })
    .eq('id', user.id)
  expect(error).toBeNull()
  return { ...user, email }
}


/** Another tab of the site signs out: supabase-js there clears the stored session and tells the other tabs. */
export async function signOutInAnotherTab(page: Page) {
  const other = await page.context().newPage()
  await other.goto('/robots.txt')
  await other.evaluate(() => {
    const key = Object.keys(window.localStorage).find((k) => k.endsWith('-auth-token'))
    if (!key) throw new Error('no stored session to sign out')
    window.localStorage.removeItem(key)
    const channel = new BroadcastChannel(key)
    channel.postMessage({ event: 'SIGNED_OUT', session: null })
    channel.close()
  })
  await other.close()
}
