import { Suspense, useEffect, useState } from 'react'
import { LoadBoundary, lazyPart } from './LoadBoundary'

export type ToastVariant = 'default' | 'success' | 'destructive'

export interface ToastMessage {
  title: string
  description?: string
  variant?: ToastVariant
}

// The toast library (sonner) is loaded when the first toast is requested, not on every page view: most visits
// never show one. The first notify() asks the mounted <Toaster> to load and mount the region; the toast waits
// until the region is listening, so a toast requested before the library arrives (even before hydration) is
// still shown.
let markReady: () => void = () => {}
const regionReady = new Promise<void>((resolve) => {
  markReady = resolve
})
let regionWanted = false
let wantRegion: (() => void) | null = null
const SonnerRegion = lazyPart(() => import('./SonnerRegion'), () => null)

/** Load the toast library and mount the region now (idempotent), ahead of a first toast. */
export function preloadToaster(): void {
  regionWanted = true
  wantRegion?.()
}

/**
 * For pages whose flows raise toasts (sign-up, contact, onboarding, partner application): the region is
 * mounted right after hydration, as before on every page, so their first toast shows at once. Pages that
 * only might toast leave it to notify().
 */
export function usePreloadedToaster(): void {
  useEffect(() => preloadToaster(), [])
}

/** Show a toast. Destructive toasts use the error style; sonner announces toasts in a live region. */
export function notify({ title, description, variant = 'default' }: ToastMessage): void {
  preloadToaster()
  void Promise.all([import('sonner'), regionReady]).then(([{ toast }]) => {
    const options = { description }
    if (variant === 'destructive') toast.error(title, options)
    else if (variant === 'success') toast.success(title, options)
    else toast(title, options)
  }).catch((error: unknown) => console.warn(`The notification '${title}' could not be shown`, error))
}

/** The one toast region of the app, mounted in the root layout; empty until the first toast. */
export function Toaster() {
  const [wanted, setWanted] = useState(false)
  useEffect(() => {
    wantRegion = () => setWanted(true)
    if (regionWanted) setWanted(true)
    return () => {
      wantRegion = null
    }
  }, [])
  return wanted ? (
    <LoadBoundary fallback={null}>
      <Suspense fallback={null}>
        <SonnerRegion onReady={markReady} />
      </Suspense>
    </LoadBoundary>
  ) : null
}
