/**
 * `buildPackDocument`: an assessment with its evidence and actions → the inspection pack's document (./types.ts).
 * Pure and total: every score and band comes from src/domain/frameworks (summariseFramework, percentageResult,
 * ofstedOutcome, complianceResult), every date is a UK calendar date, and odd input (a blank name, a control
 * character, a date that is not one, evidence for an item the version does not have) gives a sensible pack rather
 * than an error. Only an unknown framework version is refused (PackInputError): there is nothing to lay out.
 */
import { ukDate } from '../frameworks/review'
import { FRAMEWORKS, type FrameworkRegistry } from '../frameworks/registry'
import { isApplicable, ratingOf } from '../frameworks/items'
import { type GroupSummary, type OfstedOutcome, summariseFramework } from '../frameworks/scoring'
import type { FrameworkGroup, FrameworkItem, FrameworkVersion, GroupKind, ScalePoint } from '../frameworks/types'
import { isStatusOf } from '../lifecycle'
import { ACTION_LIFECYCLE, isOverdue, STATUS_LABELS } from '../lifecycles/action'
import { REGULATOR_INFO } from '../onboarding'
import type {
  ActionStatus,
  EvidenceKind,
  InspectionPackInput,
  PackAction,
  PackActionInput,
  PackDocument,
  PackEvidence,
  PackGroup,
  PackItem,
  PackNote,
  PackSummaryRow,
  PackTone,
} from './types'

export class PackInputError extends Error {
  override name = 'PackInputError'
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/** '2026-03-01' → '1 March 2026'; null when it is not a real calendar date. */
export function longUkDate(isoDate: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate)
  if (!m) return null
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const t = new Date(Date.UTC(y, mo - 1, d))
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== mo - 1 || t.getUTCDate() !== d) return null
  return `${d} ${MONTHS[mo - 1]} ${y}`
}

/** The UK calendar date (YYYY-MM-DD) of an instant, or null when it is not one. */
function ukIsoDate(instant: string): string | null {
  try {
    return ukDate(instant)
  } catch {
    return null
  }
}

const UNKNOWN_DATE = 'an unknown date'

/** The UK date of an instant in words, never throwing. */
function dayOf(instant: string | null | undefined): string {
  const iso = instant ? ukIsoDate(instant) : null
  return (iso && longUkDate(iso)) ?? UNKNOWN_DATE
}

/**
 * Text as it should read on a page: control characters and bidirectional overrides (which could reorder the text
 * after them) become spaces, runs of white space one space, no space at either end.
 */
export function cleanText(text: string | null | undefined): string {
  let out = ''
  for (const ch of text ?? '') out += isControl(ch.codePointAt(0)!) ? ' ' : ch
  return out.replace(/\s+/g, ' ').trim()
}

/** C0 and C1 controls, direction marks, embeddings, overrides and isolates, line and paragraph separators. */
function isControl(cp: number): boolean {
  return (
    cp <= 0x1f ||
    (cp >= 0x7f && cp <= 0x9f) ||
    cp === 0x200e ||
    cp === 0x200f ||
    (cp >= 0x202a && cp <= 0x202e) ||
    (cp >= 0x2066 && cp <= 0x2069) ||
    cp === 0x2028 ||
    cp === 0x2029
  )
}

const named = (text: string | null | undefined, fallback: string) => cleanText(text) || fallback

