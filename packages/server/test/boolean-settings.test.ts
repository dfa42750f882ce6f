/**
 * The settings that turn something on or off take the usual spellings, or stop the start naming the variable
 * (issue 69, item 13): `CANVASS_ALLOW_PRIVATE_WEBHOOK_URLS=true` started with the setting off (only `1` counted),
 * and `CANVASS_WEBHOOK_DISPATCHER=no` started with the dispatcher on (only `off` counted). In-process, through
 * the checks the server runs before anything starts (`checkConfig`, which reads every setting with `readConfig`).
 */
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { checkConfig } from '../src/check-config'
import { readConfig } from '../src/config'
import type { StandaloneConfig } from '../src/config'

/** Every switch the servers read, with the setting it makes and its value when unset. */
const SWITCHES: { variable: string; read: (config: StandaloneConfig) => boolean; unset: boolean }[] = [
  { variable: 'CANVASS_ALLOW_PRIVATE_WEBHOOK_URLS', read: (config) => config.allowPrivateWebhookUrls, unset: false },
  { variable: 'DATABASE_PGBOUNCER', read: (config) => config.databasePgbouncer, unset: false },
  { variable: 'CANVASS_BACKGROUND', read: (config) => config.runBackground, unset: true },
  { variable: 'CANVASS_WEBHOOK_DISPATCHER', read: (config) => config.runWebhookDispatcher, unset: true },
  { variable: 'CANVASS_BLOB_JANITOR', read: (config) => config.runBlobJanitor, unset: true },
  { variable: 'CANVASS_RETENTION', read: (config) => config.runRetention, unset: true },
  { variable: 'CANVASS_PGLITE_OPTIMIZE', read: (config) => config.pgliteOptimize, unset: false },
  { variable: 'CANVASS_CONSOLE', read: (config) => config.console, unset: true },
  { variable: 'CANVASS_CONSOLE_PASSWORD_SIGN_IN', read: (config) => config.consolePasswordSignIn, unset: true },
]

/** The spellings docs/configuration.md gives, written here rather than taken from the source. */
const ON = ['1', 'true', 'yes', 'on']
const OFF = ['0', 'false', 'no', 'off']

/** What `S3_FORCE_PATH_STYLE` needs beside it to be read at all. */
const S3 = { S3_BUCKET: 'uploads', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' }

/** The one line a wrong value stops the start with (nothing after the form checks runs). */
async function refusal(env: Record<string, string>): Promise<string> {
  const error = await checkConfig({ PORT: '0', ...env }).then(
    () => undefined,
    (caught: unknown) => caught,
  )
  assert.instance(error, Error, `${JSON.stringify(env)} is refused`)
  return (error as Error).message
}

const spellings = suite('boolean settings: the usual spellings')

spellings('every switch reads 1/0, true/false, yes/no and on/off in any case, and its default when unset or empty', () => {
  for (const { variable, read, unset } of SWITCHES) {
    for (const [value, expected] of [
      ...ON.flatMap((word) => [word, word.toUpperCase(), ` ${word[0]?.toUpperCase()}${word.slice(1)} `]).map(
        (word) => [word, true] as const,
      ),
      ...OFF.flatMap((word) => [word, word.toUpperCase()]).map((word) => [word, false] as const),
    ]) {
      assert.is(read(readConfig({ [variable]: value })), expected, `${variable}=${JSON.stringify(value)}`)
    }
    assert.is(read(readConfig({})), unset, `${variable} unset`)
    assert.is(read(readConfig({ [variable]: '' })), unset, `${variable} empty`)
  }
})

spellings('CANVASS_ALLOW_PRIVATE_WEBHOOK_URLS=true turns it on, CANVASS_WEBHOOK_DISPATCHER=no turns the dispatcher off', () => {
  assert.is(readConfig({ CANVASS_ALLOW_PRIVATE_WEBHOOK_URLS: 'true' }).allowPrivateWebhookUrls, true)
  assert.is(readConfig({ CANVASS_WEBHOOK_DISPATCHER: 'no' }).runWebhookDispatcher, false)
})

spellings.run()

const wrong = suite('boolean settings: anything else stops the start')

wrong('each switch with a wrong value: one line naming the variable, the value and the spellings it takes', async () => {
  for (const { variable } of SWITCHES) {
    for (const value of ['nope', 'enabled', '2', 'of']) {
      const line = await refusal({ [variable]: value })
      assert.ok(line.startsWith(`${variable} must be 1, true, yes, on (on) or 0, false, no, off (off)`), line)
      assert.ok(line.endsWith(`got ${JSON.stringify(value)}`), line)
    }
  }
})

wrong('S3_FORCE_PATH_STYLE takes the same spellings; a wrong one is refused before the store is tried', async () => {
  const line = await refusal({ ...S3, S3_FORCE_PATH_STYLE: 'path' })
  assert.ok(line.startsWith('S3_FORCE_PATH_STYLE must be 1, true, yes, on (on)'), line)
  // A spelling it takes passes the form checks: the next check is the store itself, which is not there.
  const dataDir = await mkdtemp(join(tmpdir(), 'canvass-switches-'))
  try {
    const next = await checkConfig(
      { PORT: '0', ...S3, S3_FORCE_PATH_STYLE: 'Yes', S3_ENDPOINT: 'http://127.0.0.1:1', DATA_DIR: dataDir },
      { blobStoreTimeoutMs: 5000 },
    ).then(
      () => 'started',
      (error: Error) => error.message,
    )
    assert.match(next, /^S3_ENDPOINT \(http:\/\/127\.0\.0\.1:1\) cannot be reached/)
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
})

wrong.run()

const documented = suite('boolean settings: the docs')

documented('docs/configuration.md lists as switches every variable the sources read as one, and the tests try each', () => {
  const sources = ['config.ts', 'check-config.ts', 'blob-store.ts']
    .map((file) => readFileSync(new URL(`../src/${file}`, import.meta.url), 'utf8'))
    .join('\n')
  const read = new Set([...sources.matchAll(/readBooleanSetting\(\s*'([A-Z0-9_]+)'/g)].map((match) => match[1]))
  const text = readFileSync(new URL('../../../docs/configuration.md', import.meta.url), 'utf8')
  const paragraph = /^The switches, ([\s\S]*?)\n\n/m.exec(text)?.[1] ?? ''
  const listed = new Set([...paragraph.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1]))
  assert.equal([...listed].sort(), [...read].sort(), 'the paragraph "The switches, …" names what readBooleanSetting reads')
  assert.equal([...SWITCHES.map(({ variable }) => variable), 'S3_FORCE_PATH_STYLE'].sort(), [...read].sort())
})

documented.run()
