import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate'
import { EMPTY_ANSWERS, type WizardAnswers } from '../src/domain/onboarding'
import {
  type SaveAnswersInput,
  type StoredProgress,
  setupWizardMachine,
  setupWizardSampleEvents,
  wizardGraphState,
} from './setupWizard.machine'
import { coverage, generatePaths } from './testing/graph'

function run(opts: { session?: { userId: string; email: string } | null; stored?: StoredProgress | null; save?: (i: SaveAnswersInput) => Promise<void> } = {}) {
  const calls: string[] = []
  const saved: SaveAnswersInput[] = []
  const persisted: Array<{ step: number; answers: WizardAnswers }> = []
  let signOut: (() => void) | undefined
  const actor = createActor(
    setupWizardMachine.provide({
      actions: {
        goHome: () => calls.push('go:/'),
        notifySetupComplete: () => calls.push('toast:Setup complete!'),
        logSaveFailed: () => calls.push('log'),
        persistAnswers: (_, p) => persisted.push({ step: p.step, answers: p.answers }),
        clearStoredAnswers: () => calls.push('clear'),
      },
      actors: {
        getSession: fromPromise(async () => (opts.session === undefined ? { userId: 'u1', email: 'ada@sunrise-care.co.uk' } : opts.session)),
        authListener: fromCallback(({ sendBack }) => {
          signOut = () => sendBack({ type: 'SIGNED_OUT' })
          return () => {}
        }),
        restoreAnswers: fromPromise(async () => opts.stored ?? null),
        saveAnswers: fromPromise(({ input }: { input: SaveAnswersInput }) => {
          saved.push(input)
          return opts.save ? opts.save(input) : Promise.resolve()
        }),
      },
      delays: { finishDelay: 20 },
    }),
  )
  actor.start()
  return { actor, calls, saved, persisted, signOut: () => signOut?.() }
}

type Actor = ReturnType<typeof run>['actor']
const ready = (actor: Actor) => waitFor(actor, (s) => s.matches('editing'))

/** Answer every step with the wizard's own buttons, ending on step 11 with the frequency confirmed. */
function answerAll(actor: Actor) {
  actor.send({ type: 'COUNTRY_SELECTED', country: 'uk' })
  actor.send({ type: 'NEXT' })
  actor.send({ type: 'PHONE_CHANGED', phone: ' 07700 900123 ' })
  actor.send({ type: 'NEXT' })
  actor.send({ type: 'SECTOR_SELECTED', sector: 'care' })
  actor.send({ type: 'SUB_STEP_CONTINUE' })
  actor.send({ type: 'LIFE_SKILL_TOGGLED', skill: 'teamwork' })
  actor.send({ type: 'SUB_STEP_CONTINUE' })
  actor.send({ type: 'REGULATOR_TOGGLED', regulator: 'cqc' })
  actor.send({ type: 'SUB_STEP_CONTINUE' })
  actor.send({ type: 'ROLE_TOGGLED', role: 'nurse' })
  actor.send({ type: 'SUB_STEP_CONTINUE' })
  actor.send({ type: 'DOMAIN_TOGGLED', domain: 'safety' })
  for (let i = 0; i < 4; i++) actor.send({ type: 'NEXT' })
  actor.send({ type: 'SUB_STEP_CONTINUE' })
}

describe('setup wizard', () => {
  it('without a session goes to /', async () => {
    const { actor, calls } = run({ session: null })
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().value).toBe('signedOut')
    expect(calls).toEqual(['go:/'])
  })

  it('Continue is refused until the step is valid; Back is refused on step 1', async () => {
    const { actor } = run()
    await ready(actor)
    actor.send({ type: 'NEXT' })
    actor.send({ type: 'BACK' })
    expect(actor.getSnapshot().context.step).toBe(0)
    actor.send({ type: 'COUNTRY_SELECTED', country: 'ca' })
    actor.send({ type: 'NEXT' })
    actor.send({ type: 'PHONE_CHANGED', phone: '   ' })
    actor.send({ type: 'NEXT' })
    expect(actor.getSnapshot().context.step).toBe(1)
  })

  it('Back keeps earlier answers', async () => {
    const { actor } = run()
    await ready(actor)
    answerAll(actor)
    for (let i = 0; i < 10; i++) actor.send({ type: 'BACK' })
    const { step, answers } = actor.getSnapshot().context
    expect(step).toBe(0)
    expect(answers).toMatchObject({ country: 'uk', sector: 'care', roles: ['nurse'], frequency: 'monthly' })
  })

  it('the frequency sub-step defaults to monthly but the wizard value starts empty', async () => {
    const { actor } = run()
    await ready(actor)
    answerAll(actor)
    expect(actor.getSnapshot().context.answers.frequency).toBe('monthly')
    actor.send({ type: 'FREQUENCY_DRAFTED', frequency: 'daily' })
    expect(actor.getSnapshot().context.answers.frequency).toBe('monthly')
    actor.send({ type: 'SUB_STEP_CONTINUE' })
    expect(actor.getSnapshot().context.answers.frequency).toBe('daily')
  })

  it('finishing saves, waits the finish delay, then says Setup complete! and goes to /', async () => {
    const { actor, calls, saved } = run()
    await ready(actor)
    answerAll(actor)
    actor.send({ type: 'FINISH' })
    expect(actor.getSnapshot().value).toBe('saving')
    await waitFor(actor, (s) => s.matches('saved'))
    expect(calls).toEqual(['clear'])
    await waitFor(actor, (s) => s.status === 'done')
    expect(calls).toEqual(['clear', 'toast:Setup complete!', 'go:/'])
    expect(saved[0]?.userId).toBe('u1')
    expect(saved[0]?.answers.phone).toBe(' 07700 900123 ')
  })

  it('a failed save is logged and keeps every answer on the last step', async () => {
    const { actor, calls } = run({ save: () => Promise.reject(new Error('offline')) })
    await ready(actor)
    answerAll(actor)
    const before = actor.getSnapshot().context.answers
    actor.send({ type: 'FINISH' })
    await waitFor(actor, (s) => s.matches('editing'))
    expect(calls).toEqual(['log'])
    expect(actor.getSnapshot().context).toMatchObject({ step: 10, answers: before, saveFailed: true })
  })

  it('restores stored progress and persists every change', async () => {
    const stored = { step: 4, answers: { ...EMPTY_ANSWERS, country: 'au' as const, phone: '1', sector: 'housing' as const } }
    const { actor, persisted } = run({ stored })
    await ready(actor)
    expect(actor.getSnapshot().context).toMatchObject(stored)
    actor.send({ type: 'REGULATOR_TOGGLED', regulator: 'rsh' })
    expect(persisted.at(-1)).toEqual({ step: 4, answers: { ...stored.answers, regulators: ['rsh'] } })
  })

  it('a sign-out or the close × goes to /', async () => {
    const a = run()
    await ready(a.actor)
    a.signOut()
    expect(a.actor.getSnapshot().value).toBe('signedOut')
    const b = run()
    await ready(b.actor)
    b.actor.send({ type: 'CLOSE' })
    expect(b.actor.getSnapshot().value).toBe('closed')
    expect(b.calls).toEqual(['go:/'])
  })

  it('generated paths reach every state and every transition', () => {
    const paths = generatePaths(setupWizardMachine, { events: setupWizardSampleEvents, serializeState: wizardGraphState })
    const cov = coverage(setupWizardMachine, paths)
    expect(paths.length).toBeGreaterThan(20)
    expect(cov.states.missing).toEqual([])
    expect(cov.transitions.missing).toEqual([])
  }, 60_000)
})
