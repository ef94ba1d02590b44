import { useSelector } from '@xstate/react'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { assessItemMachine } from '../../../machines/assessItem.machine'
import { selectProgress } from '../../../machines/assessItem.selectors'
import type { evidenceFilesMachine } from '../../../machines/evidenceFiles.machine'
import { type FrameworkContent, type ItemPrompt, promptFor } from '../../content/frameworks/types'
import { loadFrameworkContent } from '../../content/frameworks'
import { ASSESSMENT_MESSAGES, addedLine, NOTE_MAX_LENGTH, PROGRESS_LABELS, ratedLine, URL_MAX_LENGTH } from '../../domain/assessments'
import { findGroup, findItem, scaleOf } from '../../domain/frameworks/items'
import { FRAMEWORKS } from '../../domain/frameworks/registry'
import { Button } from '../../ui/Button'
import { Field } from '../../ui/Field'
import { EvidenceFiles } from './EvidenceFiles'
import * as s from './home.css'
import { ItemActions } from './ItemActions'

/**
 * One framework item being assessed (machines/assessItem.machine.ts): what good looks like and which evidence helps
 * (our prompts, loaded with the framework's own chunk), the evidence so far, a note and a link to add, the rating on
 * the item's own scale and, for CQC, the evidence category. Native controls only, so it works by keyboard alone and
 * with a screen reader; one column at 390 px.
 */
