/**
 * A survey write that carries a segment of its own (`segment` with filters) makes that private segment before
 * the survey's row is written. When the survey's write then fails (here: the database refuses the insert or
 * the update), the segment must not stay behind with nothing naming it, counting against the environment's
 * bound on segments. The fault is injected into a real storage on PGlite: every other call reaches it.
 */
import { createCanvass } from '@canvass/core'
import type { Canvass, Storage } from '@canvass/core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createKyselyStorage, migrate } from '../src'
import { backends } from './backends'
import type { OpenBackend } from './backends'

const FILTERS = [
  {
    id: 'i',
    connector: null,
    resource: { id: 'f', root: { type: 'attribute', contactAttributeKey: 'plan' }, value: 'pro', qualifier: { operator: 'equals' } },
  },
]

const [pglite] = backends()
const test = suite('a failed survey write leaves no private segment behind')
let open: OpenBackend | undefined
let storage: Storage
let canvass: Canvass
let failSurveyWrites = false
let environmentId = ''
let key = ''

test.before(async () => {
  open = await pglite!.open({ migrated: true })
  await migrate(open.db)
  storage = createKyselyStorage({ db: open.db })
  const failing =
    (method: 'insert' | 'update') =>
    async (...args: unknown[]) => {
      if (failSurveyWrites) throw new Error(`injected: surveys.${method} failed`)
      return (storage.surveys[method] as (...a: unknown[]) => Promise<unknown>)(...args)
    }
  const faulty: Storage = {
    ...storage,
    surveys: { ...storage.surveys, insert: failing('insert'), update: failing('update') } as Storage['surveys'],
  }
  canvass = createCanvass({ storage: faulty, logger: { error() {}, warn() {}, info() {} } as never })
  const project = await canvass.admin.createProject({ name: 'p' })
  environmentId = project.environments.production
  key = (await canvass.admin.createApiKey({ environmentId })).key
})
test.after(async () => {
  await open?.close()
})

async function call(method: string, path: string, body?: unknown) {
  const res = await canvass.fetch(
    new Request(`http://localhost${path}`, {
      method,
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  )
  return { status: res.status, body: await res.json().catch(() => null) }
}

const survey = (extra: Record<string, unknown> = {}) => ({
  environmentId,
  name: 'Targeted',
  type: 'app',
  questions: [{ id: 'q1', type: 'openText', headline: { default: 'Q' }, required: true, inputType: 'text' }],
  ...extra,
})

const segmentIds = async () => (await storage.segments.list(environmentId, { limit: 1000 } as never)).map((segment) => segment.id)

test('a create whose survey insert fails removes the segment it made', async () => {
  failSurveyWrites = true
  try {
    const res = await call('POST', '/api/v1/management/surveys', survey({ segment: { filters: FILTERS } }))
    assert.is(res.status, 500)
  } finally {
    failSurveyWrites = false
  }
  assert.equal(await segmentIds(), [])
})

test('a PUT whose survey update fails removes the segment it made, and keeps the one the survey had', async () => {
  const created = await call('POST', '/api/v1/management/surveys', survey())
  assert.is(created.status, 200)
  const saved = await call('POST', '/api/v1/management/segments', { title: 'saved', filters: FILTERS })
  assert.is(saved.status, 200)
  const named = await call('PUT', `/api/v1/management/surveys/${created.body.data.id}`, { segmentId: saved.body.data.id })
  assert.is(named.status, 200)
  failSurveyWrites = true
  try {
    const res = await call('PUT', `/api/v1/management/surveys/${created.body.data.id}`, { segment: { filters: FILTERS } })
    assert.is(res.status, 500)
  } finally {
    failSurveyWrites = false
  }
  assert.equal(await segmentIds(), [saved.body.data.id])
})

test.run()
