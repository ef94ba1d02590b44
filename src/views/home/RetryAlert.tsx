import { Button } from '../../ui/Button'
import * as s from './home.css'

/** A read that failed, said as an alert, with Try again (a card of /app: its machine's RETRY). */
export function RetryAlert({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <>
      <p role="alert" className={s.error}>
        {message}
      </p>
      <div className={s.actions}>
        <Button variant="outline" onClick={onRetry}>
          Try again
        </Button>
      </div>
    </>
  )
}
