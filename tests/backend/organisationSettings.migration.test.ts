/**
 * Migration 20261128110000 moves today's setup answers (each person's users row) onto the organisations (issue 39,
 * item 1) without losing any: a PostgreSQL 15 migrated up to the migration before it is seeded with organisations
 * as they are today, then migrated on, and the before and after compared.
 */
import { mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Db, openDb } from '../../supabase/local/db.ts'
import { bootstrap, MIGRATIONS_DIR, migrate } from '../../supabase/local/migrate.ts'
import { startPostgres } from './helpers.ts'
import { addMember, organisation, type Person, person } from './team-helpers.ts'

const MIGRATION = '20261128110000'

describe(`migration ${MIGRATION}: the setup answers move onto the organisations`, { timeout: 60_000 }, () => {
  let db: Db
  let stop: () => Promise<void>
  const before = mkdtempSync(join(tmpdir(), 'ir-migrations-'))

  beforeAll(async () => {
    const pg = await startPostgres()
    db = await openDb(pg.url, 'postgres')
    stop = async () => {
      await db.close()
      await pg.stop()
    }
    // Every migration before this one: the schema as it is today.
    for (const file of readdirSync(MIGRATIONS_DIR).filter((f) => /^\d+_.+\.sql$/.test(f) && f.split('_')[0]! < MIGRATION)) {
      symlinkSync(join(MIGRATIONS_DIR, file), join(before, file))
    }
    await bootstrap(db)
    await migrate(db, before)
  })
  afterAll(async () => {
    await stop?.()
    rmSync(before, { recursive: true, force: true })
  })

  const answer = (who: Person, regulators: string[], frequency: string | null, sector: string | null = null) =>
    db.query('update public.users set selected_regulators = $2, policy_frequency = $3, sector = $4, onboarding_completed_at = now() where id = $1', [who.id, regulators, frequency, sector])
  const users = async () => JSON.stringify((await db.query('select * from public.users order by id')).rows)

  it('each organisation takes its creating admin’s answers (else its longest-standing admin’s who answered); nothing is lost', async () => {
    // Sunrise: Ada created it and answered; Ben (member) and Cy (a later admin) answered otherwise.
    const [ada, ben, cy] = [await person(db, { first: 'Ada' }), await person(db, { first: 'Ben' }), await person(db, { first: 'Cy' })]
    const sunrise = await organisation(db, ada, { name: 'Sunrise Care' })
    await addMember(db, sunrise, ben)
    await addMember(db, sunrise, cy, 'admin')
    await answer(ada, ['cqc', 'ofsted'], 'weekly', 'care')
    await answer(ben, ['bsr'], 'monthly', 'construction')
    await answer(cy, ['rsh'], 'daily', 'housing')
    // Oak: Dee created it and never ran setup; Eve, a later admin, did.
    const [dee, eve] = [await person(db, { first: 'Dee' }), await person(db, { first: 'Eve' })]
    const oak = await organisation(db, dee, { name: 'Oak Housing' })
    await addMember(db, oak, eve, 'admin')
    await answer(eve, ['rsh'], 'monthly', 'housing')
    // Elm: nobody answered; Fay (member) alone did, which decides nothing.
    const [gil, fay] = [await person(db, { first: 'Gil' }), await person(db, { first: 'Fay' })]
    const elm = await organisation(db, gil, { name: 'Elm School' })
    await addMember(db, elm, fay)
    await answer(fay, ['ofsted'], 'daily', 'education')
    // Reminder choices: Ben turned his off; everyone else has the old default (not muted).
    await db.query('update public.reminder_preferences set review_reminders_muted = true where id = $1', [ben.id])
    const sectorOf = async (id: string) => (await db.query<{ s: string | null }>('select sector as s from public.organisations where id = $1', [id])).rows[0]!.s
    const elmSector = await sectorOf(elm)
    const usersBefore = await users()

    expect(await migrate(db)).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`^${MIGRATION}_`))]))

    const settings = await db.query<{ id: string; selected_regulators: string[]; review_frequency: string | null; sector: string | null; settings_updated_by: string | null; settings_updated_by_name: string | null; review_reminders_default: boolean }>(
      'select id, selected_regulators, review_frequency, sector, settings_updated_by, settings_updated_by_name, review_reminders_default from public.organisations where id = any($1) order by name',
      [[sunrise, oak, elm]],
    )
    expect(settings.rows).toEqual([
      { id: elm, selected_regulators: [], review_frequency: null, sector: elmSector, settings_updated_by: null, settings_updated_by_name: null, review_reminders_default: true },
      { id: oak, selected_regulators: ['rsh'], review_frequency: 'monthly', sector: 'housing', settings_updated_by: eve.id, settings_updated_by_name: 'Eve Tester', review_reminders_default: true },
      { id: sunrise, selected_regulators: ['cqc', 'ofsted'], review_frequency: 'weekly', sector: 'care', settings_updated_by: ada.id, settings_updated_by_name: 'Ada Tester', review_reminders_default: true },
    ])
    // Nobody's own answers are removed or changed.
    expect(await users()).toBe(usersBefore)
    // Nobody's reminders change: an explicit "off" stays; the old default becomes "not chosen" (the organisation's, on).
    const prefs = await db.query<{ id: string; m: boolean | null }>('select id, review_reminders_muted as m from public.reminder_preferences where id = any($1)', [[ada.id, ben.id, fay.id]])
    expect(Object.fromEntries(prefs.rows.map((r) => [r.id, r.m]))).toEqual({ [ada.id]: null, [ben.id]: true, [fay.id]: null })
    // The move itself is not a change anyone made in the app: no audit event, version 0.
    expect((await db.query("select 1 from public.audit_events where kind = 'settings_changed'")).rows).toEqual([])
    expect((await db.query<{ v: number }>('select max(settings_version) as v from public.organisations')).rows[0]!.v).toBe(0)
  })
})
