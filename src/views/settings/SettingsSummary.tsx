import { FREQUENCY_LABELS, regulatorName, type SettingsDraft, sectorName } from '../../domain/organisationSettings'
import * as s from './settings.css'

/** The settings as facts (a member's read-only view, and both sides of a conflict). */
export function SettingsSummary({ settings, label }: { settings: SettingsDraft; label: string }) {
  const regulators = settings.regulators.map(regulatorName)
  return (
    <dl className={s.facts} aria-label={label}>
      <div className={s.fact}>
        <dt className={s.term}>Regulators</dt>
        <dd className={s.definition}>{regulators.length ? regulators.join(', ') : 'None chosen'}</dd>
      </div>
      <div className={s.fact}>
        <dt className={s.term}>Sector</dt>
        <dd className={s.definition}>{settings.sector ? sectorName(settings.sector) : 'Not chosen'}</dd>
      </div>
      <div className={s.fact}>
        <dt className={s.term}>Review frequency</dt>
        <dd className={s.definition}>{settings.frequency ? FREQUENCY_LABELS[settings.frequency] : 'Not chosen'}</dd>
      </div>
      <div className={s.fact}>
        <dt className={s.term}>Review reminders for members</dt>
        <dd className={s.definition}>{settings.remindersDefault ? 'On, unless a member turns them off' : 'Off, unless a member turns them on'}</dd>
      </div>
    </dl>
  )
}
