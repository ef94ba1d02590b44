/**
 * Brand, addresses and URLs: one typed place. Every value can be overridden at build time by a VITE_
 * environment variable; the defaults work on a developer's machine against the local backend
 * (`npm run backend`, see supabase/local/README.md).
 */
// Vite inlines import.meta.env.VITE_*; Node scripts (sitemap, tests) read process.env instead.
const env: Record<string, string | undefined> = {
  ...(typeof process !== 'undefined' && process.env ? process.env : {}),
  ...((import.meta as unknown as { env?: Record<string, string | undefined> }).env ?? {}),
}

function read(name: string, fallback: string): string {
  const value = env[name]
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback
}

/** The local stack's anon key: a JWT signed with the Supabase CLI's public demo secret (never a production key). */
const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'

export const config = {
  brand: read('VITE_BRAND_NAME', 'InspectReady'),
  /** Canonical origin of the public site, used for canonical links, Open Graph and the sitemap. */
  siteUrl: read('VITE_SITE_URL', 'https://inspectready.co.uk').replace(/\/+$/, ''),
  organisationEmail: read('VITE_ORGANISATION_EMAIL', 'hello@inspectready.co.uk'),
  referralEmail: read('VITE_REFERRAL_EMAIL', 'referrals@inspectready.co.uk'),
  partnerEmail: read('VITE_PARTNER_EMAIL', 'partners@inspectready.co.uk'),
  pressEmail: read('VITE_PRESS_EMAIL', 'press@inspectready.co.uk'),
  bookingUrl: read('VITE_BOOKING_URL', 'https://cal.com/inspectready/demo'),
  /** Where users go after sign-up and onboarding; the local setup wizard when no app host is configured. */
  appUrl: read('VITE_APP_URL', '/onboarding/setup'),
  videoChannelUrl: read('VITE_VIDEO_CHANNEL_URL', 'https://www.youtube.com/@inspectready'),
  /**
   * Partner logos (spec: an external logo service). `{domain}` is replaced by the partner's domain; a URL without
   * it gets `/<domain>` appended. Clearbit's free logo API, the usual choice, stopped on 1 December 2025, so the
   * default is DuckDuckGo's keyless icon service (one origin, no redirect, so one CSP img-src entry).
   */
  logoServiceUrl: read('VITE_LOGO_SERVICE_URL', 'https://icons.duckduckgo.com/ip3/{domain}.ico'),
  twitterSite: read('VITE_TWITTER_SITE', '@inspectready'),
  supabaseUrl: read('VITE_SUPABASE_URL', 'http://127.0.0.1:54321').replace(/\/+$/, ''),
  supabaseAnonKey: read('VITE_SUPABASE_ANON_KEY', LOCAL_ANON_KEY),
  /** Show the analysts' /flows page in production builds too. */
  flowsInProduction: read('VITE_FLOWS_IN_PRODUCTION', 'false') === 'true',
} as const

export type Config = typeof config
