import { describe, expect, it } from 'vitest'
import { type ActorRefFrom, createActor, fromPromise, waitFor } from 'xstate'
import { EMPTY_ANSWERS, WIZARD_STEPS, type WizardAnswers } from '../src/domain/onboarding'
import type { InviteDraft, Team } from '../src/domain/team'
import { teamInviteForm, type teamInviteMachine } from './teamInvite.machine'
import { resumeWizard, type SaveAnswersInput, type StoredProgress, setupWizardMachine } from './setupWizard.machine'
import {
  SAVED_ANSWERS,
  setupWizardSampleEvents,
  setupWizardSampleInput,
  setupWizardSerializeState,
  WIZARD_SAMPLE_FULL_TEAM,
  WIZARD_SAMPLE_TEAM,
} from './setupWizard.samples'
import { planPaths, uncovered } from './testing/tours'

const user = setupWizardSampleInput.user

interface RunOptions {
  saved?: WizardAnswers | null
  resume?: StoredProgress
  save?: (i: SaveAnswersInput) => Promise<void>
  /** get_team's answers, in turn (the last repeats). */
  teams?: Array<() => Promise<Team>>
  /** invite-member's answer: the team after the invitation. */
  invite?: (draft: InviteDraft) => Promise<Team>
}

function run(opts: RunOptions = {}) {
  const calls: string[] = []
  const invited: InviteDraft[] = []
  let reads = 0
  const saved: SaveAnswersInput[] = []
  const persisted: Array<{ step: number; answers: WizardAnswers }> = []
  const actor = createActor(
    setupWizardMachine.provide({
      actions: {
        goHome: () => calls.push('go:/'),
        notifySetupComplete: () => calls.push('toast:Setup complete!'),
        logSaveFailed: () => calls.push('log'),
        persistProgress: (_, p) => persisted.push({ step: p.step, answers: p.answers }),
        clearStoredProgress: () => calls.push('clear'),
      },
      actors: {
        savedAnswers: fromPromise(async () => opts.saved ?? null),
        saveAnswers: fromPromise(({ input }: { input: SaveAnswersInput }) => {
          saved.push(input)
          return opts.save ? opts.save(input) : Promise.resolve()
        }),
        loadTeam: fromPromise(() => {
          const teams = opts.teams ?? [async () => WIZARD_SAMPLE_TEAM]
          return teams[Math.min(reads++, teams.length - 1)]!()
        }),
        teamInvite: teamInviteForm.provide({
          actors: {
            inviteMember: fromPromise(({ input }: { input: InviteDraft }) => {
              invited.push(input)
              return opts.invite ? opts.invite(input) : Promise.reject(new Error('no invitation expected'))
            }),
          },
        }),
      },
      delays: { finishDelay: 20 },
    }),
    { input: { user }, ...(opts.resume ? { snapshot: resumeWizard(user, opts.resume) } : {}) },
  )
  actor.start()
  return { actor, calls, saved, persisted, invited }
}

