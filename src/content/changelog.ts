/** /changelog (spec section 2): three dated entries, newest first. */
export interface ChangelogEntry {
  /** YYYY-MM-DD */
  date: string
  title: string
  changes: readonly string[]
}

export const changelog: readonly ChangelogEntry[] = [
  {
    date: '2025-06-01',
    title: 'Policy migration and faster setup',
    changes: [
      'New: migrate policies from another compliance provider with guided mapping and a read-only preview before anything is applied.',
      'New: the setup wizard now takes about 5 minutes, with country, sector, regulators, roles and review frequency in one flow.',
      'Improved: the dashboard highlights training that is about to expire, by person and by site.',
    ],
  },
  {
    date: '2025-05-20',
    title: 'Drag-and-drop log and form builder',
    changes: [
      'New: build your own logs and forms by dragging fields into place, with required fields and conditional sections.',
      'Improved: incident reports link to follow-up actions and show trends by site.',
      'Fixed: audit reminders no longer repeat after an audit is completed early.',
    ],
  },
  {
    date: '2025-05-01',
    title: 'AI feedback on competency assessments',
    changes: [
      'New: AI-drafted feedback on competency assessments, labelled as AI and signed off by the assessor.',
      'New: pre-loaded accredited courses for care, education, housing and construction.',
      'Improved: microlearning lessons load faster on mobile connections.',
    ],
  },
]
