import { type CSSProperties, useEffect } from 'react'
import { Toaster } from 'sonner'

/**
 * How long the new live region sits empty before the first toast goes in. The region is mounted on demand
 * (./Toaster), and screen readers announce changes only in live regions they have already noticed; content put
 * into a region in the same moment it appears is often not read.
 */
const LIVE_REGION_SETTLE_MS = 150

const TOAST_COLOURS = { '--success-text': 'hsl(140, 100%, 21%)' } as CSSProperties

/** The toast region itself; loaded with the first toast by ./Toaster. Reports when it is listening for toasts. */
export default function SonnerRegion({ onReady }: { onReady: () => void }) {
  // Parent effects run after the child's, so sonner has subscribed to its toast store by now.
  useEffect(() => {
    const timer = setTimeout(onReady, LIVE_REGION_SETTLE_MS)
    return () => clearTimeout(timer)
  }, [onReady])
  // sonner's own success text (hsl 140 100% 27% on its pale green) is 4.4:1, under WCAG AA for its small text.
  return <Toaster position="top-center" richColors closeButton duration={6000} style={TOAST_COLOURS} />
}
