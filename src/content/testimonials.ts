import type { Sector } from '../domain/sectors'

/**
 * Testimonials (spec section 3): six sample people across the four sectors, all rated 5 of 5.
 * Shared by the landing carousel and /care-management-software.
 */
export interface Testimonial {
  name: string
  role: string
  company: string
  sector: Sector
  content: string
  /** Out of TESTIMONIAL_RATING_MAX. */
  rating: number
  initials: string
}

export const TESTIMONIAL_RATING_MAX = 5

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    name: 'Sarah Mitchell',
    role: 'Registered Manager',
    company: 'Willow Court Care Home',
    sector: 'care',
    content:
      'Our audits, medication records and supervisions finally live in one place. When CQC called, the evidence for each key question was ready in minutes.',
    rating: 5,
    initials: 'SM',
  },
  {
    name: 'James Okafor',
    role: 'Operations Director',
    company: 'Brightpath Home Care',
    sector: 'care',
    content:
      'The log builder replaced three spreadsheets. Our coordinators save hours every week and incidents reach the right manager the same day.',
    rating: 5,
    initials: 'JO',
  },
  {
    name: 'Priya Sharma',
    role: 'Headteacher',
    company: 'Oakfield Primary School',
    sector: 'education',
    content:
      'Persistent absence is flagged before it becomes a pattern, and our safeguarding training records are always up to date for Ofsted.',
    rating: 5,
    initials: 'PS',
  },
  {
    name: 'Tom Griffiths',
    role: 'Business Manager',
    company: 'Valley Learning Trust',
    sector: 'education',
    content: 'Cover hours, registers and policies across four schools in one dashboard. Setup took an afternoon, not a term.',
    rating: 5,
    initials: 'TG',
  },
  {
    name: 'Aisha Rahman',
    role: 'Head of Compliance',
    company: 'Northgate Homes',
    sector: 'housing',
    content:
      'Every property has its compliance pack, and certificate expiry reminders mean nothing lapses. Board assurance is now a report, not a project.',
    rating: 5,
    initials: 'AR',
  },
  {
    name: 'Daniel Hughes',
    role: 'Health and Safety Manager',
    company: 'Hughes & Carter Construction',
    sector: 'construction',
    content: 'Checklists and near misses are logged on site from a phone. Our golden thread builds itself as the job progresses.',
    rating: 5,
    initials: 'DH',
  },
]

/** The sector's own testimonials first, then the rest, in their listed order. */
export function testimonialsFor(sector: Sector): readonly Testimonial[] {
  return [...TESTIMONIALS.filter((t) => t.sector === sector), ...TESTIMONIALS.filter((t) => t.sector !== sector)]
}
