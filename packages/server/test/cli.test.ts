/**
 * The admin CLI (`pnpm canvass`) as a real process on the database of a real server: on embedded PGlite with
 * the server stopped (one process at a time), on the Postgres server while it runs. Every command runs on one
 * backend (Postgres when TEST_DATABASE_URL is set); on the other, PGlite, the CLI opens the embedded folder
 * between server runs, creates what a server then honours, and says that the server must be stopped. Each CLI
 * run on PGlite starts the embedded database anew, so the commands whose code does not depend on the
 * database run once.
 *
 * `canvass import formbricks` (issue 42) as a real process: a source Canvass (a test bed served over loopback
 * HTTP, which speaks the reference's management API) holding every resource kind is copied into a second
 * database, compared field for field, copied again (nothing added), and copied by a run SIGKILLed half-way then
 * started again (the same result). The CLI and the comparison share a Postgres database, so these run with
 * TEST_DATABASE_URL only.
 */
import { execFile, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { createCanvass } from '@canvass/core'
import type { Canvass } from '@canvass/core'
import { createKyselyStorage } from '@canvass/storage-kysely'
import { createTestCanvass, question, skipSuiteUnless } from '@canvass/test-bed'
import { TEST_NODE_FLAGS, closedPort } from '@canvass/test-utils'
import type { TestCanvass } from '@canvass/test-bed'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { e2eBackends, httpBackend, postgresBackend } from './backends'
import type { E2eBackend } from './backends'
import { emptyDatabaseInto } from './processes'
import { client, startServer } from './server'

const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url))
const run = promisify(execFile)

/** The CLI's environment: `env` and the PATH, nothing else of this process's. */
const cliEnv = (env: Record<string, string>) => ({ PATH: process.env.PATH ?? '', ...env })

async function cli(env: Record<string, string>, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [...TEST_NODE_FLAGS, CLI, ...args], { env: cliEnv(env) })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

// Issue 58, item 25: Node's recursive mkdir loops for ever on /proc/x, and the CLI made its folder that way: the
// command hung without a word. Bounded here, so that a hang fails the test instead of the run.
{
  const folder = suite('admin CLI: a DATA_DIR that cannot hold a database')
  skipSuiteUnless(folder, process.platform === 'linux' ? undefined : 'pseudo file systems are looked for on Linux only')(
    'DATA_DIR on /proc: one line naming it, exit 1, at once',
    async () => {
      const result = await run(process.execPath, [...TEST_NODE_FLAGS, CLI, 'environments'], {
        env: cliEnv({ DATA_DIR: '/proc/canvass' }),
        timeout: 30_000,
      }).then(
        () => ({ code: 0, stderr: '' }),
        (error: { code: number | null; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
      )
      assert.is(result.code, 1, result.stderr)
      assert.is(
        result.stderr,
        'canvass: DATA_DIR "/proc/canvass" cannot be written (/proc is on the proc pseudo file system, which keeps no files): point DATA_DIR at the server\'s folder\n',
      )
    },
  )
  folder.run()
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
          busy.stderr
            .replace(/\(pid \d+\)/, '(pid N)')
            .trim()
            .split('\n')
            .at(-1),
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
      // The CLI's admin actions are in the environment's audit log as the API's writes are, without a key.
      const audit = await call('GET', '/api/v1/management/audit-log', { key })
      assert.equal(audit.body.data.map((e: any) => [e.action, e.resourceType, e.apiKeyId]).reverse(), [
        ['create', 'project', null],
        ['create', 'apiKey', null],
      ])
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

const importing = skipSuiteUnless(
  suite('import formbricks (CLI, Postgres)'),
  process.env.TEST_DATABASE_URL ? undefined : 'TEST_DATABASE_URL is unset: the CLI and the comparison share a Postgres database',
)

interface Target {
  env: Record<string, string>
  environmentId: string
  canvass: Canvass
  key: string
  db: Kysely<unknown>
  backend: E2eBackend
}

/** The source: a test bed served over loopback HTTP, which speaks the reference's management API. */
let source: TestCanvass & { url: string }
const targets: Target[] = []
/** Where the CLI writes its mapping files: never into the repository. */
let scratch: string

/**
 * A fresh Postgres database and an in-process Canvass on it to read what the import wrote: with a project of
 * its own, or (`sameEnvironment`) none, the CLI making the one with the source environment's id.
 */
async function newTarget(sameEnvironment = false): Promise<Target> {
  const backend = postgresBackend()!
  const env: Record<string, string> = { ...(await backend.env()), CANVASS_ALLOW_PRIVATE_WEBHOOK_URLS: '1' }
  const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 2 })
  // The test bed ends every session on a database it takes back, which may reach a connection idle here: a pool
  // without a listener would throw it, and end the test process.
  pool.on('error', (error: Error & { code?: string }) => {
    if (error.code !== '57P01') console.error(error)
  })
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) })
  const canvass = createCanvass({ storage: createKyselyStorage({ db }) })
  let environmentId = source.envA
  let key = ''
  if (!sameEnvironment) {
    environmentId = (await canvass.admin.createProject({ name: 'Moved in' })).environments.production
    key = (await canvass.admin.createApiKey({ environmentId })).key
  }
  const target = { env, environmentId, canvass, key, db, backend }
  targets.push(target)
  return target
}

