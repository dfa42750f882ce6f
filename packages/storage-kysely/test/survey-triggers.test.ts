/**
 * A survey's `triggers` name action classes of its environment: by id, by name, by a code class's key (what a
 * page passes to `formbricks.track`), or as the reference's `{actionClass: {...}}` objects. One that names no
 * class of the environment was answered 200 and shown to no one (issue 40, item 10): it is a 400 naming it.
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
const test = suite('survey triggers')
let open: OpenBackend | undefined
let canvass: Canvass
let environmentId = ''
let otherEnvironmentId = ''
let key = ''
let otherKey = ''
let checkout: { id: string; name: string }
let otherClass: { id: string; name: string }
let newSession: { id: string; name: string }

type Answer = { status: number; body: any }

async function call(method: string, path: string, body?: unknown, apiKey = key): Promise<Answer> {
  const res = await canvass.fetch(
    new Request(`http://localhost${path}`, {
      method,
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  )
  return { status: res.status, body: await res.json().catch(() => null) }
}

const survey = (extra: Record<string, unknown> = {}) => ({
  name: 'Checkout survey',
  type: 'app',
  status: 'inProgress',
  questions: [{ id: 'q1', type: 'openText', headline: { default: 'Q' }, required: true, inputType: 'text' }],
  ...extra,
})

const refused = (details: Record<string, string>) => ({
  status: 400,
  body: { code: 'bad_request', message: 'Fields are missing or incorrectly formatted', details },
})

async function surveyCount(): Promise<number> {
  return (await call('GET', '/api/v1/management/surveys?limit=1000')).body.data.length
}

async function stateTriggers(surveyId: string): Promise<unknown[]> {
  const res = await call('GET', `/api/v1/client/${environmentId}/environment`)
  assert.is(res.status, 200)
  return res.body.data.data.surveys.find((s: { id: string }) => s.id === surveyId)?.triggers
}

test.before(async () => {
  open = await pglite!.open({ migrated: true })
  await migrate(open.db)
  canvass = createCanvass({ storage: createKyselyStorage({ db: open.db }), logger: { error() {}, warn() {}, info() {} } as never })
  const project = await canvass.admin.createProject({ name: 'p' })
  environmentId = project.environments.production
  otherEnvironmentId = project.environments.development
  key = (await canvass.admin.createApiKey({ environmentId })).key
  otherKey = (await canvass.admin.createApiKey({ environmentId: otherEnvironmentId })).key
  const made = await call('POST', '/api/v1/management/action-classes', { name: 'Checkout', type: 'code', key: 'checkout' })
  assert.is(made.status, 200)
  checkout = made.body.data
  otherClass = (await call('POST', '/api/v1/management/action-classes', { name: 'Elsewhere', type: 'code', key: 'elsewhere' }, otherKey))
    .body.data
  const classes = await call('GET', '/api/v1/management/action-classes')
  newSession = classes.body.data.find((c: { name: string }) => c.name === 'New Session')
})
test.after(async () => {
  await open?.close()
})

test("the key a page passes to track names its code class: stored as {actionClass: {id, name}}, in the widget's state", async () => {
  const res = await call('POST', '/api/v1/management/surveys', survey({ triggers: ['checkout'] }))
  assert.is(res.status, 200, JSON.stringify(res.body))
  assert.equal(res.body.data.triggers, [{ actionClass: { id: checkout.id, name: 'Checkout' } }])
  const got = await call('GET', `/api/v1/management/surveys/${res.body.data.id}`)
  assert.equal(got.body.data.triggers, res.body.data.triggers)
  assert.equal(await stateTriggers(res.body.data.id), [
    { actionClass: { id: checkout.id, name: 'Checkout', type: 'code', key: 'checkout', noCodeConfig: null } },
  ])
})

test('every form the reference and older clients send: name, id, {actionClass: {id | name | key}}, the whole class', async () => {
  const forms: [unknown, { id: string; name: string }][] = [
    ['Checkout', checkout],
    [checkout.id, checkout],
    ['New Session', newSession],
    [{ actionClass: { name: 'Checkout' } }, checkout],
    [{ actionClass: { id: newSession.id } }, newSession],
    [{ actionClass: { key: 'checkout' } }, checkout],
    // The reference's editor sends the whole action class and matches it by id.
    [{ actionClass: { ...checkout, name: 'Renamed since' } }, checkout],
    [{ name: 'New Session' }, newSession],
  ]
  for (const [trigger, expected] of forms) {
    const res = await call('POST', '/api/v1/management/surveys', survey({ triggers: [trigger] }))
    assert.is(res.status, 200, JSON.stringify(trigger))
    assert.equal(res.body.data.triggers, [{ actionClass: { id: expected.id, name: expected.name } }], JSON.stringify(trigger))
  }
})

test('a trigger that names no class of the environment is a 400 naming it, and nothing is stored', async () => {
  const before = await surveyCount()
  assert.equal(
    await call('POST', '/api/v1/management/surveys', survey({ triggers: ['checkout', 'No such action'] })),
    refused({
      'triggers.1': 'No action class of this environment has the id, name or key "No such action"',
    }),
  )
  assert.equal(
    await call('POST', '/api/v1/management/surveys', survey({ triggers: [{ actionClass: { name: 'Gone' } }, { actionClass: {} }] })),
    refused({
      'triggers.0': 'No action class of this environment has the name "Gone"',
      'triggers.1': 'Must be an action class\'s id, name or key, or {"actionClass": {"id" | "name" | "key"}}',
    }),
  )
  const number = await call('POST', '/api/v1/management/surveys', survey({ triggers: [7] }))
  assert.equal([number.status, Object.keys(number.body.details)], [400, ['triggers.0']])
  // Another environment's class, by id or by name, is unknown here.
  assert.equal(
    await call('POST', '/api/v1/management/surveys', survey({ triggers: [otherClass.id, { actionClass: { name: 'Elsewhere' } }] })),
    refused({
      'triggers.0': `No action class of this environment has the id, name or key "${otherClass.id}"`,
      'triggers.1': 'No action class of this environment has the name "Elsewhere"',
    }),
  )
  assert.is(await surveyCount(), before)
})

test('the same class twice is a 400, as the reference refuses a repeated id', async () => {
  assert.equal(
    await call('POST', '/api/v1/management/surveys', survey({ triggers: ['checkout', { actionClass: { id: checkout.id } }] })),
    refused({
      'triggers.1': 'Names the action class "Checkout" as triggers.0 does',
    }),
  )
})

test('PUT resolves the triggers it sends; a refused PUT changes nothing; a PUT without triggers keeps them', async () => {
  const created = (await call('POST', '/api/v1/management/surveys', survey({ triggers: ['New Session'] }))).body.data
  const path = `/api/v1/management/surveys/${created.id}`
  assert.equal(
    await call('PUT', path, { name: 'Renamed', triggers: ['nope'] }),
    refused({
      'triggers.0': 'No action class of this environment has the id, name or key "nope"',
    }),
  )
  const unchanged = (await call('GET', path)).body.data
  assert.equal([unchanged.name, unchanged.triggers], ['Checkout survey', created.triggers])
  const updated = await call('PUT', path, { triggers: ['checkout'] })
  assert.is(updated.status, 200)
  assert.equal(updated.body.data.triggers, [{ actionClass: { id: checkout.id, name: 'Checkout' } }])
  // The class goes; a PUT of another field is not refused for it, and the widget no longer sees the trigger.
  const doomed = (await call('POST', '/api/v1/management/action-classes', { name: 'Doomed', type: 'code', key: 'doomed' })).body.data
  assert.is((await call('PUT', path, { triggers: ['doomed', 'checkout'] })).status, 200)
  assert.is((await call('DELETE', `/api/v1/management/action-classes/${doomed.id}`)).status, 200)
  const renamed = await call('PUT', path, { name: 'Renamed' })
  assert.is(renamed.status, 200)
  assert.equal(await stateTriggers(created.id), [
    { actionClass: { id: checkout.id, name: 'Checkout', type: 'code', key: 'checkout', noCodeConfig: null } },
  ])
})

test("environmentId is optional on survey create (the key's environment); another one is 401", async () => {
  const res = await call('POST', '/api/v1/management/surveys', survey())
  assert.is(res.status, 200, JSON.stringify(res.body))
  assert.is(res.body.data.environmentId, environmentId)
  assert.is((await call('POST', '/api/v1/management/surveys', survey({ environmentId }))).status, 200)
  assert.is((await call('POST', '/api/v1/management/surveys', survey({ environmentId: otherEnvironmentId }))).status, 401)
})

test.run()
