import { randomBytes } from 'node:crypto'
import { expect } from 'vitest'
import { e2eEnv } from '../../scripts/e2e-env'
import { config } from '../../src/config'
import { SECTOR_CONTENT, SHARED_FEATURE_ROWS } from '../../src/content/sectors'
import { parseMailto } from '../../src/domain/mailto'
import { SIGN_IN_MESSAGES } from '../../src/domain/account'
import { PAGES } from '../../src/seo/pages'
import { allMessages, messagesTo } from '../backend/helpers'
import { returningUser } from '../support/sessions'
import { DESKTOP, type EngineBrowser, type EngineDriver, PHONE, type Target } from './driver'

/**
 * The key flows, written once against the driver interface (driver.ts) and run in every engine by suite.ts.
 * A flow gets a fresh page (own storage, desktop viewport) and may open more through `browser`.
 * To add a flow (sign-in, wrong password, password reset, sign-out once /auth has them): append to FLOWS.
 */
export interface FlowContext {
  page: EngineDriver
  browser: EngineBrowser
}

export interface Flow {
  name: string
  /** Milliseconds; the default is suite.ts's. */
  timeout?: number
  run(ctx: FlowContext): Promise<void>
}

const env = e2eEnv()
const POLL = { timeout: 15_000, interval: 150 }

/** Waits until `read` gives what `check` wants; the failure shows the last value read. */
export function eventually<T>(read: () => Promise<T>, timeout = POLL.timeout) {
  return expect.poll(read, { timeout, interval: POLL.interval })
}

export async function hydrated(page: EngineDriver) {
  await eventually(() => page.attribute('html', 'data-hydrated')).toBe('true')
}

/**
 * /auth hydrated and its address read: one form left. The prerendered page holds all three forms until the auth
 * page's flows start, just after hydration (tests/e2e/support.ts openAuth).
 */
async function authReady(page: EngineDriver) {
  await hydrated(page)
  await eventually(() => page.evaluate(() => document.querySelectorAll('[data-auth-panel]').length)).toBe(1)
}

/**
 * Fails with the page's console errors, uncaught errors and CSP violations. `unreachable` names an origin a
 * test made unreachable on purpose: the engines' own reports of those failed requests are expected there.
 */
export async function expectNoProblems(page: EngineDriver, unreachable?: string) {
  const problems = (await page.takeProblems()).filter((p) => {
    if (!unreachable || !p.includes(unreachable)) return true
    return !/Cross-Origin Request Blocked|CORS request did not succeed|Failed to load resource|NetworkError|Load failed|Could not connect/i.test(p)
  })
  expect(problems).toEqual([])
}

const pathOf = async (page: EngineDriver) => new URL(await page.url()).pathname.replace(/(.)\/$/, '$1')
const uniqueId = () => `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`
const heading1: Target = { role: 'heading', level: 1 }
const toast = (title: string): Target => ({ css: '[data-sonner-toast]', text: title })

/** Every public page at phone width: it loads, shows its h1, logs no error and never scrolls sideways. */
export const ROUTES = PAGES.map((entry) => ({
  name: `route ${entry.path} at ${PHONE.width} px: h1, no console error, no sideways scroll`,
  entry,
}))

export async function checkRoute(page: EngineDriver, entry: (typeof PAGES)[number]) {
  await page.goto(entry.path)
  await hydrated(page)
  if ('signedIn' in entry && entry.signedIn) {
    // Without a session these pages send the visitor on: home (spec section 2), or sign-in for /account and /team.
    const to = ('signedOutTo' in entry && entry.signedOutTo) || '/'
    await eventually(() => pathOf(page)).toBe(to)
    // The page sent to has rendered, and sign-in has started its flows, before the test moves on. Firefox logs an
    // error (React's, without a message: the interrupted page's route code stops downloading) when the next test's
    // page load interrupts a page still rendering (cold cache: '/' reached in-app from /onboarding), and it lands on
    // that next test.
    const destination = PAGES.find((p) => p.path === to)
    if (!destination) throw new Error(`no page ${to} in src/seo/pages.ts`)
    await eventually(() => page.text(heading1)).toBe(destination.heading)
    if (to === '/auth') await authReady(page)
  } else {
    expect(await page.text(heading1)).toBe(entry.heading)
  }
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(overflow, 'the page is wider than the viewport').toBeLessThanOrEqual(0)
  await expectNoProblems(page)
}

async function fillReferral(page: EngineDriver, values: { name: string; email: string; message: string }) {
  await page.type({ label: 'Your name' }, values.name)
  await page.type({ label: 'Organisation email' }, values.email)
  await page.type({ label: 'Referral details' }, values.message)
}

