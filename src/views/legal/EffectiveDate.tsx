import { useSyncExternalStore } from 'react'
import { formatLongDateEnGB, isoDate, parseIsoDate } from '../../domain/dates'

// The reader's calendar date, re-read when the tab comes back into view (a page left open overnight).
function subscribe(onChange: () => void) {
  document.addEventListener('visibilitychange', onChange)
  window.addEventListener('focus', onChange)
  return () => {
    document.removeEventListener('visibilitychange', onChange)
    window.removeEventListener('focus', onChange)
  }
}
const todayInBrowser = () => isoDate(new Date())
const noDateOnServer = () => null

/**
 * Today's date in en-GB ("22 November 2026"). The prerendered HTML carries the build date (readers without
 * JavaScript still see a date); after hydration the browser's own date replaces it. The key changes between the
 * two renders so React swaps the node: the hydration render may not patch mismatched server text, so a plain
 * re-render with equal props would leave the build date on screen.
 */
export function EffectiveDate() {
  const today = useSyncExternalStore(subscribe, todayInBrowser, noDateOnServer)
  const iso = today ?? isoDate(new Date())
  const date = parseIsoDate(iso) ?? new Date()
  return (
    <time key={today ? 'browser' : 'prerendered'} dateTime={iso} data-source={today ? 'browser' : 'prerendered'} suppressHydrationWarning>
      {formatLongDateEnGB(date)}
    </time>
  )
}