async function read(target: Target, path: string): Promise<any> {
  const response = await target.canvass.fetch(new Request(`http://canvass.test${path}`, { headers: { 'x-api-key': target.key } }))
  assert.is(response.status, 200, path)
  return response.json()
}

async function readSource(path: string): Promise<any> {
  const response = await source.call('GET', path, { key: source.keyA })
  assert.is(response.status, 200, path)
  return response.body
}

/** `canvass import formbricks` from the source with its key, and `options`. */
const importArgs = (...options: string[]) => ['import', 'formbricks', '--url', source.url, '--api-key', source.keyA, ...options]

/** Runs `canvass import formbricks` from the source into `target`. */
const importInto = (target: Target, ...options: string[]) => cli(target.env, ...importArgs(...options))

/** A list as a map by id, without the fields that name the environment (which differs by design). */
function byId(items: any[], drop: string[] = []): Map<string, unknown> {
  const strip = (value: any): any => {
    if (Array.isArray(value)) return value.map(strip)
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value)
          .filter(([key]) => !['environmentId', 'workspaceId', ...drop].includes(key))
          .map(([key, v]) => [key, strip(v)]),
      )
    }
    return value
  }
  return new Map(items.map((item) => [item.id, strip(item)]))
}

const RESPONSES = 120

importing.before(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'canvass-import-'))
  const bed = await createTestCanvass({ webhooks: { allowPrivateAddresses: true } })
  source = Object.assign(bed, { url: await bed.listen() })
  const call = (method: string, path: string, body?: unknown) => source.call(method, path, { key: source.keyA, body })
  const ok = async (method: string, path: string, body?: unknown) => {
    const response = await call(method, path, body)
    if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${response.text}`)
    return response.body.data ?? response.body
  }
  const action = await ok('POST', '/api/v1/management/action-classes', {
    name: 'Checkout',
    type: 'code',
    key: 'checkout',
    description: 'Paid',
  })
  await ok('POST', '/api/v1/management/action-classes', {
    name: 'Pricing page',
    type: 'noCode',
    noCodeConfig: { type: 'pageView', urlFilters: [{ rule: 'contains', value: '/pricing' }] },
  })
  await ok('POST', '/api/v1/management/contact-attribute-keys', { key: 'plan', name: 'Plan', type: 'custom' })
  for (let i = 0; i < 5; i++) {
    const answer = await source.call('PUT', `/api/v1/client/${source.envA}/contacts/user-${i}/attributes`, {
      body: { attributes: { plan: i % 2 ? 'pro' : 'free', email: `u${i}@example.com` } },
    })
    assert.is(answer.status, 200, answer.text)
  }
  const segment = await ok('POST', '/api/v1/management/segments', {
    title: 'Pro users',
    description: 'Paying',
    isPrivate: false,
    filters: [
      {
        id: 'f1',
        connector: null,
        resource: { id: 'r1', root: { type: 'attribute', contactAttributeKey: 'plan' }, qualifier: { operator: 'equals' }, value: 'pro' },
      },
    ],
  })
  const survey = await ok('POST', '/api/v1/management/surveys', {
    name: 'Checkout feedback',
    type: 'app',
    status: 'inProgress',
    questions: [question('q1'), { id: 'q2', type: 'rating', headline: { default: 'Rate us' }, required: false, scale: 'number', range: 5 }],
    endings: [{ id: 'end1', type: 'endScreen', headline: { default: 'Thanks' } }],
    variables: [{ id: 'v1', name: 'score', type: 'number', value: 0 }],
    hiddenFields: { enabled: true, fieldIds: ['channel'] },
    styling: { brandColor: { light: '#123456' } },
    triggers: [{ actionClass: { id: action.id } }],
    segmentId: segment.id,
  })
  // Shared read-only in the source: the import makes it a key of its own.
  await ok('POST', `/api/v1/management/surveys/${survey.id}/share`)
  const link = await ok('POST', '/api/v1/management/surveys', {
    name: 'Link survey',
    type: 'link',
    status: 'completed',
    questions: [question('q1')],
  })
  const base = Date.parse('2024-03-01T10:00:00.000Z')
  const responses = Array.from({ length: RESPONSES }, (_, i) => ({
    surveyId: i % 4 === 0 ? link.id : survey.id,
    finished: i % 3 !== 0,
    data: { q1: `answer ${i}`, ...(i % 2 ? { q2: (i % 5) + 1 } : {}) },
    ttc: { q1: 1200 + i },
    variables: { v1: i },
    meta: { source: 'import-test', url: `https://shop.example/${i}` },
    language: i % 7 === 0 ? 'de' : null,
    userId: i % 10 === 0 ? `user-${(i / 10) % 5}` : null,
    endingId: i % 3 !== 0 ? 'end1' : null,
    createdAt: new Date(base + i * 60_000).toISOString(),
    updatedAt: new Date(base + i * 60_000 + 5_000).toISOString(),
  }))
  const imported = await ok('POST', '/api/v1/management/responses/bulk', { responses })
  assert.is(imported.created, RESPONSES, JSON.stringify(imported.results.slice(0, 3)))
  const display = await source.call('POST', `/api/v1/client/${source.envA}/displays`, { body: { surveyId: survey.id } })
  assert.is(display.status, 200, display.text)
  await ok('POST', '/api/v1/management/responses', {
    surveyId: survey.id,
    finished: true,
    data: { q1: 'after a display' },
    displayId: display.body.data.id,
    createdAt: '2024-04-01T00:00:00.000Z',
  })
  // Last, so that no response event is sent to it; a loopback port nothing listens on.
  await ok('POST', '/api/v1/webhooks', {
    name: 'CRM',
    url: 'http://127.0.0.1:9/hook',
    triggers: ['responseFinished'],
    surveyIds: [survey.id],
  })
})

