/** /features, /integrations, /security and /api (spec sections 1, 2 and 9). */

export interface FeatureGroup {
  id: string
  title: string
  intro: string
  items: readonly { title: string; body: string }[]
}

export interface TrustClaim {
  id: string
  title: string
  body: string
}