type Actor = ReturnType<typeof run>['actor']
const ready = (actor: Actor) => waitFor(actor, (s) => s.matches('editing'))
const inviteForm = (actor: Actor) => actor.getSnapshot().children.invite as ActorRefFrom<typeof teamInviteMachine> | undefined
const onTeamStep = (actor: Actor, sub: 'overview' | 'readingTeam' | 'teamUnavailable' | 'inviting' | 'teamShown') => actor.getSnapshot().matches({ editing: { team: sub } })
const stepOf = (actor: Actor) => WIZARD_STEPS.find((s) => actor.getSnapshot().matches({ editing: s.id }))?.id

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
  it('the eleven steps are states of editing, in the spec’s order', () => {
    const editing = setupWizardMachine.getStateNodeById('setupWizard.editing')
    expect(Object.keys(editing.states)).toEqual(WIZARD_STEPS.map((s) => s.id))
  })

  it('Continue is refused until the step is valid; Back is refused on step 1', async () => {
    const { actor } = run()
    await ready(actor)
    expect(actor.getSnapshot().can({ type: 'NEXT' })).toBe(false)
    expect(actor.getSnapshot().can({ type: 'BACK' })).toBe(false)
    actor.send({ type: 'NEXT' })
    actor.send({ type: 'BACK' })
    expect(stepOf(actor)).toBe('country')
    actor.send({ type: 'COUNTRY_SELECTED', country: 'ca' })
    expect(actor.getSnapshot().can({ type: 'NEXT' })).toBe(true)
    actor.send({ type: 'NEXT' })
    actor.send({ type: 'PHONE_CHANGED', phone: '   ' })
    actor.send({ type: 'NEXT' })
    expect(stepOf(actor)).toBe('phone')
    expect(actor.getSnapshot().can({ type: 'BACK' })).toBe(true)
  })

  it('an answer is taken only on its own step', async () => {
    const { actor } = run()
    await ready(actor)
    expect(actor.getSnapshot().can({ type: 'SECTOR_SELECTED', sector: 'care' })).toBe(false)
    actor.send({ type: 'SECTOR_SELECTED', sector: 'care' })
    expect(actor.getSnapshot().context.answers.sector).toBe('')
  })

  it('Back keeps earlier answers', async () => {
    const { actor } = run()
    await ready(actor)
    answerAll(actor)
    for (let i = 0; i < 10; i++) actor.send({ type: 'BACK' })
    expect(stepOf(actor)).toBe('country')
    expect(actor.getSnapshot().context.answers).toMatchObject({ country: 'uk', sector: 'care', roles: ['nurse'], frequency: 'monthly' })
  })

  it('the frequency sub-step defaults to monthly but the wizard value starts empty; Complete Setup waits for it', async () => {
    const { actor } = run()
    await ready(actor)
    answerAll(actor)
    expect(actor.getSnapshot().context.answers.frequency).toBe('monthly')
    actor.send({ type: 'BACK' })
    actor.send({ type: 'NEXT' })
    expect(actor.getSnapshot().matches({ editing: { frequency: 'chosen' } })).toBe(true)
    actor.send({ type: 'FREQUENCY_DRAFTED', frequency: 'daily' })
    expect(actor.getSnapshot().context.answers.frequency).toBe('monthly')
    actor.send({ type: 'SUB_STEP_CONTINUE' })
    expect(actor.getSnapshot().context.answers.frequency).toBe('daily')

    const fresh = run({ resume: { step: 10, answers: { ...SAVED_ANSWERS, frequency: '' } } })
    expect(fresh.actor.getSnapshot().matches({ editing: { frequency: 'choosing' } })).toBe(true)
    expect(fresh.actor.getSnapshot().can({ type: 'FINISH' })).toBe(false)
    fresh.actor.send({ type: 'SUB_STEP_CONTINUE' })
    expect(fresh.actor.getSnapshot().can({ type: 'FINISH' })).toBe(true)
  })

  it('finishing saves, waits the finish delay, then says Setup complete! and goes to /', async () => {
    const { actor, calls, saved } = run()
    await ready(actor)
    answerAll(actor)
    actor.send({ type: 'FINISH' })
    expect(actor.getSnapshot().value).toBe('saving')
    expect(actor.getSnapshot().can({ type: 'BACK' })).toBe(false)
    expect(actor.getSnapshot().can({ type: 'CLOSE' })).toBe(false)
    await waitFor(actor, (s) => s.matches('saved'))
    expect(calls).toEqual(['clear'])
    await waitFor(actor, (s) => s.status === 'done')
    expect(calls).toEqual(['clear', 'toast:Setup complete!', 'go:/'])
    expect(saved[0]?.userId).toBe(user.userId)
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
    expect(actor.getSnapshot().matches({ editing: { frequency: 'chosen' } })).toBe(true)
    expect(actor.getSnapshot().context).toMatchObject({ answers: before, saveFailed: true })
  })

  it('starts from the answers saved last time (Run setup again)', async () => {
    const { actor } = run({ saved: SAVED_ANSWERS })
    await ready(actor)
    expect(stepOf(actor)).toBe('country')
    expect(actor.getSnapshot().context.answers).toEqual(SAVED_ANSWERS)
    expect(actor.getSnapshot().context.draftFrequency).toBe('weekly')
  })

  it('a reload resumes on the stored step, and every change is stored with the step shown', () => {
    const stored = { step: 4, answers: { ...EMPTY_ANSWERS, country: 'au' as const, phone: '1', sector: 'housing' as const } }
    const { actor, persisted } = run({ resume: stored })
    expect(stepOf(actor)).toBe('regulators')
    expect(actor.getSnapshot().context.answers).toEqual(stored.answers)
    actor.send({ type: 'REGULATOR_TOGGLED', regulator: 'rsh' })
    expect(persisted.at(-1)).toEqual({ step: 4, answers: { ...stored.answers, regulators: ['rsh'] } })
    actor.send({ type: 'NEXT' })
    expect(persisted.at(-1)?.step).toBe(5)
    // A step out of range resumes on the nearest one.
    expect(run({ resume: { step: 99, answers: EMPTY_ANSWERS } }).actor.getSnapshot().matches({ editing: 'frequency' })).toBe(true)
  })

  it('the team step: Invite colleagues reads the team, an admin invites through the invite form until the last seat, then Continue', async () => {
    const afterFirst: Team = { ...WIZARD_SAMPLE_TEAM, seats: { limit: 3, used: 2, available: 1 } }
    const answers = [afterFirst, WIZARD_SAMPLE_FULL_TEAM]
    const { actor, invited, persisted } = run({ resume: { step: 9, answers: SAVED_ANSWERS }, invite: async () => answers[invited.length - 1]! })
    // A reload on the team step resumes on its overview: nothing is read until asked.
    expect(onTeamStep(actor, 'overview')).toBe(true)
    expect(inviteForm(actor)).toBeUndefined()
    actor.send({ type: 'INVITE_COLLEAGUES' })
    expect(actor.getSnapshot().hasTag('teamLoading')).toBe(true)
    await waitFor(actor, (s) => s.matches({ editing: { team: 'inviting' } }))
    expect(actor.getSnapshot().context.team).toEqual(WIZARD_SAMPLE_TEAM)
    const form = inviteForm(actor)!
    form.send({ type: 'EMAIL_CHANGED', value: 'katherine@sunrise-care.co.uk' })
    form.send({ type: 'SUBMIT' })
    await waitFor(actor, (s) => s.context.team === afterFirst)
    expect(onTeamStep(actor, 'inviting')).toBe(true)
    expect(invited).toEqual([{ email: 'katherine@sunrise-care.co.uk', role: 'member' }])
    inviteForm(actor)!.send({ type: 'EMAIL_CHANGED', value: 'alan@sunrise-care.co.uk' })
    inviteForm(actor)!.send({ type: 'SUBMIT' })
    // The last seat taken: the form goes, the team stays on show.
    await waitFor(actor, (s) => s.matches({ editing: { team: 'teamShown' } }))
    expect(actor.getSnapshot().context.team).toEqual(WIZARD_SAMPLE_FULL_TEAM)
    expect(inviteForm(actor)).toBeUndefined()
    actor.send({ type: 'NEXT' })
    expect(stepOf(actor)).toBe('frequency')
    expect(persisted.at(-1)?.step).toBe(10)
    // Back on the team step: its overview again, and Invite colleagues reads the team afresh.
    actor.send({ type: 'BACK' })
    expect(onTeamStep(actor, 'overview')).toBe(true)
  })

  it('the team step: a member sees the team without a form; a failed read offers Try again; Continue skips at every point', async () => {
    const member: Team = { ...WIZARD_SAMPLE_TEAM, me: { ...WIZARD_SAMPLE_TEAM.me, role: 'member' } }
    const failure = { code: 'network', message: "We couldn't reach the server. Check your connection and try again." }
    const { actor } = run({ resume: { step: 9, answers: SAVED_ANSWERS }, teams: [() => Promise.reject(failure), async () => member] })
    actor.send({ type: 'INVITE_COLLEAGUES' })
    await waitFor(actor, (s) => s.matches({ editing: { team: 'teamUnavailable' } }))
    expect(actor.getSnapshot().context.teamFailure).toEqual(failure)
    expect(actor.getSnapshot().can({ type: 'NEXT' })).toBe(true)
    actor.send({ type: 'RETRY' })
    expect(actor.getSnapshot().context.teamFailure).toBeNull()
    await waitFor(actor, (s) => s.matches({ editing: { team: 'teamShown' } }))
    expect(inviteForm(actor)).toBeUndefined()
    expect(actor.getSnapshot().can({ type: 'NEXT' })).toBe(true)
    // Skipping while the team is still being read stops the read.
    const skipping = run({ resume: { step: 9, answers: SAVED_ANSWERS }, teams: [() => new Promise(() => {})] }).actor
    skipping.send({ type: 'INVITE_COLLEAGUES' })
    skipping.send({ type: 'NEXT' })
    expect(skipping.getSnapshot().matches({ editing: 'frequency' })).toBe(true)
    expect(skipping.getSnapshot().children.loadTeam).toBeUndefined()
  })

  it('a reload on the team step opens its overview; on the frequency step, the confirmed choice when there is one', () => {
    const at = (id: string) => WIZARD_STEPS.findIndex((s) => s.id === id)
    const team = run({ resume: { step: at('team'), answers: EMPTY_ANSWERS } }).actor
    expect(onTeamStep(team, 'overview')).toBe(true)
    const chosen = run({ resume: { step: at('frequency'), answers: { ...EMPTY_ANSWERS, frequency: 'daily' } } }).actor
    expect(chosen.getSnapshot().matches({ editing: { frequency: 'chosen' } })).toBe(true)
    expect(chosen.getSnapshot().context.draftFrequency).toBe('daily')
    const choosing = run({ resume: { step: at('frequency'), answers: EMPTY_ANSWERS } }).actor
    expect(choosing.getSnapshot().matches({ editing: { frequency: 'choosing' } })).toBe(true)
    // The sub-step offers monthly until a frequency is chosen; a reload shows no earlier save failure.
    expect(choosing.getSnapshot().context).toMatchObject({ draftFrequency: 'monthly', saveFailed: false })
  })

  it("reads this user's saved answers, and clears this user's stored progress once saved", async () => {
    const asked: unknown[] = []
    const cleared: unknown[] = []
    const actor = createActor(
      setupWizardMachine.provide({
        actions: { clearStoredProgress: (_, p) => cleared.push(p) },
        actors: {
          savedAnswers: fromPromise(async ({ input }: { input: { userId: string } }): Promise<WizardAnswers | null> => {
            asked.push(input)
            return null
          }),
          saveAnswers: fromPromise(async () => {}),
        },
        delays: { finishDelay: 1 },
      }),
      { input: { user } },
    ).start()
    await ready(actor)
    answerAll(actor)
    actor.send({ type: 'FINISH' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(asked).toEqual([{ userId: user.userId }])
    expect(cleared).toEqual([{ userId: user.userId }])
  })

  it('the close × goes to /', async () => {
    const { actor, calls } = run()
    await ready(actor)
    actor.send({ type: 'CLOSE' })
    expect(actor.getSnapshot().value).toBe('closed')
    expect(calls).toEqual(['go:/'])
  })

  it('generated paths reach every state and every transition', () => {
    const paths = planPaths(setupWizardMachine, { events: setupWizardSampleEvents, inputs: [setupWizardSampleInput], serializeState: setupWizardSerializeState })
    expect(uncovered(setupWizardMachine, paths)).toEqual({ states: [], transitions: [] })
  }, 60_000)
})
