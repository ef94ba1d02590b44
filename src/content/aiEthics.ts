/** /ai-ethics (spec section 2): purpose, five principles, acceptable and prohibited uses, oversight, commitment. */

export const aiPurpose: readonly string[] = [
  'We use artificial intelligence to take routine work off busy teams: drafting feedback on competency assessments, suggesting how a policy from another provider maps to ours, and summarising logs and audit findings.',
  'AI never replaces human judgement. Every AI output in the product is a draft for a qualified person to check, change or reject, and decisions about the people you support, your staff and your regulatory position stay with you.',
]

export interface Principle {
  id: string
  title: string
  body: string
}

/** The five principles, in the spec's order. */
export const aiPrinciples: readonly Principle[] = [
  {
    id: 'transparency',
    title: 'Transparency',
    body: 'AI-generated content is always labelled as such in the product. We explain in plain English what each AI feature does, what data it uses and its known limits.',
  },
  {
    id: 'accountability',
    title: 'Accountability',
    body: 'A named person signs off anything AI drafts before it becomes part of a record. We keep an audit trail of who accepted or changed each suggestion, and we are accountable for how our AI features behave.',
  },
  {
    id: 'fairness',
    title: 'Fairness',
    body: 'We test AI features for bias across roles, sectors and the protected characteristics of the Equality Act 2010, and change or withdraw features that treat people unfairly.',
  },
  {
    id: 'privacy',
    title: 'Privacy',
    body: 'We send AI services the minimum data a task needs, never use customer records to train models, and process everything under the UK GDPR and the Data Protection Act 2018.',
  },
  {
    id: 'safety',
    title: 'Safety',
    body: 'AI features are kept away from decisions where an error could cause harm without a person checking first, such as medication, safeguarding or clinical care, and we monitor them for errors once live.',
  },
]

export const acceptableUses: readonly string[] = [
  'Drafting feedback on a competency assessment for the assessor to review and sign off.',
  'Suggesting how policies from another compliance provider map to yours, shown as a read-only preview before anything is applied.',
  'Summarising logs, incidents and audit findings so managers can spot patterns faster.',
  'Suggesting microlearning and training based on gaps a manager has already identified.',
]

export const prohibitedUses: readonly string[] = [
  'Making or automating decisions about a person’s care, medication, safeguarding or clinical treatment.',
  'Recruitment, disciplinary or dismissal decisions without a person making the decision.',
  'Profiling or monitoring staff or the people you support beyond the purpose they were told about.',
  'Generating evidence for an inspection that did not happen, or altering records to mislead a regulator.',
  'Training AI models on customer records, or sharing them with AI providers for their own purposes.',
]

export const aiOversight: readonly string[] = [
  'Every new AI feature goes through a data protection impact assessment and a review of its failure modes before release.',
  'Our product and engineering leads review AI features at least every six months, and whenever a customer reports a concern.',
  'An organisation can ask us to switch AI features off for its workspace at any time.',
  'Concerns about an AI feature can be raised with us directly; we investigate each one and tell you what we changed.',
]

export const aiCommitment =
  'We will keep AI in the supporting role: helping people who know the people they care for, the pupils they teach, the homes they manage and the sites they run. When AI cannot do that safely, we will not ship it. We will update this policy as the law, guidance from the ICO and our product change.'
