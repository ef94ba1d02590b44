#!/usr/bin/env node
/** `npm run dev`: the local Supabase-compatible backend and the Vite dev server together; Ctrl+C stops both. */
import { spawn } from 'node:child_process'

const children = [
  spawn('npm', ['run', 'backend', '--silent'], { stdio: 'inherit' }),
  spawn('npx', ['vite', 'dev'], { stdio: 'inherit' }),
]
let stopping = false
function stop(code = 0) {
  if (stopping) return
  stopping = true
  for (const child of children) child.kill('SIGTERM')
  setTimeout(() => process.exit(code), 500)
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0))
process.on('SIGINT', () => stop(0))
process.on('SIGTERM', () => stop(0))
