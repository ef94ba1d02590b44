/**
 * The Regulator of Social Housing's consumer standards, from 1 April 2024 (shared/frameworks.md): four standards
 * and their required outcomes. The regulator publishes no self-assessment scale, so outcomes are rated on ours.
 */
import { defineFramework } from './define'
import { COMPLIANCE } from './scales'

const scale = COMPLIANCE.id

export const RSH_CONSUMER_2024 = defineFramework({
  frameworkId: 'rsh-consumer',
  version: '2024',
  name: 'RSH consumer standards',
  shortName: 'RSH',
  regulator: 'rsh',
  sector: 'housing',
  groupNoun: { singular: 'standard', plural: 'standards' },
  itemNoun: { singular: 'outcome', plural: 'outcomes' },
  scoring: { kind: 'compliance' },
  scales: [COMPLIANCE],
  evidenceCategories: [],
  conditions: [],
  groups: [
    {
      key: 'safety-and-quality',
      name: 'Safety and Quality',
      kind: 'standard',
      scale,
      items: [
        { key: 'stock-quality', name: 'Stock quality' },
        { key: 'decency', name: 'Decency' },
        { key: 'health-and-safety', name: 'Health and safety' },
        { key: 'repairs-maintenance-and-planned-improvements', name: 'Repairs, maintenance and planned improvements' },
        { key: 'adaptations', name: 'Adaptations' },
      ],
    },
    {
      key: 'transparency-influence-and-accountability',
      name: 'Transparency, Influence and Accountability',
      kind: 'standard',
      scale,
      items: [
        { key: 'fairness-and-respect', name: 'Fairness and respect' },
        { key: 'diverse-needs', name: 'Diverse needs' },
        { key: 'engagement-with-tenants', name: 'Engagement with tenants' },
        { key: 'information-about-landlord-services', name: 'Information about landlord services' },
        { key: 'performance-information', name: 'Performance information (tenant satisfaction measures)' },
        { key: 'complaints', name: 'Complaints' },
      ],
    },
    {
      key: 'neighbourhood-and-community',
      name: 'Neighbourhood and Community',
      kind: 'standard',
      scale,
      items: [
        { key: 'safety-of-shared-spaces', name: 'Safety of shared spaces' },
        { key: 'local-co-operation', name: 'Local co-operation' },
        { key: 'anti-social-behaviour-and-hate-incidents', name: 'Anti-social behaviour and hate incidents' },
        { key: 'domestic-abuse', name: 'Domestic abuse' },
      ],
    },
    {
      key: 'tenancy',
      name: 'Tenancy',
      kind: 'standard',
      scale,
      items: [
        { key: 'allocations-and-lettings', name: 'Allocations and lettings' },
        { key: 'tenancy-sustainment-and-evictions', name: 'Tenancy sustainment and evictions' },
        { key: 'tenure', name: 'Tenure' },
        { key: 'mutual-exchange', name: 'Mutual exchange' },
      ],
    },
  ],
})
