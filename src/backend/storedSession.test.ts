import { createClient } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { sessionStorageKey } from './storedSession'

describe('the stored-session key', () => {
  it.each(['http://127.0.0.1:54321', 'https://abcdefgh.supabase.co', 'http://localhost:54421'])(
    'is the key supabase-js itself stores the session under for %s',
    (url) => {
      const client = createClient(url, 'anon-key', { auth: { persistSession: false }, realtime: { transport: WebSocket as never } })
      expect(sessionStorageKey(url)).toBe((client as unknown as { storageKey: string }).storageKey)
    },
  )
})
