import { useActorRef, useSelector } from '@xstate/react'
import { type FormEvent, type Ref, useEffect, useRef, useState } from 'react'
import type { ActorRefFrom } from 'xstate'
import { actionMachine } from '../../../machines/action.machine'
import { isActionOverdue, reassignButton, stepButtons } from '../../../machines/action.selectors'
import { actionActors } from '../../backend/actions'
import { inspect } from '../../devtools/inspector'
import { ACTION_MESSAGES, type ActionRecord, type ActionStep, STATUS_LABELS, STEP_LABELS, TITLE_MAX_LENGTH, ukToday } from '../../domain/actions'
import { longDate, NOTE_MAX_LENGTH, URL_MAX_LENGTH } from '../../domain/assessments'
import { Button } from '../../ui/Button'
import { Field } from '../../ui/Field'
import * as a from './actions.css'
import * as s from './home.css'
import { ItemHistory } from './ItemHistory'

type ActionActor = ActorRefFrom<typeof actionMachine>

/**
 * An item's actions and history (machines/action.machine.ts), under the rating form in the item panel: the
 * actions with their status and the steps this person may take (machines/action.selectors.ts), "Reassign" for an
 * admin, "Raise an action" on an item rated below good, and the item's audit trail. The page remounts it when the
 * item's rating or evidence changes.
 */
export function ItemActions({ assessmentId, itemId, belowGood }: { assessmentId: string; itemId: string; belowGood: boolean }) {
  const [machine] = useState(() => actionMachine.provide({ actors: actionActors }))
  const [today] = useState(() => ukToday(new Date()))
  const actor = useActorRef(machine, { input: { assessmentId, itemId, belowGood, today }, inspect })
  const snap = useSelector(actor, (snapshot) => snapshot)
  const c = snap.context

  if (snap.hasTag('loading')) {
    return (
      <p aria-live="polite" className={s.meta} data-testid="actions-loading">
        Loading actions and history
      </p>
    )
  }
  if (snap.matches('loadFailed') || !c.activity) {
    return (
      <section className={s.header} aria-labelledby="item-actions">
        <h3 id="item-actions" className={s.groupTitle}>
          Actions
        </h3>
        <p role="alert" className={s.error} data-testid="actions-load-failed">
          {ACTION_MESSAGES.loadFailed}
        </p>
        <div className={s.actions}>
          <Button variant="outline" onClick={() => actor.send({ type: 'RETRY' })}>
            Try again
          </Button>
        </div>
      </section>
    )
  }
  const activity = c.activity
  const busy = snap.hasTag('busy')
  return (
    <>
      <section className={s.header} aria-labelledby="item-actions" aria-busy={busy || undefined}>
        <h3 id="item-actions" className={s.groupTitle}>
          Actions
        </h3>
        {/* A live region, not role=status: the rating form's status is the panel's one status. */}
        <p aria-live="polite" className={s.status} data-testid="actions-status">
          {c.notice ?? ''}
        </p>
        {c.refusal ? (
          <p role="alert" className={s.error} data-testid="actions-refusal">
            {c.refusal.message}
          </p>
        ) : null}
        {activity.actions.length === 0 ? (
          <p className={s.meta}>{belowGood ? 'No actions yet.' : 'An action can be raised when this item is rated below good.'}</p>
        ) : (
          <ul className={a.actionList} aria-label="Actions">
            {activity.actions.map((action) => (
              <ActionCard key={action.id} action={action} actor={actor} />
            ))}
          </ul>
        )}
        {snap.hasTag('raising') ? <RaiseForm actor={actor} /> : null}
        {snap.can({ type: 'OPEN_RAISE' }) ? (
          <div className={s.actions}>
            <Button variant="outline" onClick={() => actor.send({ type: 'OPEN_RAISE' })}>
              Raise an action
            </Button>
          </div>
        ) : null}
      </section>
      <ItemHistory events={activity.history} />
    </>
  )
}

