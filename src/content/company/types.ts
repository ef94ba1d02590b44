/** /about, /careers, /press and /partners (spec section 2). */

export interface Value {
  id: string
  title: string
  body: string
}

export interface Role {
  id: string
  title: string
  location: string
  type: string
  summary: string
  responsibilities: readonly string[]
  lookingFor: readonly string[]
}

export interface BrandRule {
  title: string
  body: string
}

export interface PartnerType {
  title: string
  body: string
}
