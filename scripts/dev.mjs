#!/usr/bin/env node
/**
 * `npm run dev`: the local Supabase-compatible backend and the Vite dev server together; Ctrl+C stops both. The
 * backend is started with node directly (what `npm run backend` runs, without a second npm start-up).
 */
import { spawn } from 'node:child_process'
import { onSupportedNode } from './supported-node.mjs'

await onSupportedNode()

const children = [
  spawn(process.execPath, ['--import', 'tsx', 'supabase/local/cli.ts'], { stdio: 'inherit' }),
  spawn('npx', ['vite', 'dev'], { stdio: 'inherit' }),
]
let stopping = false
function stop(code = 0) {
  if (stopping) return
  stopping = true
  for (const child of children) child.kill('SIGTERM')
  // The backend stops PostgreSQL (a checkpoint) and PostgREST before it exits: give it the time it needs.
  Promise.all(children.map((child) => new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', resolve))))).then(() => process.exit(code))
  setTimeout(() => process.exit(code), 10_000).unref()
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0))
process.on('SIGINT', () => stop(0))
process.on('SIGTERM', () => stop(0))
