/**
 * The package's `canvass` bin (the file its package.json names, as `npx canvass` runs it): `start` runs the
 * server as `dist/main.js` does, with the same checks of its arguments; `migrate` migrates the database and
 * exits; `--version` prints the package's version.
 */
import { execFile } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { assertServesHealthAndStops } from '@canvass/test-bed'
import { TEST_NODE_FLAGS } from '@canvass/test-utils'
import { PGlite } from '@electric-sql/pglite'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string
  bin: { canvass: string }
}
const BIN = fileURLToPath(new URL(`../${manifest.bin.canvass}`, import.meta.url))
const run = promisify(execFile)

const test = suite('the canvass bin')
let dataDir = ''

test.before.each(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'canvass-bin-'))
})

test.after.each(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

test("canvass --version prints the package's version alone; --help says it and names the option", async () => {
  const env = { PATH: process.env.PATH ?? '', DATA_DIR: dataDir }
  for (const flag of ['--version', '-V']) {
    const { stdout, stderr } = await run(process.execPath, [...TEST_NODE_FLAGS, BIN, flag], { env })
    assert.is(stdout, `${manifest.version}\n`, flag)
    assert.is(stderr, '', flag)
  }
  const { stdout: help } = await run(process.execPath, [...TEST_NODE_FLAGS, BIN, '--help'], { env })
  assert.ok(help.includes(`Canvass ${manifest.version} `), help)
  assert.match(help, /^ {2}-V, --version +print this server's version/m)
  assert.not.ok(existsSync(join(dataDir, 'pgdata')), 'no database was opened')
})

test('canvass start: serves /health on embedded PGlite, stops on SIGTERM with exit code 0', async () => {
  await assertServesHealthAndStops([BIN, 'start'], dataDir)
})

test('canvass start with an argument it does not take: the server refuses it in one line, exit code 1', async () => {
  const failed = await run(process.execPath, [...TEST_NODE_FLAGS, BIN, 'start', '--port', '8080'], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
  }).then(
    () => undefined,
    (error: { code: number; stderr: string }) => error,
  )
  assert.ok(failed, 'exits with an error')
  assert.is(failed.code, 1)
  assert.match(failed.stderr, /^Canvass could not start: unknown argument/)
})

// Issue 69, item 12: the docs gave these options and no command had them.
test('canvass start --data-dir: the option wins over DATA_DIR, the database is made there', async () => {
  const other = join(dataDir, 'given')
  await assertServesHealthAndStops([BIN, 'start', '--data-dir', other], dataDir)
  assert.ok(existsSync(join(other, 'pgdata', 'PG_VERSION')), 'the embedded database is in the folder --data-dir names')
  assert.not.ok(existsSync(join(dataDir, 'pgdata')), 'and not in DATA_DIR')
})

test('the admin commands take --data-dir and --public-url, before or after the command; a wrong value names the option', async () => {
  const env = { PATH: process.env.PATH ?? '', DATA_DIR: join(dataDir, 'not-this-one') }
  const folder = join(dataDir, 'given')
  await run(process.execPath, [...TEST_NODE_FLAGS, BIN, 'project', 'create', 'Shop', '--data-dir', folder], { env })
  const { stdout: listed } = await run(process.execPath, [...TEST_NODE_FLAGS, BIN, `--data-dir=${folder}`, 'environments'], { env })
  assert.match(listed, /^Shop\s+production\s/m)
  const { stdout: created } = await run(
    process.execPath,
    [...TEST_NODE_FLAGS, BIN, 'survey', 'new', '--template', 'nps', '--data-dir', folder, '--public-url', 'https://feedback.example.com/'],
    { env },
  )
  assert.match(created, /^ {2}link: https:\/\/feedback\.example\.com\/s\/[a-z0-9]+$/m)
  assert.not.ok(existsSync(join(dataDir, 'not-this-one')), 'DATA_DIR was not opened')
  const failed = await run(
    process.execPath,
    [...TEST_NODE_FLAGS, BIN, 'keys', 'list', '--data-dir', folder, '--database-url', 'localhost:5432/canvass'],
    {
      env,
    },
  ).then(
    () => undefined,
    (error: { code: number; stderr: string }) => error,
  )
  assert.is(failed?.code, 1)
  assert.match(failed?.stderr ?? '', /^canvass: --database-url is not a Postgres URL/)
})

test('canvass migrate: migrates the embedded database, says so and exits', async () => {
  const { stdout } = await run(process.execPath, [...TEST_NODE_FLAGS, BIN, 'migrate'], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
  })
  assert.is(stdout, 'Database migrated\n')
  const db = await PGlite.create(join(dataDir, 'pgdata'))
  try {
    const { rows } = await db.query<{ count: number }>(
      "select count(*)::int as count from information_schema.tables where table_name = 'surveys'",
    )
    assert.is(rows[0]?.count, 1)
  } finally {
    await db.close()
  }
})

test.run()
