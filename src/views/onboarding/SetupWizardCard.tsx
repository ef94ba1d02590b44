import { useSelector } from '@xstate/react'
import type { FeatureBundle } from 'motion/react'
import type { ReactNode, RefObject } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { setupWizardMachine } from '../../../machines/setupWizard.machine'
import { progressPercent, WIZARD_STEP_COUNT, WIZARD_STEPS } from '../../domain/onboarding'
import { Button } from '../../ui/Button'
import { AnimatePresence, m, MotionProvider, useEnterFrom, useIsPresent } from '../../ui/MotionProvider'
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
} from './WizardSteps'
import { TeamStep } from './WizardTeamStep'

export interface SetupWizardCardProps {
  /** The reduce-motion setting (useReducedMotion), for motion's MotionConfig. */
  reduced: boolean
  /** motion's features with layout animations (../../ui/motionLayoutFeatures), loaded with this card. */
  features: FeatureBundle
  /** The wizard actor: the card asks it what each button may do (`can`) and what it shows (tags, context). */
  wizard: ActorRefFrom<typeof setupWizardMachine>
  /** The step on screen (its index in WIZARD_STEPS). */
  step: number
  direction: Direction
  /** Given to the current step's heading; the page moves focus to it when the step changes. */
  headingRef: RefObject<HTMLHeadingElement | null>
}

/**
 * The setup wizard's card (loaded on demand by ./SetupWizardPage): progress, the current step and the buttons.
 * Steps come and go with motion (AnimatePresence); the team-structure preview animates its layout.
 */
export default function SetupWizardCard({ reduced, features, wizard, step, direction, headingRef }: SetupWizardCardProps) {
  const send = wizard.send
  const { answers, draftFrequency, saveFailed } = useSelector(wizard, (snap) => snap.context)
  const buttons = useSelector(
    wizard,
    (snap) => ({
      next: snap.can({ type: 'NEXT' }),
      back: snap.can({ type: 'BACK' }),
      finish: snap.can({ type: 'FINISH' }),
      close: snap.can({ type: 'CLOSE' }),
      subStep: snap.can({ type: 'SUB_STEP_CONTINUE' }),
      isLast: snap.hasTag('lastStep') || snap.hasTag('busy'),
      busy: snap.hasTag('busy'),
      saving: snap.matches('saving'),
    }),
    (a, b) => Object.keys(a).every((k) => a[k as keyof typeof a] === b[k as keyof typeof b]),
  )
  const { isLast, busy } = buttons
  const percent = progressPercent(step)
  const stepInfo = WIZARD_STEPS[step]!
  return (
    <MotionProvider reduced={reduced} features={features}>
      <section className={s.card} aria-labelledby="wizard-step-heading">
        <div className={s.topRow}>
          <div className={s.progressText}>
            <span>
              Step {step + 1} of {WIZARD_STEP_COUNT}
            </span>
            <span>{percent}% complete</span>
          </div>
          <Button variant="ghost" size="icon" aria-label="Close setup" onClick={() => send({ type: 'CLOSE' })} disabled={!buttons.close}>
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
        <div className={s.stepStage}>
          <AnimatePresence initial={false} custom={direction} mode="popLayout">
            <StepPane key={stepInfo.id} step={stepInfo.id} title={stepInfo.title} direction={direction} headingRef={headingRef}>
              <div className={s.stepBody}>
                {stepInfo.id === 'country' ? (
                  <CountryStep value={answers.country} onSelect={(country) => send({ type: 'COUNTRY_SELECTED', country })} />
                ) : stepInfo.id === 'phone' ? (
                  <PhoneStep value={answers.phone} onChange={(phone) => send({ type: 'PHONE_CHANGED', phone })} />
                ) : stepInfo.id === 'sector' ? (
                  <SectorStep
                    value={answers.sector}
                    onSelect={(sector) => send({ type: 'SECTOR_SELECTED', sector })}
                    continueEnabled={buttons.subStep}
                    onContinue={() => send({ type: 'SUB_STEP_CONTINUE' })}
                  />
                ) : stepInfo.id === 'lifeSkills' ? (
                  <LifeSkillsStep
                    value={answers.lifeSkills}
                    onToggle={(skill) => send({ type: 'LIFE_SKILL_TOGGLED', skill })}
                    continueEnabled={buttons.subStep}
                    onContinue={() => send({ type: 'SUB_STEP_CONTINUE' })}
                  />
                ) : stepInfo.id === 'regulators' ? (
                  <RegulatorsStep
                    value={answers.regulators}
                    onToggle={(regulator) => send({ type: 'REGULATOR_TOGGLED', regulator })}
                    continueEnabled={buttons.subStep}
                    onContinue={() => send({ type: 'SUB_STEP_CONTINUE' })}
                  />
                ) : stepInfo.id === 'roles' ? (
                  <RolesStep value={answers.roles} onToggle={(role) => send({ type: 'ROLE_TOGGLED', role })} continueEnabled={buttons.subStep}
                    onContinue={() => send({ type: 'SUB_STEP_CONTINUE' })} />
                ) : stepInfo.id === 'domains' ? (
                  <DomainsStep value={answers.domains} onToggle={(domain) => send({ type: 'DOMAIN_TOGGLED', domain })} />
                ) : stepInfo.id === 'documents' ? (
                  <DocumentsStep />
                ) : stepInfo.id === 'policy' ? (
                  <PolicyStep />
                ) : stepInfo.id === 'team' ? (
                  <TeamStep wizard={wizard} roles={answers.roles} />
                ) : (
                  <FrequencyStep
                    committed={answers.frequency}
                    draft={draftFrequency}
                    onDraft={(frequency) => send({ type: 'FREQUENCY_DRAFTED', frequency })}
                    continueEnabled={buttons.subStep}
                    onContinue={() => send({ type: 'SUB_STEP_CONTINUE' })}
                  />
                )}
              </div>
            </StepPane>
          </AnimatePresence>
        </div>
        <AnimatePresence initial={false}>
          {saveFailed && !busy ? <SaveFailedNote key="save-failed" /> : null}
        </AnimatePresence>
        {busy ? (
          <p className={s.muted} role="status">
            {buttons.saving ? 'Saving your setup...' : 'Finishing your setup...'}
          </p>
        ) : null}
        <div className={s.footer}>
          <Button variant="outline" disabled={!buttons.back} onClick={() => send({ type: 'BACK' })}>
            Back
          </Button>
          {isLast ? (
            <Button disabled={!buttons.finish} busy={busy} onClick={() => send({ type: 'FINISH' })}>
              {busy ? 'Saving...' : 'Complete Setup'}
            </Button>
          ) : (
            <Button disabled={!buttons.next} onClick={() => send({ type: 'NEXT' })}>
              Continue
            </Button>
          )}
        </div>
      </section>
    </MotionProvider>
  )
}

