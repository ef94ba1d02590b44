import { useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { fromPromise } from 'xstate'
import { type StoredProgress, setupWizardMachine } from '../../../machines/setupWizard.machine'
import { savedWizardAnswers } from '../../backend/account'
import { getSessionActor, saveWizardActor, signedOutListener } from '../../backend/onboarding'
import { SETUP_PROGRESS_PREFIX } from '../../backend/storedSession'
import { inspect } from '../../devtools/inspector'
import { parseStoredAnswers } from '../../domain/onboarding'
import { pageEntry } from '../../seo/pages'
import { preload } from '../../domain/load'
import { notify, usePreloadedToaster } from '../../ui/Toaster'
import { PageShell } from '../layout/PageShell'
import { useReducedMotion } from '../motion/ReduceMotion'
import { LoadingScreen } from './LoadingScreen'
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

/** sessionStorage key of one user's unfinished answers (cleared once saved, and on sign-out). */
export const storageKey = (userId: string) => `${SETUP_PROGRESS_PREFIX}${userId}`

function readStored(userId: string): StoredProgress | null {
  try {
    const raw = window.sessionStorage.getItem(storageKey(userId))
    const answers = parseStoredAnswers(raw)
    if (!answers || !raw) return null
    const step = Number((JSON.parse(raw) as { step?: unknown }).step)
    return { step: Number.isFinite(step) ? step : 0, answers }
  } catch {
    return null
  }
}

/** /onboarding/setup: the 11-step setup wizard (spec section 2). */
export function SetupWizardPage() {
  usePreloadedToaster()
  const navigate = useNavigate()
  const [machine] = useState(() =>
    setupWizardMachine.provide({
      actions: {
        goHome: () => void navigate({ to: '/' }),
        notifySetupComplete: () => notify({ title: 'Setup complete!', variant: 'success' }),
        // Spec section 8: only logged. No answers or ids in the message.
        logSaveFailed: () => console.warn('Setup wizard: saving the answers failed; they are kept for another try.'),
        persistAnswers: (_, { userId, step, answers }) => {
          if (!userId) return
          try {
            window.sessionStorage.setItem(storageKey(userId), JSON.stringify({ step, answers }))
          } catch {
            // Storage may be unavailable (private mode): the answers then live for this page only.
          }
        },
        clearStoredAnswers: (_, { userId }) => {
          try {
            if (userId) window.sessionStorage.removeItem(storageKey(userId))
          } catch {}
        },
      },
      actors: {
        getSession: getSessionActor,
        authListener: signedOutListener,
        // Unfinished answers of this browser session first; else, for 'Run setup again', the answers saved last time.
        restoreAnswers: fromPromise(async ({ input }: { input: { userId: string } }): Promise<StoredProgress | null> => {
          const stored = readStored(input.userId)
          if (stored) return stored
          const saved = await savedWizardAnswers(input.userId)
          return saved ? { step: 0, answers: saved } : null
        }),
        saveAnswers: saveWizardActor,
      },
    }),
  )
  const wizard = useActorRef(machine, { inspect })
  const phase = useSelector(wizard, (snap) => (snap.matches('checkingSession') || snap.matches('restoring') ? 'loading' : String(snap.value)))
  const { step, answers, draftFrequency, saveFailed } = useSelector(wizard, (snap) => snap.context)
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

  // The card (steps and motion) is fetched while the session is checked, so it is ready when the wizard shows.
  useEffect(() => preload(loadCard), [])

  // Move focus to the new step's heading when the step changes (not on first render).
  useEffect(() => {
    if (lastStep.current !== step) headingRef.current?.focus()
    lastStep.current = step
  }, [step])

  return (
    <PageShell>
      <div className={s.wrap}>
        <h1 className={s.heading}>{pageEntry('/onboarding/setup').heading}</h1>
        {phase === 'loading' ? (
          <LoadingScreen label="Loading your setup" />
        ) : phase === 'signedOut' || phase === 'closed' ? (
          <p className={s.muted} role="status">
            Redirecting...
          </p>
        ) : (
          <Suspense fallback={<LoadingScreen label="Loading your setup" />}>
            <SetupWizardCard
              reduced={reduced}
              step={step}
              answers={answers}
              draftFrequency={draftFrequency}
              saveFailed={saveFailed}
              phase={phase}
              direction={direction}
              headingRef={headingRef}
              send={wizard.send}
            />
          </Suspense>
        )}
      </div>
    </PageShell>
  )
}

