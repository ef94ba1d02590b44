import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { reminderSettingsMachine } from '../../../machines/reminderSettings.machine'
import { loadReminderSettingActor, saveReminderSettingActor } from '../../backend/reminderSettings'
import { inspect } from '../../devtools/inspector'
import { REMINDER_MESSAGES } from '../../domain/reminders'
import { Button } from '../../ui/Button'
import { notify } from '../../ui/Toaster'
import { switchRow, switchThumb, switchTrack } from '../layout/layout.css'
import * as s from './account.css'

/**
 * /account's review reminders switch (machines/reminderSettings.machine.ts): the person's own setting, loaded and
 * saved through supabase-js. While it saves, the switch stays focusable (aria-disabled, so a keyboard user keeps
 * their place) and says it is busy; a failed save leaves it as it was and says so.
 */
export function ReminderSettings({ userId }: { userId: string }) {
  const [machine] = useState(() =>
    reminderSettingsMachine.provide({
      actions: {
        announceSaved: (_, { muted }) => notify({ title: muted ? REMINDER_MESSAGES.savedOff : REMINDER_MESSAGES.savedOn, variant: 'success' }),
      },
      actors: { loadReminderSetting: loadReminderSettingActor, saveReminderSetting: saveReminderSettingActor },
    }),
  )
  const settings = useActorRef(machine, { input: { userId }, inspect })
  const { muted, saveFailed } = useSelector(settings, (snap) => snap.context)
  const loading = useSelector(settings, (snap) => snap.hasTag('loading'))
  const failed = useSelector(settings, (snap) => snap.matches('loadFailed'))
  const saving = useSelector(settings, (snap) => snap.hasTag('saving'))
  const canToggle = useSelector(settings, (snap) => snap.can({ type: 'TOGGLE' }))

  return (
    <section className={s.card} aria-labelledby="reminders" aria-busy={loading || saving}>
      <h2 id="reminders" className={s.cardTitle}>
        {REMINDER_MESSAGES.heading}
      </h2>
      {loading ? (
        <p role="status" className={s.status}>
          {REMINDER_MESSAGES.loading}
        </p>
      ) : failed ? (
        <>
          <p role="alert" className={s.error}>
            {REMINDER_MESSAGES.loadFailed}
          </p>
          <div className={s.actions}>
            <Button variant="outline" onClick={() => settings.send({ type: 'RETRY' })}>
              Try again
            </Button>
          </div>
        </>
      ) : (
        <>
          <span className={`${switchRow} ${s.switchLine}`}>
            <button
              type="button"
              role="switch"
              aria-checked={muted === false}
              aria-labelledby="reminders-label"
              aria-describedby="reminders-state"
              aria-disabled={!canToggle}
              className={switchTrack}
              onClick={() => settings.send({ type: 'TOGGLE' })}
            >
              <span className={switchThumb} />
            </button>
            <span id="reminders-label">{REMINDER_MESSAGES.label}</span>
          </span>
          <p id="reminders-state" className={s.status}>
            {saving ? 'Saving...' : muted ? REMINDER_MESSAGES.off : REMINDER_MESSAGES.on}
          </p>
          {saveFailed ? (
            <p role="alert" className={s.error}>
              {REMINDER_MESSAGES.saveFailed}
            </p>
          ) : null}
        </>
      )}
    </section>
  )
}
