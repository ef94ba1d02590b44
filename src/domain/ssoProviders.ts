/** The SSO providers enabled in supabase/config.toml, in the order the /auth buttons show them, and their names. */
export const SSO_PROVIDERS = ['google', 'linkedin_oidc', 'apple', 'facebook'] as const
export type SsoProvider = (typeof SSO_PROVIDERS)[number]

export const SSO_PROVIDER_LABELS: Record<SsoProvider, string> = {
  google: 'Google',
  linkedin_oidc: 'LinkedIn',
  apple: 'Apple',
  facebook: 'Facebook',
}

export function isSsoProvider(value: unknown): value is SsoProvider {
  return typeof value === 'string' && (SSO_PROVIDERS as readonly string[]).includes(value)
}
