import { skipSuiteUnless } from '@canvass/test-utils'
import { spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import pg from 'pg'
import { postgresBackend } from './backends'
import { newKey, startServer } from './server'

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url))

/** Runs the built server with `env` on a clean environment until it exits (it must, within 30 s). */
async function run(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'canvass-start-'))
  try {
    const child = spawn(process.execPath, [MAIN], {
      env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)))
    clearTimeout(timer)
    return { code, stdout, stderr }
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}

/** Exit code 1, nothing on stdout, and exactly one line on stderr naming `variable`, without a stack trace. */
async function assertRefused(env: Record<string, string>, variable: string, what: RegExp): Promise<string> {
  const { code, stdout, stderr } = await run(env)
  assert.is(code, 1, `exit code; stderr:\n${stderr}`)
  assert.is(stdout, '', 'nothing started, nothing printed')
  const lines = stderr.trimEnd().split('\n')
  assert.is(lines.length, 1, `one line, got:\n${stderr}`)
  const line = lines[0] as string
  assert.ok(line.startsWith(`Canvass could not start: ${variable} `), line)
  assert.match(line, what)
  assert.not.match(line, /\bat .*:\d+:\d+/, 'no stack trace')
  return line
}

const startUp = suite('start-up settings are checked before anything starts')

startUp('a PORT that is not a port number', async () => {
  await assertRefused({ PORT: 'eighty' }, 'PORT', /"eighty".*e\.g\. 3000/)
  await assertRefused({ PORT: '70000' }, 'PORT', /from 0 to 65535/)
})

startUp('a PORT already in use', async () => {
  const taken = createServer()
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
  try {
    const { port } = taken.address() as AddressInfo
    await assertRefused({ PORT: String(port) }, 'PORT', new RegExp(`${port} is already in use.*choose another PORT`))
  } finally {
    await new Promise((resolve) => taken.close(resolve))
  }
})

startUp('a malformed DATABASE_URL', async () => {
  await assertRefused({ DATABASE_URL: 'localhost:5432/canvass' }, 'DATABASE_URL', /is not a Postgres URL: write it as postgres:\/\//)
  await assertRefused({ DATABASE_URL: 'http://db.example/canvass' }, 'DATABASE_URL', /is not a Postgres URL/)
})

startUp('an unreachable DATABASE_URL', async () => {
  // Port 1 on loopback: nothing listens there, the refusal is immediate.
  await assertRefused({ DATABASE_URL: 'postgres://canvass@127.0.0.1:1/canvass' }, 'DATABASE_URL', /nothing answers at 127\.0\.0\.1:1: start Postgres/)
})

const postgresBase = process.env.TEST_DATABASE_URL
// Skipped, saying why, without a Postgres server to ask.
skipSuiteUnless(startUp, postgresBase ? undefined : 'TEST_DATABASE_URL is unset')(
  'a DATABASE_URL naming a database that does not exist',
  async () => {
    const url = new URL(postgresBase as string)
    url.pathname = '/canvass_no_such_database'
    await assertRefused({ DATABASE_URL: url.toString() }, 'DATABASE_URL', /database that does not exist.*create it/)
  },
)

skipSuiteUnless(startUp, postgresBase ? undefined : 'TEST_DATABASE_URL is unset')(
  'one warning line at the start when the Postgres server runs without autovacuum, none when it runs with it',
  async () => {
    const client = new pg.Client({ connectionString: postgresBase })
    await client.connect()
    const autovacuum = await client.query<{ on: boolean }>(
      `select current_setting('autovacuum') = 'on' and current_setting('track_counts') = 'on' as on`,
    ).finally(() => client.end())
    const backend = postgresBackend()!
    try {
      const server = await startServer({ ...(await backend.env()), CANVASS_INIT_API_KEY: newKey() })
      const output = server.output()
      await server.stop()
      const warnings = output.split('\n').filter((line) => /autovacuum/.test(line))
      if (autovacuum.rows[0]?.on) assert.equal(warnings, [], output)
      else {
        assert.is(warnings.length, 1, output)
        assert.match(warnings[0]!, /^Postgres runs with autovacuum=off.*VACUUM ANALYZE.*docs\/deploying\.md/)
      }
    } finally {
      await backend.dispose()
    }
  },
)

startUp('a DATA_DIR that cannot be written', async () => {
  const folder = await mkdtemp(join(tmpdir(), 'canvass-file-'))
  try {
    // A file where a folder should be: no user, root included, can create the folder.
    const file = join(folder, 'a-file')
    await writeFile(file, '')
    await assertRefused({ DATA_DIR: join(file, 'data') }, 'DATA_DIR', /cannot be written.*point DATA_DIR at a folder/)
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
})

startUp('a malformed CANVASS_INIT_API_KEY or CANVASS_INIT_DEV_API_KEY, without printing it', async () => {
  const line = await assertRefused({ CANVASS_INIT_API_KEY: 'cvs_secret-but-short' }, 'CANVASS_INIT_API_KEY', /must be cvs_ followed by 43/)
  assert.not.ok(line.includes('secret-but-short'), 'the key is not echoed')
  await assertRefused({ CANVASS_INIT_API_KEY: newKey(), CANVASS_INIT_DEV_API_KEY: 'nope' }, 'CANVASS_INIT_DEV_API_KEY', /must be cvs_/)
  const same = newKey()
  await assertRefused({ CANVASS_INIT_API_KEY: same, CANVASS_INIT_DEV_API_KEY: same }, 'CANVASS_INIT_DEV_API_KEY', /must differ/)
})

startUp('a PUBLIC_URL that is not an http(s) URL', async () => {
  await assertRefused({ PUBLIC_URL: 'feedback.example.com' }, 'PUBLIC_URL', /must be an http\(s\) URL/)
})

startUp('malformed or unknown CANVASS_PGLITE_SETTINGS', async () => {
  await assertRefused({ CANVASS_PGLITE_SETTINGS: 'shared_buffers=1MB;drop' }, 'CANVASS_PGLITE_SETTINGS', /must be name=value pairs/)
  await assertRefused({ CANVASS_PGLITE_SETTINGS: 'no_such_setting=1' }, 'CANVASS_PGLITE_SETTINGS', /\(no_such_setting\) kept the embedded database from starting/)
})

startUp('a CANVASS_PGLITE_OPTIMIZE other than 0 or 1', async () => {
  await assertRefused({ CANVASS_PGLITE_OPTIMIZE: 'yes' }, 'CANVASS_PGLITE_OPTIMIZE', /must be 1 .* or 0 .*, got "yes"/)
})

startUp.run()
