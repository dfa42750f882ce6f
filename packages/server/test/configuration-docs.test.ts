/**
 * docs/configuration.md documents every environment variable the standalone servers read, and nothing they
 * do not: `CANVASS_WEBHOOK_RETRY_SCHEDULE_MS` was read and undocumented (issue 40, item 18). The variables
 * read are found in the sources of the Node server (`src/`) and of the Deno server (`examples/deno/src/`):
 * `env.NAME`, `env['NAME']`, `Deno.env.get('NAME')`, and names written whole as strings (`'CANVASS_…'`).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const SOURCES = ['packages/server/src', 'examples/deno/src']
const CONFIGURATION = join(ROOT, 'docs', 'configuration.md')

const READS = [
  /\benv\.([A-Z][A-Z0-9_]*)\b/g,
  /\benv\[\s*['"`]([A-Z][A-Z0-9_]*)['"`]\s*\]/g,
  /\bDeno\.env\.get\(\s*['"`]([A-Z][A-Z0-9_]*)['"`]\s*\)/g,
  // A name passed whole, e.g. to say which variable a message is about.
  /['"`]((?:CANVASS|S3|AWS)_[A-Z0-9_]+)['"`]/g,
]

/** Every variable name the servers' sources read, with a file that reads it. */
function variablesRead(): Map<string, string> {
  const found = new Map<string, string>()
  for (const folder of SOURCES) {
    for (const file of sourceFiles(join(ROOT, folder))) {
      const text = readFileSync(file, 'utf8')
      for (const pattern of READS) {
        for (const match of text.matchAll(pattern)) if (!found.has(match[1]!)) found.set(match[1]!, file.slice(ROOT.length))
      }
    }
  }
  return found
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.(ts|mts|js|mjs)$/.test(entry.name) ? [path] : []
  })
}

/** The section of docs/configuration.md on the standalone servers. */
function serverSection(): string {
  const text = readFileSync(CONFIGURATION, 'utf8')
  const start = text.indexOf('## The standalone servers')
  const end = text.indexOf('\n## ', start + 1)
  assert.ok(start >= 0 && end > start, 'docs/configuration.md has a section "The standalone servers"')
  return text.slice(start, end)
}

/** Names in backticks anywhere in the section (`NAME` or `NAME=value`). */
function namesMentioned(section: string): Set<string> {
  return new Set([...section.matchAll(/`([A-Z][A-Z0-9_]*)(?:=[^`]*)?`/g)].map((match) => match[1]!))
}

/** Names in backticks in the first column of the section's tables: what the tables say is read. */
function namesInTables(section: string): Set<string> {
  const names = new Set<string>()
  for (const line of section.split('\n')) {
    const first = /^\|([^|]*)\|/.exec(line)?.[1]
    if (first === undefined) continue
    for (const match of first.matchAll(/`([A-Z][A-Z0-9_]*)(?:=[^`]*)?`/g)) names.add(match[1]!)
  }
  return names
}

const test = suite('docs/configuration.md and the settings the servers read')

test('the scan finds what the servers read (the check can fail)', () => {
  const read = variablesRead()
  for (const name of ['PORT', 'DATABASE_URL', 'S3_BUCKET', 'CANVASS_LOG', 'CANVASS_WEBHOOK_RETRY_SCHEDULE_MS']) {
    assert.ok(read.has(name), `${name} is found in the sources`)
  }
})

test('every variable the servers read is documented', () => {
  const documented = namesMentioned(serverSection())
  const missing = [...variablesRead()].filter(([name]) => !documented.has(name)).map(([name, file]) => `${name} (read in ${file})`)
  assert.equal(missing, [], 'documented in the section "The standalone servers" of docs/configuration.md')
})

test('every variable the tables document is read', () => {
  const read = variablesRead()
  const unread = [...namesInTables(serverSection())].filter((name) => !read.has(name))
  assert.equal(unread, [], 'read by packages/server/src or examples/deno/src')
})

test.run()