export type Direction = 'forward' | 'back'

/** Where a step pane comes from or goes to: Continue brings the next step in from the right and sends the old one
 * out to the left, Back the other way round. `custom` is the current direction, also for a leaving pane. */
const STEP_SHIFT = 24
const stepVariants = {
  enter: (direction: Direction) => ({ opacity: 0, x: direction === 'forward' ? STEP_SHIFT : -STEP_SHIFT }),
  center: { opacity: 1, x: 0 },
  exit: (direction: Direction) => ({ opacity: 0, x: direction === 'forward' ? -STEP_SHIFT : STEP_SHIFT }),
}

/**
 * One step of the wizard, animated in and out by AnimatePresence. The leaving pane is popped out of the layout
 * (`mode="popLayout"`: absolutely positioned where it was, over the stage) the moment the new step shows, so the
 * card takes the new step's height at once: the footer's buttons move with the step change, never 220 ms later
 * when the old pane would have finished leaving (a second click aimed at Continue then landed on nothing). A
 * leaving pane is inert and hidden from assistive technology, and gives up the heading's id and ref, so that
 * focus, the region's name and every query find the new step only.
 */
function StepPane({
  step,
  title,
  direction,
  headingRef,
  children,
}: {
  step: string
  title: string
  direction: Direction
  headingRef: RefObject<HTMLHeadingElement | null>
  children: ReactNode
}) {
  const present = useIsPresent()
  const initial = useEnterFrom('enter')
  return (
    <m.div
      className={s.stepPane}
      custom={direction}
      variants={stepVariants}
      initial={initial}
      animate="center"
      exit="exit"
      data-step-pane={step}
      data-direction={direction}
      inert={!present}
      aria-hidden={present ? undefined : true}
    >
      <h2 id={present ? 'wizard-step-heading' : undefined} className={s.stepHeading} ref={present ? headingRef : undefined} tabIndex={-1}>
        {title}
      </h2>
      {children}
    </m.div>
  )
}

const noteShown = { opacity: 1, y: 0 }
const noteHidden = { opacity: 0, y: -6 }

function SaveFailedNote() {
  const initial = useEnterFrom(noteHidden)
  return (
    <m.p className={s.failed} role="alert" initial={initial} animate={noteShown} exit={noteHidden}>
      Your setup could not be saved. Everything you entered is kept: press Complete Setup to try again.
    </m.p>
  )
}
