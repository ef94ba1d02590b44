/**
 * The organisation's settings (issue 39, item 1) in SQL, on the embedded PostgreSQL 15
 * (supabase/migrations/20261128110000_organisation_settings.sql): members read them, only admins write them (the
 * settings page's rpc and the setup wizard's), the server's checks say the browser's words, a stale save is a
 * conflict naming who saved, every change is in the audit trail, and the assessments follow the regulators.
 */
import { describe, expect, it } from 'vitest'
import type { Queryable } from '../../supabase/local/db.ts'
import { SETTINGS_MESSAGES } from '../../src/domain/organisationSettings.ts'
import { addMember, asCaller, ENGINES, errorOf, organisation, type Person, person, suiteDatabase } from './team-helpers.ts'

interface Settings {
  role: string
  regulators: string[]
  sector: string | null
  review_frequency: string | null
  review_reminders_default: boolean
  version: number
  updated_by_name: string | null
  admins: string[]
}

for (const engine of ENGINES) {
  describe(`organisation settings on ${engine.name}`, () => {
    const pg = suiteDatabase(engine)
    const as = <T>(who: Person, fn: (tx: Queryable) => Promise<T>) => asCaller(pg.db, 'authenticated', who.id, fn)
    const read = async (who: Person) => (await as(who, (tx) => tx.query<{ r: Settings }>('select public.get_organisation_settings() as r'))).rows[0]!.r
    const update = (who: Person, version: number, regulators: unknown, sector: string | null, frequency: string | null, reminders: boolean | null = true) =>
      as(who, (tx) =>
        tx.query<{ r: Settings }>('select public.update_organisation_settings($1, $2::jsonb, $3, $4, $5) as r', [version, JSON.stringify(regulators), sector, frequency, reminders]),
      ).then((r) => r.rows[0]!.r)
    const openFrameworks = async (org: string) =>
      (await pg.db.query<{ f: string }>('select framework_id as f from public.assessments where organisation_id = $1 and archived_at is null order by 1', [org])).rows.map((r) => r.f)

    /** Ada (admin) and Ben (member) of one organisation; Ola, admin of another. */
    async function team() {
      const ada = await person(pg.db, { first: 'Ada' })
      const ben = await person(pg.db, { first: 'Ben' })
      const ola = await person(pg.db, { first: 'Ola' })
      const org = await organisation(pg.db, ada)
      await addMember(pg.db, org, ben)
      const other = await organisation(pg.db, ola)
      return { ada, ben, ola, org, other }
    }

    it('an admin saves them; every member reads the same; the assessments follow the regulators', async () => {
      const { ada, ben, org } = await team()
      expect(await read(ben)).toMatchObject({ role: 'member', regulators: [], review_frequency: null, version: 0 })
      const saved = await update(ada, 0, ['ofsted', 'cqc', 'cqc'], 'care', 'weekly', false)
      expect(saved).toMatchObject({ role: 'admin', regulators: ['cqc', 'ofsted'], sector: 'care', review_frequency: 'weekly', review_reminders_default: false, version: 1, updated_by_name: 'Ada Tester', admins: ['Ada Tester'] })
      const { role: _admin, ...shared } = saved
      const { role, ...seen } = await read(ben)
      expect([role, seen]).toEqual(['member', shared])
      expect(await openFrameworks(org)).toEqual(['cqc-saf', 'ofsted-eif'])
      // Ofsted dropped: archived with its answers; chosen again: the same assessment reopens.
      const [ofsted] = (await pg.db.query<{ id: string }>("select id from public.assessments where organisation_id = $1 and framework_id = 'ofsted-eif'", [org])).rows
      await update(ada, 1, ['cqc'], 'care', 'weekly', false)
      expect(await openFrameworks(org)).toEqual(['cqc-saf'])
      await update(ada, 2, ['cqc', 'ofsted'], 'care', 'weekly', false)
      expect((await pg.db.query<{ id: string }>("select id from public.assessments where organisation_id = $1 and framework_id = 'ofsted-eif' and archived_at is null", [org])).rows).toEqual([ofsted])
    })

    it('a member, an outsider and a plain write cannot change them; nothing is written', async () => {
      const { ada, ben, ola, org } = await team()
      const e = await pg.refused(() => update(ben, 0, ['cqc'], 'care', 'daily'), 'PT403', 'not_admin')
      expect(e.message).toBe('Only an admin of your organisation can do this.')
      // Ola's call changes her own organisation only.
      await update(ola, 0, ['rsh'], 'housing', 'monthly')
      expect((await read(ada)).regulators).toEqual([])
      // No column privilege for the settings: only the functions write them.
      for (const column of ['selected_regulators', 'review_frequency', 'review_reminders_default', 'settings_version']) {
        const value = column === 'selected_regulators' ? "'{cqc}'" : column === 'review_frequency' ? "'daily'" : column === 'settings_version' ? '9' : 'false'
        await pg.refused(() => as(ada, (tx) => tx.query(`update public.organisations set ${column} = ${value} where id = $1`, [org])), '42501')
      }
      await pg.refused(() => asCaller(pg.db, 'anon', null, (tx) => tx.query('select public.get_organisation_settings()')), '42501')
      const none = await person(pg.db, { first: 'Nia' })
      await pg.refused(() => read(none), 'PT403', 'not_member')
    })

    it('refuses bad settings with the browser’s own words, and writes nothing', async () => {
      const { ada } = await team()
      const cases: [unknown, string | null, string | null, string, string][] = [
        [[], 'care', 'daily', 'regulators_required', SETTINGS_MESSAGES.regulatorsRequired],
        [['cqc', 'fsa'], 'care', 'daily', 'unknown_regulator', SETTINGS_MESSAGES.unknownRegulator],
        [{ cqc: true }, 'care', 'daily', 'unknown_regulator', SETTINGS_MESSAGES.unknownRegulator],
        [[1], 'care', 'daily', 'unknown_regulator', SETTINGS_MESSAGES.unknownRegulator],
        [['cqc'], ' ', 'daily', 'sector_required', SETTINGS_MESSAGES.sectorRequired],
        [['cqc'], null, 'daily', 'sector_required', SETTINGS_MESSAGES.sectorRequired],
        [['cqc'], 'retail', 'daily', 'invalid_sector', SETTINGS_MESSAGES.invalidSector],
        [['cqc'], 'care', null, 'frequency_required', SETTINGS_MESSAGES.frequencyRequired],
        [['cqc'], 'care', 'hourly', 'invalid_frequency', SETTINGS_MESSAGES.invalidFrequency],
      ]
      for (const [regulators, sector, frequency, hint, message] of cases) {
        const e = await pg.refused(() => update(ada, 0, regulators, sector, frequency), '22023', hint)
        expect(e.message).toBe(message)
      }
      await pg.refused(() => update(ada, 0, ['cqc'], 'care', 'daily', null), '22023', 'invalid_reminders_default')
      await pg.refused(() => update(ada, -1, ['cqc'], 'care', 'daily'), '22023', 'invalid_version')
    })

    it('a save made from an older version is a conflict naming who saved meanwhile, and writes nothing', async () => {
      const { ada, org } = await team()
      const cy = await person(pg.db, { first: 'Cy' })
      await addMember(pg.db, org, cy, 'admin')
      await update(cy, 0, ['cqc'], 'care', 'daily')
      const e = await pg.refused(() => update(ada, 0, ['cqc'], 'care', 'monthly'), 'PT409', 'settings_conflict')
      expect(e.message).toBe(SETTINGS_MESSAGES.conflict('Cy Tester'))
      expect(JSON.parse((e as { detail?: string }).detail ?? '{}')).toMatchObject({ version: 1, changed_by: 'Cy Tester' })
    })

    it('every change is in the audit trail, with who made it and what changed; a save changing nothing adds none', async () => {
      const { ada, org } = await team()
      await update(ada, 0, ['cqc'], 'care', 'daily')
      await update(ada, 1, ['cqc'], 'care', 'daily') // the same again
      await update(ada, 1, ['cqc', 'rsh'], 'care', 'monthly', false)
      const events = await pg.db.query<{ kind: string; actor_id: string; actor_name: string; assessment_id: null; detail: unknown }>(
        "select kind, actor_id, actor_name, assessment_id, detail from public.audit_events where organisation_id = $1 and kind = 'settings_changed' order by id",
        [org],
      )
      expect(events.rows).toEqual([
        {
          kind: 'settings_changed', actor_id: ada.id, actor_name: 'Ada Tester', assessment_id: null,
          detail: { version: 1, changes: { regulators: { from: [], to: ['cqc'] }, sector: { from: null, to: 'care' }, review_frequency: { from: null, to: 'daily' } } },
        },
        {
          kind: 'settings_changed', actor_id: ada.id, actor_name: 'Ada Tester', assessment_id: null,
          detail: { version: 2, changes: { regulators: { from: ['cqc'], to: ['cqc', 'rsh'] }, review_frequency: { from: 'daily', to: 'monthly' }, review_reminders_default: { from: true, to: false } } },
        },
      ])
      // An admin's plain update of the sector (the column stays writable, as before) is stamped and audited too.
      await as(ada, (tx) => tx.query("update public.organisations set sector = 'education' where id = $1", [org]))
      expect(await read(ada)).toMatchObject({ sector: 'education', version: 3, updated_by_name: 'Ada Tester' })
    })

    it('the account of who changed them last deleted: the reference goes, the name and the version stay', async () => {
      const { ada, org } = await team()
      const cy = await person(pg.db, { first: 'Cy' })
      await addMember(pg.db, org, cy, 'admin')
      await update(cy, 0, ['cqc'], 'care', 'daily')
      // A forged stamp changes nothing.
      await pg.db.query('update public.organisations set settings_updated_by = null, settings_updated_by_name = $2, settings_version = 9 where id = $1', [org, 'Forged'])
      const row = () => pg.db.query('select settings_updated_by as by, settings_updated_by_name as name, settings_version as v from public.organisations where id = $1', [org]).then((r) => r.rows[0])
      expect(await row()).toEqual({ by: cy.id, name: 'Cy Tester', v: 1 })
      await pg.db.query('delete from auth.users where id = $1', [cy.id])
      expect(await row()).toEqual({ by: null, name: 'Cy Tester', v: 1 })
      expect(await read(ada)).toMatchObject({ version: 1, updated_by_name: 'Cy Tester', review_frequency: 'daily' })
    })

    it('the setup wizard’s answers become the organisation’s when an admin runs it, never when a member does', async () => {
      const { ada, ben, org } = await team()
      const apply = (who: Person, regulators: unknown, sector: string, frequency: string) =>
        as(who, (tx) => tx.query<{ r: { applied: boolean; settings?: Settings } }>('select public.apply_setup_to_organisation($1::jsonb, $2, $3) as r', [JSON.stringify(regulators), sector, frequency])).then((r) => r.rows[0]!.r)
      await pg.db.query('update public.organisations set review_reminders_default = false where id = $1', [org])
      const byAdmin = await apply(ada, ['cqc'], 'care', 'monthly')
      expect(byAdmin).toMatchObject({ applied: true, settings: { regulators: ['cqc'], sector: 'care', review_frequency: 'monthly', review_reminders_default: false } })
      expect(await openFrameworks(org)).toEqual(['cqc-saf'])
      const before = await read(ben)
      expect(await apply(ben, ['ofsted'], 'education', 'daily')).toEqual({ applied: false })
      expect(await read(ben)).toEqual(before)
      expect(await openFrameworks(org)).toEqual(['cqc-saf'])
      await pg.refused(() => apply(ada, [], 'care', 'monthly'), '22023', 'regulators_required')
      const nobody = await person(pg.db, { first: 'Nia' })
      expect(await apply(nobody, ['cqc'], 'care', 'daily')).toEqual({ applied: false })
      expect((await errorOf(asCaller(pg.db, 'anon', null, (tx) => tx.query("select public.apply_setup_to_organisation('[\"cqc\"]', 'care', 'daily')")))).code).toBe('42501')
    })
  })
}
