import * as v from 'valibot'

/**
 * Partner ROI formulas (spec section 9).
 *
 * Calculator (/roi-calculator):
 *   admin savings per month     = learners x hours saved per learner per month x staff cost per hour
 *   course profit per learner   = 12 x (margin / 100) x 5
 *   course profit per month     = learners x course profit per learner
 *   total per month             = admin savings + course profit
 *   yearly                      = total per month x 12
 *
 * The landing-style preview slider (also on /lms-partner) has its own formula in ./roiPreview.ts.
 */

export interface RoiInputs {
  learners: number
  hoursSaved: number
  staffCost: number
  marginPercent: number
}

export interface RoiResults {
  adminSavingsPerMonth: number
  courseProfitPerLearner: number
  courseProfitPerMonth: number
  totalPerMonth: number
  totalPerYear: number
}

export const ROI_DEFAULTS: RoiInputs = { learners: 150, hoursSaved: 6, staffCost: 26, marginPercent: 45 }

export function calculateRoi({ learners, hoursSaved, staffCost, marginPercent }: RoiInputs): RoiResults {
  const adminSavingsPerMonth = learners * hoursSaved * staffCost
  const courseProfitPerLearner = 12 * (marginPercent / 100) * 5
  const courseProfitPerMonth = learners * courseProfitPerLearner
  const totalPerMonth = adminSavingsPerMonth + courseProfitPerMonth
  return { adminSavingsPerMonth, courseProfitPerLearner, courseProfitPerMonth, totalPerMonth, totalPerYear: totalPerMonth * 12 }
}

export type RoiField = keyof RoiInputs

/** How each input is named in messages (lower case, after "the number of" etc.). */
export const ROI_FIELD_LABELS: Record<RoiField, string> = {
  learners: 'Active learners',
  hoursSaved: 'Hours saved per learner per month',
  staffCost: 'Average staff cost per hour (£)',
  marginPercent: 'Course margin (%)',
}

const MESSAGES: Record<RoiField, { empty: string; negative: string }> = {
  learners: { empty: 'Enter the number of active learners.', negative: 'Active learners can’t be negative.' },
  hoursSaved: { empty: 'Enter the hours saved per learner each month.', negative: 'Hours saved can’t be negative.' },
  staffCost: { empty: 'Enter the average staff cost per hour.', negative: 'Staff cost can’t be negative.' },
  marginPercent: { empty: 'Enter your course margin.', negative: 'Course margin can’t be negative.' },
}

const MAX_INPUT = 1e12

/**
 * One raw text input to a non-negative finite number. The inputs are type="number", whose value is '' both
 * when empty and when the text is not a number, so "empty" covers both; no upper bounds are stated in the spec.
 */
function amount(field: RoiField) {
  const m = MESSAGES[field]
  return v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(m.empty),
    v.transform(Number),
    v.number(m.empty),
    v.finite(`${ROI_FIELD_LABELS[field]} must be a number.`),
    v.minValue(0, m.negative),
    // Not a business limit: it only keeps the products finite, so no "£∞" can be shown.
    v.maxValue(MAX_INPUT, `${ROI_FIELD_LABELS[field]} is too large to calculate.`),
  )
}

export const roiInputSchema = v.object({
  learners: amount('learners'),
  hoursSaved: amount('hoursSaved'),
  staffCost: amount('staffCost'),
  marginPercent: amount('marginPercent'),
})

export type RoiDraft = Record<RoiField, string>

export const ROI_DEFAULT_DRAFT: RoiDraft = {
  learners: String(ROI_DEFAULTS.learners),
  hoursSaved: String(ROI_DEFAULTS.hoursSaved),
  staffCost: String(ROI_DEFAULTS.staffCost),
  marginPercent: String(ROI_DEFAULTS.marginPercent),
}

export type RoiEvaluation =
  | { ok: true; inputs: RoiInputs; results: RoiResults; errors: Partial<Record<RoiField, string>> }
  | { ok: false; errors: Partial<Record<RoiField, string>> }

/** Parse what was typed and, when every input is valid, compute the results; otherwise one message per bad input. */
export function evaluateRoi(draft: RoiDraft): RoiEvaluation {
  const parsed = v.safeParse(roiInputSchema, draft)
  if (parsed.success) return { ok: true, inputs: parsed.output, results: calculateRoi(parsed.output), errors: {} }
  const errors: Partial<Record<RoiField, string>> = {}
  for (const issue of parsed.issues) {
    const key = v.getDotPath(issue) as RoiField | null
    if (key && !errors[key]) errors[key] = issue.message
  }
  return { ok: false, errors }
}

/** Whole pounds for the monthly and yearly figures (they are estimates; pence would be false precision). */
const wholePounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0, minimumFractionDigits: 0 })
/** Pounds and pence for per-unit rates (a margin of 33 % gives £19.80 per learner, not "£20"). */
const poundsAndPence = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2, maximumFractionDigits: 2 })

export function formatPounds(amount: number): string {
  // Normalise -0 (e.g. 0 x something) so it never prints as "-£0".
  return wholePounds.format(amount === 0 ? 0 : amount)
}

export function formatPoundsAndPence(amount: number): string {
  return poundsAndPence.format(amount === 0 ? 0 : amount)
}
