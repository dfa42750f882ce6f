/**
 * `import formbricks` run again and looked at first (issue 58): a contact erased after an import stays erased
 * when the import runs again, with its responses (also one the source got after the erasure); a source
 * survey's `resultShareKey` is never kept, a shared one gets a key minted here; a source whose ids, fields or
 * keys are `constructor` or `__proto__` is copied like any other and reported in words; and a dry run into
 * the environment `--environment source` would make decides what the run then does. The source is a stand-in
 * loopback HTTP server in this process (a dataset per API key); the target is a test bed, on PGlite and on the
 * Postgres server when TEST_DATABASE_URL is set.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FormbricksImportReport } from '@canvass/core'
import { availableBackends, suiteWithBed } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import { sourceProSegment } from './helpers'

type Dataset = Record<string, unknown[]>
const at = (minute: number) => new Date(Date.UTC(2024, 0, 1, 9, minute)).toISOString()
const stamps = (minute: number) => ({ createdAt: at(minute), updatedAt: at(minute) })
const openText = (id: string) => ({ id, type: 'openText', headline: { default: 'Why?' }, required: false, inputType: 'text' })
const survey = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: `Survey ${id}`,
  type: 'link',
  status: 'inProgress',
  questions: [openText('q1')],
  endings: [],
  ...stamps(5),
  ...extra,
})
const response = (id: string, surveyId: string, contact: { id: string; userId: string } | null, minute: number) => ({
  id,
  surveyId,
  finished: true,
  data: { q1: `answer ${id}` },
  contact,
  ...stamps(minute),
})

const contactA = (tag: string) => `clcontacta${tag}`
const sharedSurvey = (tag: string) => `clshared${tag}`

/**
 * Ids, fields and keys named like the prototype's properties, a survey shared read-only, two contacts. Ids are
 * kept where they are free in the whole database: each test's dataset has ids of its own (`tag`), but for
 * those named like the prototype's, which only the first import keeps.
 */
function hostileSource(tag: string): Dataset {
  const shared = sharedSurvey(tag)
  return {
    'action-classes': [
      { id: 'constructor', name: 'Checkout', description: null, type: 'code', key: 'checkout', ...stamps(0) },
      { id: `clodd${tag}`, name: 'Odd', description: null, type: '__proto__', key: null, ...stamps(0) },
    ],
    'contact-attribute-keys': [{ id: '__proto__', key: 'plan', name: 'Plan', description: null, type: 'custom', ...stamps(1) }],
    contacts: [
      { id: contactA(tag), userId: 'user-a', attributes: { plan: 'pro' }, ...stamps(2) },
      { id: `clcontactb${tag}`, userId: 'user-b', attributes: { plan: 'free' }, ...stamps(3) },
    ],
    segments: [],
    surveys: [
      // A field named like one the prototype has: sent as JSON, an own property of the item.
      survey(shared, { resultShareKey: 'a', constructor: 'x' }),
      survey('constructor', { resultShareKey: null }),
    ],
    responses: [
      response(`clresponsea${tag}`, shared, { id: contactA(tag), userId: 'user-a' }, 10),
      response(`clresponseb${tag}`, shared, { id: `clcontactb${tag}`, userId: 'user-b' }, 11),
      response('__proto__', 'constructor', null, 12),
    ],
  }
}

