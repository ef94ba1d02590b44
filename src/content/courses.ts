import type { Sector } from '../domain/sectors'

/** Pre-loaded accredited training courses per sector (spec sections 1 and 2): six essential courses each. */
export interface Course {
  title: string
  /** Typical completion time in minutes. */
  minutes: number
  format: 'E-learning' | 'Microlearning' | 'Blended'
}

export const ESSENTIAL_COURSES: Record<Sector, readonly Course[]> = {
  care: [
    { title: 'Safeguarding Adults', minutes: 90, format: 'E-learning' },
    { title: 'Medication Administration', minutes: 120, format: 'Blended' },
    { title: 'Moving and Handling', minutes: 60, format: 'Blended' },
    { title: 'Infection Prevention and Control', minutes: 45, format: 'E-learning' },
    { title: 'Mental Capacity Act 2005', minutes: 60, format: 'E-learning' },
    { title: 'Basic Life Support', minutes: 30, format: 'Microlearning' },
  ],
  education: [
    { title: 'Keeping Children Safe in Education', minutes: 90, format: 'E-learning' },
    { title: 'Prevent Duty', minutes: 45, format: 'E-learning' },
    { title: 'Safer Recruitment', minutes: 120, format: 'Blended' },
    { title: 'Paediatric First Aid', minutes: 60, format: 'Blended' },
    { title: 'SEND Awareness', minutes: 45, format: 'Microlearning' },
    { title: 'Online Safety', minutes: 30, format: 'Microlearning' },
  ],
  housing: [
    { title: 'Fire Safety Awareness', minutes: 45, format: 'E-learning' },
    { title: 'Damp and Mould', minutes: 30, format: 'Microlearning' },
    { title: 'Gas Safety Awareness', minutes: 45, format: 'E-learning' },
    { title: 'Asbestos Awareness', minutes: 60, format: 'E-learning' },
    { title: 'Safeguarding for Housing Staff', minutes: 60, format: 'E-learning' },
    { title: 'Consumer Standards Essentials', minutes: 45, format: 'Microlearning' },
  ],
  construction: [
    { title: 'Working at Height', minutes: 60, format: 'Blended' },
    { title: 'Asbestos Awareness', minutes: 60, format: 'E-learning' },
    { title: 'Manual Handling', minutes: 45, format: 'Blended' },
    { title: 'CDM 2015 Essentials', minutes: 90, format: 'E-learning' },
    { title: 'COSHH Awareness', minutes: 45, format: 'E-learning' },
    { title: 'Building Safety Act and the Golden Thread', minutes: 60, format: 'Microlearning' },
  ],
}

/** The featured pre-loaded courses shown first on a sector page. */
export function preloadedCourses(sector: Sector, count = 3): readonly Course[] {
  return ESSENTIAL_COURSES[sector].slice(0, count)
}
