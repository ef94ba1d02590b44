import { useEffect, useRef } from 'react'
import type { SettingChange } from '../../../machines/organisationSettings.machine'
import { FREQUENCIES, REGULATORS, SECTOR_OPTIONS } from '../../domain/onboarding'
import { FREQUENCY_LABELS, regulatorName, SETTINGS_MESSAGES, type SettingsDraft, type SettingsProblems } from '../../domain/organisationSettings'
import { Button } from '../../ui/Button'
import * as s from './settings.css'

export interface SettingsFormProps {
  organisationName: string
  draft: SettingsDraft
  problems: SettingsProblems
  /** The form takes changes (not while saving). */
  canChange: boolean
  canSave: boolean
  saving: boolean
  onChange: (change: SettingChange) => void
  onSave: () => void
}

/**
 * The admin's form: native checkboxes, a select and radio buttons in labelled fieldsets (keyboard and screen readers
 * as the platform gives them); each problem is said at its field (aria-invalid, aria-describedby) and focus moves to
 * the first field with one when a save is refused by the rules.
 */
export function SettingsForm({ organisationName, draft, problems, canChange, canSave, saving, onChange, onSave }: SettingsFormProps) {
  const formRef = useRef<HTMLFormElement>(null)
  // After a save the rules refused, focus goes to the first field with a problem (not while fields are changed).
  const submitted = useRef(false)
  useEffect(() => {
    if (!submitted.current) return
    submitted.current = false
    if (problems.regulators || problems.sector || problems.frequency) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [problems])
  const change = (c: SettingChange) => {
    submitted.current = false
    onChange(c)
  }
  const described = (field: keyof SettingsProblems, hint?: string) => [hint, problems[field] ? `${field}-error` : undefined].filter(Boolean).join(' ') || undefined
  const fieldError = (field: keyof SettingsProblems) =>
    problems[field] ? (
      <p id={`${field}-error`} className={s.fieldError}>
        {problems[field]}
      </p>
    ) : null

  return (
    <form
      ref={formRef}
      className={s.form}
      aria-labelledby="settings-form-title"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        if (!canSave) return
        submitted.current = true
        onSave()
      }}
    >
      <h2 id="settings-form-title" className={s.cardTitle}>
        Settings of {organisationName}
      </h2>
      {problems.regulators || problems.sector || problems.frequency ? (
        <p role="alert" className={s.error}>
          {SETTINGS_MESSAGES.fixProblems}
        </p>
      ) : null}
      <fieldset className={s.group} disabled={!canChange} aria-describedby={described('regulators', 'regulators-hint')}>
        <legend className={s.legend}>Regulators</legend>
        <p id="regulators-hint" className={s.hint}>
          {SETTINGS_MESSAGES.resync}
        </p>
        <div className={s.choices}>
          {REGULATORS.map((r, i) => (
            <label key={r} className={s.choice}>
              <input
                type="checkbox"
                className={s.box}
                checked={draft.regulators.includes(r)}
                aria-invalid={i === 0 && problems.regulators ? true : undefined}
                onChange={() => change({ field: 'regulator', regulator: r })}
              />
              {regulatorName(r)}
            </label>
          ))}
        </div>
        {fieldError('regulators')}
      </fieldset>
      <div className={s.group}>
        <label htmlFor="settings-sector" className={s.legend}>
          Sector
        </label>
        <select
          id="settings-sector"
          className={s.choice}
          value={draft.sector}
          disabled={!canChange}
          aria-invalid={problems.sector ? true : undefined}
          aria-describedby={described('sector')}
          onChange={(e) => change({ field: 'sector', sector: e.currentTarget.value as SettingsDraft['sector'] })}
        >
          <option value="">Choose a sector</option>
          {SECTOR_OPTIONS.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </select>
        {fieldError('sector')}
      </div>
      <fieldset className={s.group} disabled={!canChange} aria-describedby={described('frequency', 'frequency-hint')}>
        <legend className={s.legend}>Review frequency</legend>
        <p id="frequency-hint" className={s.hint}>
          A rating falls due for review this long after it was made: the same for everyone in {organisationName}, on the dashboard and in the reminders.
        </p>
        <div className={s.choices}>
          {FREQUENCIES.map((f, i) => (
            <label key={f} className={s.choice}>
              <input
                type="radio"
                name="review-frequency"
                className={s.box}
                checked={draft.frequency === f}
                aria-invalid={i === 0 && problems.frequency ? true : undefined}
                onChange={() => change({ field: 'frequency', frequency: f })}
              />
              {FREQUENCY_LABELS[f]}
            </label>
          ))}
        </div>
        {fieldError('frequency')}
      </fieldset>
      <fieldset className={s.group} disabled={!canChange}>
        <legend className={s.legend}>Review reminders</legend>
        <label className={s.choice}>
          <input
            type="checkbox"
            className={s.box}
            checked={draft.remindersDefault}
            aria-describedby="reminders-default-hint"
            onChange={(e) => change({ field: 'remindersDefault', on: e.currentTarget.checked })}
          />
          E-mail members a daily digest when reviews fall due or actions go overdue, unless they turn it off
        </label>
        <p id="reminders-default-hint" className={s.hint}>
          Each person can still turn their own reminders on or off on their account page.
        </p>
      </fieldset>
      <div className={s.actions}>
        <Button type="submit" aria-disabled={!canSave} aria-busy={saving}>
          {saving ? 'Saving...' : 'Save settings'}
        </Button>
      </div>
    </form>
  )
}
