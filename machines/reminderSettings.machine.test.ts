import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { reminderSettingsMachine } from './reminderSettings.machine'
import { reminderSettingsSampleEvents, reminderSettingsSampleInput } from './reminderSettings.samples'
import { planPaths, uncovered } from './testing/tours'

function run(opts: { load?: () => Promise<boolean>; save?: (muted: boolean) => Promise<void> } = {}) {
  const announced: boolean[] = []
  const saves: { userId: string; muted: boolean }[] = []
  const actor = createActor(
    reminderSettingsMachine.provide({
      actions: { announceSaved: (_, p) => void announced.push(p.muted) },
      actors: {
        loadReminderSetting: fromPromise(opts.load ?? (async () => false)),
        saveReminderSetting: fromPromise(async ({ input }: { input: { userId: string; muted: boolean } }) => {
          saves.push(input)
          await (opts.save ?? (async () => {}))(input.muted)
        }),
      },
    }),
    { input: reminderSettingsSampleInput },
  ).start()
  return { actor, announced, saves }
}

describe('review reminders switch', () => {
  it("loads the person's own setting", async () => {
    const seen: unknown[] = []
    const actor = createActor(
      reminderSettingsMachine.provide({
        actors: {
          loadReminderSetting: fromPromise(async ({ input }) => {
            seen.push(input)
            return true
          }),
        },
      }),
      { input: reminderSettingsSampleInput },
    ).start()
    expect(actor.getSnapshot().hasTag('loading')).toBe(true)
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    expect(seen).toEqual([{ userId: reminderSettingsSampleInput.userId }])
    expect(actor.getSnapshot().context.muted).toBe(true)
  })

  it('a failed load offers Try again, which loads again; the switch cannot be used until loaded', async () => {
    let n = 0
    const { actor, saves } = run({
      load: async () => {
        n += 1
        if (n === 1) throw new Error('network')
        return false
      },
    })
    await waitFor(actor, (s) => s.matches('loadFailed'))
    expect(actor.getSnapshot().can({ type: 'TOGGLE' })).toBe(false)
    actor.send({ type: 'TOGGLE' })
    expect(saves).toEqual([])
    actor.send({ type: 'RETRY' })
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    expect(actor.getSnapshot().context.muted).toBe(false)
  })

  it('toggling saves the opposite setting, then announces what was saved; toggling again unmutes', async () => {
    const { actor, announced, saves } = run()
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    actor.send({ type: 'TOGGLE' })
    expect(actor.getSnapshot().hasTag('saving')).toBe(true)
    // Busy while saving: a second toggle is not taken.
    expect(actor.getSnapshot().can({ type: 'TOGGLE' })).toBe(false)
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    expect(actor.getSnapshot().context).toMatchObject({ muted: true, saveFailed: false })
    actor.send({ type: 'TOGGLE' })
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && s.context.muted === false)
    expect(saves).toEqual([
      { userId: reminderSettingsSampleInput.userId, muted: true },
      { userId: reminderSettingsSampleInput.userId, muted: false },
    ])
    expect(announced).toEqual([true, false])
  })

  it('a failed save keeps the setting as it was and says so; toggling again tries again and clears it', async () => {
    let fail = true
    const { actor, announced } = run({
      save: async () => {
        if (fail) throw new Error('network')
      },
    })
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    actor.send({ type: 'TOGGLE' })
    await waitFor(actor, (s) => s.context.saveFailed)
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true)
    expect(actor.getSnapshot().context.muted).toBe(false)
    expect(announced).toEqual([])
    fail = false
    actor.send({ type: 'TOGGLE' })
    expect(actor.getSnapshot().context.saveFailed).toBe(false)
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && s.context.muted === true)
    expect(announced).toEqual([true])
  })

  it('the planned paths cover every state and transition', () => {
    const paths = planPaths(reminderSettingsMachine, { events: reminderSettingsSampleEvents, inputs: [reminderSettingsSampleInput] })
    expect(uncovered(reminderSettingsMachine, paths)).toEqual({ states: [], transitions: [] })
  })
})