importing.after(async () => {
  for (const target of targets) {
    await target.db.destroy()
    await target.backend.dispose()
  }
  if (source) await source.close()
  if (scratch) await rm(scratch, { recursive: true, force: true })
})

/** The table's line of each resource (read, created, already there, refused), as printed. */
function resourceLines(stdout: string): string[] {
  return stdout
    .split('\n')
    .filter((line) => /^(actionClasses|contactAttributeKeys|contacts|segments|surveys|responses|webhooks)\s/.test(line))
    .map((line) => line.split(/\s+/).slice(0, 5).join(' '))
}

/** Everything the target should hold like the source, compared item by item. */
async function assertSameAsSource(target: Target): Promise<void> {
  const lists: Array<[string, string[]]> = [
    // A share key is never copied (the import mints one where the source had one).
    ['/api/v1/management/surveys?limit=100', ['resultShareKey']],
    ['/api/v1/management/segments', []],
    ['/api/v1/management/contacts?limit=100', []],
    // The automatic class and default keys exist in both with ids of their own.
    ['/api/v1/management/responses?limit=1000', []],
    ['/api/v1/webhooks', []],
  ]
  for (const [path, drop] of lists) {
    const want = byId((await readSource(path)).data, drop)
    const got = byId((await read(target, path)).data, drop)
    assert.equal([...got.keys()].sort(), [...want.keys()].sort(), `${path}: the same ids`)
    for (const [id, item] of want) assert.equal(got.get(id), item, `${path}: ${id} field for field`)
  }
  const names = (items: any[]) => items.map((item) => `${item.name ?? item.key}`).sort()
  assert.equal(
    names((await read(target, '/api/v1/management/action-classes')).data),
    names((await readSource('/api/v1/management/action-classes')).data),
  )
  assert.equal(
    names((await read(target, '/api/v1/management/contact-attribute-keys')).data),
    names((await readSource('/api/v1/management/contact-attribute-keys')).data),
  )
}

