import type { Page } from '@playwright/test'

/** /team (the organisation's members, invitations and seats) and /invite (accepting an invitation). */
export const team = {
  heading: (page: Page) => page.getByRole('heading', { level: 1, name: 'Your team', exact: true }),
  loading: (page: Page) => page.getByRole('status', { name: 'Loading your team' }),
  inviteForm: (page: Page) => page.getByRole('form', { name: 'Invite a colleague' }),
  inviteEmail: (page: Page) => page.getByRole('form', { name: 'Invite a colleague' }).getByLabel('Work email', { exact: true }),
  inviteRole: (page: Page) => page.getByRole('form', { name: 'Invite a colleague' }).getByLabel('Role', { exact: true }),
  sendInvitation: (page: Page) => page.getByRole('form', { name: 'Invite a colleague' }).getByRole('button', { name: /^(Send invitation|Sending\.\.\.)$/ }),
  member: (page: Page, name: string) => page.getByRole('listitem', { name, exact: true }),
  invitation: (page: Page, email: string) => page.getByRole('listitem', { name: email, exact: true }),
  makeRole: (page: Page, name: string, role: 'admin' | 'member') => page.getByRole('button', { name: `Make ${role} for ${name}`, exact: true }),
  /** A refusal of the server (the invite form's own field problems are not among them). */
  refusal: (page: Page) => page.locator('main p[role="alert"]:not(section[aria-labelledby="invite"] *)'),
  remove: (page: Page, name: string) => page.getByRole('button', { name: `Remove ${name}`, exact: true }),
  resend: (page: Page, email: string) => page.getByRole('button', { name: `Resend the invitation to ${email}`, exact: true }),
  revoke: (page: Page, email: string) => page.getByRole('button', { name: `Revoke the invitation to ${email}`, exact: true }),
  leave: (page: Page) => page.getByRole('main').getByRole('button', { name: /^(Leave organisation|Leaving\.\.\.)$/ }),
  confirmation: (page: Page) => page.getByRole('group').filter({ has: page.getByRole('button', { name: 'Cancel' }) }),
  /** What the page says an action did (the invite form has its own). */
  status: (page: Page) => page.locator('main p[role="status"]:not(section[aria-labelledby="invite"] *)'),
  inviteRegion: (page: Page) => page.getByRole('region', { name: 'Invite a colleague' }),
  inviteStatus: (page: Page) => page.getByRole('region', { name: 'Invite a colleague' }).getByRole('status'),
  /** The invite form's refusal (the server's sentence), apart from its field problems. */
  inviteRefusal: (page: Page) => page.locator('section[aria-labelledby="invite"] > p[role="alert"]'),
  seats: (page: Page) => page.getByRole('region', { name: 'Seats' }),
}

export const invite = {
  heading: (page: Page) => page.getByRole('heading', { level: 1, name: 'Join your team', exact: true }),
  loading: (page: Page) => page.getByRole('status', { name: 'Checking your invitation' }),
  signInForm: (page: Page) => page.getByRole('form', { name: 'Sign in to join' }),
  password: (page: Page) => page.getByRole('form', { name: 'Sign in to join' }).getByLabel('Password', { exact: true }),
  signInButton: (page: Page) => page.getByRole('form', { name: 'Sign in to join' }).getByRole('button', { name: /^(Sign in and join|Signing in\.\.\.)$/ }),
  signOutButton: (page: Page) => page.getByRole('main').getByRole('button', { name: /^(Sign out|Signing out\.\.\.)$/ }),
  createAccount: (page: Page) => page.getByRole('link', { name: 'Create your account' }),
  move: (page: Page) => page.getByRole('button', { name: /^Leave it and join / }),
  retry: (page: Page) => page.getByRole('button', { name: 'Try again' }),
}
