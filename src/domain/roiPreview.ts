/**
 * Landing-page ROI preview (spec section 9): admin savings = 3 hours x 30 pounds; course profit =
 * learners x 25 pounds; total monthly = sum; annual = total x 12. GBP, en-GB, no decimals.
 * The admin-savings figure is a flat monthly amount in the spec (it does not scale with learners); we keep it so.
 */
export const ROI_PREVIEW = {
  minLearners: 10,
  maxLearners: 1000,
  step: 10,
  defaultLearners: 100,
  adminHoursSaved: 3,
  adminHourlyRate: 30,
  courseProfitPerLearner: 25,
} as const

export interface RoiPreviewFigures {
  learners: number
  adminSavings: number
  courseProfit: number
  monthlyTotal: number
  annualTotal: number
}

/** Snap any input onto the slider's range and step (a stray value never produces odd figures). */
export function clampLearners(value: number): number {
  const { minLearners, maxLearners, step } = ROI_PREVIEW
  if (!Number.isFinite(value)) return ROI_PREVIEW.defaultLearners
  const snapped = Math.round(value / step) * step
  return Math.min(maxLearners, Math.max(minLearners, snapped))
}

export function roiPreview(learnersInput: number): RoiPreviewFigures {
  const learners = clampLearners(learnersInput)
  const adminSavings = ROI_PREVIEW.adminHoursSaved * ROI_PREVIEW.adminHourlyRate
  const courseProfit = learners * ROI_PREVIEW.courseProfitPerLearner
  const monthlyTotal = adminSavings + courseProfit
  return { learners, adminSavings, courseProfit, monthlyTotal, annualTotal: monthlyTotal * 12 }
}

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0, minimumFractionDigits: 0 })

/** '£2,590': pounds, en-GB grouping, no decimals. */
export function formatGBP(amount: number): string {
  return gbp.format(amount)
}