importing('copies every resource kind field for field; a second run adds nothing', async () => {
  const target = await newTarget(true)
  const refused = await cli(target.env, 'import', 'formbricks', '--url', 'http://user:secret@127.0.0.1:9', '--api-key', 'k')
  assert.is(refused.code, 1)
  assert.match(refused.stderr, /canvass: --url must not carry credentials/)
  const dry = await importInto(target, '--environment', 'source', '--dry-run')
  assert.is(dry.code, 0, dry.stderr + dry.stdout)
  assert.match(dry.stdout, new RegExp(`Would create a project with the environment ${source.envA} \\(with no API key`))
  assert.match(dry.stdout, new RegExp(`responses\\s+${RESPONSES + 1}\\s+${RESPONSES + 1}\\s+0\\s+0`), dry.stdout)
  assert.equal(await target.canvass.admin.listProjects(), [], 'a dry run writes nothing')

  const mappingFile = join(scratch, 'mappings.json')
  const first = await importInto(target, '--environment', 'source', '--page-size', '50', '--mapping-file', mappingFile)
  assert.is(first.code, 0, first.stderr + first.stdout)
  // The rows Canvass makes itself (New Session, the default attribute keys) keep their own ids: listed, and written.
  const mappings = JSON.parse(await readFile(mappingFile, 'utf8')) as Array<{ resource: string }>
  assert.ok(
    mappings.length > 0 && mappings.every((m) => m.resource === 'actionClasses' || m.resource === 'contactAttributeKeys'),
    JSON.stringify(mappings),
  )
  assert.match(first.stdout, /Ids that could not be kept/)
  // The environment keeps the source's id, so apps change only their appUrl.
  target.key = (await target.canvass.admin.createApiKey({ environmentId: source.envA })).key
  assert.match(first.stdout, new RegExp(`responses\\s+${RESPONSES + 1}\\s+${RESPONSES + 1}\\s+0\\s+0`), first.stdout)
  assert.match(first.stdout, /New webhook signing secrets[\s\S]*whsec_/, 'the new secret is printed once')
  // The project the import made has no key: the output says how to make one.
  assert.ok(
    first.stdout.includes(
      `The environment ${source.envA} has no API key yet: make one with \`canvass keys create --environment ${source.envA}\``,
    ),
    first.stdout,
  )
  // The dry run decided what the run did: the rows the new environment starts with are "already there" in both.
  assert.equal(resourceLines(dry.stdout), resourceLines(first.stdout))
  await assertSameAsSource(target)

  const second = await importInto(target, '--environment', source.envA, '--mapping-file', join(scratch, 'second.json'))
  assert.is(second.code, 0, second.stderr)
  for (const line of second.stdout
    .split('\n')
    .filter((l) => /^(actionClasses|contactAttributeKeys|contacts|segments|surveys|responses|webhooks)\s/.test(l))) {
    const [, read, created, already, refused] = line.split(/\s+/)
    assert.is(created, '0', line)
    assert.is(refused, '0', line)
    assert.is(already, read, line)
  }
  assert.not.match(second.stdout, /whsec_/)
  await assertSameAsSource(target)

  const shared = (await read(target, '/api/v1/management/surveys?limit=100')).data.filter((s: any) => s.resultShareKey !== null)
  const sourceShared = (await readSource('/api/v1/management/surveys?limit=100')).data.find((s: any) => s.resultShareKey !== null)
  assert.equal(
    shared.map((s: any) => s.id),
    [sourceShared.id],
  )
  assert.is.not(shared[0].resultShareKey, sourceShared.resultShareKey, "the source's key is not kept")
  assert.ok(first.stdout.includes(`${sourceShared.id}  /share/${shared[0].resultShareKey} on this server`), first.stdout)

  // A contact erased here stays erased when the import runs again, with its responses.
  const erasedOne = (await read(target, '/api/v1/management/contacts?limit=100')).data.find((c: any) => c.userId === 'user-0')
  const erased = await target.canvass.fetch(
    new Request(`http://canvass.test/api/v1/management/contacts/${erasedOne.id}?erase=true`, {
      method: 'DELETE',
      headers: { 'x-api-key': target.key },
    }),
  )
  assert.is(erased.status, 200, await erased.text())
  const third = await importInto(target, '--environment', source.envA, '--mapping-file', join(scratch, 'third.json'))
  assert.is(third.code, 0, third.stderr)
  assert.match(third.stdout, /Skipped as erased here[^\n]*\n {2}contacts: 1\n {2}responses: 3\n/, third.stdout)
  assert.match(third.stdout, /contacts\s+5\s+0\s+4\s+0/, third.stdout)
  const left = (await read(target, '/api/v1/management/contacts?limit=100')).data
  assert.not.ok(
    left.some((c: any) => c.userId === 'user-0'),
    'the erased contact did not come back',
  )
})

