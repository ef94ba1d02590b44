import { useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef, useState } from 'react'
import { fromPromise } from 'xstate'
import { type StoredProgress, setupWizardMachine } from '../../../machines/setupWizard.machine'
import { savedWizardAnswers } from '../../backend/account'
import { getSessionActor, saveWizardActor, signedOutListener } from '../../backend/onboarding'
import { SETUP_PROGRESS_PREFIX } from '../../backend/storedSession'
import { inspect } from '../../devtools/inspector'
import { isStepValid, parseStoredAnswers, progressPercent, WIZARD_STEP_COUNT, WIZARD_STEPS } from '../../domain/onboarding'
import { pageEntry } from '../../seo/pages'
import { Button } from '../../ui/Button'
import { notify } from '../../ui/Toaster'
import { PageShell } from '../layout/PageShell'
import { LoadingScreen } from './LoadingScreen'
import * as s from './onboarding.css'
import {
  CountryStep,
  DocumentsStep,
  DomainsStep,
  FrequencyStep,
  LifeSkillsStep,
  PhoneStep,
  PolicyStep,
  RegulatorsStep,
  RolesStep,
  SectorStep,
  TeamStep,
} from './WizardSteps'

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
  const headingRef = useRef<HTMLHeadingElement>(null)
  const lastStep = useRef(step)
  // The side the next step slides in from: state adjusted while rendering, so the new step's first render has it.
  const [shownStep, setShownStep] = useState(step)
  const [direction, setDirection] = useState<'forward' | 'back'>('forward')
  if (shownStep !== step) {
    setShownStep(step)
    setDirection(step > shownStep ? 'forward' : 'back')
  }

  // Move focus to the new step's heading when the step changes (not on first render).
  useEffect(() => {
    if (lastStep.current !== step) headingRef.current?.focus()
    lastStep.current = step
  }, [step])

  const send = wizard.send
  const valid = isStepValid(step, answers)
  const isLast = step === WIZARD_STEP_COUNT - 1
  const busy = phase === 'saving' || phase === 'saved' || phase === 'done'
  const percent = progressPercent(step)
  const stepInfo = WIZARD_STEPS[step]!

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
          <section className={s.card} aria-labelledby="wizard-step-heading">
            <div className={s.topRow}>
              <div className={s.progressText}>
                <span>
                  Step {step + 1} of {WIZARD_STEP_COUNT}
                </span>
                <span>{percent}% complete</span>
              </div>
              <Button variant="ghost" size="icon" aria-label="Close setup" onClick={() => send({ type: 'CLOSE' })} disabled={busy}>
                ×
              </Button>
            </div>
            <div
              className={s.bar}
              role="progressbar"
              aria-label="Setup progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
            >
              <div className={s.barFill} style={{ width: `${percent}%` }} />
            </div>
            <div className={s.dots} aria-hidden="true">
              {WIZARD_STEPS.map((st, i) => (
                <span key={st.id} className={`${s.dot} ${i < step ? s.dotDone : ''} ${i === step ? s.dotCurrent : ''}`} />
              ))}
            </div>
            <div key={stepInfo.id} className={`${s.stepPane} ${s.stepEnter[direction]}`} data-step-enter={direction}>
              <h2 id="wizard-step-heading" className={s.stepHeading} ref={headingRef} tabIndex={-1}>
                {stepInfo.title}
              </h2>
              <div className={s.stepBody}>
                {stepInfo.id === 'country' ? (
                  <CountryStep value={answers.country} onSelect={(country) => send({ type: 'COUNTRY_SELECTED', country })} />
                ) : stepInfo.id === 'phone' ? (
                  <PhoneStep value={answers.phone} onChange={(phone) => send({ type: 'PHONE_CHANGED', phone })} />
                ) : stepInfo.id === 'sector' ? (
                  <SectorStep
                    value={answers.sector}
                    onSelect={(sector) => send({ type: 'SECTOR_SELECTED', sector })}
                    onContinue={() => send({ type: 'SUB_STEP_CONTINUE' })}
                  />
                ) : stepInfo.id === 'lifeSkills' ? (
                  <LifeSkillsStep
                    value={answers.lifeSkills}
                    onToggle={(skill) => send({ type: 'LIFE_SKILL_TOGGLED', skill })}
                    onContinue={() => send({ type: 'SUB_STEP_CONTINUE' })}
                  />
                ) : stepInfo.id === 'regulators' ? (
                  <RegulatorsStep
                    value={answers.regulators}
                    onToggle={(regulator) => send({ type: 'REGULATOR_TOGGLED', regulator })}
                    onContinue={() => send({ type: 'SUB_STEP_CONTINUE' })}
                  />
                ) : stepInfo.id === 'roles' ? (
                  <RolesStep value={answers.roles} onToggle={(role) => send({ type: 'ROLE_TOGGLED', role })} onContinue={() => send({ type: 'SUB_STEP_CONTINUE' })} />
                ) : stepInfo.id === 'domains' ? (
                  <DomainsStep value={answers.domains} onToggle={(domain) => send({ type: 'DOMAIN_TOGGLED', domain })} />
                ) : stepInfo.id === 'documents' ? (
                  <DocumentsStep />
                ) : stepInfo.id === 'policy' ? (
                  <PolicyStep />
                ) : stepInfo.id === 'team' ? (
                  <TeamStep roles={answers.roles} />
                ) : (
                  <FrequencyStep
                    committed={answers.frequency}
                    draft={draftFrequency}
                    onDraft={(frequency) => send({ type: 'FREQUENCY_DRAFTED', frequency })}
                    onContinue={() => send({ type: 'SUB_STEP_CONTINUE' })}
                  />
                )}
              </div>
            </div>
            {saveFailed && phase === 'editing' ? (
              <p className={s.failed} role="alert">
                Your setup could not be saved. Everything you entered is kept: press Complete Setup to try again.
              </p>
            ) : null}
            {busy ? (
              <p className={s.muted} role="status">
                {phase === 'saving' ? 'Saving your setup...' : 'Finishing your setup...'}
              </p>
            ) : null}
            <div className={s.footer}>
              <Button variant="outline" disabled={step === 0 || busy} onClick={() => send({ type: 'BACK' })}>
                Back
              </Button>
              {isLast ? (
                <Button disabled={!valid || busy} busy={busy} onClick={() => send({ type: 'FINISH' })}>
                  {busy ? 'Saving...' : 'Complete Setup'}
                </Button>
              ) : (
                <Button disabled={!valid} onClick={() => send({ type: 'NEXT' })}>
                  Continue
                </Button>
              )}
            </div>
          </section>
        )}
      </div>
    </PageShell>
  )
}
