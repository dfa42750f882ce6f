/**
 * `canvass import formbricks` (issue 42) as a real process: a source Canvass server (which speaks the
 * reference's management API) holding every resource kind is copied into a second database, compared field
 * for field, copied again (nothing added), and copied by a run SIGKILLed half-way then started again (the same
 * result). The CLI and the comparison share a Postgres database, so these run with TEST_DATABASE_URL only.
 */
import { execFile, spawn } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { createCanvass } from '@canvass/core'
import type { Canvass } from '@canvass/core'
import { createKyselyStorage } from '@canvass/storage-kysely'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { postgresBackend } from './backends'
import type { E2eBackend } from './backends'
import type { Backend } from './fixtures'
import { question, startBackend } from './fixtures'

const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url))
const run = promisify(execFile)

const test = suite('import formbricks (CLI, Postgres)')
const skipReason = process.env.TEST_DATABASE_URL ? undefined : 'TEST_DATABASE_URL is unset: the CLI and the comparison share a Postgres database'

interface Target {
  env: Record<string, string>
  environmentId: string
  canvass: Canvass
  key: string
  db: Kysely<unknown>
  backend: E2eBackend
}

let source: Backend
let sourceDb: E2eBackend
const targets: Target[] = []
/** Where the CLI writes its mapping files: never into the repository. */
let scratch: string

async function cli(env: Record<string, string>, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], { env: { PATH: process.env.PATH ?? '', ...env } })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

/**
 * A fresh Postgres database and an in-process Canvass on it to read what the import wrote: with a project of
 * its own, or (`sameEnvironment`) none, the CLI making the one with the source environment's id.
 */
async function newTarget(sameEnvironment = false): Promise<Target> {
  const backend = postgresBackend()!
  const env: Record<string, string> = { ...(await backend.env()), CANVASS_ALLOW_PRIVATE_WEBHOOK_URLS: '1' }
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: env.DATABASE_URL, max: 2 }) }) })
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

/** A list as a map by id, without the fields that name the environment (which differs by design). */
function byId(items: any[], drop: string[] = []): Map<string, unknown> {
  const strip = (value: any): any => {
    if (Array.isArray(value)) return value.map(strip)
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).filter(([key]) => !['environmentId', 'workspaceId', ...drop].includes(key)).map(([key, v]) => [key, strip(v)]))
    }
    return value
  }
  return new Map(items.map((item) => [item.id, strip(item)]))
}

const RESPONSES = 120

