/**
 * A lifecycle written once, as data (issue 39 item 3): the statuses a thing can be in, the steps between them with
 * who may take each, and the one set of labels the pages, the pack and the e-mails show. The item, action and
 * evidence lifecycles are in ./lifecycles/; the SQL (constraints, triggers, RPCs) and the machines are checked
 * against them by tests (tests/backend/lifecycles.sql.test.ts, machines/lifecycles.test.ts): docs/architecture.md,
 * "One lifecycle, written once".
 *
 * Pure data and total functions: no network, no React.
 */

export interface Transition<Status extends string, Step extends string, Role extends string> {
  readonly step: Step
  readonly from: Status
  readonly to: Status
  /** Who may take it: any one of these roles is enough. */
  readonly by: readonly Role[]
}

export interface Lifecycle<Status extends string, Step extends string, Role extends string> {
  readonly name: string
  readonly statuses: readonly Status[]
  /** Where a new one starts. */
  readonly initial: Status
  /** Statuses with no way out. */
  readonly final: readonly Status[]
  readonly steps: readonly Step[]
  readonly roles: readonly Role[]
  /** What a person reads for each status. */
  readonly labels: Readonly<Record<Status, string>>
  readonly transitions: readonly Transition<Status, Step, Role>[]
}

/**
 * A lifecycle, checked as it is defined: every status labelled, every transition between known statuses, taken by
 * known roles, at most one transition per step from a status, and none out of a final status.
 */
export function defineLifecycle<const Status extends string, const Step extends string, const Role extends string>(
  lifecycle: Lifecycle<Status, Step, Role>,
): Lifecycle<Status, Step, Role> {
  const problem = lifecycleProblem(lifecycle)
  if (problem) throw new Error(`The ${lifecycle.name} lifecycle: ${problem}`)
  return lifecycle
}

/** What is wrong with a lifecycle, or null. */
export function lifecycleProblem(lc: Lifecycle<string, string, string>): string | null {
  const statuses = new Set(lc.statuses)
  if (statuses.size !== lc.statuses.length) return 'a status is listed twice'
  if (!statuses.has(lc.initial)) return `the initial status ${lc.initial} is not one of its statuses`
  for (const s of lc.final) if (!statuses.has(s)) return `the final status ${s} is not one of its statuses`
  for (const s of lc.statuses) if (!lc.labels[s]) return `${s} has no label`
  const seen = new Set<string>()
  for (const t of lc.transitions) {
    const name = `${t.from} --${t.step}--> ${t.to}`
    if (!statuses.has(t.from) || !statuses.has(t.to)) return `${name} names an unknown status`
    if (!lc.steps.includes(t.step)) return `${name} is an unknown step`
    if (t.by.length === 0 || t.by.some((r) => !lc.roles.includes(r))) return `${name} needs known roles`
    if (lc.final.includes(t.from)) return `${name} leaves a final status`
    const key = `${t.from} ${t.step}`
    if (seen.has(key)) return `${name} is a second way to take ${t.step} from ${t.from}`
    seen.add(key)
  }
  return null
}

/** The transition a step takes from a status, if the lifecycle has one. */
export function transitionOf<Status extends string, Step extends string, Role extends string>(
  lc: Lifecycle<Status, Step, Role>,
  from: Status,
  step: Step,
): Transition<Status, Step, Role> | undefined {
  return lc.transitions.find((t) => t.from === from && t.step === step)
}

/** Whether someone with these roles may take this step from this status. */
export function mayTakeStep<Status extends string, Step extends string, Role extends string>(
  lc: Lifecycle<Status, Step, Role>,
  from: Status,
  step: Step,
  roles: readonly Role[],
): boolean {
  return !!transitionOf(lc, from, step)?.by.some((r) => roles.includes(r))
}

/** The steps someone with these roles may take from this status, in the lifecycle's order of steps. */
export function stepsAllowed<Status extends string, Step extends string, Role extends string>(
  lc: Lifecycle<Status, Step, Role>,
  from: Status,
  roles: readonly Role[],
): Step[] {
  return lc.steps.filter((step) => mayTakeStep(lc, from, step, roles))
}

export const isFinalStatus = <Status extends string>(lc: Lifecycle<Status, string, string>, status: Status): boolean => lc.final.includes(status)

/** Narrows any value to one of the lifecycle's statuses. */
export const isStatusOf = <Status extends string>(lc: Lifecycle<Status, string, string>, value: unknown): value is Status =>
  typeof value === 'string' && (lc.statuses as readonly string[]).includes(value)
