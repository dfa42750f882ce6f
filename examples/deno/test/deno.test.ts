/**
 * The Deno example run by the real `deno` binary from the npm package `deno`: the shared HTTP suite on
 * embedded PGlite and (when TEST_DATABASE_URL is set) on the Postgres server through `pg`, a start-up error
 * as one line, and a graceful stop on SIGTERM.
 */
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { closedPort, createPostgresTestDatabase, serverDatabase } from '@canvass/test-bed'
import type { PostgresTestDatabase } from '@canvass/test-bed'
import { startProcess, testHttpApi } from '@canvass/test-utils'
import type { RunningProcess } from '@canvass/test-utils'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'

const EXAMPLE = fileURLToPath(new URL('..', import.meta.url))
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
const newKey = () => `cvs_${Array.from(randomBytes(43), (b) => BASE62[b % 62]).join('')}`

if (!existsSync(join(EXAMPLE, 'dist', 'main.js'))) throw new Error('examples/deno/dist/main.js is missing: build first (pnpm -r run build)')

/** The executable the npm package `deno` installed; nothing is downloaded here. */
function denoExecutable(): string {
  const require = createRequire(import.meta.url)
  const beside = join(dirname(require.resolve('deno/package.json')), process.platform === 'win32' ? 'deno.exe' : 'deno')
  if (existsSync(beside)) return beside
  return (require('deno/install_api.cjs') as { runInstall(): string }).runInstall()
}

/**
 * `pnpm start` of the README, with the binary named directly, no remote module allowed, and WebAssembly kept on
 * V8's baseline compiler.
 */
async function startDeno(env: Record<string, string>): Promise<RunningProcess & { cleanup(): Promise<void> }> {
  const home = await mkdtemp(join(tmpdir(), 'canvass-deno-example-'))
  const cleanup = () => rm(home, { recursive: true, force: true })
  const args = [
    'run',
    '--no-remote',
    '--cached-only',
    '--allow-net',
    '--allow-env',
    '--allow-read',
    '--allow-write',
    '--allow-sys',
    // PGlite's WebAssembly on V8's baseline compiler, as the tests' Node.js processes run it (TEST_NODE_FLAGS of
    // @canvass/test-utils): the optimizing compiler's work on Postgres's hot functions costs more CPU than it
    // saves in a test's few thousand statements. Nothing but speed differs.
    '--v8-flags=--liftoff-only',
    'dist/main.js',
  ]
  const started = await startProcess(denoExecutable(), args, {
    cwd: EXAMPLE,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: home,
      DENO_DIR: join(home, 'deno'),
      DENO_NO_UPDATE_CHECK: '1',
      NO_COLOR: '1',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: join(home, 'data'),
      // SIGTERM stops at once: the tests time the stop against a request in flight.
      CANVASS_DRAIN_SECONDS: '0',
      ...env,
    },
  }).catch(async (error: unknown) => {
    await cleanup()
    throw error
  })
  return { ...started, cleanup }
}

function denoSuite(name: string, env: () => Promise<Record<string, string>>, dispose = async () => {}) {
  let server: Awaited<ReturnType<typeof startDeno>> | undefined
  const apiKey = newKey()
  testHttpApi({
    name,
    start: async () => {
      server = await startDeno({ ...(await env()), CANVASS_INIT_API_KEY: apiKey })
      return { baseUrl: server.url, apiKey }
    },
    stop: async () => {
      await server?.stop()
      await server?.cleanup()
      await dispose()
    },
  })
}

denoSuite('deno example on embedded PGlite', async () => ({}))

if (process.env.TEST_DATABASE_URL) {
  // An empty database, not a migrated one: the example's start migrates it, as on a user's first start.
  let database: PostgresTestDatabase | undefined
  denoSuite(
    'deno example on the Postgres server (DATABASE_URL, pg on Deno)',
    async () => {
      database = await createPostgresTestDatabase(process.env.TEST_DATABASE_URL, { migrated: false })
      return { DATABASE_URL: database.url }
    },
    async () => database?.release(),
  )
}

const lifecycle = suite('deno example: start-up errors and shutdown')

lifecycle('a bad setting is one line naming it, and exit code 1', async () => {
  const home = await mkdtemp(join(tmpdir(), 'canvass-deno-example-'))
  try {
    const started = startProcess(
      denoExecutable(),
      ['run', '--no-remote', '--cached-only', '--allow-net', '--allow-env', '--allow-read', '--allow-write', '--allow-sys', 'dist/main.js'],
      {
        cwd: EXAMPLE,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: home,
          DENO_DIR: join(home, 'deno'),
          NO_COLOR: '1',
          DATABASE_URL: 'postgres://canvass@127.0.0.1:1/canvass',
        },
      },
    )
    const error = (await started.then(
      () => assert.unreachable('it started'),
      (e: Error) => e,
    )) as Error
    const output = error.message.slice(error.message.indexOf('output:\n') + 8).trim()
    assert.is(
      output,
      'Canvass could not start: DATABASE_URL (127.0.0.1:1/canvass) nothing answers at 127.0.0.1:1: start Postgres there or fix the host and port',
    )
  } finally {
    await rm(home, { recursive: true, force: true })
  }
})