/** What a first `--environment source` run meets: the rows a new environment starts with, and refusals. */
function newEnvironmentSource(): Dataset {
  return {
    'action-classes': [
      { id: 'clnewsession0000000000000', name: 'New Session', description: null, type: 'automatic', key: null, ...stamps(0) },
      { id: 'clcheckout000000000000000', name: 'Checkout', description: null, type: 'code', key: 'checkout', ...stamps(1) },
    ],
    'contact-attribute-keys': ['userId', 'email', 'firstName', 'lastName', 'plan'].map((key, i) => ({
      id: `clkey${key}`,
      key,
      name: key,
      description: null,
      type: key === 'plan' ? 'custom' : 'default',
      isUnique: i < 2,
      ...stamps(0),
    })),
    contacts: [
      { id: 'clfreshcontact0000000000', userId: 'user-a', attributes: { plan: 'pro', email: 'a@example.com' }, ...stamps(2) },
      // The same userId again: the run refuses it, and so must the dry run.
      { id: 'clfreshtwin0000000000000', userId: 'user-a', attributes: {}, ...stamps(3) },
    ],
    segments: [{ ...sourceProSegment(), ...stamps(3) }],
    surveys: [
      survey('clappsurvey0000000000000', {
        type: 'app',
        triggers: [{ actionClass: { id: 'clcheckout000000000000000' } }],
        segmentId: 'clsegment000000000000000',
      }),
      survey('clbadtrigger000000000000', { type: 'app', triggers: [{ actionClass: { id: 'clnosuchclass00000000000' } }] }),
      survey('clbadsegment000000000000', { segmentId: 'clnosuchsegment000000000' }),
    ],
    responses: [
      response('clresponse10000000000000', 'clappsurvey0000000000000', { id: 'clfreshcontact0000000000', userId: 'user-a' }, 10),
      response('clresponse20000000000000', 'clbadtrigger000000000000', null, 11),
    ],
    webhooks: [
      {
        id: 'clwebhook100000000000000',
        name: 'ok',
        url: 'http://127.0.0.1:9/hook',
        source: 'user',
        triggers: ['responseFinished'],
        surveyIds: ['clappsurvey0000000000000'],
        ...stamps(4),
      },
      {
        id: 'clwebhook200000000000000',
        name: 'bad',
        url: 'http://127.0.0.1:9/hook',
        source: 'user',
        triggers: ['responseFinished'],
        surveyIds: ['clbadsegment000000000000'],
        ...stamps(4),
      },
    ],
  }
}

/** The stand-in's datasets by API key; a test changes its own. */
const datasets = new Map<string, Dataset>()
let sourceUrl = ''
let stop: (() => Promise<void>) | undefined

