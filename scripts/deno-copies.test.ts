import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'

/**
 * Edge functions run on Deno and cannot import from src/: the rules they share with the app are copied into
 * supabase/functions/_shared. Here, not beside the rule, because the mutation run's sandbox holds no supabase/.
 */
it('the edge functions run the very same file-type rules (supabase/functions/_shared/fileType.ts is a copy of src/domain/fileType.ts)', () => {
  const here = readFileSync(new URL('../src/domain/fileType.ts', import.meta.url), 'utf8')
  const copy = readFileSync(new URL('../supabase/functions/_shared/fileType.ts', import.meta.url), 'utf8')
  expect(copy).toBe(here)
})
