import type { BrandRule } from './types'

/** /press. */

export const brandGuidelines: readonly BrandRule[] = [
  {
    title: 'Our name',
    body: 'Write the name as one word with a capital I and a capital R. Do not abbreviate it, add spaces or use it as a verb.',
  },
  {
    title: 'Logo',
    body: 'Use the logo on a plain background with clear space around it at least the height of the mark on every side. Do not stretch, recolour, rotate or add effects to it.',
  },
  {
    title: 'Colours',
    body: 'Our primary colour is teal (#0E7490) on white, with care cyan, education purple, housing green and construction orange used only to identify those sectors.',
  },
  {
    title: 'Describing us',
    body: 'A compliance and inspection-readiness platform for UK organisations in care, education, housing and construction. Please do not describe us as a regulator or imply that using the product guarantees an inspection outcome.',
  },
]

export const pressFacts: readonly string[] = [
  'Compliance and inspection readiness for care, education, housing and construction, mostly in the UK.',
  'Works with the expectations of CQC, Ofsted, the Regulator of Social Housing and the Building Safety Regulator.',
  'Free forever for up to 3 staff members; a paid plan with unlimited seats.',
  'Runs a fully funded youth-skills referral programme for young people aged 10 to 25.',
]
