// Runs every workspace package's uvu tests, one package at a time, and ends with one plain line
// `N passed, N failed` that totals them all (CI reads it). Exits non-zero when anything failed.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const uvu = join(root, 'node_modules', '.bin', 'uvu')
const dirs = ['packages', 'examples']
  .flatMap((group) => readdirSync(join(root, group)).map((name) => join(root, group, name)))
  .filter((dir) => existsSync(join(dir, 'test')))

let passed = 0
let failed = 0
let skipped = 0
for (const dir of dirs) {
  console.log(`\n=== ${dir.slice(root.length)}`)
  const run = spawnSync(uvu, ['-r', 'tsx', 'test'], { cwd: dir, encoding: 'utf8', env: process.env, maxBuffer: 64 * 1024 * 1024 })
  process.stdout.write(run.stdout)
  process.stderr.write(run.stderr)
  const plain = run.stdout.replace(/\u001b\[[0-9;]*m/g, '')
  const count = (label) => Number(new RegExp(`${label}:\\s+(\\d+)`).exec(plain)?.[1] ?? 0)
  const total = count('Total')
  const ok = count('Passed')
  const skip = count('Skipped')
  passed += ok
  skipped += skip
  let bad = Math.max(0, total - ok - skip)
  // A crash before uvu's summary (or a non-zero exit with none counted) is one failure, never silence.
  if (run.status !== 0 && bad === 0) bad = 1
  failed += bad
}
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(failed > 0 ? 1 : 0)
