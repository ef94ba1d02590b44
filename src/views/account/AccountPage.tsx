import { useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { type FormEvent, useState } from 'react'
import { fromPromise } from 'xstate'
import { type AccountField, accountMachine } from '../../../machines/account.machine'
import type { SessionUser } from '../../../machines/session.machine'
import { loadAccountActor, saveDetailsActor } from '../../backend/profileRow'
import { inspect } from '../../devtools/inspector'
import { ACCOUNT_DETAILS_MESSAGES, ACCOUNT_MESSAGES, type AccountProfile } from '../../domain/account'
import { countryName, humanise, REGULATOR_INFO, SECTOR_OPTIONS } from '../../domain/onboarding'
import { pageEntry } from '../../seo/pages'
import { Button } from '../../ui/Button'
import { Field } from '../../ui/Field'
import { notify, usePreloadedToaster } from '../../ui/Toaster'
import { PageShell } from '../layout/PageShell'
import { LoadingScreen } from '../../ui/LoadingScreen'
import { requestSignOut } from '../session/session'
import { useSignedInUser } from '../session/SignedInLayout'
import { ReminderSettings } from './ReminderSettings'
import * as s from './account.css'

/** /account, the signed-in home: organisation, setup answers, editable name and phone, setup again, sign out. */
export function AccountPage() {
  usePreloadedToaster()
  const user = useSignedInUser()
  // Until the session knows the user, the page is its prerendered loading state.
  return user ? <Account key={user.userId} user={user} /> : <AccountLoading />
}

function AccountLoading({ failed, onRetry }: { failed?: boolean; onRetry?: () => void }) {
  return (
    <PageShell>
      <div className={s.wrap}>
        <h1 className={s.title}>{pageEntry('/account').heading}</h1>
        {failed ? (
          <section className={s.card}>
            <p role="alert" className={s.error}>
              {ACCOUNT_MESSAGES.loadFailed}
            </p>
            <div className={s.actions}>
              <Button onClick={onRetry}>Try again</Button>
            </div>
          </section>
        ) : (
          <LoadingScreen label="Loading your workspace" />
        )}
      </div>
    </PageShell>
  )
}

function Account({ user }: { user: SessionUser }) {
  const navigate = useNavigate()
  const [machine] = useState(() =>
    accountMachine.provide({
      actions: {
        goToSetup: () => void navigate({ to: '/onboarding/setup' }),
        goHome: () => void navigate({ to: '/' }),
        notifySaved: () => notify({ title: ACCOUNT_MESSAGES.saved, variant: 'success' }),
        notifySignedOut: (_, { offline }) =>
          notify(offline ? { title: ACCOUNT_MESSAGES.signedOut, description: ACCOUNT_MESSAGES.signOutOffline, variant: 'default' } : { title: ACCOUNT_MESSAGES.signedOut, variant: 'success' }),
      },
      actors: {
        loadAccount: loadAccountActor,
        saveDetails: saveDetailsActor,
        signOut: fromPromise(() => requestSignOut()),
      },
    }),
  )
  const account = useActorRef(machine, { input: { user }, inspect })
  const { profile, draft, problem, saveFailed } = useSelector(account, (snap) => snap.context)
  const failed = useSelector(account, (snap) => snap.matches('loadFailed'))
  const saving = useSelector(account, (snap) => snap.matches({ ready: 'saving' }))
  const saved = useSelector(account, (snap) => snap.matches({ ready: 'saved' }))
  const signingOut = useSelector(account, (snap) => snap.matches('signingOut'))
  const leaving = useSelector(account, (snap) => snap.hasTag('leaving'))
  const heading = pageEntry('/account').heading

  if (!profile) return <AccountLoading failed={failed} onRetry={() => account.send({ type: 'RETRY' })} />

  const change = (field: AccountField) => (e: { currentTarget: { value: string } }) =>
    account.send({ type: 'FIELD_CHANGED', field, value: e.currentTarget.value })
  const save = (e: FormEvent) => {
    e.preventDefault()
    account.send({ type: 'SAVE' })
  }
  const problemFor = (field: AccountField) => {
    if (field === 'firstName' && (problem === 'missingFirstName' || problem === 'nameTooLong')) return ACCOUNT_DETAILS_MESSAGES[problem]
    if (field === 'lastName' && (problem === 'missingLastName' || problem === 'nameTooLong')) return ACCOUNT_DETAILS_MESSAGES[problem]
    if (field === 'phone' && problem === 'invalidPhone') return ACCOUNT_DETAILS_MESSAGES[problem]
    return undefined
  }

  return (
    <PageShell>
      <div className={s.wrap}>
        <div className={s.header}>
          <div>
            <h1 className={s.title}>{heading}</h1>
            <p className={s.lead}>
              Signed in as <strong>{profile.email}</strong>
            </p>
          </div>
          <div className={s.actions}>
            <Button variant="outline" onClick={() => account.send({ type: 'RUN_SETUP_AGAIN' })} disabled={leaving}>
              {profile.onboardingCompletedAt ? 'Run setup again' : 'Finish setup'}
            </Button>
            <Button variant="secondary" onClick={() => account.send({ type: 'SIGN_OUT' })} disabled={leaving} busy={signingOut}>
              {signingOut ? 'Signing out...' : 'Sign out'}
            </Button>
          </div>
        </div>

        {profile.onboardingCompletedAt ? null : (
          <section className={s.notice} aria-labelledby="setup-owed">
            <h2 id="setup-owed" className={s.cardTitle}>
              Your workspace is not set up yet
            </h2>
            <p className={s.status}>Answer a few questions about your country, regulators and team so your workspace fits your organisation.</p>
          </section>
        )}

        <div className={s.grid}>
          <section className={s.card} aria-labelledby="organisation">
            <h2 id="organisation" className={s.cardTitle}>
              Organisation
            </h2>
            <Facts profile={profile} kind="organisation" />
          </section>

          <section className={s.card} aria-labelledby="details">
            <h2 id="details" className={s.cardTitle}>
              Your details
            </h2>
            <form className={s.form} onSubmit={save} noValidate aria-label="Your details">
              <Field label="First name" error={problemFor('firstName')}>
                {(c) => <input {...c} value={draft.firstName} onChange={change('firstName')} name="firstName" autoComplete="given-name" maxLength={100} required readOnly={saving} />}
              </Field>
              <Field label="Last name" error={problemFor('lastName')}>
                {(c) => <input {...c} value={draft.lastName} onChange={change('lastName')} name="lastName" autoComplete="family-name" maxLength={100} required readOnly={saving} />}
              </Field>
              <Field label="Phone" optional error={problemFor('phone')}>
                {(c) => <input {...c} value={draft.phone} onChange={change('phone')} name="phone" type="tel" autoComplete="tel" placeholder="07700 900123" maxLength={40} readOnly={saving} />}
              </Field>
              {saveFailed ? (
                <p role="alert" className={s.error}>
                  {ACCOUNT_MESSAGES.saveFailed}
                </p>
              ) : null}
              <div className={s.actions}>
                <Button type="submit" busy={saving} disabled={saving || leaving}>
                  {saving ? 'Saving...' : 'Save details'}
                </Button>
                <span role="status" className={s.status}>
                  {saved ? 'Saved' : ''}
                </span>
              </div>
            </form>
          </section>

          <section className={s.card} aria-labelledby="setup">
            <h2 id="setup" className={s.cardTitle}>
              Setup answers
            </h2>
            <Facts profile={profile} kind="setup" />
          </section>

          <ReminderSettings userId={user.userId} />
        </div>
      </div>
    </PageShell>
  )
}

const NOT_SET = 'Not set yet'
const listOf = (items: string[], name: (id: string) => string = humanise) => (items.length ? items.map(name).join(', ') : NOT_SET)

/** The saved answers as a definition list; what was never answered says so. */
function Facts({ profile, kind }: { profile: AccountProfile; kind: 'organisation' | 'setup' }) {
  const rows: [string, string][] =
    kind === 'organisation'
      ? [
          ['Organisation', profile.companyName || NOT_SET],
          ['Number of staff', profile.staffCount === null ? NOT_SET : String(profile.staffCount)],
          ['Sector', SECTOR_OPTIONS.find((o) => o.id === profile.sector)?.name ?? NOT_SET],
          ['Country', countryName(profile.country) || NOT_SET],
        ]
      : [
          ['Regulators', listOf(profile.regulators, (id) => REGULATOR_INFO[id as keyof typeof REGULATOR_INFO]?.name ?? humanise(id))],
          ['Team roles', listOf(profile.roles)],
          ['Compliance domains', listOf(profile.domains)],
          ['Life skills check-in', listOf(profile.lifeSkills)],
          ['Policy review frequency', profile.frequency ? humanise(profile.frequency) : NOT_SET],
          ['Team structure preview', listOf(profile.teamRoles)],
        ]
  return (
    <dl className={s.facts}>
      {rows.map(([term, value]) => (
        <div key={term} className={s.fact}>
          <dt className={s.term}>{term}</dt>
          <dd className={s.definition}>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