test.before(async () => {
  if (skipReason) return
  scratch = await mkdtemp(join(tmpdir(), 'canvass-import-'))
  sourceDb = postgresBackend()!
  source = await startBackend({ ...(await sourceDb.env()), CANVASS_ALLOW_PRIVATE_WEBHOOK_URLS: '1' })
  const call = (method: string, path: string, body?: unknown) => source.call(method, path, { key: source.keyA, body })
  const ok = async (method: string, path: string, body?: unknown) => {
    const response = await call(method, path, body)
    if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${response.text}`)
    return response.body.data ?? response.body
  }
  const action = await ok('POST', '/api/v1/management/action-classes', { name: 'Checkout', type: 'code', key: 'checkout', description: 'Paid' })
  await ok('POST', '/api/v1/management/action-classes', { name: 'Pricing page', type: 'noCode', noCodeConfig: { type: 'pageView', urlFilters: [{ rule: 'contains', value: '/pricing' }] } })
  await ok('POST', '/api/v1/management/contact-attribute-keys', { key: 'plan', name: 'Plan', type: 'custom' })
  for (let i = 0; i < 5; i++) {
    const answer = await source.call('PUT', `/api/v1/client/${source.envA}/contacts/user-${i}/attributes`, { body: { attributes: { plan: i % 2 ? 'pro' : 'free', email: `u${i}@example.com` } } })
    assert.is(answer.status, 200, answer.text)
  }
  const segment = await ok('POST', '/api/v1/management/segments', {
    title: 'Pro users', description: 'Paying', isPrivate: false,
    filters: [{ id: 'f1', connector: null, resource: { id: 'r1', root: { type: 'attribute', contactAttributeKey: 'plan' }, qualifier: { operator: 'equals' }, value: 'pro' } }],
  })
  const survey = await ok('POST', '/api/v1/management/surveys', {
    name: 'Checkout feedback', type: 'app', status: 'inProgress',
    questions: [question('q1'), { id: 'q2', type: 'rating', headline: { default: 'Rate us' }, required: false, scale: 'number', range: 5 }],
    endings: [{ id: 'end1', type: 'endScreen', headline: { default: 'Thanks' } }],
    variables: [{ id: 'v1', name: 'score', type: 'number', value: 0 }],
    hiddenFields: { enabled: true, fieldIds: ['channel'] },
    styling: { brandColor: { light: '#123456' } },
    triggers: [{ actionClass: { id: action.id } }],
    segmentId: segment.id,
  })
  const link = await ok('POST', '/api/v1/management/surveys', { name: 'Link survey', type: 'link', status: 'completed', questions: [question('q1')] })
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
  await ok('POST', '/api/v1/management/responses', { surveyId: survey.id, finished: true, data: { q1: 'after a display' }, displayId: display.body.data.id, createdAt: '2024-04-01T00:00:00.000Z' })
  // Last, so that no response event is sent to it; a loopback port nothing listens on.
  await ok('POST', '/api/v1/webhooks', { name: 'CRM', url: 'http://127.0.0.1:9/hook', triggers: ['responseFinished'], surveyIds: [survey.id] })
})

test.after(async () => {
  for (const target of targets) {
    await target.db.destroy()
    await target.backend.dispose()
  }
  if (source) await source.stop()
  if (sourceDb) await sourceDb.dispose()
  if (scratch) await rm(scratch, { recursive: true, force: true })
})

/** Everything the target should hold like the source, compared item by item. */
async function assertSameAsSource(target: Target): Promise<void> {
  const lists: Array<[string, string[]]> = [
    ['/api/v1/management/surveys?limit=100', []],
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
  assert.equal(names((await read(target, '/api/v1/management/action-classes')).data), names((await readSource('/api/v1/management/action-classes')).data))
  assert.equal(names((await read(target, '/api/v1/management/contact-attribute-keys')).data), names((await readSource('/api/v1/management/contact-attribute-keys')).data))
}

test('copies every resource kind field for field; a second run adds nothing', async () => {
  if (skipReason) return console.log(`  skipped: ${skipReason}`)
  const target = await newTarget(true)
  const refused = await cli(target.env, 'import', 'formbricks', '--url', 'http://user:secret@127.0.0.1:9', '--api-key', 'k')
  assert.is(refused.code, 1)
  assert.match(refused.stderr, /canvass: --url must not carry credentials/)
  const dry = await cli(target.env, 'import', 'formbricks', '--url', source.url, '--api-key', source.keyA, '--environment', 'source', '--dry-run')
  assert.is(dry.code, 0, dry.stderr + dry.stdout)
  assert.match(dry.stdout, new RegExp(`Would create a project with the environment ${source.envA}`))
  assert.match(dry.stdout, new RegExp(`responses\\s+${RESPONSES + 1}\\s+${RESPONSES + 1}\\s+0\\s+0`), dry.stdout)
  assert.equal(await target.canvass.admin.listProjects(), [], 'a dry run writes nothing')

  const mappingFile = join(scratch, 'mappings.json')
  const first = await cli(target.env, 'import', 'formbricks', '--url', source.url, '--api-key', source.keyA, '--environment', 'source', '--page-size', '50', '--mapping-file', mappingFile)
  assert.is(first.code, 0, first.stderr + first.stdout)
  // The rows Canvass makes itself (New Session, the default attribute keys) keep their own ids: listed, and written.
  const mappings = JSON.parse(await readFile(mappingFile, 'utf8')) as Array<{ resource: string }>
  assert.ok(mappings.length > 0 && mappings.every((m) => m.resource === 'actionClasses' || m.resource === 'contactAttributeKeys'), JSON.stringify(mappings))
  assert.match(first.stdout, /Ids that could not be kept/)
  // The environment keeps the source's id, so apps change only their appUrl.
  target.key = (await target.canvass.admin.createApiKey({ environmentId: source.envA })).key
  assert.match(first.stdout, new RegExp(`responses\\s+${RESPONSES + 1}\\s+${RESPONSES + 1}\\s+0\\s+0`), first.stdout)
  assert.match(first.stdout, /New webhook signing secrets[\s\S]*whsec_/, 'the new secret is printed once')
  await assertSameAsSource(target)

  const second = await cli(target.env, 'import', 'formbricks', '--url', source.url, '--api-key', source.keyA, '--environment', source.envA, '--mapping-file', join(scratch, 'second.json'))
  assert.is(second.code, 0, second.stderr)
  for (const line of second.stdout.split('\n').filter((l) => /^(actionClasses|contactAttributeKeys|contacts|segments|surveys|responses|webhooks)\s/.test(l))) {
    const [, read, created, already, refused] = line.split(/\s+/)
    assert.is(created, '0', line)
    assert.is(refused, '0', line)
    assert.is(already, read, line)
  }
  assert.not.match(second.stdout, /whsec_/)
  await assertSameAsSource(target)
})

test('a run killed half-way, started again, ends as an uninterrupted one', async () => {
  if (skipReason) return console.log(`  skipped: ${skipReason}`)
  const target = await newTarget()
  const child = spawn(process.execPath, [CLI, 'import', 'formbricks', '--url', source.url, '--api-key', source.keyA, '--page-size', '20', '--mapping-file', join(scratch, 'killed.json')], {
    env: { PATH: process.env.PATH ?? '', ...target.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  const killed = new Promise<string>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const read = Number(/responses: (\d+) read/.exec(out.split('\n').filter((l) => l.startsWith('responses:')).at(-1) ?? '')?.[1] ?? 0)
      if (read >= 40 && child.exitCode === null && !child.killed) child.kill('SIGKILL')
    })
    child.on('exit', (_code, signal) => resolve(signal ?? 'exited'))
  })
  assert.is(await killed, 'SIGKILL', `killed during the responses: ${out}`)
  const count = await read(target, '/api/v1/management/responses?limit=1&count=true')
  assert.ok(count.data.length > 0, 'some responses were written before the kill')

  const resumed = await cli(target.env, 'import', 'formbricks', '--url', source.url, '--api-key', source.keyA, '--page-size', '20', '--mapping-file', join(scratch, 'resumed.json'))
  assert.is(resumed.code, 0, resumed.stderr)
  const line = resumed.stdout.split('\n').find((l) => /^responses\s/.test(l)) ?? ''
  const [, , created, already, refused] = line.split(/\s+/)
  assert.is(refused, '0', line)
  assert.ok(Number(already) >= 40 && Number(created) > 0, line)
  await assertSameAsSource(target)
})

test.run()
