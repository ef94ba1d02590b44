import { useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import type { SessionUser } from '../../../machines/session.machine'
import { resumeWizard, setupWizardMachine } from '../../../machines/setupWizard.machine'
import { teamInviteForm } from '../../../machines/teamInvite.machine'
import { saveWizardActor } from '../../backend/profileRow'
import { clearProgress, readStoredProgress, savedAnswersActor, storeProgress } from '../../backend/setupProgress'
import { teamActors } from '../../backend/team'
import { inspect } from '../../devtools/inspector'
import { WIZARD_STEPS } from '../../domain/onboarding'
import { preload } from '../../lib/load'
import { pageEntry } from '../../seo/pages'
import { notify, usePreloadedToaster } from '../../ui/Toaster'
import { PageShell } from '../layout/PageShell'
import { useReducedMotion } from '../../ui/ReduceMotion'
import { useSignedInUser } from '../session/SignedInLayout'
import { LoadingScreen } from '../../ui/LoadingScreen'
import * as s from './onboarding.css'
import type { Direction, SetupWizardCardProps } from './SetupWizardCard'

// The wizard's card (its steps, their controls and motion's animations) is needed only once the session has been
// checked, which the prerendered loading screen covers: it loads in parallel with that check rather than being
// first-load JavaScript.
const loadCard = () => Promise.all([import('./SetupWizardCard'), import('../../ui/motionLayoutFeatures')])
const SetupWizardCard = lazy(() =>
  loadCard().then(([card, features]) => ({
    default: (props: Omit<SetupWizardCardProps, 'features'>) => <card.default {...props} features={features.default} />,
  })),
)

/** /onboarding/setup: the 11-step setup wizard (spec section 2), for the signed-in user. */
export function SetupWizardPage() {
  usePreloadedToaster()
  const user = useSignedInUser()
  // The card (steps and motion) is fetched while the session is checked, so it is ready when the wizard shows.
  useEffect(() => preload(loadCard), [])
  return (
    <PageShell>
      <div className={s.wrap}>
        <h1 className={s.heading}>{pageEntry('/onboarding/setup').heading}</h1>
        {user ? <Wizard key={user.userId} user={user} /> : <LoadingScreen label="Loading your setup" />}
      </div>
    </PageShell>
  )
}

function Wizard({ user }: { user: SessionUser }) {
  const navigate = useNavigate()
  const [machine] = useState(() =>
    setupWizardMachine.provide({
      actions: {
        goHome: () => void navigate({ to: '/app' }),
        notifySetupComplete: () => notify({ title: 'Setup complete!', variant: 'success' }),
        // Spec section 8: only logged. No answers or ids in the message.
        logSaveFailed: () => console.warn('Setup wizard: saving the answers failed; they are kept for another try.'),
        persistProgress: (_, progress) => storeProgress(progress),
        clearStoredProgress: (_, { userId }) => clearProgress(userId),
      },
      actors: {
        savedAnswers: savedAnswersActor,
        saveAnswers: saveWizardActor,
        loadTeam: teamActors.loadTeam,
        teamInvite: teamInviteForm.provide({ actors: { inviteMember: teamActors.inviteMember } }),
      },
    }),
  )
  // A reload resumes on the stored step; otherwise the wizard starts from the answers saved last time, if any.
  const [stored] = useState(() => readStoredProgress(user.userId))
  const wizard = useActorRef(machine, { input: { user }, ...(stored ? { snapshot: resumeWizard(user, stored) } : {}), inspect })
  const loading = useSelector(wizard, (snap) => snap.hasTag('loading'))
  const leaving = useSelector(wizard, (snap) => snap.hasTag('leaving'))
  // The step on screen: the state under editing (the last step while saving).
  const step = useSelector(wizard, (snap) => {
    const index = WIZARD_STEPS.findIndex((st) => snap.matches({ editing: st.id }))
    return index === -1 ? WIZARD_STEPS.length - 1 : index
  })
  const reduced = useReducedMotion()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const lastStep = useRef(step)
  // The side the next step slides in from (and the old one leaves to): state adjusted while rendering, so the
  // new step's first render has it.
  const [shownStep, setShownStep] = useState(step)
  const [direction, setDirection] = useState<Direction>('forward')
  if (shownStep !== step) {
    setShownStep(step)
    setDirection(step > shownStep ? 'forward' : 'back')
  }

  // Move focus to the new step's heading when the step changes (not on first render).
  useEffect(() => {
    if (lastStep.current !== step) headingRef.current?.focus()
    lastStep.current = step
  }, [step])

  if (loading) return <LoadingScreen label="Loading your setup" />
  if (leaving) {
    return (
      <p className={s.muted} role="status">
        Redirecting...
      </p>
    )
  }
  return (
    <Suspense fallback={<LoadingScreen label="Loading your setup" />}>
      <SetupWizardCard reduced={reduced} wizard={wizard} step={step} direction={direction} headingRef={headingRef} />
    </Suspense>
  )
}
