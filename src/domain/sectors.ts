/** The four sectors (spec section 3) and their regulators. */
export const SECTORS = ['care', 'education', 'housing', 'construction'] as const
export type Sector = (typeof SECTORS)[number]

export const SECTOR_LABELS: Record<Sector, string> = {
  care: 'Care',
  education: 'Education',
  housing: 'Housing',
  construction: 'Construction',
}

export function isSector(value: unknown): value is Sector {
  return typeof value === 'string' && (SECTORS as readonly string[]).includes(value)
}

/** The landing page path of a sector; the root is the care tab. */
export function sectorPath(sector: Sector): '/care' | '/education' | '/housing' | '/construction' {
  return `/${sector}` as const
}
