// `node scripts/test-times.mjs`: writes scripts/test-times.json, the durations `pnpm test` orders a fresh clone's
// jobs by, from the last run's (node_modules/.cache/canvass-test-times.json). Run it after a whole `pnpm test`
// when test files were added, moved or made much slower or faster; an out-of-date entry only costs a worse order.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const last = join(root, 'node_modules', '.cache', 'canvass-test-times.json')
const committed = join(root, 'scripts', 'test-times.json')

if (!existsSync(last)) {
  console.error(`No ${last}: run \`pnpm test\` first.`)
  process.exit(1)
}
const times = JSON.parse(readFileSync(last, 'utf8'))
// Entries of files or packages that are gone are left out; seconds to a tenth keep the file's diffs short.
const kept = Object.keys(times)
  .filter((key) => existsSync(join(root, key)))
  .sort()
  .map((key) => [key, Math.round(times[key] * 10) / 10])
writeFileSync(committed, `${JSON.stringify(Object.fromEntries(kept), null, 2)}\n`)
console.log(`Wrote ${kept.length} durations to scripts/test-times.json.`)
