/** /roadmap (spec section 2): three quarterly cards with the spec's items. */
export interface RoadmapQuarter {
  id: 'q1' | 'q2' | 'q3'
  quarter: string
  theme: string
  summary: string
  items: readonly { title: string; body: string }[]
}

export const roadmap: readonly RoadmapQuarter[] = [
  {
    id: 'q1',
    quarter: 'Q1',
    theme: 'ML pipelines',
    summary: 'The groundwork for trustworthy machine learning.',
    items: [
      { title: 'Data labeling', body: 'Reviewed, consented examples from audits and assessments, labelled by experts.' },
      { title: 'Feature store', body: 'One governed place for the signals models use, with lineage back to source records.' },
      { title: 'Model monitoring', body: 'Drift and accuracy tracked for every model in production, with alerts to a person.' },
    ],
  },
  {
    id: 'q2',
    quarter: 'Q2',
    theme: 'Real-time intelligence',
    summary: 'Faster answers inside the tools you use every day.',
    items: [
      { title: 'Real-time inference APIs', body: 'Suggestions while a log or assessment is being written, not after.' },
      { title: 'Vector search', body: 'Find the policy, log or course you need by meaning, not just keywords.' },
      { title: 'Automated retraining', body: 'Models refreshed on schedule from reviewed data, with a person approving each release.' },
    ],
  },
  {
    id: 'q3',
    quarter: 'Q3',
    theme: 'Predictive insight',
    summary: 'Early warnings a manager can act on.',
    items: [
      { title: 'Predictive risk scoring', body: 'Which services, audits or training gaps are most likely to need attention next.' },
      { title: 'Explainable anomaly detection', body: 'Unusual patterns in logs and incidents flagged with the reasons why.' },
    ],
  },
]
