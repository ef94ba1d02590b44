import * as v from 'valibot'
import { buildMailto } from './mailto'

/**
 * Partner application (spec sections 3, 4, 5 and 7): the form, the persona rule, the generated summary and
 * highlight chips, and the mailto link. No network call: the applicant emails or copies the summary.
 */

/** What the form holds, as typed (number inputs give '' when empty). */
export interface PartnerApplicationDraft {
  fullName: string
  email: string
  company: string
  sector: string
  staff: string
  sites: string
  notes: string
}

export type PartnerField = keyof PartnerApplicationDraft

export const PARTNER_DEFAULT_DRAFT: PartnerApplicationDraft = {
  fullName: '',
  email: '',
  company: '',
  sector: 'Care',
  staff: '50',
  sites: '1',
  notes: '',
}

export interface PartnerApplication {
  fullName: string
  email: string
  company: string
  sector: string
  staff: number
  sites: number
  notes: string
}

export const PARTNER_MESSAGES = {
  staff: 'Approximate staff must be at least 1.',
  sites: 'Number of sites must be at least 1.',
} as const

/** Spec: an empty number parses to 0 (and so fails the minimum of 1); not-a-number text likewise. */
export function parseCount(raw: string): number {
  const n = Number(raw.trim())
  return Number.isFinite(n) ? n : 0
}

const count = (message: string) => v.pipe(v.string(), v.transform(parseCount), v.number(), v.minValue(1, message))

/** Staff and sites minimum 1 are the only rules (spec section 5); every other field is free text. */
export const partnerApplicationSchema = v.object({
  fullName: v.pipe(v.string(), v.trim()),
  email: v.pipe(v.string(), v.trim()),
  company: v.pipe(v.string(), v.trim()),
  sector: v.pipe(v.string(), v.trim()),
  staff: count(PARTNER_MESSAGES.staff),
  sites: count(PARTNER_MESSAGES.sites),
  notes: v.pipe(v.string(), v.trim()),
})

export type PartnerEvaluation =
  | { ok: true; application: PartnerApplication; errors: Partial<Record<PartnerField, string>> }
  | { ok: false; errors: Partial<Record<PartnerField, string>> }

export function evaluatePartnerApplication(draft: PartnerApplicationDraft): PartnerEvaluation {
  const parsed = v.safeParse(partnerApplicationSchema, draft)
  if (parsed.success) return { ok: true, application: parsed.output, errors: {} }
  const errors: Partial<Record<PartnerField, string>> = {}
  for (const issue of parsed.issues) {
    const key = v.getDotPath(issue) as PartnerField | null
    if (key && !errors[key]) errors[key] = issue.message
  }
  return { ok: false, errors }
}

export const PERSONAS = ['care-mid-size', 'multi-site', 'niche-provider'] as const
export type Persona = (typeof PERSONAS)[number]

export const PERSONA_LABELS: Record<Persona, string> = {
  'care-mid-size': 'Mid-size care provider',
  'multi-site': 'Multi-site education provider',
  'niche-provider': 'Niche training provider',
}

/** Spec section 4: 'care' anywhere in the sector (any case) wins; then 'education'; otherwise niche. */
export function personaFor(sector: string): Persona {
  const s = sector.toLowerCase()
  if (s.includes('care')) return 'care-mid-size'
  if (s.includes('education')) return 'multi-site'
  return 'niche-provider'
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`

/** Short facts shown as chips beside the summary; they follow the form as it is typed. */
export function partnerHighlights(draft: PartnerApplicationDraft): string[] {
  const staff = parseCount(draft.staff)
  const sites = parseCount(draft.sites)
  const chips = [PERSONA_LABELS[personaFor(draft.sector)]]
  const sector = draft.sector.trim()
  if (sector) chips.push(`Sector: ${sector}`)
  if (staff >= 1) chips.push(`~${plural(staff, 'staff member', 'staff')}`)
  if (sites >= 1) chips.push(plural(sites, 'site', 'sites'))
  if (sites > 1) chips.push('Multi-site rollout')
  if (staff >= 1 && sites >= 1) chips.push(`~${Math.round(staff / sites).toLocaleString('en-GB')} staff per site`)
  if (draft.notes.trim()) chips.push('Notes included')
  return chips
}

const orDash = (text: string) => (text.trim() === '' ? '—' : text.trim())

/**
 * The plain-text summary that is emailed or copied. Everything typed appears verbatim (trimmed), notes keep
 * their line breaks; staff and sites show what was typed so the applicant sees exactly what they entered.
 */
export function partnerSummary(draft: PartnerApplicationDraft): string {
  const persona = personaFor(draft.sector)
  const lines = [
    'Partner application',
    '',
    `Full name: ${orDash(draft.fullName)}`,
    `Email: ${orDash(draft.email)}`,
    `Company: ${orDash(draft.company)}`,
    `Sector: ${orDash(draft.sector)}`,
    `Approximate staff: ${parseCount(draft.staff).toLocaleString('en-GB')}`,
    `Sites: ${parseCount(draft.sites).toLocaleString('en-GB')}`,
    `Persona: ${persona} (${PERSONA_LABELS[persona]})`,
  ]
  const notes = draft.notes.trim()
  if (notes) lines.push('', 'Notes:', notes)
  // One line-break style throughout, so the text survives a mailto round trip (sent as CRLF) unchanged.
  return lines.join('\n').replace(/\r\n?/g, '\n')
}

export function partnerSubject(company: string): string {
  return `Partner Application — ${company.trim() || 'Company'}`
}

/** mailto: to the partner mailbox with the subject and the summary as body (the one mailto builder). */
export function partnerMailto(to: string, draft: PartnerApplicationDraft): string {
  return buildMailto({ to, subject: partnerSubject(draft.company), body: partnerSummary(draft) })
}
