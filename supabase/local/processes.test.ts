import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runAsService, serviceReadable, serviceUser } from './processes.ts'

describe('the service user (PostgreSQL refuses root)', () => {
  it('is an unprivileged user when this process is root, and none otherwise', () => {
    const user = serviceUser()
    if (process.getuid?.() === 0) {
      expect(user?.uid).toBeGreaterThan(0)
      expect(runAsService('id', ['-u']).trim()).toBe(String(user?.uid))
    } else {
      expect(user).toBeNull()
      expect(runAsService('id', ['-u']).trim()).toBe(String(process.getuid?.()))
    }
  })

  it('gets binaries it can run even when they lie under a folder closed to it (a project under /root)', () => {
    const closed = mkdtempSync(join(tmpdir(), 'ir-closed-')) // mode 0700, this process's
    try {
      const dir = join(closed, 'pkg')
      mkdirSync(join(dir, 'bin'), { recursive: true })
      writeFileSync(join(dir, 'bin', 'tool'), '#!/bin/sh\necho ran\n')
      chmodSync(join(dir, 'bin', 'tool'), 0o755)
      const usable = serviceReadable(dir, 'bin/tool', `test-${Date.now()}`)
      expect(runAsService(join(usable, 'bin', 'tool'), []).trim()).toBe('ran')
      if (serviceUser()) {
        expect(usable).not.toBe(dir)
        rmSync(usable, { recursive: true, force: true })
      } else expect(usable).toBe(dir)
    } finally {
      rmSync(closed, { recursive: true, force: true })
    }
  })
})
