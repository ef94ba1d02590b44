/**
 * What the bench times (scripts/bench-pack.ts): the full CQC pack (34 statements with evidence and actions) built
 * from its input and drawn as a PDF, `runs` times; the first run includes the renderer's own start-up. Run in Node
 * from source and in Chromium from the production bundle.
 */
import { buildPackDocument } from '../src/domain/pack/build'
import { fullCqcPackInput } from '../src/domain/pack/samples'
import { renderPackPdf } from '../src/views/pack/pdf'

export interface PackTiming {
  readonly firstMs: number
  /** Median of the runs after the first. */
  readonly medianMs: number
  readonly bytes: number
  readonly pages: number
}

export async function timePack(runs: number): Promise<PackTiming> {
  const times: number[] = []
  let bytes = 0
  let pages = 0
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now()
    const pdf = await renderPackPdf(buildPackDocument(fullCqcPackInput()))
    times.push(performance.now() - t0)
    bytes = pdf.bytes.length
    pages = pdf.pages
  }
  const warm = times.slice(1).sort((a, b) => a - b)
  return { firstMs: Math.round(times[0]!), medianMs: Math.round(warm[Math.floor(warm.length / 2)] ?? times[0]!), bytes, pages }
}