function ActionCard({ action, actor }: { action: ActionRecord; actor: ActionActor }) {
  const snap = useSelector(actor, (snapshot) => snapshot)
  const c = snap.context
  const busy = snap.hasTag('busy')
  const mine = c.stepping?.actionId === action.id
  const reassigningThis = c.reassign?.actionId === action.id
  const steps = stepButtons(snap, action)
  const reassign = reassignButton(snap, action)
  const headingId = `action-${action.id}`
  // Closing the reassign form puts focus back on its button.
  const reassignRef = useRef<HTMLButtonElement>(null)
  const wasReassigning = useRef(false)
  const canReassignNow = !!reassign?.enabled
  useEffect(() => {
    if (reassigningThis) {
      wasReassigning.current = true
      return
    }
    if (!wasReassigning.current || !canReassignNow) return
    wasReassigning.current = false
    reassignRef.current?.focus()
  }, [reassigningThis, canReassignNow])
  return (
    <li className={a.actionCard}>
      <h4 id={headingId} className={a.actionTitle}>
        {action.title}
      </h4>
      <p className={s.badge} data-testid="action-status">
        {STATUS_LABELS[action.status]}
      </p>
      <p className={s.meta}>
        Owner {action.ownerName} · due {longDate(action.dueOn)}
      </p>
      {isActionOverdue(snap, action) ? <p className={a.overdue}>Overdue</p> : null}
      {action.doneNote ? <p className={s.text}>Done: {action.doneNote}</p> : null}
      {action.rejectionReason && action.status === 'in_progress' ? <p className={s.text}>Sent back: {action.rejectionReason}</p> : null}
      {action.status === 'closed' ? (
        <p className={s.text}>
          Verified by {action.verifiedByName ?? 'a member'}
          {action.verificationNote ? `: ${action.verificationNote}` : ''}
          {action.verificationUrl ? (
            <>
              {' '}
              <a href={action.verificationUrl} rel="noopener noreferrer" target="_blank">
                {action.verificationUrl}
              </a>
            </>
          ) : null}
        </p>
      ) : null}
      {mine && snap.hasTag('stepping') && c.stepping && c.stepping.step !== 'start' ? (
        <StepForm actor={actor} step={c.stepping.step} title={action.title} />
      ) : reassigningThis && snap.hasTag('reassigning') ? (
        <ReassignForm actor={actor} title={action.title} />
      ) : steps.length > 0 || reassign ? (
        <div className={s.actions}>
          {steps.map(({ step, enabled }) => (
            <Button
              key={step}
              variant={step === 'reject' ? 'outline' : 'default'}
              size="sm"
              disabled={!enabled}
              busy={busy && mine && step === 'start'}
              onClick={() => actor.send({ type: 'CHOOSE_STEP', actionId: action.id, step })}
            >
              {STEP_LABELS[step]}
            </Button>
          ))}
          {reassign ? (
            <Button ref={reassignRef} variant="outline" size="sm" disabled={!reassign.enabled} onClick={() => actor.send({ type: 'OPEN_REASSIGN', actionId: action.id })}>
              Reassign
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  )
}

const STEP_NOTE: Record<Exclude<ActionStep, 'start'>, { label: string; hint: string; optional: boolean }> = {
  submit: { label: 'What was done', hint: 'What was done to fix it, for the person who verifies it.', optional: false },
  verify: { label: 'Verification note', hint: 'How you checked the fix worked. A note or a link is needed.', optional: true },
  reject: { label: 'Why it is not fixed yet', hint: 'The owner sees this and the action goes back in progress.', optional: false },
}

function StepForm({ actor, step, title }: { actor: ActionActor; step: Exclude<ActionStep, 'start'>; title: string }) {
  const snap = useSelector(actor, (snapshot) => snapshot)
  const c = snap.context
  const busy = snap.hasTag('busy')
  const copy = STEP_NOTE[step]
  const submit = (e: FormEvent) => {
    e.preventDefault()
    actor.send({ type: 'CONFIRM_STEP' })
  }
  return (
    <form className={s.form} onSubmit={submit} noValidate aria-label={`${STEP_LABELS[step]}: ${title}`}>
      <Field label={copy.label} optional={copy.optional} multiline hint={copy.hint}>
        {(f) => (
          <textarea
            {...f}
            name="step-note"
            rows={3}
            maxLength={NOTE_MAX_LENGTH}
            value={c.stepDraft.note}
            readOnly={busy}
            onChange={(e) => actor.send({ type: 'STEP_NOTE_CHANGED', value: e.currentTarget.value })}
          />
        )}
      </Field>
      {step === 'verify' ? (
        <Field label="Verification link" optional hint="A link to the record that shows the fix, starting https://">
          {(f) => (
            <input
              {...f}
              type="url"
              name="step-url"
              inputMode="url"
              maxLength={URL_MAX_LENGTH}
              value={c.stepDraft.url}
              readOnly={busy}
              onChange={(e) => actor.send({ type: 'STEP_URL_CHANGED', value: e.currentTarget.value })}
            />
          )}
        </Field>
      ) : null}
      {c.problem ? (
        <p role="alert" className={s.error} data-testid="step-problem">
          {c.problem}
        </p>
      ) : null}
      <div className={s.actions}>
        <Button type="submit" size="sm" disabled={busy} busy={busy}>
          {busy ? 'Saving...' : STEP_LABELS[step]}
        </Button>
        <Button variant="outline" size="sm" disabled={busy} onClick={() => actor.send({ type: 'CANCEL' })}>
          Cancel
        </Button>
      </div>
    </form>
  )
}

function RaiseForm({ actor }: { actor: ActionActor }) {
  const snap = useSelector(actor, (snapshot) => snapshot)
  const c = snap.context
  const busy = snap.hasTag('busy')
  const submit = (e: FormEvent) => {
    e.preventDefault()
    actor.send({ type: 'SUBMIT_RAISE' })
  }
  return (
    <form className={s.form} onSubmit={submit} noValidate aria-label="Raise an action">
      <fieldset className={s.fieldset}>
        <legend className={s.legend}>Raise an action</legend>
        <Field label="What is to be done" hint={`Up to ${TITLE_MAX_LENGTH} characters.`}>
          {(f) => (
            <input
              {...f}
              name="action-title"
              maxLength={TITLE_MAX_LENGTH}
              value={c.raise.title}
              readOnly={busy}
              onChange={(e) => actor.send({ type: 'TITLE_CHANGED', value: e.currentTarget.value })}
            />
          )}
        </Field>
        <OwnerAndDue actor={actor} name="action" ownerId={c.raise.ownerId} dueOn={c.raise.dueOn} min={c.today} busy={busy} dueHint="Today or later." />
        {c.problem ? (
          <p role="alert" className={s.error} data-testid="raise-problem">
            {c.problem}
          </p>
        ) : null}
        <div className={s.actions}>
          <Button type="submit" disabled={busy} busy={busy}>
            {busy ? 'Raising...' : 'Raise action'}
          </Button>
          <Button variant="outline" disabled={busy} onClick={() => actor.send({ type: 'CANCEL' })}>
            Cancel
          </Button>
        </div>
      </fieldset>
    </form>
  )
}

/** An admin gives the action another owner or due date (keyboard first: focus starts on the owner). */
function ReassignForm({ actor, title }: { actor: ActionActor; title: string }) {
  const snap = useSelector(actor, (snapshot) => snapshot)
  const c = snap.context
  const busy = snap.hasTag('busy')
  const ownerRef = useRef<HTMLSelectElement>(null)
  useEffect(() => ownerRef.current?.focus(), [])
  const submit = (e: FormEvent) => {
    e.preventDefault()
    actor.send({ type: 'SUBMIT_REASSIGN' })
  }
  return (
    <form className={s.form} onSubmit={submit} noValidate aria-label={`Reassign: ${title}`}>
      <fieldset className={s.fieldset}>
        <legend className={s.legend}>Reassign</legend>
        <OwnerAndDue
          actor={actor}
          name="reassign"
          ownerId={c.reassign?.draft.ownerId ?? ''}
          dueOn={c.reassign?.draft.dueOn ?? ''}
          busy={busy}
          dueHint="Today or later, or keep the date it has."
          ownerRef={ownerRef}
        />
        {c.problem ? (
          <p role="alert" className={s.error} data-testid="reassign-problem">
            {c.problem}
          </p>
        ) : null}
        <div className={s.actions}>
          <Button type="submit" size="sm" disabled={busy} busy={busy}>
            {busy ? 'Saving...' : 'Save changes'}
          </Button>
          <Button variant="outline" size="sm" disabled={busy} onClick={() => actor.send({ type: 'CANCEL' })}>
            Cancel
          </Button>
        </div>
      </fieldset>
    </form>
  )
}

/**
 * The owner (one of the organisation's members) and due date fields of the raise and reassign forms. A new action's
 * owner starts unchosen; a reassigned one's is its owner, and its due date may stay what it is (no `min`).
 */
function OwnerAndDue(props: {
  actor: ActionActor
  name: 'action' | 'reassign'
  ownerId: string
  dueOn: string
  min?: string
  busy: boolean
  dueHint: string
  ownerRef?: Ref<HTMLSelectElement>
}) {
  const { actor, busy } = props
  const members = useSelector(actor, (snapshot) => snapshot.context.activity?.members) ?? []
  return (
    <>
      <Field label="Owner">
        {(f) => (
          <select
            {...f}
            ref={props.ownerRef}
            className={s.select}
            name={`${props.name}-owner`}
            value={props.ownerId}
            disabled={busy}
            onChange={(e) => actor.send({ type: 'OWNER_CHOSEN', value: e.currentTarget.value })}
          >
            {props.name === 'action' ? (
              <option value="" disabled>
                Choose a member
              </option>
            ) : null}
            {members.map((m) => (
              <option key={m.userId} value={m.userId}>
                {m.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Due date" hint={props.dueHint}>
        {(f) => (
          <input
            {...f}
            type="date"
            name={`${props.name}-due`}
            min={props.min}
            value={props.dueOn}
            readOnly={busy}
            onChange={(e) => actor.send({ type: 'DUE_CHANGED', value: e.currentTarget.value })}
          />
        )}
      </Field>
    </>
  )
}