importing("--environment source never imports into an environment that exists here (another project's)", async () => {
  const target = await newTarget(true)
  // Another project here has the id the source answers for its environment.
  const tenant = await target.canvass.admin.createProject({ name: 'Tenant', environmentIds: { production: source.envA } })
  target.key = (await target.canvass.admin.createApiKey({ environmentId: source.envA })).key
  for (const dryRun of [['--dry-run'], []]) {
    const refused = await importInto(target, '--environment', 'source', '--mapping-file', join(scratch, 'tenant.json'), ...dryRun)
    assert.is(refused.code, 1, refused.stdout)
    assert.is(
      refused.stderr.trim().split('\n').at(-1),
      `canvass: The source's environment id ${source.envA} is already an environment here (of the project Tenant): ` +
        `--environment source only creates a new one. To import into that environment again, name it: --environment ${source.envA}`,
    )
  }
  for (const path of ['/api/v1/management/surveys', '/api/v1/webhooks', '/api/v1/management/responses', '/api/v1/management/contacts'])
    assert.equal((await read(target, path)).data, [], `${path}: nothing written`)
  assert.equal(
    (await target.canvass.admin.listProjects()).map((p) => p.projectId),
    [tenant.projectId],
  )
})

importing('a refused key and an unreachable source: one line naming the key or the URL and cause, exit code 1', async () => {
  const target = await newTarget()
  for (const environment of [target.environmentId, 'source']) {
    const wrongKey = await cli(
      target.env,
      'import',
      'formbricks',
      '--url',
      source.url,
      '--api-key',
      'fbk_wrong_key_0123',
      '--environment',
      environment,
    )
    assert.is(wrongKey.code, 1, wrongKey.stdout)
    const said = wrongKey.stderr.split('\n').filter((line) => line.startsWith('canvass:'))
    assert.is(said.length, 1, wrongKey.stderr)
    assert.match(
      said[0]!,
      /^canvass: The source refused the API key fbk_wr… \(18 characters\) \(401 to GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/management\/(me|action-classes)/,
    )
    assert.not.match(wrongKey.stdout, /RESOURCE|refused \(/, 'no table of refusals')

    const port = await closedPort()
    const unreachable = await cli(
      target.env,
      'import',
      'formbricks',
      '--url',
      `http://127.0.0.1:${port}`,
      '--api-key',
      'k',
      '--environment',
      environment,
    )
    assert.is(unreachable.code, 1, unreachable.stdout)
    const line = unreachable.stderr.trim().split('\n').at(-1) ?? ''
    assert.match(line, `canvass: Cannot reach http://127.0.0.1:${port}/api/v1/management/`)
    assert.match(line, `ECONNREFUSED 127.0.0.1:${port}`)
  }
  assert.equal((await read(target, '/api/v1/management/surveys')).data, [], 'nothing written')
})

importing('an import that refused anything exits with code 2, after its table', async () => {
  const target = await newTarget()
  // A stand-in source whose only item has no id (every other list is empty).
  const server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' })
    const url = new URL(request.url ?? '/', 'http://stand-in')
    const bad = url.pathname === '/api/v1/management/action-classes' && !url.searchParams.has('skip')
    response.end(JSON.stringify({ data: bad ? [{ name: 'No id' }] : [] }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const run = await cli(
      target.env,
      'import',
      'formbricks',
      '--url',
      url,
      '--api-key',
      'k',
      '--mapping-file',
      join(scratch, 'refused.json'),
    )
    assert.is(run.code, 2, run.stderr + run.stdout)
    assert.match(run.stdout, /actionClasses\s+1\s+0\s+0\s+1/)
    assert.match(run.stdout, /1 item\(s\) were refused \(see above\): exit code 2\n$/)
  } finally {
    await new Promise((resolve) => server.close(resolve))
  }
})

importing('a run killed half-way, started again, ends as an uninterrupted one', async () => {
  const target = await newTarget()
  const child = spawn(
    process.execPath,
    [...TEST_NODE_FLAGS, CLI, ...importArgs('--page-size', '20', '--mapping-file', join(scratch, 'killed.json'))],
    {
      env: cliEnv(target.env),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let out = ''
  const killed = new Promise<string>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const read = Number(
        /responses: (\d+) read/.exec(
          out
            .split('\n')
            .filter((l) => l.startsWith('responses:'))
            .at(-1) ?? '',
        )?.[1] ?? 0,
      )
      if (read >= 40 && child.exitCode === null && !child.killed) child.kill('SIGKILL')
    })
    child.on('exit', (_code, signal) => resolve(signal ?? 'exited'))
  })
  assert.is(await killed, 'SIGKILL', `killed during the responses: ${out}`)
  const count = await read(target, '/api/v1/management/responses?limit=1&count=true')
  assert.ok(count.data.length > 0, 'some responses were written before the kill')

  const resumed = await importInto(target, '--page-size', '20', '--mapping-file', join(scratch, 'resumed.json'))
  assert.is(resumed.code, 0, resumed.stderr)
  const line = resumed.stdout.split('\n').find((l) => /^responses\s/.test(l)) ?? ''
  const [, , created, already, refused] = line.split(/\s+/)
  assert.is(refused, '0', line)
  assert.ok(Number(already) >= 40 && Number(created) > 0, line)
  await assertSameAsSource(target)
})

importing.run()

/**
 * On the embedded database: a dry run while the server runs reads a copy of its database (PGlite cannot be
 * opened by two processes), and agrees with the run made afterwards with the server stopped; on a database
 * without a project the import names the command that makes one.
 */
const embedded = suite('import formbricks (CLI, embedded database)')
let embeddedSource: (TestCanvass & { url: string }) | undefined
let embeddedDir = ''

embedded.before(async () => {
  embeddedDir = await mkdtemp(join(tmpdir(), 'canvass-cli-dry-'))
  const bed = await createTestCanvass({ backend: 'pglite' })
  embeddedSource = Object.assign(bed, { url: await bed.listen() })
  const created = await bed.call('POST', '/api/v1/management/surveys', {
    key: bed.keyA,
    body: { name: 'Feedback', type: 'link', status: 'inProgress', questions: [question('q1')] },
  })
  assert.is(created.status, 200, created.text)
  const responses = [1, 2, 3].map((i) => ({ surveyId: created.body.data.id, finished: true, data: { q1: `answer ${i}` } }))
  const bulk = await bed.call('POST', '/api/v1/management/responses/bulk', { key: bed.keyA, body: { responses } })
  assert.is(bulk.status, 200, bulk.text)
})

embedded.after(async () => {
  await embeddedSource?.close()
  if (embeddedDir) await rm(embeddedDir, { recursive: true, force: true })
})

embedded('a dry run reads a copy while the server runs and agrees with the run; no project names the next step', async () => {
  const from = embeddedSource!
  const env = { DATA_DIR: embeddedDir, CANVASS_ALLOW_PRIVATE_WEBHOOK_URLS: '1' }
  const args = ['import', 'formbricks', '--url', from.url, '--api-key', from.keyA, '--mapping-file', join(embeddedDir, 'mappings.json')]
  await emptyDatabaseInto(embeddedDir)
  const none = await cli(env, ...args)
  assert.is(none.code, 1)
  assert.ok(none.stderr.includes('canvass: There is no project yet: make one with `canvass project create <name>`'), none.stderr)
  assert.ok(none.stderr.includes('`--environment source`'), 'the import names its own way to make one')

  const server = await startServer(env)
  let dry: Awaited<ReturnType<typeof cli>>
  try {
    dry = await cli(env, ...args, '--dry-run')
    assert.is(dry.code, 0, dry.stderr + dry.stdout)
    const copy = /is in use by a running Canvass server: the dry run reads a copy of its database \(in (\S+), removed afterwards\)/.exec(
      dry.stderr,
    )?.[1]
    assert.ok(copy, dry.stderr)
    assert.not.ok(existsSync(copy), 'the copy is removed')
    assert.match(dry.stdout, /surveys\s+1\s+1\s+0\s+0/, dry.stdout)
    assert.match(dry.stdout, /responses\s+3\s+3\s+0\s+0/, dry.stdout)
    const health = await fetch(`${server.url}/health`)
    assert.is(health.status, 200, 'the server goes on')
    await health.body?.cancel()
  } finally {
    assert.is(await server.stop(), 0, server.output())
  }
  const run = await cli(env, ...args)
  assert.is(run.code, 0, run.stderr + run.stdout)
  assert.equal(resourceLines(dry.stdout), resourceLines(run.stdout), 'the dry run wrote nothing and decided as the run')
  assert.match(run.stdout, /responses\s+3\s+3\s+0\s+0/)
})

embedded.run()
