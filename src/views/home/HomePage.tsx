import { Link } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useMemo, useRef, useState } from 'react'
import type { ActorRefFrom } from 'xstate'
import { assessItemForm, type assessItemMachine } from '../../../machines/assessItem.machine'
import { itemProgressAt } from '../../../machines/assessItem.selectors'
import { homeMachine } from '../../../machines/home.machine'
import type { SessionUser } from '../../../machines/session.machine'
import { assessItemActors, assessmentActors } from '../../backend/assessments'
import { evidenceFileActors } from '../../backend/evidenceFiles'
import { evidenceFilesChild } from '../../../machines/evidenceFiles.machine'
import { inspect } from '../../devtools/inspector'
import {
  ASSESSMENT_MESSAGES,
  type AssessmentRecord,
  assessmentState,
  type Dashboard,
  isDueForReview,
  longDate,
  nextStepText,
  PROGRESS_LABELS,
  ratedLine,
  versionOf,
} from '../../domain/assessments'
import { isApplicable, ratingOf } from '../../domain/frameworks/items'
import { nextStep } from '../../domain/frameworks/nextStep'
import { reviewDueOn } from '../../domain/frameworks/review'
import { type FrameworkSummary, type GroupSummary, summariseFramework } from '../../domain/frameworks/scoring'
import type { FrameworkItem, FrameworkVersion } from '../../domain/frameworks/types'
import { pageEntry } from '../../seo/pages'
import { Button } from '../../ui/Button'
import { LoadingScreen } from '../../ui/LoadingScreen'
import { PageShell } from '../layout/PageShell'
import { useSignedInUser } from '../session/SignedInLayout'
import { ItemPanel } from './ItemPanel'
import { OverdueActions } from './OverdueActions'
import { PendingInvitations } from './PendingInvitations'
import * as s from './home.css'

/** /app/pack's page, from this module so /app and /app/pack share one chunk (src/routes/_signedIn/app_.pack.tsx). */
export { PackPage } from '../pack/PackPage'

const LOADING_LABEL = 'Loading your self-assessment'

/**
 * /app, the signed-in home: the organisation's self-assessment against each framework it chose
 * (machines/home.machine.ts), and the item open for rating (machines/assessItem.machine.ts, ./ItemPanel).
 */
/** The files of an open item, on the real backend; "View" opens the signed link in a new tab. */
const filesWithBackend = evidenceFilesChild.provide({
  actors: evidenceFileActors,
  actions: {
    openUrl: ({ event }) => {
      window.open((event as unknown as { output: string }).output, '_blank', 'noopener,noreferrer')
    },
  },
})

export function HomePage() {
  const user = useSignedInUser()
  return user ? <Home key={user.userId} user={user} /> : <HomeShell />
}

/** The page's frame; for a signed-in person (`invitations`), the invitations waiting for them first. */
function HomeShell({ children, invitations = false }: { children?: React.ReactNode; invitations?: boolean }) {
  return (
    <PageShell>
      <div className={s.wrap}>
        <div className={s.header}>
          <h1 className={s.title}>{pageEntry('/app').heading}</h1>
        </div>
        {invitations ? <PendingInvitations /> : null}
        {children ?? <LoadingScreen label={LOADING_LABEL} />}
      </div>
    </PageShell>
  )
}

const itemButtonId = (itemId: string) => `item-${itemId.replace(/[^a-z0-9-]/gi, '-')}`

