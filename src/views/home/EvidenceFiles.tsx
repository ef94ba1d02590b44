import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { evidenceFilesMachine } from '../../../machines/evidenceFiles.machine'
import { addedLine, type EvidenceRecord } from '../../domain/assessments'
import { ALLOWED_MIME_TYPES, fileTypeLabel, formatFileSize } from '../../domain/fileType'
import { Button } from '../../ui/Button'
import * as s from './home.css'

/**
 * An item's evidence files (machines/evidenceFiles.machine.ts): the files attached, each with its name, type, size
 * and date, "View" (a signed link, in a new tab) and "Remove" (after a confirmation); "Attach a file" with a
 * progress bar and "Cancel upload" while it goes. Native controls: keyboard and screen reader alike; one column at
 * 390 px.
 */
export function EvidenceFiles({ actor, files }: { actor: ActorRefFrom<typeof evidenceFilesMachine>; files: readonly EvidenceRecord[] }) {
  const snap = useSelector(actor, (snapshot) => snapshot)
  const c = snap.context
  const canAttach = snap.hasTag('canAttach')
  const busy = snap.hasTag('busy')
  const percent = c.upload && c.upload.total > 0 ? Math.round((c.upload.loaded / c.upload.total) * 100) : 0
  return (
    <div className={s.header}>
      <h3 className={s.groupTitle}>Files</h3>
      {files.length > 0 ? (
        <ul className={s.list} aria-label="Files">
          {files.map((e) =>
            e.file ? (
              <li key={e.id} className={s.fileRow}>
                <span className={s.itemName}>{e.file.name}</span>
                <span className={s.itemMeta}>
                  {fileTypeLabel(e.file.contentType)} · {formatFileSize(e.file.size)} · {addedLine(e.createdByName, e.createdAt)}
                </span>
                {snap.matches('confirmingRemoval') && c.removing?.id === e.id ? (
                  <span className={s.actions}>
                    <span className={s.text}>Remove {e.file.name}? It will no longer count as evidence.</span>
                    <Button variant="destructive" size="sm" onClick={() => actor.send({ type: 'CONFIRM_REMOVE' })}>
                      Yes, remove
                    </Button>
                    <Button variant="outline" size="sm" onClick={() => actor.send({ type: 'KEEP_FILE' })}>
                      Keep it
                    </Button>
                  </span>
                ) : (
                  <span className={s.actions}>
                    <Button variant="outline" size="sm" disabled={!canAttach} aria-label={`View ${e.file.name}`} onClick={() => actor.send({ type: 'VIEW', evidence: e })}>
                      View
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={!canAttach}
                      busy={snap.matches('removing') && c.removing?.id === e.id}
                      aria-label={`Remove ${e.file.name}`}
                      onClick={() => actor.send({ type: 'REMOVE', evidence: e })}
                    >
                      Remove
                    </Button>
                  </span>
                )}
              </li>
            ) : null,
          )}
        </ul>
      ) : (
        <p className={s.meta}>No files yet.</p>
      )}

      {c.upload ? (
        <div className={s.header}>
          <label className={s.meta} htmlFor="evidence-upload-progress">
            Uploading {c.upload.name}: {percent}%
          </label>
          <progress id="evidence-upload-progress" className={s.progress} max={100} value={percent} />
          <div className={s.actions}>
            <Button variant="outline" size="sm" onClick={() => actor.send({ type: 'CANCEL' })}>
              Cancel upload
            </Button>
          </div>
        </div>
      ) : (
        <div className={s.fileAttach}>
          <label htmlFor="evidence-file" className={s.legend}>
            Attach a file
          </label>
          <span className={s.meta} id="evidence-file-hint">
            PDFs, images and office documents, up to 20 MB.
          </span>
          <input
            id="evidence-file"
            className={s.fileInput}
            type="file"
            aria-describedby="evidence-file-hint"
            accept={ALLOWED_MIME_TYPES.join(',')}
            disabled={!canAttach || busy}
            onChange={(e) => {
              const file = e.currentTarget.files?.[0]
              e.currentTarget.value = ''
              if (file) actor.send({ type: 'FILE_CHOSEN', file })
            }}
          />
        </div>
      )}

      <p aria-live="polite" className={s.status} data-testid="files-status">
        {c.notice ?? ''}
      </p>
      {c.refusal ? (
        <p role="alert" className={s.error} data-testid="files-refusal">
          {c.refusal.message}
        </p>
      ) : null}
    </div>
  )
}
