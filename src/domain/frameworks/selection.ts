/**
 * Which frameworks an organisation assesses itself against, from the setup wizard's answers, and what 'Run setup
 * again' does to its assessments.
 *
 * - The regulators chosen in the wizard (selected_regulators: cqc, ofsted, bsr, rsh) each bring their
 *   framework's current version, in the wizard's order.
 * - When none is chosen, the sector decides: care → CQC, education → Ofsted, housing → RSH, construction → BSR.
 * - Values the product does not know (an old row, a hand-edited one) are ignored, never an error.
 */
import { REGULATORS, type Regulator } from '../onboarding'
import { isSector } from '../sectors'
import { FRAMEWORKS, type FrameworkRegistry } from './registry'
import type { FrameworkVersion } from './types'

export interface FrameworkChoice {
  readonly selectedRegulators: readonly unknown[] | null | undefined
  readonly sector: unknown
}

const isRegulator = (value: unknown): value is Regulator => typeof value === 'string' && (REGULATORS as readonly string[]).includes(value)

/** The regulators whose frameworks apply: the chosen ones in the wizard's order, else the sector's. */
export function regulatorsFor(choice: FrameworkChoice, registry: FrameworkRegistry = FRAMEWORKS): Regulator[] {
  const chosen = new Set((choice.selectedRegulators ?? []).filter(isRegulator))
  if (chosen.size > 0) return REGULATORS.filter((r) => chosen.has(r))
  if (!isSector(choice.sector)) return []
  const sector = choice.sector
  return REGULATORS.filter((r) => registry.forRegulator(r)?.sector === sector)
}

/** The current version of each framework that applies, in the wizard's order of regulators. */
export function frameworksFor(choice: FrameworkChoice, registry: FrameworkRegistry = FRAMEWORKS): FrameworkVersion[] {
  return regulatorsFor(choice, registry).flatMap((r) => {
    const v = registry.forRegulator(r)
    return v ? [v] : []
  })
}

export interface ExistingAssessment {
  readonly id: string
  readonly versionId: string
  readonly archived: boolean
}

export interface AssessmentPlan {
  /** Version ids to start a new assessment against (a framework the organisation never had). */
  readonly create: readonly string[]
  /** Assessments to archive: their framework is no longer chosen. Archived, never deleted. */
  readonly archive: readonly string[]
  /** Archived assessments to bring back: their framework is chosen again, answers and all. */
  readonly restore: readonly string[]
  /** Active assessments that stay as they are (whatever their version). */
  readonly keep: readonly string[]
}

/**
 * What 'Run setup again' does, so that adding or dropping a regulator never loses an answer: a framework chosen
 * again gets its archived assessment back (the newest version of it) rather than a blank one; a framework
 * dropped has its assessments archived; a framework never assessed gets a new assessment on its current version.
 * Assessments of versions the registry does not know are left alone.
 */
export function planAssessments(existing: readonly ExistingAssessment[], wanted: readonly FrameworkVersion[], registry: FrameworkRegistry = FRAMEWORKS): AssessmentPlan {
  const wantedFrameworks = new Set(wanted.map((v) => v.frameworkId))
  const order = (a: ExistingAssessment) => registry.versions.findIndex((v) => v.id === a.versionId)
  const known = existing.filter((a) => order(a) >= 0)
  const frameworkOf = (a: ExistingAssessment) => registry.version(a.versionId)!.frameworkId
  const create: string[] = []
  const restore: string[] = []
  const keep: string[] = []
  const archive: string[] = []
  for (const v of wanted) {
    const mine = known.filter((a) => frameworkOf(a) === v.frameworkId)
    const active = mine.filter((a) => !a.archived)
    if (active.length > 0) keep.push(...active.map((a) => a.id))
    else if (mine.length > 0) restore.push([...mine].sort((a, b) => order(b) - order(a))[0]!.id)
    else create.push(v.id)
  }
  for (const a of known) if (!a.archived && !wantedFrameworks.has(frameworkOf(a))) archive.push(a.id)
  return { create, archive, restore, keep }
}
