import { Slider } from 'radix-ui'
import { useId, useState } from 'react'
import { clampLearners, formatGBP, ROI_PREVIEW, roiPreview } from '../../domain/roiPreview'
import * as s from './lmsPartner.css'

/**
 * The landing-style ROI preview (spec section 9): a learners slider 10..1000 step 10 (default 100) and four
 * figures in whole pounds. Keyboard: arrows step 10, Page Up/Down step 100 (Radix), Home/End jump to the ends.
 * Starts at the default on the server and the client alike, so hydration matches.
 */
export function RoiPreviewSlider() {
  const [learners, setLearners] = useState<number>(ROI_PREVIEW.defaultLearners)
  const figures = roiPreview(learners)
  const labelId = useId()
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
          <span id={labelId}>Learners on your platform</span>
          <span className={s.sliderValue} data-testid="preview-learners">
            {figures.learners.toLocaleString('en-GB')}
          </span>
        </div>
        <Slider.Root
          className={s.sliderRoot}
          min={ROI_PREVIEW.minLearners}
          max={ROI_PREVIEW.maxLearners}
          step={ROI_PREVIEW.step}
          value={[learners]}
          onValueChange={([value]) => setLearners(clampLearners(value ?? ROI_PREVIEW.defaultLearners))}
          aria-labelledby={labelId}
        >
          <Slider.Track className={s.sliderTrack}>
            <Slider.Range className={s.sliderRange} />
          </Slider.Track>
          <Slider.Thumb className={s.sliderThumb} aria-labelledby={labelId} aria-valuetext={`${figures.learners.toLocaleString('en-GB')} learners`} />
        </Slider.Root>
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
