import type { Value } from './types'

/** /about. */

/** The three values of spec section 2, in its order. */
export const companyValues: readonly Value[] = [
  {
    id: 'customer-obsessed',
    title: 'Customer-obsessed',
    body: 'We build with registered managers, headteachers, housing officers and site leads, not for them. Every feature starts with a real inspection, audit or rota problem someone brought to us, and we ship small improvements every week.',
  },
  {
    id: 'outcome-driven',
    title: 'Outcome-driven',
    body: 'We measure ourselves by what changes for our customers: less time spent preparing for inspection, fewer gaps found on the day, and staff who are trained and confident. Features that do not move those numbers do not ship.',
  },
  {
    id: 'secure-by-default',
    title: 'Secure by default',
    body: 'Our customers trust us with records about the people they support. Encryption, separation between organisations and least-privilege access are where we start, not options to switch on later.',
  },
]
