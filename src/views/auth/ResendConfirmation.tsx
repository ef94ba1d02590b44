import { useActorRef, useSelector } from '@xstate/react'
import { resendConfirmationMachine } from '../../../machines/resendConfirmation.machine'
import { resendConfirmationActor } from '../../backend/emailLinks'
import { inspect } from '../../devtools/inspector'
import { formatCountdown } from '../../domain/account'
import { UNREACHABLE_MESSAGE } from '../../domain/authErrors'
import { Button } from '../../ui/Button'
import * as s from './auth.css'

const logic = resendConfirmationMachine.provide({ actors: { resend: resendConfirmationActor } })

/**
 * 'Resend email' with GoTrue's one-a-minute rule made visible: disabled with a countdown after each send (and
 * right after sign-up), a 429 explained with the seconds the server named, a network failure said plainly.
 * The countdown text is not a live region (it would speak every second); the outcome is.
 */
export function ResendConfirmation({ email, origin, justSent, label = 'Resend email' }: { email: string; origin: string; justSent: boolean; label?: string }) {
  const actor = useActorRef(logic, { input: { email, origin, justSent }, inspect })
  const { sending, waiting, secondsLeft, outcome } = useSelector(
    actor,
    (snap) => ({
      sending: snap.matches('sending'),
      waiting: snap.matches('coolingDown'),
      secondsLeft: snap.context.secondsLeft,
      outcome: snap.context.outcome,
    }),
    (a, b) => a.sending === b.sending && a.waiting === b.waiting && a.secondsLeft === b.secondsLeft && a.outcome === b.outcome,
  )
  return (
    <div className={s.resend}>
      <div className={s.actions}>
        <Button
          variant="outline"
          onClick={() => actor.send({ type: 'RESEND' })}
          disabled={sending || waiting}
          busy={sending}
          aria-describedby={waiting ? 'resend-countdown' : undefined}
        >
          {sending ? 'Sending...' : label}
        </Button>
        {waiting ? (
          <span id="resend-countdown" className={s.panelText} data-testid="resend-countdown">
            You can resend in {formatCountdown(secondsLeft)}
          </span>
        ) : null}
      </div>
      <p role="status" className={s.panelText}>
        {outcome === 'sent' ? `A new confirmation link is on its way to ${email}.` : null}
        {outcome === 'rateLimited' ? 'For security, we send at most one email a minute. The button works again when the countdown ends.' : null}
      </p>
      {outcome === 'network' || outcome === 'unexpected' ? (
        <p role="alert" className={s.formError}>
          {outcome === 'network' ? UNREACHABLE_MESSAGE : 'We could not send the email. Please try again in a moment.'}
        </p>
      ) : null}
    </div>
  )
}
