import type { EventObject } from 'xstate'

/**
 * What an invoked actor's failure event (`xstate.error.actor.<id>`) carries, read without a cast: the `in` check
 * narrows the event. Undefined for any other event, so a guard or action shared by several failures (or used by
 * mistake elsewhere) classifies "no error" rather than throwing.
 */
export function errorOf(event: EventObject): unknown {
  return 'error' in event ? event.error : undefined
}
