import { useId, useState } from 'react'
import { formatGBP, ROI_PREVIEW, roiPreview } from '../../domain/roiPreview'
import * as s from './landing.css'

/** Landing ROI preview: learners slider (10-1000, step 10, default 100) and the four figures. */
export function RoiPreview() {
  const [learners, setLearners] = useState<number>(ROI_PREVIEW.defaultLearners)
  const id = useId()
  const r = roiPreview(learners)
  const figures = [
    { label: 'Admin savings per month', value: r.adminSavings, hint: `${ROI_PREVIEW.adminHoursSaved} h × £${ROI_PREVIEW.adminHourlyRate}` },
    { label: 'Course profit per month', value: r.courseProfit, hint: `${r.learners} learners × £${ROI_PREVIEW.courseProfitPerLearner}` },
    { label: 'Total per month', value: r.monthlyTotal, hint: 'Admin savings + course profit' },
    { label: 'Total per year', value: r.annualTotal, hint: 'Monthly total × 12' },
  ]
  return (
    <div className={s.roi} data-testid="roi-preview">
      <h3 id={`${id}-title`} className={s.cardTitle}>
        Preview your return
      </h3>
      <div>
        {/* The output sits beside the label, not inside it: a labelable element (output is one) inside a
            label must be its control (W3C Nu checker error), and the label's control is the slider. */}
        <p>
          <label htmlFor={`${id}-learners`}>Learners</label>: <output htmlFor={`${id}-learners`}>{r.learners}</output>
        </p>
        <input
          id={`${id}-learners`}
          className={s.range}
          type="range"
          min={ROI_PREVIEW.minLearners}
          max={ROI_PREVIEW.maxLearners}
          step={ROI_PREVIEW.step}
          value={learners}
          onChange={(e) => setLearners(Number(e.currentTarget.value))}
        />
      </div>
      <dl className={s.roiFigures}>
        {figures.map((f) => (
          <div key={f.label} className={s.dashboardTile}>
            <dt className={`${s.muted} ${s.small}`}>{f.label}</dt>
            <dd className={s.roiValue} data-figure={f.label}>
              {formatGBP(f.value)}
            </dd>
            <dd className={`${s.muted} ${s.small}`} style={{ margin: 0 }}>
              {f.hint}
            </dd>
          </div>
        ))}
      </dl>
      <p className={`${s.muted} ${s.small}`}>Illustrative figures: your results depend on your organisation.</p>
    </div>
  )
}
