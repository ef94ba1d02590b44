import { lazy, Suspense, useEffect, useState } from 'react'

export type ToastVariant = 'default' | 'success' | 'destructive'

export interface ToastMessage {
  title: string
  description?: string
  variant?: ToastVariant
}

// The toast library is loaded after hydration, not as first-load JavaScript. A toast raised before the region
// is listening waits for it, so none is lost.
let markReady: () => void = () => {}
const regionReady = new Promise<void>((resolve) => {
  markReady = resolve
})
const SonnerRegion = lazy(() => import('./SonnerRegion'))

/** Show a toast. Destructive toasts use the error style; sonner announces toasts in a live region. */
export function notify({ title, description, variant = 'default' }: ToastMessage): void {
  void Promise.all([import('sonner'), regionReady]).then(([{ toast }]) => {
    const options = { description }
    if (variant === 'destructive') toast.error(title, options)
    else if (variant === 'success') toast.success(title, options)
    else toast(title, options)
  })
}

/** The one toast region of the app, mounted in the root layout. */
export function Toaster() {
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])
  return mounted ? (
    <Suspense fallback={null}>
      <SonnerRegion onReady={markReady} />
    </Suspense>
  ) : null
}