async function openContact(page: EngineDriver) {
  await page.goto('/contact')
  await hydrated(page)
  // Disabled until hydrated: a native submit before that would put the fields in the URL.
  await eventually(async () => (await page.attribute({ role: 'button', name: 'Send referral' }, 'disabled')) === null).toBe(true)
}

export const FLOWS: Flow[] = [
  {
    // The "no console error" checks mean something only if the driver sees errors: this proves it does.
    name: 'the driver reports console errors, uncaught errors and CSP violations',
    async run({ page }) {
      await page.goto('/about')
      await hydrated(page)
      await page.evaluate(() => {
        console.error('engines probe: console')
        setTimeout(() => {
          throw new Error('engines probe: uncaught')
        })
        const script = document.createElement('script')
        script.textContent = 'void 0 // engines probe: not in the CSP hashes'
        document.head.append(script)
      })
      const seen: string[] = []
      await eventually(async () => {
        seen.push(...(await page.takeProblems()))
        return ['engines probe: console', 'engines probe: uncaught', 'script-src'].filter((part) => !seen.join('\n').includes(part))
      }).toEqual([])
    },
  },
  {
    name: 'sign-up with a work e-mail, the mailed confirmation link, Email confirmed!, the first wizard steps',
    timeout: 150_000,
    async run({ page }) {
      const email = `engines-${uniqueId()}@sunrise-care.co.uk`
      await page.goto('/auth?mode=signup')
      await authReady(page)
      expect(await page.text(heading1)).toBe('Create your account')
      await page.type({ label: 'First name' }, 'Ada')
      await page.type({ label: 'Last name' }, 'Lovelace')
      await page.type({ label: 'Work email' }, email)
      await page.type({ label: 'Password' }, 'correct-horse-7')
      await page.type({ label: 'Company' }, 'Sunrise Care')
      await page.type({ label: 'Phone' }, '07700 900123')
      await page.choose({ label: 'Sector' }, 'Care')
      await page.type({ label: 'Number of staff (optional)' }, '12')
      await eventually(() => page.text('[data-testid="signup-progress"]')).toBe('7 of 7 completed')
      await page.click({ role: 'button', name: 'Create account' })
      await eventually(() => page.isVisible({ role: 'heading', name: 'Check your email' }), 30_000).toBe(true)
      expect(await page.isVisible({ text: email })).toBe(true)
      await eventually(() => page.isVisible(toast('Account created!'))).toBe(true)

      // The confirmation link from the mail catcher, opened in the same browser (it holds the PKCE verifier).
      let link: string | undefined
      await eventually(async () => {
        link = (await messagesTo(env.mailUrl, email))[0]?.links.find((l) => l.includes('/auth/v1/verify'))
        return link
      }).toBeTruthy()
      await page.goto(link!)
      await eventually(() => page.isVisible({ role: 'heading', name: 'Email confirmed!' }), 30_000).toBe(true)
      expect(await page.url()).not.toContain('code=')
      // One second later: the setup wizard (config.appUrl), signed in.
      await eventually(() => pathOf(page), 20_000).toBe(config.appUrl)
      await eventually(() => page.isVisible({ text: 'Step 1 of 11' }), 30_000).toBe(true)
      await page.click({ role: 'button', name: /United Kingdom/ })
      await eventually(() => page.isVisible({ text: 'Selected: United Kingdom' })).toBe(true)
      await page.click({ role: 'button', name: 'Continue' })
      await eventually(() => page.isVisible({ text: 'Step 2 of 11' })).toBe(true)
      // Focus moves to the new step's heading, for keyboard and screen-reader users.
      await eventually(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toBe('Your phone number')
      await page.type({ label: 'Phone number' }, '07700 900123')
      await page.click({ role: 'button', name: 'Continue' })
      await eventually(() => page.isVisible({ text: 'Step 3 of 11' })).toBe(true)
      await page.click({ role: 'button', name: /Care & Health/ })
      await page.click({ role: 'button', name: 'Continue with this sector' })
      await eventually(() => page.isVisible({ text: 'Step 4 of 11' })).toBe(true)
      await expectNoProblems(page)
    },
  },
  {
    name: 'referral form: sent with a native click below the fold, stored, mailed, and the form cleared',
    async run({ page }) {
      const id = uniqueId()
      const values = { name: `Zoë O'Neil ${id}`, email: `zoe.${id}@school.org.uk`, message: `Ref ${id}: "Sam" & Alex\nSecond line` }
      await openContact(page)
      await fillReferral(page, values)
      // At the desktop size the button sits below the fold: the driver scrolls it into view before clicking.
      await page.click({ role: 'button', name: 'Send referral' })
      await eventually(() => page.isVisible(toast('Message sent')), 20_000).toBe(true)
      for (const label of ['Your name', 'Organisation email', 'Referral details']) await eventually(() => page.value({ label })).toBe('')
      const subject = `Referral from ${config.brand} ${values.name}`
      await eventually(async () => (await allMessages(env.mailUrl)).find((m) => m.subject === subject)?.text).toBe(
        `${values.message}\n\nFrom: ${values.name} <${values.email}>\nService: general`,
      )
      await expectNoProblems(page)
    },
  },
  {
    name: 'referral form: with the backend down, the mail fallback keeps every field and offers an exact mailto link',
    async run({ browser }) {
      const page = await browser.newPage({ unreachable: env.backendUrl })
      try {
        const id = uniqueId()
        const values = { name: `Sam & Co ${id}`, email: `sam.${id}@care-home.org.uk`, message: `Fallback ${id}: 50% "urgent"?\nCall after 4` }
        await openContact(page)
        await fillReferral(page, values)
        await page.click({ role: 'button', name: 'Send referral' })
        const expected = {
          to: config.referralEmail,
          subject: `Referral from ${config.brand} ${values.name}`,
          body: `${values.message}\n\nFrom: ${values.name} <${values.email}>`,
        }
        // The page opens the mail client with `location.href = mailto:…`. A browser with a mail handler hands it
        // over and stays (Chromium, Firefox, Safari); one without (MiniBrowser) shows the mailto: URL instead,
        // and Back must bring the form back with everything typed (WebKit's back/forward cache).
        await eventually(async () => (await page.url()).startsWith('mailto:') || (await page.isVisible(toast('Opening mail client'))), 20_000).toBe(true)
        const opened = await page.url()
        if (opened.startsWith('mailto:')) {
          expect(parseMailto(opened)).toEqual(expected)
          await page.back()
        }
        await eventually(() => page.text('[data-testid="contact-fallback"]')).toContain('We could not reach our server')
        expect(await pathOf(page)).toBe('/contact')
        expect(await page.value({ label: 'Your name' })).toBe(values.name)
        expect(await page.value({ label: 'Organisation email' })).toBe(values.email)
        expect(await page.value({ label: 'Referral details' })).toBe(values.message)
        const href = await page.attribute({ role: 'link', name: 'Email this referral' }, 'href')
        expect(parseMailto(href!)).toEqual(expected)
        expect((await allMessages(env.mailUrl)).some((m) => m.subject.includes(id))).toBe(false)
        await expectNoProblems(page, env.backendUrl)
      } finally {
        await page.close()
      }
    },
  },
  {
    name: 'ROI calculator recomputes as you type, in en-GB pounds',
    async run({ page }) {
      const result = (key: string) => page.text(`[data-testid="roi-${key}"] dd`)
      await page.goto('/roi-calculator')
      await hydrated(page)
      expect(await page.value({ label: 'Active learners' })).toBe('150')
      expect(await result('totalPerYear')).toBe('£329,400')
      await page.type({ label: 'Active learners' }, '2')
      await eventually(() => result('adminSavingsPerMonth')).toBe('£312')
      await page.append({ label: 'Active learners' }, '00')
      await eventually(() => result('adminSavingsPerMonth')).toBe('£31,200')
      expect(await result('courseProfitPerMonth')).toBe('£5,400')
      expect(await result('totalPerMonth')).toBe('£36,600')
      expect(await result('totalPerYear')).toBe('£439,200')
      await page.type({ label: 'Course margin (%)' }, '33')
      await eventually(() => page.text('[data-testid="roi-per-learner"]')).toBe('Course profit per learner: £19.80 a month.')
      await page.type({ label: 'Active learners' }, '')
      await eventually(() => page.isVisible({ text: 'Enter the number of active learners.' })).toBe(true)
      expect(await result('totalPerYear')).toBe('—')
      await expectNoProblems(page)
    },
  },
  {
    name: "legal pages show the reader's date of today in en-GB",
    async run({ page }) {
      const now = new Date()
      const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
      const iso = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`
      await page.goto('/privacy')
      await hydrated(page)
      const today: Target = 'time[data-source="browser"]'
      await eventually(() => page.attribute(today, 'datetime')).toBe(iso)
      expect(await page.text(today)).toBe(`${now.getDate()} ${months[now.getMonth()]} ${now.getFullYear()}`)
      await expectNoProblems(page)
    },
  },
  {
    name: 'partner application: the summary follows the form, the mailto carries it exactly, Copy summary copies it',
    async run({ page }) {
      const field = (label: string): Target => ({ label, within: 'main' })
      await page.goto('/partner-apply')
      await hydrated(page)
      const company = 'Acme & "Sons" #1 100%'
      await page.type(field('Full name'), 'Zoë O’Brien')
      await page.type(field('Company'), company)
      await page.type(field('Notes (optional)'), 'Line one & two\nLine "three" = 3?')
      await eventually(() => page.value(field('Generated summary'))).toContain(`Company: ${company}`)
      const summary = await page.value(field('Generated summary'))
      expect(summary).toContain('Full name: Zoë O’Brien')
      expect(summary).toContain('Notes:\nLine one & two\nLine "three" = 3?')
      const href = await page.attribute({ role: 'link', name: 'Email application' }, 'href')
      expect(parseMailto(href!)).toEqual({ to: config.partnerEmail, subject: `Partner Application — ${company}`, body: summary })
      // Copy, then paste with the keyboard into an empty field: the clipboard holds exactly the summary.
      await page.click({ role: 'button', name: 'Copy summary' })
      await eventually(() => page.isVisible(toast('Application summary copied'))).toBe(true)
      await page.type(field('Notes (optional)'), '')
      await page.paste()
      expect(await page.value(field('Notes (optional)'))).toBe(summary)
      await expectNoProblems(page)
    },
  },
  {
    name: 'footer Reduce Motion switch: stops animations, is stored and survives a reload; scrolling is never animated',
    async run({ page }) {
      const toggle: Target = { role: 'switch', name: 'Reduce Motion' }
      const probe = () =>
        page.evaluate(() => {
          const el = document.createElement('div')
          el.style.animation = 'probe 1s infinite'
          document.body.append(el)
          const name = getComputedStyle(el).animationName
          el.remove()
          return name
        })
      await page.goto('/about')
      await hydrated(page)
      await eventually(() => page.attribute(toggle, 'aria-checked')).toBe('false')
      expect(await probe()).toBe('probe')
      // A script's scroll (the router's scroll to the top on each navigation, focus()) lands at once: no
      // document-wide smooth scrolling, even with motion on.
      const landed = await page.evaluate(() => {
        window.scrollTo({ top: 300 })
        const y = window.scrollY
        window.scrollTo({ top: 0, behavior: 'instant' })
        return y
      })
      expect(landed).toBe(300)
      await page.click(toggle)
      await eventually(() => page.attribute(toggle, 'aria-checked')).toBe('true')
      expect(await page.attribute('html', 'class')).toMatch(/\breduce-motion\b/)
      expect(await probe()).toBe('none')
      expect(await page.evaluate(() => localStorage.getItem('reduceMotion'))).toBe('true')
      await page.goto('/about')
      await hydrated(page)
      await eventually(() => page.attribute(toggle, 'aria-checked')).toBe('true')
      expect(await probe()).toBe('none')
      await page.click(toggle)
      await eventually(() => page.attribute(toggle, 'aria-checked')).toBe('false')
      expect(await probe()).toBe('probe')
      await expectNoProblems(page)
    },
  },
  {
    name: 'landing: the feature table toggles, and the sector tabs navigate client-side and reset it',
    async run({ page }) {
      const table: Target = '[data-testid="feature-table"]'
      const rows = '[data-testid="feature-table"] tbody tr'
      const care = SECTOR_CONTENT.care.featureRows.length
      await page.setViewport(DESKTOP.width, DESKTOP.height)
      await page.goto('/care')
      await hydrated(page)
      expect(await page.count(rows)).toBe(care)
      await page.click({ role: 'button', name: 'Learn more', within: table })
      await eventually(() => page.count(rows)).toBe(care + SHARED_FEATURE_ROWS.length)
      expect(await page.attribute({ role: 'button', name: 'Show less', within: table }, 'aria-expanded')).toBe('true')
      await page.click({ role: 'button', name: 'Show less', within: table })
      await eventually(() => page.count(rows)).toBe(care)
      await page.click({ role: 'button', name: 'Learn more', within: table })
      await eventually(() => page.count(rows)).toBe(care + SHARED_FEATURE_ROWS.length)
      // A marker on window survives only a client-side navigation.
      await page.evaluate(() => {
        Object.assign(window, { __sameDocument: true })
      })
      await page.click({ role: 'link', name: 'Education', within: { role: 'navigation', name: 'Sectors' } })
      await eventually(() => pathOf(page)).toBe('/education')
      await eventually(() => page.text(heading1)).toBe(SECTOR_CONTENT.education.headline)
      expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true)
      await eventually(() => page.attribute(table, 'data-state')).toBe('short')
      expect(await page.count(rows)).toBe(SECTOR_CONTENT.education.featureRows.length)
      await expectNoProblems(page)
    },
  },
  {
    name: `mobile menu at ${PHONE.width} px: the sector tabs become a menu that navigates`,
    async run({ page }) {
      await page.setViewport(PHONE.width, PHONE.height)
      await page.goto('/education')
      await hydrated(page)
      expect(await page.isVisible({ role: 'navigation', name: 'Sectors' })).toBe(false)
      const menu: Target = { role: 'button', name: /sector menu/ }
      await page.click(menu)
      await eventually(() => page.attribute(menu, 'aria-expanded')).toBe('true')
      await page.click({ role: 'link', name: 'Construction' })
      await eventually(() => pathOf(page)).toBe('/construction')
      await eventually(() => page.text(heading1)).toBe(SECTOR_CONTENT.construction.headline)
      await eventually(() => page.attribute(menu, 'aria-expanded')).toBe('false')
      await expectNoProblems(page)
    },
  },
  {
    name: 'sign-in: a wrong password gets the one message, the right one lands on /app; sign-out from the account menu',
    timeout: 90_000,
    async run({ page }) {
      const user = await returningUser({ onboarded: true })
      await page.goto('/auth')
      await authReady(page)
      expect(await page.text(heading1)).toBe('Sign in')
      await page.type({ label: 'Work email' }, user.email)
      await page.type({ label: 'Password' }, 'not-the-password-1')
      await page.click({ role: 'button', name: 'Sign in', within: 'main' })
      await eventually(() => page.text('[data-testid="sign-in-error"]')).toContain(SIGN_IN_MESSAGES.invalidCredentials)
      await page.type({ label: 'Password' }, user.password)
      await page.click({ role: 'button', name: 'Sign in', within: 'main' })
      // The onboarding gate finds setup finished and sends the user on to the signed-in home.
      await eventually(() => pathOf(page), 30_000).toBe('/app')
      await eventually(() => page.text(heading1)).toBe('Your workspace')
      const menu: Target = { role: 'button', name: `Account menu for ${user.email}` }
      await eventually(() => page.isVisible(menu)).toBe(true)
      await page.click(menu)
      await eventually(() => page.attribute(menu, 'aria-expanded')).toBe('true')
      await page.click({ role: 'button', name: 'Sign out', within: { role: 'banner' } })
      await eventually(() => pathOf(page), 20_000).toBe('/')
      await eventually(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('sb-')).length)).toBe(0)
      await eventually(() => page.isVisible({ role: 'link', name: 'Sign in', within: { role: 'banner' } })).toBe(true)
      await expectNoProblems(page)
    },
  },
  {
    name: 'password reset: Forgot password?, the mailed link, a new password saved, and it signs in',
    timeout: 90_000,
    async run({ page }) {
      const user = await returningUser({ onboarded: true })
      await page.goto('/auth')
      await authReady(page)
      await page.click({ role: 'link', name: 'Forgot password?' })
      await page.type({ label: 'Work email' }, user.email)
      await page.click({ role: 'button', name: 'Send reset link' })
      await eventually(() => page.isVisible({ role: 'heading', name: 'Check your email' }), 20_000).toBe(true)
      let link: string | undefined
      await eventually(async () => {
        const mails = (await messagesTo(env.mailUrl, user.email)).filter((m) => m.subject === 'Reset your password')
        link = mails[0]?.links.find((l) => l.includes('/auth/v1/verify'))
        return link
      }).toBeTruthy()
      // Opened in the browser that asked for it: it holds the PKCE verifier.
      await page.goto(link!)
      await eventually(() => page.isVisible({ role: 'heading', name: 'Choose a new password' }), 30_000).toBe(true)
      await page.type({ label: 'New password' }, 'brand-new-horse-9')
      await page.type({ label: 'Repeat the new password' }, 'brand-new-horse-9')
      await page.click({ role: 'button', name: 'Save new password' })
      await eventually(() => page.isVisible({ role: 'heading', name: 'Password updated' }), 20_000).toBe(true)
      await eventually(() => pathOf(page), 20_000).toBe('/app')
      await expectNoProblems(page)
    },
  },
]
