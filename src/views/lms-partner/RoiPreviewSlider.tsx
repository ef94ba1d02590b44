import { useId, useState } from 'react'
import { clampLearners, formatGBP, ROI_PREVIEW, roiPreview } from '../../domain/roiPreview'
import * as s from './lmsPartner.css'

/**
 * The landing-style ROI preview (spec section 9): a learners slider 10..1000 step 10 (default 100) and four
 * figures in whole pounds. A native range input, like the landing page's: arrows step 10, Page Up/Down take
 * bigger steps, Home/End jump to the ends, with no script of its own to load.
 * Starts at the default on the server and the client alike, so hydration matches.
 */
export function RoiPreviewSlider() {
  const [learners, setLearners] = useState<number>(ROI_PREVIEW.defaultLearners)
  const figures = roiPreview(learners)
  const inputId = useId()
  const rows = [
    { label: 'Admin savings per month', value: figures.adminSavings },
    { label: 'Course profit per month', value: figures.courseProfit },
    { label: 'Total per month', value: figures.monthlyTotal },
    { label: 'Total per year', value: figures.annualTotal },
  ]
  return (
    <div className={s.preview}>
      <div className={s.sliderRow}>
        <div className={s.sliderLabel}>
          <label htmlFor={inputId}>Learners on your platform</label>
          <span className={s.sliderValue} data-testid="preview-learners" aria-hidden="true">
            {figures.learners.toLocaleString('en-GB')}
          </span>
        </div>
        <input
          id={inputId}
          className={s.slider}
          type="range"
          min={ROI_PREVIEW.minLearners}
          max={ROI_PREVIEW.maxLearners}
          step={ROI_PREVIEW.step}
          value={learners}
          aria-valuetext={`${figures.learners.toLocaleString('en-GB')} learners`}
          onChange={(event) => setLearners(clampLearners(Number(event.currentTarget.value)))}
        />
      </div>
      <dl className={s.previewFigures} aria-live="polite">
        {rows.map((row) => (
          <div key={row.label} className={s.previewFigure}>
            <dt className={s.previewLabel}>{row.label}</dt>
            <dd className={s.previewValue}>{formatGBP(row.value)}</dd>
          </div>
        ))}
      </dl>
      <p className={s.small}>
        Preview: admin savings of 3 hours at £30, plus £25 course profit per learner each month. For your own numbers use the ROI calculator.
      </p>
    </div>
  )
}
