/**
 * Sample packs: a full CQC assessment with evidence and actions on every statement (what the bench times and the
 * PDF tests read back), and small helpers for the other frameworks' tests. Deterministic: the same input every
 * run, with the kinds of text real organisations write (curly quotes, en dashes, '£', accented and Polish names).
 */
import { CQC_SAF_2024 } from '../frameworks/cqcSaf2024'
import type { ItemRating } from '../frameworks/types'
import type { InspectionPackInput, PackActionInput, PackEvidenceInput, PackItemRecords } from './types'

export const SAMPLE_PREPARED_AT = '2026-11-24T09:30:00.000Z'

const PEOPLE = ['Priya Shah', 'Zoë Brontë', 'José Álvarez', 'Łucja Wiśniewska', 'Tom O’Neill', 'Adaeze Okafor']
const FILES = [
  (name: string) => `${name} policy – reviewed 2026.pdf`,
  (name: string) => `Audit of “${name.toLowerCase()}”, quarter 3.xlsx`,
  (name: string) => `Team meeting notes: ${name.toLowerCase()} (£250 training budget agreed)`,
  (name: string) => `https://intranet.example.org/${name.toLowerCase().replace(/[^a-z]+/g, '-')}/evidence`,
]
const KINDS = ['file', 'file', 'note', 'link'] as const
const CATEGORY_KEYS = CQC_SAF_2024.evidenceCategories.map((c) => c.key)
/** Scores for the 34 statements, in framework order: every band appears among the key questions. */
const SCORES = [3, 2, 1, 3, 4, 3, 2, 3, /* Effective */ 4, 4, 3, 4, 4, 3, /* Caring */ 3, 3, 3, 3, 3, /* Responsive */ 2, 2, 1, 2, 3, 2, 2, /* Well-led */ 1, 1, 2, 1, 1, 2, 1, 1]

const day = (n: number) => new Date(Date.UTC(2026, 8, 1 + n, 10, 15)).toISOString()

/** The full CQC pack: 34 statements rated, two to four pieces of evidence each, actions on every statement below good. */
export function fullCqcPackInput(organisation = 'Sunrise Care (Leeds) Ltd'): InspectionPackInput {
  const ratings: Record<string, ItemRating> = {}
  const items: Record<string, PackItemRecords> = {}
  CQC_SAF_2024.groups
    .flatMap((g) => g.items)
    .forEach((item, i) => {
      const score = SCORES[i] ?? 3
      ratings[item.id] = { value: String(score), ratedAt: day(i + 20), evidenceCategory: CATEGORY_KEYS[i % CATEGORY_KEYS.length] ?? null }
      const evidence: PackEvidenceInput[] = Array.from({ length: 2 + (i % 3) }, (_, k) => ({
        name: FILES[(i + k) % FILES.length]!(item.name),
        kind: KINDS[(i + k) % KINDS.length]!,
        category: CATEGORY_KEYS[(i + k) % CATEGORY_KEYS.length] ?? null,
        addedAt: day(i + k),
        addedBy: PEOPLE[(i + k) % PEOPLE.length]!,
      }))
      const actions: PackActionInput[] =
        score <= 2
          ? [
              { title: `Close the gap in ${item.name.toLowerCase()}: agree the plan with the team and check it has worked`, owner: PEOPLE[i % PEOPLE.length]!, dueOn: i % 4 === 0 ? '2026-11-10' : '2026-12-15', status: i % 3 === 0 ? 'in_progress' : 'open' },
              ...(i % 2 === 0 ? [{ title: `Re-audit ${item.name.toLowerCase()}`, owner: PEOPLE[(i + 2) % PEOPLE.length]!, dueOn: '2026-10-01', status: 'closed' as const, closedAt: day(40), verifiedBy: PEOPLE[(i + 3) % PEOPLE.length]! }] : []),
            ]
          : []
      items[item.id] = { ratedBy: PEOPLE[i % PEOPLE.length]!, evidence, actions }
    })
  return { organisation, versionId: CQC_SAF_2024.id, assessment: { ratings }, items, preparedBy: 'Priya Shah', preparedAt: SAMPLE_PREPARED_AT }
}
