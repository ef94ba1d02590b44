import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Machines read what an event carries through its type, never through a cast (docs/flows-and-testing.md, the
 * machine convention): payloads with assertEvent, actor results through params from the typed onDone/onError
 * event, failures through errorOf (machines/actorEvents.ts). A cast of `event` hides a change of the event's shape
 * from the type-checker, so it is refused here, naming the file and the line.
 */
const root = resolve(import.meta.dirname, '..')
const CAST = /\bevent\s+as\b/

function eventCasts(source: string): number[] {
  return source.split('\n').flatMap((line, i) => (CAST.test(line) ? [i + 1] : []))
}

describe('machines read events without casts', () => {
  it('finds a cast of the event, and nothing in a line that only mentions one', () => {
    expect(eventCasts("const x = 1\nconst e = (event as { error?: unknown }).error\n// an event asks")).toEqual([2])
    expect(eventCasts('assertEvent(event, "RETRY")\nconst events = []')).toEqual([])
  })

  it('no machine casts its event', () => {
    const dir = join(root, 'machines')
    const found = readdirSync(dir)
      .filter((f) => f.endsWith('.machine.ts'))
      .flatMap((f) => eventCasts(readFileSync(join(dir, f), 'utf8')).map((line) => `machines/${f}:${line}`))
    expect(found).toEqual([])
  })
})
