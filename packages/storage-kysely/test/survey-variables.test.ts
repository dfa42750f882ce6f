/**
 * A survey's `variables` (issue 41): stored, returned on the management and client routes, refused with a
 * 400 naming the field when malformed; the CSV export has one column per variable. They were dropped in
 * silence. In process, on PGlite.
 */
import { createCanvass } from '@canvass/core'
import type { Canvass } from '@canvass/core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createKyselyStorage, migrate } from '../src'
import { backends } from './backends'
import type { OpenBackend } from './backends'

const [pglite] = backends()
const test = suite('survey variables')
let open: OpenBackend | undefined
let canvass: Canvass
let environmentId = ''
let key = ''

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any; text: string }> {
  const res = await canvass.fetch(
    new Request(`http://localhost${path}`, {
      method,
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  )
  const text = await res.text()
  let parsed: unknown = null
  try {
    parsed = JSON.parse(text)
  } catch {}
  return { status: res.status, body: parsed, text }
}

const variables = [
  { id: 'vscore', name: 'score', type: 'number', value: 1.5 },
  { id: 'vlabel', name: 'label', type: 'text', value: 'none' },
]

const survey = (extra: Record<string, unknown> = {}) => ({
  name: 'Variables',
  type: 'app',
  status: 'inProgress',
  questions: [{ id: 'q1', type: 'openText', headline: { default: 'Q' }, required: true, inputType: 'text' }],
  variables,
  ...extra,
})

test.before(async () => {
  open = await pglite!.open({ migrated: true })
  await migrate(open.db)
  canvass = createCanvass({ storage: createKyselyStorage({ db: open.db }), logger: { error() {}, warn() {}, info() {} } as never })
  const project = await canvass.admin.createProject({ name: 'p' })
  environmentId = project.environments.production
  key = (await canvass.admin.createApiKey({ environmentId })).key
})
test.after(async () => {
  await open?.close()
})

test('stored and returned by create, get, list and the widget state; a PUT replaces them, or keeps them when omitted', async () => {
  const made = await call('POST', '/api/v1/management/surveys', survey())
  assert.is(made.status, 200, made.text)
  const id = made.body.data.id as string
  assert.equal(made.body.data.variables, variables)
  assert.equal((await call('GET', `/api/v1/management/surveys/${id}`)).body.data.variables, variables)
  const listed = (await call('GET', '/api/v1/management/surveys')).body.data.find((s: { id: string }) => s.id === id)
  assert.equal(listed.variables, variables)
  const state = await call('GET', `/api/v1/client/${environmentId}/environment`)
  assert.equal(state.body.data.data.surveys.find((s: { id: string }) => s.id === id).variables, variables)

  const renamed = await call('PUT', `/api/v1/management/surveys/${id}`, { name: 'Renamed' })
  assert.equal(renamed.body.data.variables, variables, 'omitted: unchanged')
  const replaced = await call('PUT', `/api/v1/management/surveys/${id}`, { variables: [{ id: 'vcount', name: 'count', type: 'number' }] })
  assert.is(replaced.status, 200, replaced.text)
  assert.equal(replaced.body.data.variables, [{ id: 'vcount', name: 'count', type: 'number', value: 0 }])
  assert.equal((await call('GET', `/api/v1/management/surveys/${id}`)).body.data.variables, replaced.body.data.variables)
})

test('a survey without variables answers []', async () => {
  const made = await call('POST', '/api/v1/management/surveys', survey({ variables: undefined }))
  assert.equal(made.body.data.variables, [])
})

test('malformed variables: 400 naming the field, nothing written', async () => {
  const before = (await call('GET', '/api/v1/management/surveys?limit=1000')).body.data.length
  const cases: [unknown, string][] = [
    [[{ id: 'a', name: 'a', type: 'number', value: 'ten' }], 'variables.0.value'],
    [
      [
        { id: 'a', name: 'a', type: 'number' },
        { id: 'b', name: 'a', type: 'text' },
      ],
      'variables.1.name',
    ],
    [
      [
        { id: 'a', name: 'a', type: 'number' },
        { id: 'a', name: 'b', type: 'text' },
      ],
      'variables.1.id',
    ],
    ['not a list', 'variables'],
  ]
  for (const [sent, field] of cases) {
    const res = await call('POST', '/api/v1/management/surveys', survey({ variables: sent }))
    assert.is(res.status, 400, res.text)
    assert.ok(field in res.body.details, `${field}: ${res.text}`)
  }
  assert.is((await call('GET', '/api/v1/management/surveys?limit=1000')).body.data.length, before)
})

test('responses carry variables; the CSV export has a column per survey variable, and the others in one', async () => {
  const id = (await call('POST', '/api/v1/management/surveys', survey())).body.data.id as string
  const sent = await call('POST', `/api/v1/client/${environmentId}/responses`, {
    surveyId: id,
    finished: false,
    data: { q1: 'hi' },
    variables: { vscore: 7.25, vlabel: 'promoter', stray: 'x' },
  })
  assert.is(sent.status, 200, sent.text)
  const updated = await call('PUT', `/api/v1/client/${environmentId}/responses/${sent.body.data.id}`, {
    finished: true,
    data: {},
    variables: { vscore: 8 },
  })
  assert.is(updated.status, 200, updated.text)
  const stored = await call('GET', `/api/v1/management/responses/${sent.body.data.id}`)
  assert.equal(stored.body.data.variables, { vscore: 8, vlabel: 'promoter', stray: 'x' })

  const csv = await call('GET', `/api/v1/management/responses/export?format=csv&surveyId=${id}`)
  assert.is(csv.status, 200, csv.text)
  const [header, row] = csv.text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .map((line) => line.split(','))
  const cell = (name: string) => {
    const index = header!.indexOf(name)
    assert.ok(index >= 0, `a column ${name}: ${header!.join(' | ')}`)
    return row![index]
  }
  assert.is(cell('Variable: score'), '8')
  assert.is(cell('Variable: label'), 'promoter')
  assert.is(cell('Other Variables'), '"{""stray"":""x""}"')
})

test.run()

// Writes at once: each keeps what the others wrote (a survey PUT is a locked read-modify-write; response
// variables are merged). Meaningful on the Postgres server, where the requests really overlap.
for (const backend of backends()) {
  const together = suite(`survey variables, written at once (${backend.name})`)
  let db: OpenBackend | undefined
  let app: Canvass
  let env = ''
  let apiKey = ''
  const send = async (method: string, path: string, body: unknown) => {
    const res = await app.fetch(
      new Request(`http://localhost${path}`, {
        method,
        headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    )
    return { status: res.status, body: (await res.json()) as any }
  }
  together.before(async () => {
    db = await backend.open({ migrated: true })
    await migrate(db.db)
    app = createCanvass({ storage: createKyselyStorage({ db: db.db }), logger: { error() {}, warn() {}, info() {} } as never })
    const project = await app.admin.createProject({ name: 'p' })
    env = project.environments.production
    apiKey = (await app.admin.createApiKey({ environmentId: env })).key
  })
  together.after(async () => {
    await db?.close()
  })

  together('a PUT of the variables and PUTs of other fields at once: the variables are kept', async () => {
    const id = (await send('POST', '/api/v1/management/surveys', survey({ variables: [] }))).body.data.id as string
    const writes = Array.from({ length: 8 }, (_, i) => (i === 3 ? { variables } : { name: `Name ${i}` }))
    const answers = await Promise.all(writes.map((body) => send('PUT', `/api/v1/management/surveys/${id}`, body)))
    assert.equal(
      answers.map((a) => a.status),
      writes.map(() => 200),
    )
    const stored = await send('GET', `/api/v1/management/surveys/${id}`, undefined)
    assert.equal(stored.body.data.variables, variables)
  })

  together('client updates that each set one variable at once: every variable is kept', async () => {
    const id = (await send('POST', '/api/v1/management/surveys', survey())).body.data.id as string
    const created = await send('POST', `/api/v1/client/${env}/responses`, { surveyId: id, finished: false, data: {} })
    const responseId = created.body.data.id as string
    const keys = Array.from({ length: 10 }, (_, i) => `v${i}`)
    const answers = await Promise.all(
      keys.map((k, i) =>
        send('PUT', `/api/v1/client/${env}/responses/${responseId}`, { finished: false, data: {}, variables: { [k]: i } }),
      ),
    )
    assert.equal(
      answers.map((a) => a.status),
      keys.map(() => 200),
    )
    const stored = await send('GET', `/api/v1/management/responses/${responseId}`, undefined)
    assert.equal(stored.body.data.variables, Object.fromEntries(keys.map((k, i) => [k, i])))
  })

  together.run()
}
