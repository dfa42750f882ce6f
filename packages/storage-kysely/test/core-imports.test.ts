/**
 * The adapter decides nothing (docs/architecture.md, "A response write"; STYLE.md, "A port offers primitives,
 * core runs the loops"): what storage-kysely takes from `@canvass/core` at run time is errors, pure helpers
 * and constants, never a rule. Types are not counted: they cost nothing at run time and describe the port.
 */
import { readFile, readdir } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
// @ts-expect-error: the house script is plain JavaScript without declarations.
import { importsOf } from '../../../scripts/house.mjs'

/** The runtime names storage-kysely may import from core, each with why it is not a decision. */
const ALLOWED: Record<string, string> = {
  CanvassError: 'the one error class',
  serviceUnavailable: "an error of the code table (the database is down: 503 with 'Retry-After')",
  createId: 'a new random id',
  utf8Length: 'the length of a text in bytes',
  windowStart: "the start of a rate limit's window",
  ERASED_REPLAY: 'a constant: what an erased idempotent replay holds',
  NEW_ENVIRONMENT_ROWS: 'a constant: the rows a new environment starts with',
  ANONYMIZED_META_KEYS: 'a constant of the port: the keys of `meta` anonymizing drops',
  PATH_GROUPS: 'a constant of the port: how many groups of paths a summary reads at most',
  PATH_VALUE_CHARS: 'a constant of the port: the longest value a group of paths is keyed by',
  // The two below compute facts of a stored survey that its writes are decided on (which questions are
  // scales and their bounds, whether `singleUse` is on), kept with the survey's version so that a create is
  // one round trip; the decisions on those facts are core's (`responseCreateRefusal`, `responseUpdateRefusal`).
  answerScalesOf: "the scale questions of a stored survey's questions",
  isSingleUse: "whether a stored survey's `singleUse` setting is enabled",
}

const SRC = fileURLToPath(new URL('../src', import.meta.url))

interface Found {
  specifier: string
  typeOnly: boolean
  names: Array<{ name: string; typeOnly: boolean }>
}

/** Every `.ts` file under `dir`. */
async function sources(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true })
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) return sources(path)
      return Promise.resolve(entry.name.endsWith('.ts') ? [path] : [])
    }),
  )
  return nested.flat()
}

/** The runtime names each file of storage-kysely's src imports (or re-exports) from `@canvass/core`. */
async function coreRuntimeImports(): Promise<Map<string, string[]>> {
  const byName = new Map<string, string[]>()
  for (const file of await sources(SRC)) {
    const found: Found[] = importsOf(await readFile(file, 'utf8'), file)
    for (const entry of found) {
      if (entry.specifier !== '@canvass/core' || entry.typeOnly) continue
      for (const { name, typeOnly } of entry.names) {
        if (typeOnly) continue
        byName.set(name, [...(byName.get(name) ?? []), relative(SRC, file)])
      }
    }
  }
  return byName
}

const test = suite('storage-kysely takes no rule from core')

test('every runtime import from @canvass/core is an error, a pure helper or a constant', async () => {
  const imported = await coreRuntimeImports()
  const refused = [...imported].filter(([name]) => !Object.hasOwn(ALLOWED, name)).map(([name, files]) => `${name} (${files.join(', ')})`)
  assert.equal(refused, [], `not on the list: ${refused.join('; ')}`)
})

test('the list names only what is imported', async () => {
  const imported = await coreRuntimeImports()
  assert.equal(
    Object.keys(ALLOWED).filter((name) => !imported.has(name)),
    [],
  )
})

test('the rules the loops moved to core are not imported', async () => {
  const imported = await coreRuntimeImports()
  const rules = [
    'autoCompletes',
    'responseCreateRefusal',
    'lockedCreateResult',
    'eventDeliveries',
    'eventSurveyOutput',
    'responseEventData',
    'effectiveSurveyStatus',
    'webhookEnvelope',
  ]
  assert.equal(
    rules.filter((name) => imported.has(name)),
    [],
  )
})

test.run()