lifecycle('the widget is served; SIGTERM answers a request in flight, then the server exits 0 with one line', async () => {
  // Not about the database: on a migrated Postgres database of its own when there is a server (a start in a
  // fraction of embedded PGlite's time on Deno), else on embedded PGlite.
  const database = await serverDatabase()
  const server = await startDeno({ CANVASS_INIT_API_KEY: newKey(), ...database.env }).catch(async (error: unknown) => {
    await database.release()
    throw error
  })
  try {
    // The widget's bundles are read on Deno too.
    const bundle = await fetch(`${server.url}/js/formbricks.umd.cjs`)
    assert.equal([bundle.status, bundle.headers.get('content-type')], [200, 'text/javascript; charset=utf-8'])
    assert.match(await bundle.text(), /formbricks/)
    // A large body sent slowly keeps a request in flight while the signal arrives.
    const { body, finish } = slowBody()
    const inFlight = fetch(`${server.url}/api/v1/client/env/responses`, {
      method: 'POST',
      body,
      duplex: 'half',
      headers: { 'content-type': 'application/json' },
    } as RequestInit)
    // Real time: the Deno process shows no sign of having the request, nor later the signal, so the test
    // gives each 300 ms to arrive before the next step.
    await new Promise((resolve) => setTimeout(resolve, 300))
    const stopped = server.stop()
    await new Promise((resolve) => setTimeout(resolve, 300))
    finish()
    const answer = await inFlight
    // Deno's graceful shutdown lets handlers finish but ends request bodies still arriving: Canvass answers
    // that as an unreadable body (400), never a 5xx. (host-deno's own tests cover a slow handler: 200.)
    const text = await answer.text()
    // Which of the two depends on whether Deno let the body's last bytes in; either is the API's error shape.
    const expected = { 400: 'bad_request', 404: 'not_found' }[answer.status as 400 | 404]
    assert.ok(expected, `the request got an answer after SIGTERM: ${answer.status} ${text}`)
    assert.is((JSON.parse(text) as { code: string }).code, expected, text)
    assert.is(await stopped, 0, server.output())
    assert.match(server.output(), /\nCanvass stopped \(SIGTERM\)\n?$/)
  } finally {
    await server.stop('SIGKILL')
    await server.cleanup()
    await database.release()
  }
})

lifecycle('the settings mean what they mean on the Node server: CANVASS_ALLOWED_HOSTS makes a Link absolute', async () => {
  // The example takes its Canvass options from the Node server's (packages/server/src/canvass-options.ts): a
  // setting the example assembled for itself was once left out here.
  const port = await closedPort()
  const apiKey = newKey()
  const database = await serverDatabase()
  const server = await startDeno({
    CANVASS_INIT_API_KEY: apiKey,
    PORT: String(port),
    CANVASS_ALLOWED_HOSTS: `127.0.0.1:${port}`,
    ...database.env,
  }).catch(async (error: unknown) => {
    await database.release()
    throw error
  })
  try {
    const headers = { 'x-api-key': apiKey, 'content-type': 'application/json' }
    const question = { id: 'q1', type: 'openText', headline: { default: 'Why?' }, required: false }
    for (const name of ['One', 'Two']) {
      const made = await fetch(`${server.url}/api/v1/management/surveys`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name, questions: [question] }),
      })
      assert.is(made.status, 200, await made.text())
    }
    const page = await fetch(`${server.url}/api/v1/management/surveys?limit=1`, { headers })
    assert.is(page.status, 200, await page.text())
    const next = /^<([^>]+)>; rel="next"$/.exec(page.headers.get('link') ?? '')?.[1]
    assert.ok(next?.startsWith(`http://127.0.0.1:${port}/api/v1/management/surveys?`), `Link: ${page.headers.get('link')}`)
  } finally {
    await server.stop('SIGKILL')
    await server.cleanup()
    await database.release()
  }
})

lifecycle.run()

/** A request body that sends its first half at once and the rest when told to. */
function slowBody(): { body: ReadableStream<Uint8Array>; finish(): void } {
  let finish = () => {}
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(new TextEncoder().encode('{"surveyId":"s","finished":false,'))
      await new Promise<void>((resolve) => (finish = resolve))
      controller.enqueue(new TextEncoder().encode('"data":{}}'))
      controller.close()
    },
  })
  return { body, finish: () => finish() }
}
