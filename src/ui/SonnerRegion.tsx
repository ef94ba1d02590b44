import { useEffect } from 'react'
import { Toaster } from 'sonner'

/** The toast region itself; loaded after hydration by ./Toaster. Reports when it is listening for toasts. */
export default function SonnerRegion({ onReady }: { onReady: () => void }) {
  // Parent effects run after the child's, so sonner has subscribed to its toast store by now.
  useEffect(() => onReady(), [onReady])
  return <Toaster position="top-center" richColors closeButton duration={6000} />
}
