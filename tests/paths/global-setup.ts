import { rmSync } from 'node:fs'
import { coverageDir } from './coverage'

/** Each Playwright run starts a fresh path-coverage record: the table counts only what this run's passing tests did. */
export default function globalSetup() {
  rmSync(coverageDir(), { recursive: true, force: true })
}
