import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * package.json and package-lock.json agree, so `npm ci` (what CI and most teammates install with) works on every
 * platform. npm leaves an optional package out of the lockfile without a word when it cannot get it (the registry
 * has no build of it for some platform yet) and when it writes the lockfile from an existing node_modules that
 * lacks it (the other platforms' builds, npm/cli's known bug); `npm ci` then refuses the lockfile on every machine.
 * Regenerate from scratch: `rm -rf node_modules package-lock.json && npm install`.
 */
const root = resolve(import.meta.dirname, '..')
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'))
type Entry = { version?: string; dependencies?: Record<string, string>; optionalDependencies?: Record<string, string>; peerDependencies?: Record<string, string>; peerDependenciesMeta?: Record<string, { optional?: boolean }>; link?: boolean }
const packages = lock.packages as Record<string, Entry>

/** Where node's lookup finds `name` from the package at `from` (a lockfile key, '' for the project), or undefined. */
function locate(from: string, name: string): string | undefined {
  let dir = from
  for (;;) {
    const key = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`
    if (packages[key]) return key
    if (!dir) return undefined
    // Up to the package whose node_modules holds this one (or the project).
    const at = dir.lastIndexOf('node_modules/')
    dir = at <= 0 ? '' : dir.slice(0, at - 1)
  }
}

describe('package-lock.json', () => {
  it('records exactly the dependencies and engines of package.json, at the versions it pins', () => {
    const rootEntry = packages['']!
    for (const field of ['dependencies', 'devDependencies', 'optionalDependencies', 'engines'] as const) {
      expect(rootEntry[field as keyof Entry] ?? {}, `${field} differ: run npm install`).toEqual(pkg[field] ?? {})
    }
    for (const [name, spec] of Object.entries({ ...pkg.dependencies, ...pkg.devDependencies } as Record<string, string>)) {
      if (/^\d+\.\d+\.\d+$/.test(spec)) expect(packages[`node_modules/${name}`]?.version, name).toBe(spec)
    }
  })

  it("holds every package's dependencies, optional ones for other platforms included", () => {
    const missing: string[] = []
    for (const [key, entry] of Object.entries(packages)) {
      if (entry.link) continue
      const wanted = {
        ...entry.dependencies,
        ...entry.optionalDependencies,
        ...Object.fromEntries(Object.entries(entry.peerDependencies ?? {}).filter(([n]) => !entry.peerDependenciesMeta?.[n]?.optional)),
      }
      for (const name of Object.keys(wanted)) if (!locate(key, name)) missing.push(`${name} (for ${key || 'the project'})`)
    }
    expect(missing, 'missing from the lockfile: regenerate it from scratch (see this file)').toEqual([])
  })

  it('is what npm ci accepts (npm ci --dry-run)', () => {
    const res = spawnSync('npm', ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: root, encoding: 'utf8' })
    expect(res.status, `${res.stdout}\n${res.stderr}`.split('\n').filter((l) => /npm error/.test(l)).join('\n')).toBe(0)
  }, 60_000)
})
