import { Link } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { type ReactNode, useState } from 'react'
import { organisationSettingsMachine } from '../../../machines/organisationSettings.machine'
import type { SessionUser } from '../../../machines/session.machine'
import { organisationSettingsActors } from '../../backend/organisationSettings'
import { inspect } from '../../devtools/inspector'
import { draftOf, lastChanged, SETTINGS_MESSAGES } from '../../domain/organisationSettings'
import { pageEntry } from '../../seo/pages'
import { Button } from '../../ui/Button'
import { LoadingScreen } from '../../ui/LoadingScreen'
import { notify, usePreloadedToaster } from '../../ui/Toaster'
import { PageShell } from '../layout/PageShell'
import { useSignedInUser } from '../session/SignedInLayout'
import { SettingsForm } from './SettingsForm'
import { SettingsSummary } from './SettingsSummary'
import * as s from './settings.css'

/**
 * /settings (issue 39): the organisation's settings (machines/organisationSettings.machine.ts). An admin edits them;
 * a member reads them with who can change them; another admin's save meanwhile is shown beside this admin's changes.
 */
export function OrganisationSettingsPage() {
  usePreloadedToaster()
  const user = useSignedInUser()
  // Until the session knows the user, the page is its prerendered loading state.
  return user ? <Settings key={user.userId} user={user} /> : <SettingsShell />
}

function SettingsShell({ children }: { children?: ReactNode }) {
  return (
    <PageShell>
      <div className={s.wrap}>
        <h1 className={s.title}>{pageEntry('/settings').heading}</h1>
        {children ?? <LoadingScreen label={SETTINGS_MESSAGES.loading} />}
      </div>
    </PageShell>
  )
}

function Settings({ user }: { user: SessionUser }) {
  const [machine] = useState(() =>
    organisationSettingsMachine.provide({
      actions: { notifySaved: () => notify({ title: SETTINGS_MESSAGES.saved, variant: 'success' }) },
      actors: organisationSettingsActors,
    }),
  )
  const actor = useActorRef(machine, { input: { user }, inspect })
  const { settings, draft, problems, failure } = useSelector(actor, (snap) => snap.context)
  const state = useSelector(actor, (snap) => ({
    loading: snap.hasTag('loading'),
    loadFailed: snap.matches('loadFailed'),
    notMember: snap.matches('notMember'),
    readOnly: snap.hasTag('readOnly'),
    form: snap.hasTag('form'),
    busy: snap.hasTag('busy'),
    saved: snap.matches({ ready: 'saved' }),
    reloading: snap.matches({ ready: { conflict: 'reloading' } }),
    reloadFailed: snap.matches({ ready: { conflict: 'reloadFailed' } }),
    deciding: snap.matches({ ready: { conflict: 'deciding' } }),
    canChange: snap.can({ type: 'SETTING_CHANGED', change: { field: 'remindersDefault', on: true } }),
    canSave: snap.can({ type: 'SAVE' }),
  }), (a, b) => JSON.stringify(a) === JSON.stringify(b))
  const send = actor.send

  if (state.notMember) {
    return (
      <SettingsShell>
        <section className={s.card} aria-labelledby="no-organisation">
          <h2 id="no-organisation" className={s.cardTitle}>
            No organisation
          </h2>
          <p role="alert" className={s.error}>
            {SETTINGS_MESSAGES.notMember}
          </p>
          <p className={s.status}>
            <Link to="/account">Go to your account</Link>
          </p>
        </section>
      </SettingsShell>
    )
  }
  if (state.loadFailed) {
    return (
      <SettingsShell>
        <section className={s.card}>
          <p role="alert" className={s.error}>
            {SETTINGS_MESSAGES.loadFailed}
          </p>
          <div className={s.actions}>
            <Button onClick={() => send({ type: 'RETRY' })}>Try again</Button>
          </div>
        </section>
      </SettingsShell>
    )
  }
  if (!settings || state.loading) return <SettingsShell />

  const changed = lastChanged(settings)

  if (state.readOnly) {
    return (
      <SettingsShell>
        <p className={s.lead}>What {settings.organisationName} assesses itself against, and when ratings fall due for review, for every member alike.</p>
        {failure ? (
          <p role="alert" className={s.error}>
            {failure.message}
          </p>
        ) : null}
        <section className={s.card} aria-labelledby="settings-title">
          <h2 id="settings-title" className={s.cardTitle}>
            Settings of {settings.organisationName}
          </h2>
          <SettingsSummary settings={draftOf(settings)} label={`Settings of ${settings.organisationName}`} />
          {changed ? <p className={s.status}>{changed}</p> : null}
          <p className={s.status}>{SETTINGS_MESSAGES.readOnly(settings.admins)}</p>
        </section>
      </SettingsShell>
    )
  }

  const conflict = state.reloading || state.reloadFailed || state.deciding
  return (
    <SettingsShell>
      <p className={s.lead}>What {settings.organisationName} assesses itself against, and when ratings fall due for review, for every member alike.</p>
      {conflict ? (
        <section className={s.notice} aria-labelledby="conflict-title" aria-busy={state.reloading}>
          <h2 id="conflict-title" className={s.cardTitle}>
            Another admin saved first
          </h2>
          <p role="alert" className={s.error}>
            {state.reloadFailed ? SETTINGS_MESSAGES.conflictReloadFailed : failure?.message}
          </p>
          {state.reloading ? (
            <p role="status" className={s.status}>
              Loading their settings...
            </p>
          ) : null}
          {state.reloadFailed ? (
            <div className={s.actions}>
              <Button onClick={() => send({ type: 'RETRY' })}>Try again</Button>
            </div>
          ) : null}
          {state.deciding ? (
            <>
              <p className={s.status}>{SETTINGS_MESSAGES.conflictHelp}</p>
              <div className={s.compare}>
                <section aria-labelledby="theirs-title" className={s.card}>
                  <h3 id="theirs-title" className={s.cardTitle}>
                    Saved by {settings.updatedByName ?? 'another admin'}
                  </h3>
                  <SettingsSummary settings={draftOf(settings)} label="Their settings" />
                </section>
                <section aria-labelledby="mine-title" className={s.card}>
                  <h3 id="mine-title" className={s.cardTitle}>
                    Your changes
                  </h3>
                  <SettingsSummary settings={draft} label="Your changes" />
                </section>
              </div>
              <div className={s.actions}>
                <Button onClick={() => send({ type: 'KEEP_MINE' })}>Save mine</Button>
                <Button variant="outline" onClick={() => send({ type: 'USE_THEIRS' })}>
                  Use theirs
                </Button>
              </div>
            </>
          ) : null}
        </section>
      ) : (
        <section className={s.card} aria-busy={state.busy}>
          <SettingsForm
            organisationName={settings.organisationName}
            draft={draft}
            problems={problems}
            canChange={state.canChange}
            canSave={state.canSave}
            saving={state.busy}
            onChange={(change) => send({ type: 'SETTING_CHANGED', change })}
            onSave={() => send({ type: 'SAVE' })}
          />
          {failure ? (
            <p role="alert" className={s.error}>
              {failure.message}
            </p>
          ) : null}
          <p role="status" className={s.status}>
            {state.saved ? SETTINGS_MESSAGES.saved : ''}
          </p>
          {changed ? <p className={s.status}>{changed}</p> : null}
          {settings.admins.length ? <p className={s.status}>{SETTINGS_MESSAGES.admins(settings.admins)}</p> : null}
        </section>
      )}
    </SettingsShell>
  )
}
