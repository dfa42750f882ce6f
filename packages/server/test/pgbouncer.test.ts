/**
 * Behind PgBouncer in transaction mode (docs/deploying.md, "Behind PgBouncer"): Debian's pgbouncer, started here
 * on loopback in front of an empty database of TEST_DATABASE_URL's server, and two `canvass` processes with
 * DATABASE_URL at it and DATABASE_PGBOUNCER=on. The first start migrates and bootstraps through it; surveys,
 * displays and responses are written by concurrent requests to both instances; a webhook reaches a receiver on
 * loopback. PgBouncer hands each transaction whichever server connection is free, so a statement that relied on
 * the one before it (a named prepared statement, a session setting or lock) fails or goes astray here.
 * Skipped, with the reason printed, without /usr/sbin/pgbouncer; under CI its absence fails.
 */
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import { createPostgresTestDatabase } from '@canvass/test-bed'
import type { PostgresTestDatabase } from '@canvass/test-bed'
import { closedPort, skipSuiteUnless, startReceiver } from '@canvass/test-utils'
import type { TestReceiver } from '@canvass/test-utils'
import pg from 'pg'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { question } from './fixtures'
import { client, newKey, startServer } from './server'
import type { RunningServer } from './server'

const PGBOUNCER = '/usr/sbin/pgbouncer'
const serverUrl = process.env.TEST_DATABASE_URL

function skipReason(): string | undefined {
  if (!serverUrl) return 'TEST_DATABASE_URL is unset: PgBouncer needs a Postgres server behind it'
  if (existsSync(PGBOUNCER)) return undefined
  // CI installs it (.ci/run): there, its absence is a failure, not a skip.
  if (process.env.CI) throw new Error(`${PGBOUNCER} is missing under CI: .ci/run installs Debian's pgbouncer`)
  return `${PGBOUNCER} is missing (apt-get install pgbouncer)`
}

const test = skipSuiteUnless(suite('behind PgBouncer in transaction mode'), skipReason())

interface Bouncer {
  url: string
  process: ChildProcess
  output: () => string
  stop(): Promise<void>
}

/** Server connections PgBouncer opens per (database, user): fewer than the instances' pools together. */
const BOUNCER_POOL = 4

/**
 * PgBouncer on a free loopback port in front of `databaseUrl`'s server, in transaction mode, trusting the
 * user it names (which must reach that server without a password, or with the one in the URL). As root it runs as
 * `postgres`: PgBouncer refuses to run as root.
 */
