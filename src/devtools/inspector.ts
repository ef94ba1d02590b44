import type { InspectionEvent, Observer } from 'xstate'

/**
 * The Stately inspector, for development only: open any page with `?inspect` and every machine actor
 * created with `inspect` from this module appears in the inspector window. @statelyai/inspect is
 * imported dynamically behind import.meta.env.DEV, so production bundles never contain it
 * (checked by tests/e2e/inspector.spec.ts and scripts/check-bundle).
 *
 * Actors start before the dynamic import resolves, so events are buffered and replayed once it loads.
 */
type Sink = (event: InspectionEvent) => void

let sink: Sink | null = null
const buffer: InspectionEvent[] = []
let requested = false

function wanted(): boolean {
  return typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('inspect')
}

function load() {
  requested = true
  import('@statelyai/inspect')
    .then(({ createBrowserInspector }) => {
      const inspector = createBrowserInspector({
        // Drop the password from anything sent to the inspector window (sign-up machine context).
        serialize: (event) => sanitise(event),
      })
      const observer = inspector.inspect as Observer<InspectionEvent>
      sink = (event) => observer.next?.(event)
      for (const event of buffer.splice(0)) sink(event)
    })
    .catch((error: unknown) => console.warn('Inspector failed to load', error))
}

const mask = (v: string) => (v ? '•••' : '')
const SECRET_NAME = /password/i
/** Actors named like a password (e.g. `copyPassword`): everything in their input is masked. */
const secretSessions = new Set<string>()

function maskStrings(value: unknown): unknown {
  if (typeof value === 'string') return mask(value)
  if (Array.isArray(value)) return value.map(maskStrings)
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskStrings(v)]))
  return value
}

/**
 * Remove secrets before a value leaves the page: any string under a key named like password, the `value` of
 * a field event for a password field (`{ type: 'FIELD_CHANGED', field: 'password', value }`), and the input of
 * an actor named like a password (its `@xstate.actor` event comes first and marks the session).
 */
export function sanitise<T>(value: T): T {
  const event = value as { type?: unknown; name?: unknown; sessionId?: unknown } | null
  if (event && typeof event === 'object' && typeof event.sessionId === 'string') {
    if (event.type === '@xstate.actor' && typeof event.name === 'string' && SECRET_NAME.test(event.name)) secretSessions.add(event.sessionId)
  }
  const secretSession = !!event && typeof event === 'object' && typeof event.sessionId === 'string' && secretSessions.has(event.sessionId)
  return JSON.parse(
    JSON.stringify(value, function (this: Record<string, unknown>, key, v) {
      if (secretSession && key === 'input') return maskStrings(v)
      if (typeof v !== 'string') return v
      if (SECRET_NAME.test(key)) return mask(v)
      if (key === 'value' && typeof this.field === 'string' && SECRET_NAME.test(this.field)) return mask(v)
      return v
    }),
  ) as T
}

/** Pass as `inspect` when creating an actor. Undefined in production and without ?inspect. */
export const inspect: ((event: InspectionEvent) => void) | undefined =
  import.meta.env.DEV && !import.meta.env.SSR
    ? (event) => {
        if (!wanted()) return
        if (sink) return sink(event)
        buffer.push(event)
        if (!requested) load()
      }
    : undefined
