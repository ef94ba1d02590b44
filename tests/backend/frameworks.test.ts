/**
 * The framework reference data in the database (the embedded PostgreSQL 15, every migration applied): the rows equal the TypeScript
 * data, signed-in users may read them and nobody may write them, the generated migration can run again and
 * prunes what the data drops, and the keys are enough for the assessment tables to refuse a score off the scale
 * or an item of another framework (shown with the composite foreign keys the proposed schema uses).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { referenceRows, renderFrameworksSql, TABLES } from '../../scripts/frameworks-sql.ts'
import { CQC_SAF_2024 } from '../../src/domain/frameworks/cqcSaf2024.ts'
import { defineFramework } from '../../src/domain/frameworks/define.ts'
import { OFSTED_EIF_2025 } from '../../src/domain/frameworks/ofstedEif2025.ts'
import { FRAMEWORK_VERSIONS } from '../../src/domain/frameworks/registry.ts'
import type { FrameworkVersion } from '../../src/domain/frameworks/types.ts'
import type { Db, Queryable } from '../../supabase/local/db.ts'
import { asRole, embeddedDatabase, errorOf } from './helpers.ts'

const sortByKey = (rows: readonly Record<string, unknown>[], key: readonly string[]) =>
  [...rows].sort((a, b) => {
    const [x, y] = [JSON.stringify(key.map((k) => a[k])), JSON.stringify(key.map((k) => b[k]))]
    return x < y ? -1 : x > y ? 1 : 0
  })

async function tableRows(db: Queryable) {
  const out: Record<string, Record<string, unknown>[]> = {}
  for (const t of TABLES) out[t.name] = sortByKey((await db.query(`select * from public.${t.name}`)).rows, t.key)
  return out
}

const expectedRows = (versions: readonly FrameworkVersion[]) => {
  const rows = referenceRows(versions)
  return Object.fromEntries(TABLES.map((t) => [t.name, sortByKey(rows[t.name], t.key)]))
}

class Rollback extends Error {}

describe('framework reference data in the database', () => {
  let db: Db
  let stop: (() => Promise<void>) | undefined
  beforeAll(async () => {
    // A throwaway copy of the migrated template cluster: bootstrap and every migration applied.
    ;({ db, stop } = await embeddedDatabase())
  })
  afterAll(async () => {
    await stop?.()
  })

  /** Runs fn in a transaction that is always rolled back, so each test leaves the data as the migrations made it. */
  const inRollback = async (fn: (tx: Queryable) => Promise<void>) => {
    await expect(
      db.transaction(async (tx) => {
        await fn(tx)
        throw new Rollback()
      }),
    ).rejects.toBeInstanceOf(Rollback)
  }

  const as = <T>(role: string, fn: (tx: Queryable) => Promise<T>) =>
    asRole(db, role, role === 'authenticated' ? '00000000-0000-4000-8000-000000000001' : null, fn)

  it('holds exactly the rows of src/domain/frameworks (every table, every column)', async () => {
    expect(await tableRows(db)).toEqual(expectedRows(FRAMEWORK_VERSIONS))
  })

  it('counts what shared/frameworks.md says: 34 CQC statements 8/6/5/7/8, Ofsted 8 areas and safeguarding, 19 RSH outcomes, 10 BSR duties', async () => {
    const per = await db.query<{ group_id: string; n: number }>('select group_id, count(*)::int as n from public.framework_items group by group_id')
    const count = (id: string) => per.rows.find((r) => r.group_id === id)?.n
    expect(['safe', 'effective', 'caring', 'responsive', 'well-led'].map((g) => count(`cqc-saf-2024/${g}`))).toEqual([8, 6, 5, 7, 8])
    expect([count('ofsted-eif-2025/evaluation-areas'), count('ofsted-eif-2025/safeguarding')]).toEqual([8, 1])
    const byVersion = await db.query<{ version_id: string; n: number }>('select version_id, count(*)::int as n from public.framework_items group by version_id order by version_id')
    expect(byVersion.rows).toEqual([
      { version_id: 'bsr-hrb-2023', n: 10 },
      { version_id: 'cqc-saf-2024', n: 34 },
      { version_id: 'ofsted-eif-2025', n: 9 },
      { version_id: 'rsh-consumer-2024', n: 19 },
    ])
    const cats = await db.query('select count(*)::int as n from public.framework_evidence_categories where version_id = $1', ['cqc-saf-2024'])
    expect(cats.rows).toEqual([{ n: 6 }])
  })

  it('signed-in users may read every table; anon may not', async () => {
    for (const t of TABLES) {
      const r = await as('authenticated', (tx) => tx.query<{ n: number }>(`select count(*)::int as n from public.${t.name}`))
      expect(r.rows[0]?.n, t.name).toBeGreaterThan(0)
      expect((await errorOf(as('anon', (tx) => tx.query(`select 1 from public.${t.name}`)))).code, t.name).toBe('42501')
    }
  })

  it('nobody but migrations may write: insert, update and delete are refused to every API role, and nothing changes', async () => {
    const writes = [
      "insert into public.framework_scale_points (scale_id, value, score, label, below_good) values ('cqc-score', '5', 5, 'Better', false)",
      "update public.framework_scale_points set label = 'Fine' where scale_id = 'cqc-score'",
      "delete from public.framework_items where version_id = 'cqc-saf-2024'",
      "insert into public.frameworks (id, regulator, sector) values ('fake', 'cqc', 'care')",
      'truncate public.framework_items cascade',
    ]
    for (const role of ['anon', 'authenticated', 'service_role']) {
      for (const sql of writes) expect((await errorOf(as(role, (tx) => tx.query(sql)))).code, `${role}: ${sql}`).toBe('42501')
    }
    expect(await tableRows(db)).toEqual(expectedRows(FRAMEWORK_VERSIONS))
  })

  it('the generated migration can run again and changes nothing', async () => {
    await inRollback(async (tx) => {
      await tx.exec(renderFrameworksSql())
      expect(await tableRows(tx)).toEqual(expectedRows(FRAMEWORK_VERSIONS))
    })
  })

  it('a later generated migration updates, adds and prunes: a renamed item, a new version, a dropped item and condition', async () => {
    const renamed = defineFramework({
      ...OFSTED_EIF_2025,
      conditions: OFSTED_EIF_2025.conditions.filter((c) => c.key !== 'sixth-form'),
      groups: OFSTED_EIF_2025.groups.map((g) => ({
        key: g.key,
        name: g.name,
        kind: g.kind,
        judgedSeparately: g.judgedSeparately,
        scale: g.items[0]!.scaleId,
        items: g.items
          .filter((i) => i.key !== 'sixth-form')
          .map((i) => ({ key: i.key, name: i.key === 'inclusion' ? 'Inclusion (renamed)' : i.name, ...(i.condition ? { condition: i.condition } : {}) })),
      })),
    })
    const next = { ...CQC_SAF_2024, version: '2099', id: 'cqc-saf-2099', groups: CQC_SAF_2024.groups.map((g) => ({ ...g, id: g.id.replace('2024', '2099'), items: g.items.map((i) => ({ ...i, id: i.id.replace('2024', '2099'), groupId: i.groupId.replace('2024', '2099') })) })) }
    const versions = [CQC_SAF_2024, next, renamed, ...FRAMEWORK_VERSIONS.slice(2)]
    await inRollback(async (tx) => {
      await tx.exec(renderFrameworksSql(versions))
      expect(await tableRows(tx)).toEqual(expectedRows(versions))
      const sixth = await tx.query("select 1 from public.framework_items where id = 'ofsted-eif-2025/evaluation-areas/sixth-form'")
      expect(sixth.rows).toHaveLength(0)
    })
  })

  describe('enough for the assessment tables to refuse bad ratings (the proposed composite foreign keys)', () => {
    /** A stand-in for the proposed assessments and ratings tables, with the same keys, in a rolled-back transaction. */
    const withRatings = (fn: (insert: (assessment: string, item: string, value: string) => Promise<unknown>, tx: Queryable) => Promise<void>) =>
      inRollback(async (tx) => {
        await tx.exec(`
          create schema demo;
          create table demo.assessments (
            id text primary key,
            version_id text not null references public.framework_versions (id),
            unique (id, version_id)
          );
          create table demo.ratings (
            assessment_id text not null,
            version_id text not null,
            item_id text not null,
            scale_id text not null,
            value text not null,
            foreign key (assessment_id, version_id) references demo.assessments (id, version_id),
            foreign key (item_id, version_id) references public.framework_items (id, version_id),
            foreign key (item_id, scale_id) references public.framework_items (id, scale_id),
            foreign key (scale_id, value) references public.framework_scale_points (scale_id, value)
          );
          insert into demo.assessments values ('care', 'cqc-saf-2024'), ('school', 'ofsted-eif-2025');`)
        // As the proposed trigger does: version from the assessment, scale from the item.
        const insert = (assessment: string, item: string, value: string) =>
          tx.query(
            `insert into demo.ratings (assessment_id, version_id, item_id, scale_id, value)
             select a.id, a.version_id, $2, coalesce((select scale_id from public.framework_items where id = $2), 'none'), $3
             from demo.assessments a where a.id = $1`,
            [assessment, item, value],
          )
        await fn(insert, tx)
      })

    it('accepts a score on the item’s scale for an item of the assessment’s framework', async () => {
      await withRatings(async (insert, tx) => {
        await insert('care', 'cqc-saf-2024/safe/safeguarding', '3')
        await insert('school', 'ofsted-eif-2025/safeguarding/safeguarding', 'not-met')
        expect((await tx.query('select count(*)::int as n from demo.ratings')).rows).toEqual([{ n: 2 }])
      })
    })

    it('refuses a score off the scale, an item of another framework and an unknown item (23503, a 409 from PostgREST)', async () => {
      for (const [assessment, item, value] of [
        ['care', 'cqc-saf-2024/safe/safeguarding', '5'],
        ['care', 'cqc-saf-2024/safe/safeguarding', 'met'],
        ['school', 'ofsted-eif-2025/safeguarding/safeguarding', 'exceptional'],
        ['care', 'ofsted-eif-2025/safeguarding/safeguarding', 'met'],
        ['school', 'cqc-saf-2024/safe/safeguarding', '3'],
        ['care', 'cqc-saf-2024/safe/nothing', '3'],
      ] as const) {
        await withRatings(async (insert) => {
          expect((await errorOf(insert(assessment, item, value))).code, `${assessment} ${item} ${value}`).toBe('23503')
        })
      }
    })

    it('a later migration cannot prune an item that has ratings', async () => {
      await withRatings(async (insert, tx) => {
        await insert('care', 'cqc-saf-2024/well-led/freedom-to-speak-up', '2')
        const fewer = defineFramework({
          ...CQC_SAF_2024,
          groups: CQC_SAF_2024.groups.map((g) => ({ key: g.key, name: g.name, kind: g.kind, scale: 'cqc-score', items: g.items.filter((i) => i.key !== 'freedom-to-speak-up').map((i) => ({ key: i.key, name: i.name })) })),
        })
        expect((await errorOf(tx.exec(renderFrameworksSql([fewer, ...FRAMEWORK_VERSIONS.slice(1)])))).code).toBe('23503')
      })
    })
  })
})
