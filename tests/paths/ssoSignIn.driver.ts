import { expect, type Page } from '@playwright/test'
import { type SsoSignInContext, type SsoSignInInput, ssoSignInMachine } from '../../machines/ssoSignIn.machine'
import { ssoSignInSampleEvents, ssoSignInSampleInputs } from '../../machines/ssoSignIn.samples'
import { SSO_START_MESSAGES, ssoErrorMessage } from '../../src/domain/account'
import { SSO_PROVIDER_LABELS, SSO_PROVIDERS, type SsoProvider } from '../../src/domain/ssoProviders'
import { openAuth } from '../e2e/support'
import { defineDriver } from './driver'
import { auth } from '../support/pages/auth'

/**
 * 'Continue with …' on /auth. supabase-js signInWithOAuth (PKCE) sends no request before the browser leaves: it
 * stores the code verifier, hashes it (crypto.subtle.digest) and assigns the provider's /authorize address. The
 * one step a path can hold is that hash: an init script parks every digest the page asks for until the path says
 * how startOAuth ends (go on: the browser leaves for the local consent page; fail: signInWithOAuth throws). A
 * provider's refusal comes back the way the onboarding gate sends it: /auth?sso_error=…&sso_error_description=…,
 * which the page hands this flow as its input.
 */

const { button: providerButton, error: ssoError } = auth.sso

declare global {
  interface Window {
    __heldDigests?: Array<{ go: () => void; fail: (message: string) => void }>
  }
}

/** Parks crypto.subtle.digest calls (the PKCE challenge) in window.__heldDigests. */
function holdDigests() {
  const digest = crypto.subtle.digest.bind(crypto.subtle)
  window.__heldDigests = []
  crypto.subtle.digest = (...args: Parameters<SubtleCrypto['digest']>) =>
    new Promise<ArrayBuffer>((resolve, reject) => {
      window.__heldDigests?.push({ go: () => void digest(...args).then(resolve, reject), fail: (message) => reject(new Error(message)) })
    })
}

/** Ends the oldest held digest: the PKCE challenge is made, or signInWithOAuth throws `failWith`. */
async function endDigest(page: Page, failWith?: string) {
  await expect.poll(() => page.evaluate(() => window.__heldDigests?.length ?? 0)).toBeGreaterThan(0)
  await page.evaluate((message) => {
    const held = window.__heldDigests?.shift()
    if (message === undefined) held?.go()
    else held?.fail(message)
  }, failWith)
}

/** On /auth with the SSO buttons: enabled (none busy), or all disabled with the chosen one busy. */
async function expectButtons(page: Page, busy: SsoProvider | null) {
  await expect(page).toHaveURL(/\/auth$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
  for (const provider of SSO_PROVIDERS) {
    const button = providerButton(page, provider)
    if (busy === null) await expect(button).toBeEnabled()
    else await expect(button).toBeDisabled()
    if (provider === busy) await expect(button).toHaveAttribute('aria-busy', 'true')
    else await expect(button).not.toHaveAttribute('aria-busy', 'true')
  }
}

export const driver = defineDriver({
  name: 'ssoSignIn',
  flow: 'single sign-on buttons (/auth)',
  machine: ssoSignInMachine,
  sampleEvents: ssoSignInSampleEvents,
  sampleInputs: ssoSignInSampleInputs,
  unreachable: {
    events: [
      {
        match: (e) => e.type === 'xstate.error.actor.startOAuth' && (e.error as { code?: string }).code === 'network',
        reason:
          'signInWithOAuth (PKCE) sends no request before the browser leaves, so no network failure can reach startOAuth; ' +
          'a failed download of supabase-js is a plain error (unexpected), not a BackendFailure',
      },
    ],
  },
  // The gate brings the person back with the provider's error; without one it is a plain /auth.
  async start(page, ctx) {
    const { providerError } = ctx.path.input as SsoSignInInput
    await page.addInitScript(holdDigests)
    const search = providerError ? `?${new URLSearchParams({ sso_error: providerError.code, sso_error_description: providerError.description })}` : ''
    await openAuth(page, `/auth${search}`)
  },
  events: {
    PROVIDER_CHOSEN: (page, event) => providerButton(page, event.provider as SsoProvider).click(),
    'xstate.done.actor.startOAuth': (page) => endDigest(page),
    'xstate.error.actor.startOAuth': (page, event) => endDigest(page, String((event.error as { message?: string }).message ?? 'failed')),
  },
  states: {
    'ssoSignIn.idle': async (page) => {
      await expectButtons(page, null)
      await expect(ssoError(page)).toHaveCount(0)
    },
    'ssoSignIn.providerError': async (page, view) => {
      const { error } = view.context as SsoSignInContext
      await expect(ssoError(page)).toHaveText(ssoErrorMessage(error?.code ?? '', error?.description ?? ''))
      // The provider's words left the address bar; the buttons are ready for another try.
      await expectButtons(page, null)
    },
    'ssoSignIn.redirecting': async (page, view) => {
      await expectButtons(page, (view.context as SsoSignInContext).provider)
      await expect(ssoError(page)).toHaveCount(0)
      await expect(page.getByRole('heading', { name: /^Sign in with / })).toHaveCount(0)
    },
    // The browser left for the provider: the local stand-in's consent page.
    'ssoSignIn.leaving': async (page, view) => {
      const provider = (view.context as SsoSignInContext).provider ?? 'google'
      await expect(page.getByRole('heading', { name: `Sign in with ${SSO_PROVIDER_LABELS[provider]}` })).toBeVisible()
      expect(new URL(page.url()).pathname).toBe('/auth/v1/authorize')
      expect(new URL(page.url()).searchParams.get('code_challenge_method')).toBe('s256')
    },
    'ssoSignIn.failed': async (page, view) => {
      await expect(ssoError(page)).toHaveText(SSO_START_MESSAGES[(view.context as SsoSignInContext).failure ?? 'unexpected'])
      await expectButtons(page, null)
    },
  },
})
