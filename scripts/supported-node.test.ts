import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { FETCHED_MAJOR, fetchedNodeHome, isSupported } from './supported-node.mjs'

describe('the Node the project runs on (scripts/supported-node.mjs)', () => {
  it('accepts what package.json engines accepts: 22.19+ and 24+', async () => {
    const engines = (await import('../package.json', { with: { type: 'json' } })).default.engines.node
    expect(engines).toBe('^22.19.0 || >=24.0.0')
    expect(['20.20.2', '22.18.0', '18.20.0', '21.7.3'].map((v) => isSupported(v))).toEqual([false, false, false, false])
    expect(['22.19.0', '22.21.1', '23.1.0', '24.0.0', '25.2.1'].map((v) => isSupported(v))).toEqual([true, true, true, true, true])
  })

  it('keeps the fetched Node in the cache folder (XDG_CACHE_HOME honoured)', () => {
    const before = process.env.XDG_CACHE_HOME
    process.env.XDG_CACHE_HOME = '/somewhere/cache'
    try {
      expect(fetchedNodeHome('x64')).toBe('/somewhere/cache/inspectready/node-24-linux-x64')
    } finally {
      if (before === undefined) delete process.env.XDG_CACHE_HOME
      else process.env.XDG_CACHE_HOME = before
    }
  })

  it('runs a script on a Node too old for it again on the fetched Node 24, with its arguments, PATH and exit code', () => {
    // A probe that counts every Node before 99 as too old, so this Node relaunches it whatever its version.
    const dir = mkdtempSync(join(tmpdir(), 'supported-node-'))
    const probe = join(dir, 'probe.mjs')
    const module = pathToFileURL(resolve('scripts/supported-node.mjs')).href
    writeFileSync(
      probe,
      `import { onSupportedNode } from '${module}'
await onSupportedNode({ oldest: [99, 0] })
console.log(JSON.stringify({ version: process.versions.node, execPath: process.execPath, firstOnPath: process.env.PATH.split(':')[0], args: process.argv.slice(2) }))
process.exit(7)
`,
    )
    const res = spawnSync(process.execPath, [probe, 'one', 'two'], { encoding: 'utf8', env: { ...process.env, INSPECTREADY_FETCHED_NODE: '' }, timeout: 120_000 })
    expect(res.status).toBe(7)
    const lines = res.stdout.trim().split('\n')
    expect(lines.at(-2)).toMatch(new RegExp(`is older than this project supports: running on Node ${FETCHED_MAJOR}\\.`))
    const ran = JSON.parse(lines.at(-1)!) as { version: string; execPath: string; firstOnPath: string; args: string[] }
    expect(ran.version.startsWith(`${FETCHED_MAJOR}.`)).toBe(true)
    expect(ran.execPath).toBe(join(fetchedNodeHome(), 'bin', 'node'))
    expect(ran.firstOnPath).toBe(join(fetchedNodeHome(), 'bin'))
    expect(ran.args).toEqual(['one', 'two'])
  })
})
