/**
 * The rating scales, worst point first. Scale ids are stable across framework versions: a new version reuses a
 * scale unless the regulator changes it, and then the changed scale gets a new id.
 */
import type { Scale } from './types'

/** CQC: each quality statement is scored 1–4 (shared/frameworks.md). */
export const CQC_SCORE: Scale = {
  id: 'cqc-score',
  name: 'CQC quality statement score',
  source: 'regulator',
  notice: null,
  points: [
    { value: '1', score: 1, label: 'Significant shortfalls', belowGood: true },
    { value: '2', score: 2, label: 'Some shortfalls', belowGood: true },
    { value: '3', score: 3, label: 'Good standard', belowGood: false },
    { value: '4', score: 4, label: 'Exceptional standard', belowGood: false },
  ],
}

/** Ofsted (renewed framework, November 2025): the five-point scale for each evaluation area. */
export const OFSTED_GRADE: Scale = {
  id: 'ofsted-grade',
  name: 'Ofsted evaluation area grade',
  source: 'regulator',
  notice: null,
  points: [
    { value: 'urgent-improvement', score: 1, label: 'Urgent improvement', belowGood: true },
    { value: 'needs-attention', score: 2, label: 'Needs attention', belowGood: true },
    { value: 'expected-standard', score: 3, label: 'Expected standard', belowGood: false },
    { value: 'strong-standard', score: 4, label: 'Strong standard', belowGood: false },
    { value: 'exceptional', score: 5, label: 'Exceptional', belowGood: false },
  ],
}

/** Ofsted: safeguarding is judged separately, met or not met. */
export const OFSTED_SAFEGUARDING: Scale = {
  id: 'ofsted-safeguarding',
  name: 'Ofsted safeguarding judgement',
  source: 'regulator',
  notice: null,
  points: [
    { value: 'not-met', score: 1, label: 'Not met', belowGood: true },
    { value: 'met', score: 2, label: 'Met', belowGood: false },
  ],
}

/**
 * RSH and BSR publish no self-assessment scale (shared/frameworks.md), so this one is ours, and the product says
 * so wherever it is shown.
 */
export const COMPLIANCE: Scale = {
  id: 'compliance',
  name: 'Compliance (our scale)',
  source: 'ours',
  notice:
    'This regulator publishes no rating scale for self-assessment. Compliant, partly compliant and not compliant is our own scale, to help you see where to act: it is not a judgement the regulator makes.',
  points: [
    { value: 'not-compliant', score: 1, label: 'Not compliant', belowGood: true },
    { value: 'partly-compliant', score: 2, label: 'Partly compliant', belowGood: true },
    { value: 'compliant', score: 3, label: 'Compliant', belowGood: false },
  ],
}
