/**
 * A machine's state value as one dotted string: `editing`, `requesting.sending`, and parallel regions joined with
 * ' + ' (`form.editing + copy.idle`). Views compare against it; the path tests and docs/flows print it.
 */
export function stateValueText(value: unknown): string {
  if (typeof value === 'string') return value
  if (value && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => {
        const rest = stateValueText(v)
        return rest ? `${k}.${rest}` : k
      })
      .join(' + ')
  }
  return ''
}