function Home({ user }: { user: SessionUser }) {
  const [machine] = useState(() => homeMachine.provide({ actors: { ...assessmentActors, assessItem: assessItemForm.provide({ actors: { ...assessItemActors, evidenceFiles: filesWithBackend } }) } }))
  const [now] = useState(() => new Date().toISOString())
  const actor = useActorRef(machine, { input: { user, now }, inspect })
  const snap = useSelector(actor, (snapshot) => snapshot)
  const { dashboard, refusal, open } = snap.context
  const itemOpen = snap.matches({ shown: 'item' })

  // Closing the item puts focus back on the item's button in the overview.
  const wasOpen = useRef(false)
  useEffect(() => {
    if (itemOpen) {
      wasOpen.current = true
      return
    }
    if (!wasOpen.current || !open) return
    wasOpen.current = false
    document.getElementById(itemButtonId(open.itemId))?.focus()
  }, [itemOpen, open])

  if (snap.matches('loadFailed')) {
    return (
      <HomeShell invitations>
        <section className={s.card}>
          <p role="alert" className={s.error}>
            {ASSESSMENT_MESSAGES.loadFailed}
          </p>
          <div className={s.actions}>
            <Button onClick={() => actor.send({ type: 'RETRY' })}>Try again</Button>
          </div>
        </section>
      </HomeShell>
    )
  }
  if (snap.hasTag('loading') || !dashboard) return <HomeShell invitations />

  if (snap.matches('empty') || snap.matches('starting')) {
    const canStart = snap.can({ type: 'START' })
    const starting = snap.hasTag('busy')
    return (
      <HomeShell invitations>
        <section className={s.card} aria-labelledby="start">
          <h2 id="start" className={s.cardTitle}>
            Start your self-assessment
          </h2>
          <p className={s.text}>{canStart || starting ? ASSESSMENT_MESSAGES.empty : ASSESSMENT_MESSAGES.noFrameworks}</p>
          {refusal ? (
            <p role="alert" className={s.error}>
              {refusal.message}
            </p>
          ) : null}
          <div className={s.actions}>
            {canStart || starting ? (
              <Button onClick={() => actor.send({ type: 'START' })} disabled={!canStart} busy={starting}>
                {starting ? 'Starting...' : 'Start self-assessment'}
              </Button>
            ) : (
              <Link to="/onboarding/setup">Run setup</Link>
            )}
          </div>
        </section>
      </HomeShell>
    )
  }

  const itemActor = snap.children.assessItem as ActorRefFrom<typeof assessItemMachine> | undefined
  if (itemOpen && itemActor) {
    return (
      <HomeShell invitations>
        <ItemPanel actor={itemActor} onClose={() => actor.send({ type: 'CLOSE_ITEM' })} />
      </HomeShell>
    )
  }

  return (
    <HomeShell invitations>
      <Overview dashboard={dashboard} now={now} onOpen={(assessmentId, itemId) => actor.send({ type: 'OPEN_ITEM', assessmentId, itemId })} />
    </HomeShell>
  )
}

type Open = (assessmentId: string, itemId: string) => void

