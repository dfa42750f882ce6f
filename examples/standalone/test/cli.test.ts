/**
 * The admin CLI (`pnpm canvass`) as a real process on the database of a real server: on embedded PGlite with
 * the server stopped (one process at a time), on the Postgres server while it runs. Every command runs on one
 * backend (Postgres when TEST_DATABASE_URL is set); on the other, PGlite, the CLI opens the embedded folder
 * between server runs, creates what a server then honours, and says that the server must be stopped. Each CLI
 * run on PGlite starts the embedded database anew, so the commands whose code does not depend on the
 * database run once.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { e2eBackends, httpBackend } from './backends'
import { emptyDatabaseInto } from './processes'
import { client, startServer } from './server'

const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url))
const run = promisify(execFile)

async function cli(env: Record<string, string>, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], { env: { PATH: process.env.PATH ?? '', ...env } })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

/** The backend every command runs on; the other one runs the commands that open its database. */
const everyCommand = httpBackend().label

for (const backend of e2eBackends()) {
  const test = suite(`${backend.label}: admin CLI`)
  const all = backend.label === everyCommand
  const title = all
    ? 'creates a project, lists environments, creates, lists and revokes keys that the server honours'
    : 'creates a project and a key between server runs that the server honours'
  test(title, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'canvass-cli-'))
    const env: Record<string, string> = { DATA_DIR: dataDir, ...(await backend.env()) }
    const embedded = !env.DATABASE_URL
    // What is tested is the CLI, not a first start: the embedded database exists, empty, before the server runs.
    if (embedded) await emptyDatabaseInto(dataDir)
    // On the embedded database the server must be stopped while the CLI works; on a server both run at once.
    let server = await startServer(env)
    const serve = async () => {
      if (embedded) server = await startServer(env)
      return client(server.url)
    }
    const pause = async () => {
      if (embedded) assert.is(await server.stop(), 0)
    }
    try {
      if (embedded) {
        // While the server runs, the CLI says how to run a command, not how to start a second server.
        const busy = await cli(env, 'environments')
        assert.is(busy.code, 1)
        assert.is(
          busy.stderr.replace(/\(pid \d+\)/, '(pid N)').trim().split('\n').at(-1),
          `canvass: DATA_DIR ${dataDir} is in use by a running Canvass server (pid N): the embedded database can be used by one process at a time. Stop the server, run this command, then start the server again`,
        )
      }
      await pause()
      const project = await cli(env, 'project', 'create', 'Shop')
      assert.is(project.code, 0, project.stderr)
      const production = /production environment:\s+(\S+)/.exec(project.stdout)?.[1]
      assert.ok(production, project.stdout)
      const listed = await cli(env, 'environments')
      assert.match(listed.stdout, new RegExp(`Shop\\s+production\\s+${production}`))
      assert.match(listed.stdout, /Default project\s+development\s+\S+/, 'the bootstrap project is listed too')
      if (embedded) assert.match(listed.stderr, /the server must be stopped/)

      const created = await cli(env, 'keys', 'create', '--environment', production, '--label', 'ci')
      assert.is(created.code, 0, created.stderr)
      const key = /(cvs_[0-9A-Za-z]{43})/.exec(created.stdout)?.[1]
      const keyId = /Created API key (\S+)/.exec(created.stdout)?.[1]
      assert.ok(key && keyId, created.stdout)
      const unused = await cli(env, 'keys', 'list', '--environment', production)
      assert.match(unused.stdout, new RegExp(`${keyId}\\s+${production}\\s+ci\\s+${key.slice(0, 8)}…\\s+\\S+Z\\s+never`))
      assert.not.ok(unused.stdout.includes(key), 'the key itself is never listed')

      let call = await serve()
      const me = await call('GET', '/api/v1/me', { key })
      assert.is(me.status, 200)
      assert.is(me.body.id, production)
      if (!all) return
      await pause()
      const used = await cli(env, 'keys', 'list')
      assert.match(used.stdout, new RegExp(`${keyId}\\s+${production}\\s+ci\\s+\\S+\\s+\\S+Z\\s+\\d{4}-\\S+Z`), 'last used is shown')

      const revoked = await cli(env, 'keys', 'revoke', keyId)
      assert.is(revoked.code, 0, revoked.stderr)
      const again = await cli(env, 'keys', 'revoke', keyId)
      assert.is(again.code, 1)
      assert.match(again.stderr, /No live API key/)
      call = await serve()
      assert.is((await call('GET', '/api/v1/me', { key })).status, 401, 'a revoked key stops working')

      await pause()
      const unknown = await cli(env, 'keys', 'create', '--environment', 'nope')
      assert.is(unknown.code, 1)
      assert.match(unknown.stderr, /No environment has the id nope/)
      const usage = await cli(env, 'keys', 'create')
      assert.is(usage.code, 1)
      assert.match(usage.stderr, /--environment/)
    } finally {
      await server.stop()
      await rm(dataDir, { recursive: true, force: true })
      await backend.dispose()
    }
  })
  test.run()
}
