import { Toaster as SonnerToaster, toast } from 'sonner'

export type ToastVariant = 'default' | 'success' | 'destructive'

export interface ToastMessage {
  title: string
  description?: string
  variant?: ToastVariant
}

/** Show a toast. Destructive toasts are announced assertively; others politely (sonner's live region). */
export function notify({ title, description, variant = 'default' }: ToastMessage) {
  const options = { description }
  if (variant === 'destructive') return toast.error(title, options)
  if (variant === 'success') return toast.success(title, options)
  return toast(title, options)
}

/** The one toast region of the app, mounted in the root layout. */
export function Toaster() {
  return <SonnerToaster position="top-center" richColors closeButton duration={6000} />
}