const KIND_LABELS: Record<EvidenceKind, string> = { file: 'File', note: 'Note', link: 'Link' }

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`
const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** 'Inclusion', 'Inclusion and Achievement', 'Inclusion, Achievement and Attendance and behaviour'. */
function listOf(names: readonly string[]): string {
  if (names.length <= 1) return names.join('')
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}

/** How a rating reads: CQC scores with their number ('3 – Good standard'), other scales by their words. */
function ratingWords(version: FrameworkVersion, point: ScalePoint): string {
  return version.scoring.kind === 'cqc-percentage' ? `${point.value} – ${point.label}` : point.label
}

function toneOfPoint(point: Pick<ScalePoint, 'belowGood' | 'score'>): PackTone {
  if (!point.belowGood) return 'good'
  return point.score === 1 ? 'serious' : 'attention'
}

const BAND_TONES: Record<string, PackTone> = { inadequate: 'serious', 'requires-improvement': 'attention', good: 'good', outstanding: 'good' }

const KICKERS: Record<GroupKind, string> = {
  'key-question': 'Key question',
  'evaluation-areas': 'Evaluation areas',
  safeguarding: 'Judged separately',
  standard: 'Standard',
  duties: 'Duties',
}

const SUMMARY_HEADINGS: Record<FrameworkVersion['scoring']['kind'], string> = {
  'cqc-percentage': 'Key questions',
  'ofsted-grades': 'Evaluation areas and safeguarding',
  compliance: 'Compliance on our scale',
}

interface GroupLine {
  readonly score: string
  readonly detail: string
  readonly tone: PackTone
}

/** A group's score in words, from the framework rules' own result. */
function groupLine(version: FrameworkVersion, summary: GroupSummary): GroupLine {
  const { completion, result } = summary
  const noun = version.itemNoun
  const rated = `${completion.rated} of ${plural(completion.applicable, noun.singular, noun.plural)} rated`
  switch (result.kind) {
    case 'percentage': {
      if (result.percent === null || result.band === null) return { score: 'Not yet rated', detail: rated, tone: 'none' }
      const provisional = completion.complete ? '' : ' (provisional)'
      return {
        score: `${result.band.label}, ${result.percent}\u00a0%${provisional}`,
        detail: `${result.score} of ${result.maxScore} points; ${rated}${completion.complete ? '' : ', so the band may change'}`,
        tone: BAND_TONES[result.band.key] ?? 'none',
      }
    }
    case 'grades': {
      if (summary.group.judgedSeparately) {
        const grade = result.grades[0]?.grade ?? null
        return grade
          ? { score: grade.label, detail: 'Judged separately, met or not met', tone: toneOfPoint(grade) }
          : { score: 'Not yet judged', detail: 'Judged separately, met or not met', tone: 'none' }
      }
      const graded = result.grades.filter((g) => g.grade !== null).length
      return {
        score: `${graded} of ${plural(result.grades.length, 'area', 'areas')} graded`,
        detail: 'Each area keeps its own grade; there is no overall grade',
        tone: 'none',
      }
    }
    case 'compliance': {
      const counts = result.counts.map((c) => `${c.count} ${c.point.label.toLowerCase()}`).join(', ')
      if (!result.worst) return { score: 'Not yet rated', detail: `${rated}, on our compliance scale`, tone: 'none' }
      return {
        score: completion.complete ? result.worst.label : `${result.worst.label} so far`,
        detail: `${counts}; ${rated}, on our compliance scale`,
        tone: toneOfPoint(result.worst),
      }
    }
  }
}

/** Ofsted's consequences on the grades so far, in the issue's words ("requires significant improvement"). */
function outcomeLine(outcome: OfstedOutcome, version: FrameworkVersion, state: InspectionPackInput['assessment']): { text: string; tone: PackTone } {
  const separate = new Set(version.groups.filter((g) => g.judgedSeparately).map((g) => g.id))
  const urgent = outcome.because.filter((i) => !separate.has(i.groupId)).map((i) => i.name)
  const notMet = outcome.because.filter((i) => separate.has(i.groupId)).map((i) => i.name.toLowerCase())
  const reasons = [
    ...notMet.map((n) => `${n} is not met`),
    ...(urgent.length ? [`${listOf(urgent)} ${urgent.length === 1 ? 'is' : 'are'} at urgent improvement`] : []),
  ]
  if (outcome.category === 'special-measures') return { text: `On these grades the school would be placed in special measures: ${listOf(reasons)}.`, tone: 'serious' }
  if (outcome.category === 'requires-significant-improvement') return { text: `On these grades the school requires significant improvement: ${listOf(reasons)}.`, tone: 'serious' }
  if (outcome.complete) return { text: 'No area is at urgent improvement and safeguarding is met: neither special measures nor requires significant improvement.', tone: 'good' }
  const items = version.groups.flatMap((g) => g.items).filter((i) => isApplicable(i, state))
  const graded = items.filter((i) => ratingOf(version, i, state.ratings) !== null).length
  return { text: `No category of concern on the grades so far (${graded} of ${items.length} graded); it can change as the rest are graded.`, tone: 'none' }
}

function actionOf(input: PackActionInput, today: string): PackAction {
  const status: ActionStatus = isStatusOf(ACTION_LIFECYCLE, input.status) ? input.status : ACTION_LIFECYCLE.initial
  const title = named(input.title, 'Untitled action')
  const owner = named(input.owner, 'no owner')
  const due = longUkDate(input.dueOn)
  const overdue = due !== null && isOverdue({ status, dueOn: input.dueOn }, today)
  const parts = [`Owner ${owner}`]
  if (status === 'closed') {
    parts.push(`closed ${dayOf(input.closedAt)}`)
    const verifier = cleanText(input.verifiedBy)
    if (verifier) parts.push(`verified by ${verifier}`)
    const how = cleanText(input.verification)
    if (how) parts.push(`verification: ${how}`)
  } else {
    parts.push(`due ${due ?? UNKNOWN_DATE}`, STATUS_LABELS[status])
    if (overdue) parts.push('overdue')
  }
  return { title, owner, status, statusLabel: STATUS_LABELS[status], dueOn: due ?? UNKNOWN_DATE, overdue, line: parts.join(' · ') }
}

function itemOf(version: FrameworkVersion, item: FrameworkItem, input: InspectionPackInput, today: string): PackItem {
  const state = input.assessment
  const records = input.items[item.id]
  const categoryName = (key: string | null | undefined) => {
    const k = cleanText(key)
    if (!k) return null
    return version.evidenceCategories.find((c) => c.key === k)?.name ?? k
  }
  const evidence: PackEvidence[] = [...(records?.evidence ?? [])]
    .sort((a, b) => (a.addedAt < b.addedAt ? 1 : a.addedAt > b.addedAt ? -1 : 0))
    .map((e) => {
      const kind: EvidenceKind = KIND_LABELS[e.kind] ? e.kind : 'file'
      const category = categoryName(e.category)
      const addedOn = dayOf(e.addedAt)
      const addedBy = named(e.addedBy, 'unknown')
      const line = [KIND_LABELS[kind], ...(category ? [category] : []), `added ${addedOn} by ${addedBy}`].join(' · ')
      return { name: named(e.name, 'Untitled'), kind, kindLabel: KIND_LABELS[kind], category, addedOn, addedBy, line }
    })
  const actions = (records?.actions ?? []).map((a) => actionOf(a, today))
  const openActions = actions.filter((a) => a.status !== 'closed').sort((a, b) => Number(b.overdue) - Number(a.overdue))
  const closedActions = actions.filter((a) => a.status === 'closed')

  const applicable = isApplicable(item, state)
  if (!applicable) {
    const condition = version.conditions.find((c) => c.key === item.condition)
    return {
      id: item.id,
      name: item.name,
      applicable,
      rating: null,
      ratingText: `Not applicable: the assessment answers no to “${condition?.name ?? item.condition}”`,
      ratingDetail: null,
      evidence,
      openActions,
      closedActions,
      notes: [],
    }
  }
  const point = ratingOf(version, item, state.ratings)
  const rating = point ? { value: point.value, score: point.score, label: point.label, belowGood: point.belowGood } : null
  let ratingDetail: string | null = null
  const notes: PackNote[] = []
  if (point) {
    const saved = state.ratings[item.id]
    const by = cleanText(records?.ratedBy)
    const category = categoryName(saved?.evidenceCategory)
    ratingDetail = [`Rated ${dayOf(saved?.ratedAt)}${by ? ` by ${by}` : ''}`, ...(category ? [`evidence category: ${category}`] : [])].join(' · ')
    if (evidence.length === 0) notes.push({ kind: 'no-evidence', text: 'No evidence is recorded for this rating.' })
    if (point.belowGood && openActions.length === 0) {
      notes.push({ kind: 'below-good-no-action', text: `Rated below good, with no open action${closedActions.length ? ' (its actions are closed but it has not been rated good since)' : ''}.` })
    }
  }
  return {
    id: item.id,
    name: item.name,
    applicable,
    rating,
    ratingText: point ? ratingWords(version, point) : 'Not yet rated',
    ratingDetail,
    evidence,
    openActions,
    closedActions,
    notes,
  }
}

/** 'Sunrise Care (Leeds) Ltd' → 'sunrise-care-leeds-ltd' (ASCII letters and digits, at most 60 characters). */
export function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '')
}

/** The inspection pack's document: everything the PDF and the print-ready page show, in words. */
export function buildPackDocument(input: InspectionPackInput, registry: FrameworkRegistry = FRAMEWORKS): PackDocument {
  const version = registry.version(input.versionId)
  if (!version) throw new PackInputError(`No framework version ${input.versionId}`)
  const state = input.assessment
  const isoDate = ukIsoDate(input.preparedAt)
  if (!isoDate) throw new PackInputError(`The pack's date is not an instant: ${input.preparedAt}`)
  const date = longUkDate(isoDate) ?? UNKNOWN_DATE
  const organisation = named(input.organisation, 'Unnamed organisation')
  const preparedBy = named(input.preparedBy, 'a member')
  const summary = summariseFramework(version, state)
  const noun = version.itemNoun

  const groups: PackGroup[] = summary.groups.map((gs) => {
    const line = groupLine(version, gs)
    return { id: gs.group.id, name: gs.group.name, kicker: KICKERS[gs.group.kind], ...line, items: gs.group.items.map((i) => itemOf(version, i, input, isoDate)) }
  })

  const rows: PackSummaryRow[] =
    version.scoring.kind === 'ofsted-grades'
      ? summary.groups.flatMap((gs) => ofstedRows(gs.group, groups))
      : groups.map((g) => ({ label: g.name, score: g.score, detail: g.detail, tone: g.tone }))

  const items = groups.flatMap((g) => g.items).filter((i) => i.applicable)
  const withoutEvidence = items.filter((i) => i.notes.some((n) => n.kind === 'no-evidence')).length
  const belowGood = items.filter((i) => i.rating?.belowGood).length
  const belowGoodNoAction = items.filter((i) => i.notes.some((n) => n.kind === 'below-good-no-action')).length
  const overdue = items.flatMap((i) => i.openActions).filter((a) => a.overdue).length
  const unrated = items.filter((i) => i.rating === null).length
  const attention = [
    unrated === 0 ? `Every applicable ${noun.singular} is rated.` : `${upperFirst(plural(unrated, noun.singular, noun.plural))} ${unrated === 1 ? 'is' : 'are'} not yet rated.`,
    withoutEvidence === 0
      ? 'Every rating has evidence recorded.'
      : `${plural(withoutEvidence, 'rating has', 'ratings have')} no evidence recorded.`,
    belowGood === 0
      ? `No ${noun.singular} is rated below good.`
      : belowGoodNoAction === 0
        ? `Every ${noun.singular} rated below good has an open action.`
        : `${upperFirst(plural(belowGoodNoAction, noun.singular, noun.plural))} rated below good ${belowGoodNoAction === 1 ? 'has' : 'have'} no open action.`,
    ...(overdue ? [`${plural(overdue, 'open action is', 'open actions are')} past ${overdue === 1 ? 'its' : 'their'} due date.`] : []),
  ]

  const scaleNotice = version.scales.find((s) => s.source === 'ours')?.notice ?? null
  const unknownItemIds = Object.keys(input.items).filter((id) => !version.groups.some((g) => g.items.some((i) => i.id === id)))
  const completion = `${summary.completion.rated} of ${plural(summary.completion.applicable, noun.singular, noun.plural)} rated (${summary.completion.percent}\u00a0%)`
  const orgSlug = slug(organisation)
  return {
    title: 'Inspection pack',
    organisation,
    date,
    isoDate,
    framework: {
      versionId: version.id,
      name: `${version.name} (${version.version})`,
      shortName: version.shortName,
      regulator: REGULATOR_INFO[version.regulator]?.name ?? version.shortName,
    },
    preparedBy,
    preparedLine: `Prepared by ${preparedBy} on ${date}`,
    completion,
    scaleNotice,
    outcome: summary.ofsted ? outcomeLine(summary.ofsted, version, state) : null,
    summaryHeading: SUMMARY_HEADINGS[version.scoring.kind],
    summaryColumn: version.scoring.kind === 'ofsted-grades' ? 'Area' : (groups[0]?.kicker ?? 'Group'),
    summary: rows,
    attention,
    groups,
    fileName: `inspection-pack-${slug(version.shortName)}-${version.version}${orgSlug ? `-${orgSlug}` : ''}-${isoDate}.pdf`,
    unknownItemIds,
  }
}

/** Ofsted's summary: one row per applicable area (each keeps its own grade), then safeguarding. */
function ofstedRows(group: FrameworkGroup, groups: readonly PackGroup[]): PackSummaryRow[] {
  const packGroup = groups.find((g) => g.id === group.id)
  if (!packGroup) return []
  return packGroup.items
    .filter((i) => i.applicable)
    .map((i) => ({
      label: i.name,
      score: i.rating ? i.rating.label : group.judgedSeparately ? 'Not yet judged' : 'Not yet graded',
      detail: group.judgedSeparately ? 'Judged separately, met or not met' : 'Five-point scale',
      tone: i.rating ? toneOfPoint(i.rating) : 'none',
    }))
}