function Overview({ dashboard, now, onOpen }: { dashboard: Dashboard; now: string; onOpen: Open }) {
  const today = useMemo(() => new Date(now), [now])
  const frameworks = dashboard.assessments.map((a) => ({ assessment: a, version: versionOf(a), state: assessmentState(a) }))
  const step = nextStepText(nextStep(frameworks, { frequency: dashboard.answers.frequency, now: today }))
  const stepAssessment = frameworks.find((f) => f.version.id === step.versionId)?.assessment
  const due = frameworks.flatMap(({ assessment, version }) =>
    Object.values(assessment.items)
      .filter((i) => isDueForReview(i, dashboard.answers.frequency, today))
      .map((i) => ({ assessment, version, item: i, dueOn: reviewDueOn(i.ratedAt!, dashboard.answers.frequency!) })),
  )
  due.sort((a, b) => (a.dueOn < b.dueOn ? -1 : a.dueOn > b.dueOn ? 1 : 0))
  return (
    <>
      <p className={s.lead}>
        {frameworks.map((f) => f.version.name).join(' · ')}
        {dashboard.answers.frequency ? ` · reviews ${dashboard.answers.frequency}` : ''}
      </p>
      <section className={s.next} aria-labelledby="next-step">
        <h2 id="next-step" className={s.cardTitle}>
          The next thing to do
        </h2>
        <p className={s.text}>{step.text}</p>
        {step.itemId && stepAssessment ? (
          <div className={s.actions}>
            <Button onClick={() => onOpen(stepAssessment.id, step.itemId!)}>Open it</Button>
          </div>
        ) : null}
      </section>
      <section className={s.card} aria-labelledby="due">
        <h2 id="due" className={s.cardTitle}>
          Due for review
        </h2>
        {due.length === 0 ? (
          <p className={s.meta}>Nothing is due for review.</p>
        ) : (
          <ul className={s.list}>
            {due.map(({ assessment, version, item, dueOn }) => (
              <li key={`${assessment.id}/${item.itemId}`}>
                <button type="button" className={s.itemButton} onClick={() => onOpen(assessment.id, item.itemId)}>
                  <span className={s.itemName}>{nameOf(version, item.itemId)}</span>
                  <span className={s.itemMeta}>
                    {version.shortName} · due {longDate(dueOn)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <OverdueActions onOpen={onOpen} />
      {frameworks.map(({ assessment, version, state }) => (
        <FrameworkCard key={assessment.id} assessment={assessment} summary={summariseFramework(version, state)} frequency={dashboard.answers.frequency} today={today} onOpen={onOpen} />
      ))}
    </>
  )
}

function nameOf(version: FrameworkVersion, itemId: string): string {
  for (const g of version.groups) for (const i of g.items) if (i.id === itemId) return i.name
  return itemId
}

const headingId = (id: string) => `fw-${id}`

function FrameworkCard(props: { assessment: AssessmentRecord; summary: FrameworkSummary; frequency: Dashboard['answers']['frequency']; today: Date; onOpen: Open }) {
  const { summary } = props
  const v = summary.version
  const c = summary.completion
  const oursNotice = v.scales.find((sc) => sc.source === 'ours')?.notice
  // /app/pack reads and validates `?framework=` itself (its route declares no search, to keep every page's entry small).
  const packSearch = { framework: v.frameworkId }
  return (
    <section className={s.card} aria-labelledby={headingId(v.id)}>
      <h2 id={headingId(v.id)} className={s.cardTitle}>
        {v.name}
      </h2>
      <div className={s.actions}>
        <Link to="/app/pack" search={packSearch}>
          Inspection pack
        </Link>
      </div>
      <div>
        <p className={s.text}>
          {c.rated} of {c.applicable} {v.itemNoun.plural} rated ({c.percent} %)
        </p>
        <progress className={s.progress} max={c.applicable} value={c.rated} aria-label={`${v.shortName} completion`} />
      </div>
      {summary.ofsted ? (
        <p className={summary.ofsted.category ? s.outcome : s.outcomeFine} data-testid="ofsted-outcome">
          {summary.ofsted.category === 'special-measures'
            ? `Outcome so far: special measures, because ${summary.ofsted.because.map((i) => i.name).join(' and ')} ${summary.ofsted.because.length > 1 ? 'are' : 'is'} at urgent improvement.`
            : summary.ofsted.category === 'requires-significant-improvement'
              ? `Outcome so far: requires significant improvement, because of ${summary.ofsted.because.map((i) => i.name).join(', ')}.`
              : summary.ofsted.complete
                ? 'No area is at urgent improvement and safeguarding is met.'
                : 'So far no area is at urgent improvement and safeguarding is not judged not met. Grade every area and safeguarding for the whole picture.'}
        </p>
      ) : null}
      {oursNotice ? <p className={s.meta}>{oursNotice}</p> : null}
      <div className={s.groups}>
        {summary.groups.map((g) => (
          <GroupCard key={g.group.id} {...props} group={g} />
        ))}
      </div>
    </section>
  )
}

function GroupResult({ g }: { g: GroupSummary }) {
  const r = g.result
  if (r.kind === 'percentage') {
    if (r.percent === null) return <p className={s.meta}>Not scored yet</p>
    return (
      <p className={s.score} data-testid="group-score">
        {r.percent} % · {r.band?.label}
        {g.completion.complete ? '' : <span className={s.itemMeta}> (provisional)</span>}
      </p>
    )
  }
  if (r.kind === 'compliance') {
    return (
      <p className={s.text} data-testid="group-score">
        {r.worst ? `Worst so far: ${r.worst.label}` : 'Not rated yet'}
      </p>
    )
  }
  return null
}

function GroupCard({ assessment, summary, group: g, frequency, today, onOpen }: { assessment: AssessmentRecord; summary: FrameworkSummary; group: GroupSummary; frequency: Dashboard['answers']['frequency']; today: Date; onOpen: Open }) {
  const v = summary.version
  const id = `group-${g.group.id.replace(/[^a-z0-9-]/gi, '-')}`
  const state = assessmentState(assessment)
  return (
    <section className={s.group} aria-labelledby={id}>
      <h3 id={id} className={s.groupTitle}>
        {g.group.name}
      </h3>
      <GroupResult g={g} />
      <p className={s.meta}>
        {g.completion.rated} of {g.completion.applicable} rated
      </p>
      <ul className={s.list}>
        {g.group.items
          .filter((i) => isApplicable(i, state))
          .map((i) => (
            <ItemRow key={i.id} item={i} version={v} record={assessment.items[i.id] ?? null} point={ratingOf(v, i, state.ratings)?.label ?? null} frequency={frequency} today={today} onOpen={() => onOpen(assessment.id, i.id)} />
          ))}
      </ul>
    </section>
  )
}

function ItemRow(props: {
  item: FrameworkItem
  version: FrameworkVersion
  record: AssessmentRecord['items'][string] | null
  point: string | null
  frequency: Dashboard['answers']['frequency']
  today: Date
  onOpen: () => void
}) {
  const progress = itemProgressAt(props.record, props.frequency, props.today)
  const rated = props.record?.ratedAt ? ` · ${ratedLine(props.record.ratedByName, props.record.ratedAt)}` : ''
  return (
    <li>
      <button type="button" id={itemButtonId(props.item.id)} className={s.itemButton} onClick={props.onOpen}>
        <span className={s.itemName}>{props.item.name}</span>
        <span className={s.itemMeta}>
          {PROGRESS_LABELS[progress]}
          {props.point ? ` · ${props.point}${rated}` : ''}
        </span>
      </button>
    </li>
  )
}
