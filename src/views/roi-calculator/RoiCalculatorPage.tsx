import { useState } from 'react'
import {
  evaluateRoi,
  formatPounds,
  formatPoundsAndPence,
  ROI_DEFAULT_DRAFT,
  ROI_FIELD_LABELS,
  type RoiDraft,
  type RoiField,
  type RoiResults,
} from '../../domain/roi'
import { pageEntry } from '../../seo/pages'
import { AnchorButton } from '../../ui/Button'
import { Field } from '../../ui/Field'
import { StaticPage } from '../layout/StaticPage'
import * as s from './roiCalculator.css'

const FIELDS: { field: RoiField; hint: string; step: string }[] = [
  { field: 'learners', hint: 'People learning on your platform each month.', step: '1' },
  { field: 'hoursSaved', hint: 'Admin hours your platform saves per learner each month.', step: '0.5' },
  { field: 'staffCost', hint: 'What an hour of staff time costs you, in pounds.', step: '0.01' },
  { field: 'marginPercent', hint: 'Your margin on each course sold, as a percentage.', step: '1' },
]

const RESULTS: { key: keyof RoiResults; label: string; highlight?: boolean }[] = [
  { key: 'adminSavingsPerMonth', label: 'Admin savings per month' },
  { key: 'courseProfitPerMonth', label: 'Course profit per month' },
  { key: 'totalPerMonth', label: 'Total value per month', highlight: true },
  { key: 'totalPerYear', label: 'Total value per year', highlight: true },
]

/**
 * /roi-calculator: four inputs, four results recomputed on every keystroke (spec section 9). The page is
 * prerendered with the defaults, and the first client render uses the same defaults, so hydration matches.
 * Figures are whole pounds; the per-learner rate shows pence.
 */
export function RoiCalculatorPage() {
  const entry = pageEntry('/roi-calculator')
  const [draft, setDraft] = useState<RoiDraft>(ROI_DEFAULT_DRAFT)
  const evaluation = evaluateRoi(draft)

  return (
    <StaticPage title={entry.heading} lead="Estimate what the partner programme is worth to you each month and each year." wide backFallback="/lms-partner">
      <div className={s.layout}>
        <form className={s.form} aria-labelledby="roi-inputs-title" onSubmit={(e) => e.preventDefault()} noValidate>
          <h2 id="roi-inputs-title" className={s.formTitle}>
            Your numbers
          </h2>
          {FIELDS.map(({ field, hint, step }) => (
            <Field key={field} label={ROI_FIELD_LABELS[field]} hint={hint} error={evaluation.errors[field]}>
              {(control) => (
                <input
                  {...control}
                  name={field}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step={step}
                  value={draft[field]}
                  onChange={(e) => {
                    const value = e.currentTarget.value
                    setDraft((d) => ({ ...d, [field]: value }))
                  }}
                />
              )}
            </Field>
          ))}
        </form>

        <section className={s.results} aria-labelledby="roi-results-title">
          <h2 id="roi-results-title" className={s.formTitle}>
            Your estimated partner value
          </h2>
          <div aria-live="polite" className={s.results}>
            {evaluation.ok ? null : (
              <p className={s.notice} data-testid="roi-notice">
                Enter a number of 0 or more in every box to see your figures.
              </p>
            )}
            <dl className={s.resultGrid}>
              {RESULTS.map(({ key, label, highlight }) => (
                <div key={key} className={highlight ? s.resultHighlight : s.result} data-testid={`roi-${key}`}>
                  <dt className={s.resultLabel}>{label}</dt>
                  <dd className={s.resultValue}>{evaluation.ok ? formatPounds(evaluation.results[key]) : '—'}</dd>
                </div>
              ))}
            </dl>
            {evaluation.ok ? (
              <p className={s.resultNote} data-testid="roi-per-learner">
                Course profit per learner: {formatPoundsAndPence(evaluation.results.courseProfitPerLearner)} a month.
              </p>
            ) : null}
          </div>
          <div className={s.formula}>
            <p>How it is worked out:</p>
            <p>Admin savings = learners × hours saved × staff cost per hour.</p>
            <p>Course profit per learner = 12 × margin ÷ 100 × 5; course profit = learners × that.</p>
            <p>Total per month = admin savings + course profit; per year = total per month × 12.</p>
            <p>Figures are rounded to whole pounds.</p>
          </div>
          <div className={s.actions}>
            {/* Full page loads, like the partner page's floating bar. */}
            <AnchorButton href="/partner-apply">Join Our Partner Network</AnchorButton>
            <AnchorButton href="/lms-partner" variant="outline">
              About the partner programme
            </AnchorButton>
          </div>
        </section>
      </div>
    </StaticPage>
  )
}