async function startSource(): Promise<void> {
  if (stop) return
  const server = createServer((request, res) => {
    const url = new URL(request.url ?? '/', 'http://stand-in')
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    const data = datasets.get(String(request.headers['x-api-key']))
    if (!data) return answer(401, { code: 'not_authenticated', message: 'Not authenticated', details: {} })
    const name = /^\/api\/v1\/(?:management\/)?([a-z-]+)$/.exec(url.pathname)?.[1]
    const items = name === undefined ? undefined : data[name]
    if (!items) return answer(404, { code: 'not_found', message: 'Not found', details: {} })
    const skip = Number(url.searchParams.get('skip') ?? url.searchParams.get('offset') ?? 0)
    const limit = Number(url.searchParams.get('limit') ?? 100)
    return answer(200, { data: items.slice(skip, skip + limit) })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  sourceUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  stop = () => new Promise((resolve) => server.close(() => resolve()))
}

const row = (report: FormbricksImportReport, resource: string) => report.resources.find((r) => r.resource === resource)!

for (const backend of availableBackends()) {
  const { test, bed } = suiteWithBed(`import formbricks run again (${backend})`, { backend, webhooks: { allowPrivateAddresses: true } })

  test.before(startSource)
  test.after(async () => {
    await stop?.()
    stop = undefined
  })

  const runImport = (apiKey: string, environmentId: string, dryRun = false) =>
    bed().canvass.admin.importFormbricks({ url: sourceUrl, apiKey, environmentId, dryRun, pageSize: 2, sleep: async () => {} })

  /** A new project of the bed, with a key, to import into. */
  async function target() {
    const environmentId = (await bed().canvass.admin.createProject({ name: 'Target' })).environments.production
    const { key } = await bed().canvass.admin.createApiKey({ environmentId })
    const call = (method: string, path: string) => bed().call(method, path, { key })
    return { environmentId, call }
  }

  test("ids, fields and keys named like the prototype's properties are copied and reported in words", async () => {
    const apiKey = `hostile-${backend}`
    datasets.set(apiKey, hostileSource('hostile'))
    const { environmentId, call } = await target()
    const report = await runImport(apiKey, environmentId)
    const dropped = report.droppedFields.find((d) => d.resource === 'surveys' && d.field === 'constructor')
    assert.equal(dropped, { resource: 'surveys', field: 'constructor', count: 1, reason: 'Canvass has no such survey field' })
    for (const counts of report.resources) {
      assert.is(counts.refused, counts.resource === 'actionClasses' ? 1 : 0, `${counts.resource}: ${JSON.stringify(counts.reasons)}`)
      for (const [reason, entry] of Object.entries(counts.reasons)) assert.type(entry.count, 'number', reason)
    }
    // A type named like the prototype's property is refused in words, as any unknown type.
    const [reason, refused] = Object.entries(row(report, 'actionClasses').reasons)[0]!
    assert.match(reason, /^Fields are missing or incorrectly formatted \(type: /)
    assert.equal(refused.ids, ['cloddhostile'])
    assert.is(row(report, 'actionClasses').created, 1)
    assert.is((await call('GET', '/api/v1/management/action-classes/constructor')).body.data.key, 'checkout')
    assert.is((await call('GET', '/api/v1/management/contact-attribute-keys/__proto__')).body.data.key, 'plan')
    const contact = await call('GET', `/api/v1/management/contacts/${contactA('hostile')}`)
    assert.is(contact.status, 200, contact.text)
    assert.is(contact.body.data.attributes.plan, 'pro', 'a value of the key whose id is __proto__ is kept')
    const anonymous = await call('GET', '/api/v1/management/responses/__proto__')
    assert.is(anonymous.status, 200, anonymous.text)
    assert.is(anonymous.body.data.surveyId, 'constructor')
  })

  test('attribute values the source lists apart from its contacts, by a key whose id is __proto__, are kept', async () => {
    const apiKey = `apart-${backend}`
    datasets.set(apiKey, {
      'contact-attribute-keys': [{ id: '__proto__', key: 'plan', name: 'Plan', description: null, type: 'custom', ...stamps(1) }],
      // As the reference answers them: contacts without their values, which come in a list of their own.
      contacts: [{ id: contactA('apart'), userId: 'user-apart', ...stamps(2) }],
      'contact-attributes': [{ contactId: contactA('apart'), attributeKeyId: '__proto__', value: 'pro' }],
    })
    const { environmentId, call } = await target()
    await runImport(apiKey, environmentId)
    const contact = await call('GET', `/api/v1/management/contacts/${contactA('apart')}`)
    assert.is(contact.status, 200, contact.text)
    assert.is(contact.body.data.attributes.plan, 'pro', 'a value of the key whose id is __proto__ is kept')
  })

  test("a survey the source shared gets a new share key, minted here and reported; the source's key is not kept", async () => {
    const apiKey = `shared-${backend}`
    datasets.set(apiKey, hostileSource('share'))
    const { environmentId, call } = await target()
    const report = await runImport(apiKey, environmentId)
    const survey = (await call('GET', `/api/v1/management/surveys/${sharedSurvey('share')}`)).body.data
    assert.is.not(survey.resultShareKey, 'a')
    assert.match(survey.resultShareKey, /^[A-Za-z0-9_-]{32}$/)
    assert.equal(report.shareKeys, [{ surveyId: survey.id, resultShareKey: survey.resultShareKey, url: null }])
    const others = (await call('GET', '/api/v1/management/surveys')).body.data.filter((s: { id: string }) => s.id !== survey.id)
    assert.equal(
      others.map((s: { resultShareKey: unknown }) => s.resultShareKey),
      [null],
      'one not shared stays so',
    )
    assert.is((await bed().call('GET', `/share/${survey.resultShareKey}/summary.json`)).status, 200, 'the new key shares it')
    assert.is((await bed().call('GET', '/share/a/summary.json')).status, 404, "the source's key shares nothing here")
  })

  test('a contact erased after an import stays erased, with its responses, when the import runs again', async () => {
    const apiKey = `erased-${backend}`
    const data = hostileSource('erase')
    const CONTACT_A = contactA('erase')
    datasets.set(apiKey, data)
    const { environmentId, call } = await target()
    const first = await runImport(apiKey, environmentId)
    assert.equal([row(first, 'contacts').created, row(first, 'responses').created], [2, 3])
    const erased = await call('DELETE', `/api/v1/management/contacts/${CONTACT_A}?erase=true`)
    assert.is(erased.status, 200, erased.text)
    assert.is((await call('GET', '/api/v1/management/responses/clresponseaerase')).status, 404)
    // The source knows the person still, and got an answer from them after the erasure here.
    data.responses!.push(response('clresponsea1erase', sharedSurvey('erase'), { id: CONTACT_A, userId: 'user-a' }, 20))

    const again = await runImport(apiKey, environmentId)
    assert.equal(
      [row(again, 'contacts').created, row(again, 'contacts').already, row(again, 'contacts').erased],
      [0, 1, 1],
      'the erased contact is skipped',
    )
    assert.equal(
      [row(again, 'responses').created, row(again, 'responses').already, row(again, 'responses').erased],
      [0, 2, 2],
      'its responses, the new one included, are skipped',
    )
    assert.is((await call('GET', `/api/v1/management/contacts/${CONTACT_A}`)).status, 404)
    for (const id of ['clresponseaerase', 'clresponsea1erase'])
      assert.is((await call('GET', `/api/v1/management/responses/${id}`)).status, 404, id)
    const people = (await call('GET', '/api/v1/management/contacts')).body.data
    assert.equal(
      people.map((p: { userId: string }) => p.userId),
      ['user-b'],
      'no contact came back under another id either',
    )
    assert.is((await call('GET', '/api/v1/management/responses/clresponseberase')).status, 200, "the other contact's stays")
  })

  test('an erasure while the import runs again leaves the contact erased', async () => {
    for (let round = 0; round < 4; round++) {
      const tag = `race${round}`
      const apiKey = `race-${round}-${backend}`
      datasets.set(apiKey, hostileSource(tag))
      const { environmentId, call } = await target()
      await runImport(apiKey, environmentId)
      const [, erased] = await Promise.all([
        runImport(apiKey, environmentId),
        call('DELETE', `/api/v1/management/contacts/${contactA(tag)}?erase=true`),
      ])
      assert.is(erased.status, 200, erased.text)
      await runImport(apiKey, environmentId)
      assert.is((await call('GET', `/api/v1/management/contacts/${contactA(tag)}`)).status, 404, `round ${round}`)
      assert.is((await call('GET', `/api/v1/management/responses/clresponsea${tag}`)).status, 404, `round ${round}`)
    }
  })

  test('a dry run into the environment the import would make decides as the run then does', async () => {
    const apiKey = `fresh-${backend}`
    datasets.set(apiKey, newEnvironmentSource())
    const environmentId = `clfreshenv${backend}`.padEnd(24, '0')
    const dry = await runImport(apiKey, environmentId, true)
    assert.is(await bed().storage.environments.get(environmentId), null, 'the dry run made nothing')
    await bed().canvass.admin.createProject({ name: 'Imported', environmentIds: { production: environmentId } })
    const run = await runImport(apiKey, environmentId)
    const decisions = (report: FormbricksImportReport) =>
      report.resources.map((r) => ({
        resource: r.resource,
        read: r.read,
        created: r.created,
        already: r.already,
        refused: r.refused,
        reasons: Object.fromEntries(Object.entries(r.reasons).map(([reason, { ids }]) => [reason, ids])),
      }))
    assert.equal(decisions(dry), decisions(run))
    // The run's own decisions, so that the comparison above compares something.
    assert.equal([row(run, 'actionClasses').created, row(run, 'actionClasses').already], [1, 1])
    assert.equal([row(run, 'contactAttributeKeys').created, row(run, 'contactAttributeKeys').already], [1, 4])
    assert.equal([row(run, 'contacts').created, row(run, 'contacts').refused], [1, 1])
    assert.equal([row(run, 'surveys').created, row(run, 'surveys').refused], [1, 2])
    assert.equal([row(run, 'responses').created, row(run, 'responses').refused], [1, 1])
    assert.equal([row(run, 'webhooks').created, row(run, 'webhooks').refused], [1, 1])
  })

  test.run()
}
