import * as s from './layout.css'

/** What the account area shows while the session is being read or ended: same place, same size as the menu button. */
export function AccountPlaceholder({ label }: { label: string }) {
  return (
    <button type="button" className={s.accountButton} aria-busy="true" disabled>
      <span className={s.accountInitial} aria-hidden="true" />
      <span>{label}</span>
    </button>
  )
}