async function startPgbouncer(databaseUrl: string): Promise<Bouncer> {
  const target = new URL(databaseUrl)
  const user = decodeURIComponent(target.username || 'postgres')
  const dir = await mkdtemp(join(tmpdir(), 'canvass-pgbouncer-'))
  await chmod(dir, 0o755)
  const port = await closedPort()
  const password = target.password ? ` password=${decodeURIComponent(target.password)}` : ''
  await writeFile(join(dir, 'users.txt'), `"${user}" ""\n`)
  await writeFile(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${target.hostname} port=${target.port || 5432} user=${user}${password}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      "unix_socket_dir = ''",
      'auth_type = trust',
      `auth_file = ${join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${BOUNCER_POOL}`,
      'max_client_conn = 200',
      'server_reset_query =',
      'logfile =',
      '',
    ].join('\n'),
  )
  const args = process.getuid?.() === 0 ? ['-u', 'postgres', join(dir, 'pgbouncer.ini')] : [join(dir, 'pgbouncer.ini')]
  const child = spawn(PGBOUNCER, args, { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  const url = `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}${target.pathname}`
  // Ready once it answers a query through to the server.
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited (${child.exitCode}): ${output}`)
    const probe = new pg.Client({ connectionString: url })
    const answered = await probe
      .connect()
      .then(() => probe.query('select 1'))
      .then(
        () => true,
        () => false,
      )
    await probe.end().catch(() => {})
    if (answered) break
    if (tries > 100) throw new Error(`pgbouncer did not answer within 5 s: ${output}`)
    await delay(50)
  }
  return {
    url,
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGINT')
        await exited
      }
      await rm(dir, { recursive: true, force: true })
    },
  }
}

let database: PostgresTestDatabase | undefined
let bouncer: Bouncer | undefined
let receiver: TestReceiver | undefined
const servers: RunningServer[] = []
const key = newKey()

test.before(async () => {
  // Not migrated: the first start's migrations run through PgBouncer.
  database = await createPostgresTestDatabase(serverUrl, { migrated: false })
  bouncer = await startPgbouncer(database.url)
  receiver = await startReceiver((_request, res) => res.writeHead(200).end())
})

test.after(async () => {
  for (const server of servers.splice(0)) assert.is(await server.stop(), 0, server.output())
  await bouncer?.stop()
  await receiver?.close()
  await database?.release()
})

const settings = () => ({
  DATABASE_URL: bouncer!.url,
  DATABASE_PGBOUNCER: 'on',
  // More connections between them than PgBouncer has for them: they queue at PgBouncer, not at Postgres.
  DATABASE_POOL_SIZE: '6',
  CANVASS_INIT_API_KEY: key,
  CANVASS_ALLOW_PRIVATE_WEBHOOK_URLS: '1',
})

test('two instances migrate, bootstrap and serve through it, and a webhook is delivered', async () => {
  const first = await startServer(settings())
  servers.push(first)
  assert.match(first.output(), /Postgres at 127\.0\.0\.1/)
  // Started on the same PgBouncer once the first has migrated: it finds the schema done.
  const second = await startServer(settings())
  servers.push(second)
  const calls = [client(first.url), client(second.url)]
  const env = (await calls[0]!('GET', '/api/v1/me', { key })).body.id as string
  const created = await calls[1]!('POST', '/api/v1/management/surveys', {
    key,
    body: { environmentId: env, name: 'Behind PgBouncer', status: 'inProgress', questions: [question()] },
  })
  assert.is(created.status, 200, created.text)
  const surveyId = created.body.data.id as string
  const hook = await calls[0]!('POST', '/api/v1/webhooks', {
    key,
    body: { url: `${receiver!.origin}/hook`, triggers: ['responseCreated'], surveyIds: [surveyId] },
  })
  assert.is(hook.status, 200, hook.text)

  // Concurrent displays and responses, alternating between the instances: each statement sent again and again
  // (which the server would otherwise prepare by name) lands on whichever server connection is free.
  const RESPONSES = 40
  const written = await Promise.all(
    Array.from({ length: RESPONSES }, async (_, i) => {
      const call = calls[i % 2]!
      const display = await call('POST', `/api/v1/client/${env}/displays`, { body: { surveyId } })
      assert.is(display.status, 200, display.text)
      const response = await call('POST', `/api/v1/client/${env}/responses`, {
        body: { surveyId, displayId: display.body.data.id, finished: true, data: { q1: `answer ${i}` } },
      })
      assert.is(response.status, 200, response.text)
      return response.body.data.id as string
    }),
  )
  assert.is(new Set(written).size, RESPONSES)
  const listed = await calls[1]!('GET', `/api/v1/management/responses?surveyId=${surveyId}&limit=100`, { key })
  assert.is(listed.status, 200, listed.text)
  assert.is(listed.body.data.length, RESPONSES)

  // Every response's event reaches the receiver, once.
  const deadline = Date.now() + 8000
  while (receiver!.requests.length < RESPONSES && Date.now() < deadline) await delay(50)
  const delivered = receiver!.requests.map((request) => JSON.parse(request.body.toString()).data.id as string)
  assert.equal(delivered.sort(), [...written].sort())
  assert.not.match(first.output() + second.output(), /prepared statement|unsupported startup parameter/)
  // No lock left behind on a server connection PgBouncer keeps (a session lock let go of on another one stays).
  const direct = new pg.Client({ connectionString: database!.url })
  await direct.connect()
  try {
    const { rows } = await direct.query<{ held: number }>(
      `select count(*)::int as held from pg_locks l join pg_database d on d.oid = l.database
       where l.locktype = 'advisory' and d.datname = current_database()`,
    )
    assert.is(rows[0]?.held, 0, 'advisory locks held after the work')
  } finally {
    await direct.end()
  }
})

test('without DATABASE_PGBOUNCER a start through it fails with the reason, instead of serving errors later', async () => {
  // Proof that the setting matters: PgBouncer refuses the session setting the pool otherwise asks for.
  const failed = await startServer({ ...settings(), DATABASE_PGBOUNCER: 'off' }).then(
    (server) => {
      servers.push(server)
      return undefined
    },
    (error: unknown) => String(error),
  )
  assert.ok(failed, 'a server without DATABASE_PGBOUNCER started through PgBouncer')
  assert.match(failed, /unsupported startup parameter/)
})

test.run()
