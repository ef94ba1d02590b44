import { useCanGoBack, useRouter } from '@tanstack/react-router'
import { Button } from '../../ui/Button'

/** Back in history when there is somewhere to go back to in this site, otherwise to a fallback path. */
export function BackButton({ fallback = '/' }: { fallback?: string }) {
  const router = useRouter()
  const canGoBack = useCanGoBack()
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={() => (canGoBack ? router.history.back() : router.navigate({ to: fallback }))}
    >
      <span aria-hidden="true">←</span> Back
    </Button>
  )
}
