/** The local consent page that stands in for the OAuth providers' (authorize.ts serves it). */
import { esc } from './helpers.ts'

export const SSO_PROVIDERS = ['google', 'linkedin_oidc', 'apple', 'facebook'] as const

/** The consent page's Cancel: the description a provider's denial carries (providers word it differently). */
export const CANCELLED_DESCRIPTION = 'The user cancelled the sign-in at the provider'

const PROVIDER_LABELS: Record<string, string> = { google: 'Google', linkedin_oidc: 'LinkedIn', apple: 'Apple', facebook: 'Facebook' }

export interface ConsentPage {
  provider: string
  redirectTo: string
  challenge: string
  method: string
  email: string
  name: string
  error: string
}

export function consentPage(p: ConsentPage) {
  const label = PROVIDER_LABELS[p.provider] ?? p.provider
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in with ${esc(label)} (local)</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:26rem;margin:3rem auto;padding:0 1rem}label{display:block;margin:.75rem 0 .25rem}input{width:100%;padding:.5rem;box-sizing:border-box}button{margin:1rem .5rem 0 0;padding:.6rem 1rem}.error{color:#b91c1c}</style></head>
<body><main><h1>Sign in with ${esc(label)}</h1><p>Local stand-in for the ${esc(label)} consent screen: no real provider is contacted.</p>
${p.error ? `<p class="error" role="alert">${esc(p.error)}</p>` : ''}
<form method="post" action="/auth/v1/authorize">
<input type="hidden" name="provider" value="${esc(p.provider)}"><input type="hidden" name="redirect_to" value="${esc(p.redirectTo)}">
<input type="hidden" name="code_challenge" value="${esc(p.challenge)}"><input type="hidden" name="code_challenge_method" value="${esc(p.method)}">
<label for="email">E-mail</label><input id="email" name="email" type="email" required value="${esc(p.email)}" autocomplete="email">
<label for="name">Full name</label><input id="name" name="name" type="text" value="${esc(p.name)}" autocomplete="name">
<button type="submit" name="action" value="continue">Continue as this account</button><button type="submit" name="action" value="cancel" formnovalidate>Cancel</button></form></main></body></html>`
}