export function ItemPanel({ actor, onClose }: { actor: ActorRefFrom<typeof assessItemMachine>; onClose: () => void }) {
  const snap = useSelector(actor, (snapshot) => snapshot)
  const c = snap.context
  const version = FRAMEWORKS.version(c.assessment.versionId)
  const item = version ? findItem(version, c.itemId) : undefined
  const prompt = usePrompt(c.assessment.versionId, item)
  const headingRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => headingRef.current?.focus(), [])
  if (!version || !item) return null
  const group = findGroup(version, item.groupId)
  const scale = scaleOf(version, item.scaleId)
  const busy = snap.hasTag('busy')
  const reviewing = snap.hasTag('reviewing')
  const record = c.item
  const progress = selectProgress(snap)
  const current = record?.rating ? scale.points.find((p) => p.value === record.rating) : undefined
  const written = record?.evidence.filter((e) => e.kind !== 'file') ?? []
  const files = record?.evidence.filter((e) => e.kind === 'file') ?? []
  const filesActor = snap.children.evidenceFiles as ActorRefFrom<typeof evidenceFilesMachine> | undefined
  const submit = (e: FormEvent) => {
    e.preventDefault()
    actor.send({ type: 'SUBMIT' })
  }
  return (
    <section className={s.card} aria-labelledby="item-heading">
      <div className={s.actions}>
        <Button variant="outline" size="sm" onClick={onClose}>
          Back to your workspace
        </Button>
      </div>
      <div className={s.header}>
        <p className={s.meta}>
          {version.name} · {group?.name}
        </p>
        <h2 id="item-heading" className={s.cardTitle} tabIndex={-1} ref={headingRef}>
          {item.name}
        </h2>
        <p className={s.badge} data-testid="item-progress">
          {PROGRESS_LABELS[progress]}
        </p>
        {current && record?.ratedAt ? (
          <p className={s.meta} data-testid="item-rating">
            Rating: {current.label} · {ratedLine(record.ratedByName, record.ratedAt)}
            {record.evidenceCategory ? ` · ${version.evidenceCategories.find((e) => e.key === record.evidenceCategory)?.name ?? ''}` : ''}
          </p>
        ) : null}
      </div>

      {prompt ? (
        <div className={s.header}>
          <h3 className={s.groupTitle}>What good looks like</h3>
          <p className={s.text}>{prompt.good}</p>
          <h3 className={s.groupTitle}>Evidence that helps</h3>
          <ul className={s.evidence}>
            {prompt.evidence.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className={s.header}>
        <h3 className={s.groupTitle}>Evidence so far</h3>
        {written.length > 0 ? (
          <ul className={s.evidence} aria-label="Evidence so far">
            {written.map((e) => (
              <li key={e.id}>
                {e.url ? (
                  <a href={e.url} rel="noopener noreferrer" target="_blank">
                    {e.note ?? e.url}
                  </a>
                ) : (
                  e.note
                )}
                <span className={s.itemMeta}> · {addedLine(e.createdByName, e.createdAt)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className={s.meta}>{files.length > 0 ? ASSESSMENT_MESSAGES.filesOnly(files.length) : ASSESSMENT_MESSAGES.noEvidence}</p>
        )}
      </div>

      {filesActor ? <EvidenceFiles actor={filesActor} files={files} /> : null}

      <p role="status" className={s.status}>
        {c.notice ?? ''}
      </p>
      {c.refusal ? (
        <p role="alert" className={s.error}>
          {c.refusal.message}
        </p>
      ) : null}

      <form className={s.form} onSubmit={submit} noValidate aria-label={`Rate ${item.name}`}>
        <fieldset className={s.fieldset}>
          <legend className={s.legend}>Add evidence</legend>
          <Field label="Note" multiline optional hint={`What you saw, checked or hold, up to ${NOTE_MAX_LENGTH} characters.`}>
            {(f) => (
              <textarea
                {...f}
                name="note"
                rows={3}
                value={c.draft.note}
                readOnly={busy}
                onChange={(e) => actor.send({ type: 'NOTE_CHANGED', value: e.currentTarget.value })}
              />
            )}
          </Field>
          <Field label="Link" optional hint="A link to a document, record or page, starting https://">
            {(f) => (
              <input
                {...f}
                type="url"
                name="url"
                inputMode="url"
                maxLength={URL_MAX_LENGTH}
                value={c.draft.url}
                readOnly={busy}
                onChange={(e) => actor.send({ type: 'LINK_CHANGED', value: e.currentTarget.value })}
              />
            )}
          </Field>
          <div className={s.actions}>
            <Button variant="outline" onClick={() => actor.send({ type: 'ADD_EVIDENCE' })} disabled={busy} busy={snap.matches('addingEvidence')}>
              {snap.matches('addingEvidence') ? 'Adding...' : 'Add evidence'}
            </Button>
          </div>
        </fieldset>

        <fieldset className={s.fieldset}>
          <legend className={s.legend}>{reviewing ? `Review your rating (${scale.name})` : `Rating (${scale.name})`}</legend>
          {scale.notice ? <p className={s.meta}>{scale.notice}</p> : null}
          <div className={s.choices}>
            {[...scale.points].reverse().map((p) => (
              <label key={p.value} className={s.choice}>
                <input
                  type="radio"
                  name="rating"
                  value={p.value}
                  checked={c.rating === p.value}
                  disabled={busy}
                  onChange={() => actor.send({ type: 'RATING_CHOSEN', value: p.value })}
                />
                <span>{scale.points.length === 4 && /^\d$/.test(p.value) ? `${p.value} · ${p.label}` : p.label}</span>
              </label>
            ))}
          </div>
        </fieldset>

        {version.evidenceCategories.length > 0 ? (
          <Field label="Evidence category">
            {(f) => (
              <select
                {...f}
                className={s.select}
                name="category"
                value={c.category ?? ''}
                disabled={busy}
                onChange={(e) => actor.send({ type: 'CATEGORY_CHOSEN', value: e.currentTarget.value })}
              >
                <option value="" disabled>
                  Choose a category
                </option>
                {version.evidenceCategories.map((e) => (
                  <option key={e.key} value={e.key}>
                    {e.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}

        {c.problem ? (
          <p role="alert" className={s.error} data-testid="item-problem">
            {c.problem}
          </p>
        ) : null}
        <div className={s.actions}>
          <Button type="submit" disabled={busy} busy={snap.matches('saving')}>
            {snap.matches('saving') ? 'Saving...' : reviewing ? 'Save review' : 'Save rating'}
          </Button>
        </div>
      </form>

      {record ? (
        // Actions and history (issue 30): read again whenever the rating or the evidence changes.
        <ItemActions key={`${record.version}:${record.evidence.length}`} assessmentId={c.assessment.id} itemId={c.itemId} belowGood={!!current?.belowGood} />
      ) : null}
    </section>
  )
}

/** The item's prompt from its framework's content chunk; null until loaded (or if it cannot be). */
function usePrompt(versionId: string, item: Parameters<typeof promptFor>[1] | undefined): ItemPrompt | null {
  const [content, setContent] = useState<FrameworkContent | null>(null)
  useEffect(() => {
    let live = true
    loadFrameworkContent(versionId).then(
      (loaded) => live && setContent(loaded),
      () => {},
    )
    return () => {
      live = false
    }
  }, [versionId])
  return content && item ? (promptFor(content, item) ?? null) : null
}
