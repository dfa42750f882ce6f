/**
 * `environmentId` in a management create body is optional everywhere alike (docs/api.md, "Authentication"): absent, the
 * record goes to the key's environment; present, it must be the key's (else 401). The survey create required
 * it, and the webhook and response creates dropped another environment's id in silence (issue 40, item 15).
 * In process, on PGlite.
 */
import { createCanvass } from '@canvass/core'
import type { Canvass } from '@canvass/core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createKyselyStorage, migrate } from '../src'
import { backends } from './backends'
import type { OpenBackend } from './backends'

const [pglite] = backends()
const test = suite('environmentId on management creates')
let open: OpenBackend | undefined
let canvass: Canvass
let environmentId = ''
let otherEnvironmentId = ''
let key = ''
let surveyId = ''

async function call(method: string, path: string, body: unknown): Promise<{ status: number; body: any }> {
  const res = await canvass.fetch(
    new Request(`http://localhost${path}`, {
      method,
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  )
  return { status: res.status, body: await res.json().catch(() => null) }
}

let n = 0
/** Each create's path, a body (fresh names each call), and where the created record says its environment. */
const CREATES: [path: string, body: () => Record<string, unknown>, environmentOf: (data: any) => string][] = [
  [
    '/api/v1/management/surveys',
    () => ({ name: 'S', questions: [{ id: 'q1', type: 'openText', headline: { default: 'Q' }, required: false }] }),
    (d) => d.environmentId,
  ],
  ['/api/v1/management/action-classes', () => ({ name: `a${++n}`, type: 'code', key: `a${n}` }), (d) => d.environmentId],
  ['/api/v1/management/attribute-classes', () => ({ name: `c${++n}` }), (d) => d.environmentId],
  ['/api/v1/management/contact-attribute-keys', () => ({ key: `k${++n}` }), (d) => d.environmentId],
  ['/api/v1/management/segments', () => ({ title: `s${++n}` }), (d) => d.environmentId],
  ['/api/v1/webhooks', () => ({ url: 'https://example.com/hook', triggers: ['responseCreated'] }), (d) => d.environmentId],
  // A response names no environment: its survey's is the key's.
  [
    '/api/v1/management/responses',
    () => ({ surveyId, finished: true, data: {} }),
    (d) => (d.surveyId === surveyId ? environmentId : d.surveyId),
  ],
]

test.before(async () => {
  open = await pglite!.open({ migrated: true })
  await migrate(open.db)
  canvass = createCanvass({ storage: createKyselyStorage({ db: open.db }), logger: { error() {}, warn() {}, info() {} } as never })
  const project = await canvass.admin.createProject({ name: 'p' })
  environmentId = project.environments.production
  otherEnvironmentId = project.environments.development
  key = (await canvass.admin.createApiKey({ environmentId })).key
  const survey = await call('POST', '/api/v1/management/surveys', {
    environmentId,
    name: 'S',
    questions: [{ id: 'q1', type: 'openText', headline: { default: 'Q' }, required: false }],
  })
  surveyId = survey.body.data.id
})
test.after(async () => {
  await open?.close()
})

for (const [path, body, environmentOf] of CREATES) {
  test(`POST ${path}: absent → the key's environment; the key's → 200; another → 401`, async () => {
    const absent = await call('POST', path, body())
    assert.is(absent.status, 200, JSON.stringify(absent.body))
    assert.is(environmentOf(absent.body.data), environmentId)
    assert.is((await call('POST', path, { ...body(), environmentId })).status, 200)
    const other = await call('POST', path, { ...body(), environmentId: otherEnvironmentId })
    assert.equal([other.status, other.body.code], [401, 'unauthorized'])
  })
}

test('POST /api/v1/management/responses/bulk: an item naming another environment is refused alone', async () => {
  const res = await call('POST', '/api/v1/management/responses/bulk', {
    responses: [
      { surveyId, finished: true, data: {} },
      { surveyId, finished: true, data: {}, environmentId: otherEnvironmentId },
      { surveyId, finished: true, data: {}, environmentId },
    ],
  })
  assert.is(res.status, 200)
  assert.equal([res.body.data.created, res.body.data.failed], [2, 1])
  assert.is(res.body.data.results[1].error.code, 'unauthorized')
})

test.run()
