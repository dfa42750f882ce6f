/**
 * Hostile input through the routes: each finding reproduced with the same sizes and values, on the test bed
 * (on the Postgres server when TEST_DATABASE_URL is set, else on PGlite); what a connection or a Host header
 * shows goes over loopback HTTP to the bed's `listen()`. Each refused request is followed by a read showing that
 * nothing stored changed. The building blocks that refuse it are tested in hostile-input.test.ts.
 */
import { Agent, request as httpRequest } from 'node:http'
import { createResponse, createSurvey, defaultBackend, fileUploadQuestion, question, suiteWithBed } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import * as assert from 'uvu/assert'

const { test, bed } = suiteWithBed(`${defaultBackend()}: hostile input`)

const stored = async (x: TestCanvass, responseId: string) =>
  (await x.call('GET', `/api/v1/management/responses/${responseId}`, { key: x.keyA })).body.data

test('1: a PUT that would grow a response past 1 MiB is a 413 and the row is unchanged; the list stays bounded', async () => {
  const x = bed()
  const survey = await createSurvey(x, { status: 'inProgress' })
  const id = await createResponse(x, survey.id)
  const chunk = 'x'.repeat(760_000)
  const first = await x.call('PUT', `/api/v1/client/${x.envA}/responses/${id}`, { body: { finished: false, data: { a: chunk } } })
  assert.is(first.status, 200, first.text)
  const before = await stored(x, id)
  for (let i = 0; i < 3; i++) {
    const res = await x.call('PUT', `/api/v1/client/${x.envA}/responses/${id}`, { body: { finished: false, data: { [`b${i}`]: chunk } } })
    assert.is(res.status, 413, res.text)
    assert.is(res.body.code, 'payload_too_large')
  }
  const management = await x.call('PUT', `/api/v1/management/responses/${id}`, { key: x.keyA, body: { data: { c: chunk } } })
  assert.is(management.status, 413, 'management merges are bounded too')
  assert.equal(await stored(x, id), before, 'the stored response is unchanged')
  // A create past the bound is refused as a whole.
  const big = await x.call('POST', `/api/v1/client/${x.envA}/responses`, {
    body: { surveyId: survey.id, finished: false, data: { a: 'y'.repeat(700_000) }, variables: { v: 'z'.repeat(400_000) } },
  })
  assert.is(big.status, 413, big.text)
  // Twelve responses of ~760 KB: a page of 100 ends early with a Link instead of holding them all.
  for (let i = 0; i < 11; i++) {
    const more = await createResponse(x, survey.id)
    await x.call('PUT', `/api/v1/client/${x.envA}/responses/${more}`, { body: { finished: false, data: { a: chunk } } })
  }
  const page = await x.call('GET', `/api/v1/management/responses?surveyId=${survey.id}&limit=100`, { key: x.keyA })
  assert.is(page.status, 200)
  assert.ok(page.text.length < 9 * 1024 * 1024, `page of ${page.text.length} bytes`)
  assert.ok(page.body.data.length < 13, 'the page ended early')
  assert.match(page.headers.get('link') ?? '', /cursor=/, 'and links to the rest')
})

test('2: 400s stay small and cheap: 100k failing keys and 330k empty questions', async () => {
  const x = bed()
  // ~1 MB of failing entries: past the entry cap, counted before any value is validated.
  const ttc: Record<string, string> = {}
  for (let i = 0; i < 100_000; i++) ttc[i.toString(36)] = ''
  const survey = await createSurvey(x)
  const keys = await x.call('POST', `/api/v1/client/${x.envA}/responses`, { body: { surveyId: survey.id, finished: false, data: {}, ttc } })
  assert.is(keys.status, 400)
  assert.ok(keys.text.length < 4096, `${keys.text.length} bytes`)
  assert.ok(Object.keys(keys.body.details).length <= 21)
  const questions = `{"environmentId":"${x.envA}","name":"n","questions":[${Array(330_000).fill('{}').join(',')}]}`
  assert.ok(questions.length < 1024 * 1024)
  const many = await x.call('POST', '/api/v1/management/surveys', {
    key: x.keyA,
    rawBody: questions,
    headers: { 'content-type': 'application/json' },
  })
  assert.is(many.status, 400)
  // Refused from its text, before 330k objects are built.
  assert.is(many.body.details[''], 'A JSON body must not hold more than 100000 values (keys included)')
  assert.ok(many.text.length < 1024)
  // Under that cap, the question limit is still checked before any question is validated.
  const fewer = `{"environmentId":"${x.envA}","name":"n","questions":[${Array(5_000).fill('{}').join(',')}]}`
  const over = await x.call('POST', '/api/v1/management/surveys', {
    key: x.keyA,
    rawBody: fewer,
    headers: { 'content-type': 'application/json' },
  })
  assert.is(over.status, 400)
  assert.is(over.body.details.questions, 'Survey must have at most 200 questions')
  assert.ok(over.text.length < 1024)
  const failing = { environmentId: x.envA, name: 'n', questions: Array.from({ length: 200 }, () => ({})) }
  const capped = await x.call('POST', '/api/v1/management/surveys', { key: x.keyA, body: failing })
  assert.is(capped.status, 400)
  assert.is(Object.keys(capped.body.details).length, 21, '20 fields and _more')
  assert.match(capped.body.details._more, /^\d+ more fields$/)
})

test('2: dense bodies near 1 MiB, with a length or chunked, are refused by their count, and the kept-alive connection answers the next request', async () => {
  const x = bed()
  const url = await x.listen()
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  const dense = `{"surveyId":"s","finished":true,"data":{},"ttc":{${Array.from({ length: 100_000 }, (_, i) => `"${i.toString(36)}":""`).join(',')}}}`
  assert.ok(dense.length > 900_000 && dense.length < 1024 * 1024, `${dense.length} bytes`)
  try {
    const path = `/api/v1/client/${x.envA}/responses`
    const declared = await rawRequest(
      url,
      'POST',
      path,
      { 'content-type': 'application/json', 'content-length': String(dense.length) },
      dense,
      agent,
    )
    const pieces = Array.from({ length: Math.ceil(dense.length / 50_000) }, (_, i) => dense.slice(i * 50_000, (i + 1) * 50_000))
    const streamed = await rawRequest(url, 'POST', path, { 'content-type': 'application/json' }, pieces, agent)
    for (const answer of [declared, streamed]) {
      assert.is(answer.status, 400, answer.text)
      assert.equal(JSON.parse(answer.text).details, { '': 'A JSON body must not hold more than 100000 values (keys included)' })
    }
    // The standalone server's `/health` is its own route: Canvass's environment state is the request here.
    const health = await rawRequest(url, 'GET', `/api/v1/client/${x.envA}/environment`, {}, undefined, agent)
    assert.is(health.status, 200)
    assert.ok(streamed.reused && health.reused, 'one connection carried all three requests')
    // Eight at once, each on its own connection: every one refused the same way.
    const many = await Promise.all(
      Array.from({ length: 8 }, () => fetch(url + path, { method: 'POST', body: dense, headers: { 'content-type': 'application/json' } })),
    )
    assert.equal(
      many.map((answer) => answer.status),
      Array(8).fill(400),
    )
  } finally {
    agent.destroy()
  }
})

test('3: unpaired surrogates and out-of-range numbers are 400 with the field, never 500, and change nothing', async () => {
  const x = bed()
  const survey = await createSurvey(x, { status: 'inProgress' })
  const id = await createResponse(x, survey.id)
  const before = await stored(x, id)
  const lone = '{"finished":false,"data":{"q1":"\\ud800"}}'
  const put = await x.call('PUT', `/api/v1/client/${x.envA}/responses/${id}`, { rawBody: lone })
  assert.is(put.status, 400)
  assert.equal(Object.keys(put.body.details), ['data.q1'])
  assert.equal(await stored(x, id), before)
  const create = await x.call('POST', `/api/v1/client/${x.envA}/responses`, {
    rawBody: `{"surveyId":"${survey.id}","finished":false,"data":{},"meta":{"url":"\\udc00"}}`,
  })
  assert.equal([create.status, Object.keys(create.body.details)], [400, ['meta.url']])
  const surveyBefore = (await x.call('GET', `/api/v1/management/surveys/${survey.id}`, { key: x.keyA })).body.data
  const cases: [string, string][] = [
    ['{"name":"\\ud800x"}', 'name'],
    ['{"delay":1.5}', 'delay'],
    ['{"autoComplete":3000000000}', 'autoComplete'],
    ['{"displayLimit":123456789012345678901234567890}', 'displayLimit'],
    ['{"delay":2147483648}', 'delay'],
  ]
  for (const [body, field] of cases) {
    const res = await x.call('PUT', `/api/v1/management/surveys/${survey.id}`, { key: x.keyA, rawBody: body })
    assert.is(res.status, 400, body)
    assert.ok(field in res.body.details, `${body}: ${res.text}`)
  }
  const after = (await x.call('GET', `/api/v1/management/surveys/${survey.id}`, { key: x.keyA })).body.data
  assert.equal(after, surveyBefore, 'the survey is unchanged')
})

test('5: Link ignores a forged Host header; answers carry nosniff, management answers no-store', async () => {
  const x = bed()
  for (let i = 0; i < 2; i++) await createSurvey(x, { name: `s${i}` }, 'B')
  const res = await rawGet(await x.listen(), '/api/v1/management/surveys?limit=1', { host: 'evil.example', 'x-api-key': x.keyB })
  assert.is(res.status, 200)
  const link = String(res.headers.link ?? '')
  assert.match(link, /^<\/api\/v1\/management\/surveys\?limit=1&cursor=[^>]+>; rel="next"$/)
  assert.not.match(link, /evil/)
  assert.is(res.headers['cache-control'], 'no-store')
  assert.is(res.headers['x-content-type-options'], 'nosniff')
  const client = await x.call('POST', `/api/v1/client/${x.envA}/responses`, { body: {} })
  assert.is(client.headers.get('x-content-type-options'), 'nosniff')
})

test('5: a presign answers absolute URLs that SDKs can fetch as given, in an answer no cache keeps', async () => {
  const x = bed()
  const url = await x.listen()
  const body = JSON.stringify({ fileName: 'a.png', fileType: 'image/png' })
  const management = await rawRequest(
    url,
    'POST',
    '/api/v1/management/storage',
    { 'x-api-key': x.keyA, 'content-type': 'application/json' },
    body,
  )
  const survey = await createSurvey(x, { questions: [fileUploadQuestion('file')] })
  const clientBody = JSON.stringify({ fileName: 'a.png', fileType: 'image/png', surveyId: survey.id, elementId: 'file' })
  const client = await rawRequest(url, 'POST', `/api/v1/client/${x.envA}/storage`, { 'content-type': 'application/json' }, clientBody)
  for (const [res, upload] of [
    [management, '/api/v1/management/storage/local'],
    [client, `/api/v1/client/${x.envA}/storage/local`],
  ] as const) {
    assert.is(res.status, 200, res.text)
    const data = JSON.parse(res.text).data
    assert.is(data.signedUrl, `${url}${upload}`)
    assert.match(data.fileUrl, new RegExp(`^${url}/storage/${x.envA}/(public|private)/`))
    // A forged Host could only come back to its own sender: nothing may keep the answer for others.
    assert.match(String(res.headers['cache-control']), /no-store/)
  }
})

test('6: javascript: URLs are refused in CTA buttonUrl, imageUrl and videoUrl', async () => {
  const x = bed()
  const { inputType: _openTextOnly, ...base } = question('c1')
  const cta = { ...base, type: 'cta', buttonExternal: true }
  for (const [field, value] of [
    ['buttonUrl', 'javascript:alert(1)'],
    ['imageUrl', 'javascript:alert(1)'],
    ['videoUrl', ' JAVA\tSCRIPT:alert(1)'],
    ['buttonUrl', 'data:text/html,<script>alert(1)</script>'],
  ] as const) {
    const res = await x.call('POST', '/api/v1/management/surveys', {
      key: x.keyA,
      body: { environmentId: x.envA, name: 'n', questions: [{ ...cta, [field]: value }] },
    })
    assert.is(res.status, 400, `${field} ${value}`)
    assert.ok(`questions.0.${field}` in res.body.details, res.text)
  }
  const fine = await createSurvey(x, { questions: [{ ...cta, buttonUrl: 'https://example.com', imageUrl: '/storage/e/public/a.png' }] })
  assert.is(fine.questions[0].buttonUrl, 'https://example.com')
})

test('8: a year below 100 is stored as written', async () => {
  const x = bed()
  const survey = await createSurvey(x, { closeOnDate: '0050-01-01', runOnDate: '0099-12-31T10:00:00Z' })
  assert.is(survey.closeOnDate, '0050-01-01T00:00:00.000Z')
  const read = (await x.call('GET', `/api/v1/management/surveys/${survey.id}`, { key: x.keyA })).body.data
  assert.is(read.runOnDate, '0099-12-31T10:00:00.000Z')
})

/** Rounds per N of the autoComplete race: more where a round is cheap; 2N creates race in each. */
const AUTO_COMPLETE_ROUNDS = [
  [2, 20],
  [10, 10],
  [30, 5],
] as const

test('9: 2N concurrent finished creates against autoComplete N (N = 2, 10, 30; 20, 10 and 5 rounds): N accepted, N refused, completed', async () => {
  const x = bed()
  for (const [n, rounds] of AUTO_COMPLETE_ROUNDS) {
    for (let round = 0; round < rounds; round++) {
      const what = `N = ${n}, round ${round}`
      const survey = await createSurvey(x, { status: 'inProgress', autoComplete: n })
      const results = await Promise.all(
        Array.from({ length: 2 * n }, (_, i) =>
          x.call('POST', `/api/v1/client/${x.envA}/responses`, { body: { surveyId: survey.id, finished: true, data: { q1: `a${i}` } } }),
        ),
      )
      const statuses = results.map((r) => r.status)
      assert.is(statuses.filter((s) => s === 200).length, n, `${what}: accepted ${statuses}`)
      assert.is(statuses.filter((s) => s === 403).length, n, `${what}: refused ${statuses}`)
      const read = await x.call('GET', `/api/v1/management/surveys/${survey.id}`, { key: x.keyA })
      assert.is(read.body.data.status, 'completed', what)
      const stored = await x.call('GET', `/api/v1/management/responses?surveyId=${survey.id}&limit=1000`, { key: x.keyA })
      assert.is(stored.body.data.length, n, `${what}: responses stored`)
    }
  }
})

test('9/10: a survey PUT racing the finished response that completes it keeps both: completed, renamed (20 rounds)', async () => {
  const x = bed()
  for (let round = 0; round < 20; round++) {
    const survey = await createSurvey(x, { status: 'inProgress', autoComplete: 1 })
    const [put, create] = await Promise.all([
      x.call('PUT', `/api/v1/management/surveys/${survey.id}`, { key: x.keyA, body: { name: `Raced ${round}` } }),
      x.call('POST', `/api/v1/client/${x.envA}/responses`, { body: { surveyId: survey.id, finished: true, data: { q1: 'a' } } }),
    ])
    assert.equal([put.status, create.status], [200, 200], `round ${round}: ${put.text} ${create.text}`)
    const read = (await x.call('GET', `/api/v1/management/surveys/${survey.id}`, { key: x.keyA })).body.data
    assert.equal([read.status, read.name], ['completed', `Raced ${round}`], `round ${round}: the PUT never reopens it`)
  }
})

test('10: concurrent PUTs of different fields keep every change (20 rounds); a PUT never reopens a completed survey', async () => {
  const x = bed()
  for (let round = 0; round < 20; round++) {
    const survey = await createSurvey(x)
    const [a, c] = await Promise.all([
      x.call('PUT', `/api/v1/management/surveys/${survey.id}`, { key: x.keyA, body: { name: `Renamed ${round}` } }),
      x.call('PUT', `/api/v1/management/surveys/${survey.id}`, { key: x.keyA, body: { delay: 5 } }),
    ])
    assert.equal([a.status, c.status], [200, 200])
    const read = (await x.call('GET', `/api/v1/management/surveys/${survey.id}`, { key: x.keyA })).body.data
    assert.equal([read.name, read.delay], [`Renamed ${round}`, 5], `round ${round}`)
  }
  const survey = await createSurvey(x, { status: 'inProgress', autoComplete: 1 })
  await createResponse(x, survey.id, { finished: true })
  const put = await x.call('PUT', `/api/v1/management/surveys/${survey.id}`, { key: x.keyA, body: { name: 'After' } })
  assert.equal([put.body.data.status, put.body.data.name], ['completed', 'After'])
  const reopened = await x.call('PUT', `/api/v1/management/surveys/${survey.id}`, { key: x.keyA, body: { status: 'inProgress' } })
  assert.is(reopened.body.data.status, 'inProgress', 'a PUT that sets status itself may')
})

test('segments: deep, wide and odd filter trees are 400 naming the field, never 500; nothing is stored', async () => {
  const x = bed()
  const leaf = { id: 'l', root: { type: 'attribute', contactAttributeKey: 'plan' }, value: 'pro', qualifier: { operator: 'equals' } }
  const count = async () => (await x.call('GET', '/api/v1/management/segments?limit=1000', { key: x.keyA })).body.data.length
  const before = await count()
  const nest = (levels: number): unknown =>
    levels === 0 ? [{ id: 'x', connector: null, resource: leaf }] : [{ id: 'g', connector: null, resource: nest(levels - 1) }]
  const cases: [body: unknown, field: string][] = [
    [{ title: 't', filters: nest(12) }, 'filters.0.resource.0.resource.0.resource.0.resource.0.resource.0.resource.0.resource.0.resource'],
    [
      { title: 't', filters: Array.from({ length: 201 }, (_, i) => ({ id: `w${i}`, connector: i ? 'and' : null, resource: leaf })) },
      'filters',
    ],
    [
      {
        title: 't',
        filters: [{ id: 'a', connector: null, resource: { ...leaf, root: { type: 'attribute', contactAttributeKey: 'k'.repeat(256) } } }],
      },
      'filters.0.resource.root.contactAttributeKey',
    ],
    [{ title: 't', filters: [{ id: 'a', connector: null, resource: { ...leaf, value: 'a\ud800' } }] }, 'filters.0.resource.value'],
    [{ title: 't', filters: [{ id: 'a', connector: null, resource: { ...leaf, value: 1e400 } }] }, 'filters.0.resource.value'],
    [
      { title: 't', filters: [{ id: 'a', connector: null, resource: { ...leaf, qualifier: { operator: '__proto__' } } }] },
      'filters.0.resource.qualifier.operator',
    ],
    [
      { title: 't', filters: [{ id: 'a', connector: null, resource: { __proto__: { root: { type: 'attribute' } } } }] },
      'filters.0.resource.root',
    ],
    [
      {
        title: 't',
        filters: [
          {
            id: 'a',
            connector: null,
            resource: { id: 'd', root: { type: 'device', deviceType: 'toaster' }, qualifier: { operator: 'equals' } },
          },
        ],
      },
      'filters.0.resource.root.deviceType',
    ],
    [{ title: '', filters: [] }, 'title'],
    [{ title: 't', filters: null }, 'filters'],
  ]
  for (const [body, field] of cases) {
    const res = await x.call('POST', '/api/v1/management/segments', { key: x.keyA, body })
    assert.is(res.status, 400, `${field}: ${res.text.slice(0, 200)}`)
    assert.is(res.body.code, 'bad_request')
    assert.ok(field in res.body.details, `${field} not in ${JSON.stringify(res.body.details).slice(0, 300)}`)
  }
  const survey = await x.call('POST', '/api/v1/management/surveys', {
    key: x.keyA,
    body: {
      environmentId: x.envA,
      name: 'n',
      questions: [question()],
      segment: { filters: [{ id: 'a', connector: 'or', resource: leaf }] },
    },
  })
  assert.equal([survey.status, Object.keys(survey.body.details)], [400, ['segment.filters.0.connector']])
  const deep = await x.call('POST', '/api/v1/management/segments', {
    key: x.keyA,
    rawBody: `{"title":"t","filters":${'[{"id":"g","connector":null,"resource":'.repeat(3000)}[]${'}]'.repeat(3000)}}`,
    headers: { 'content-type': 'application/json' },
  })
  assert.is(deep.status, 400, deep.text.slice(0, 200))
  assert.is(await count(), before, 'nothing stored')
})

test('11: PUT ignores "environmentId": null; a repeated surveyId is a 400', async () => {
  const x = bed()
  const survey = await createSurvey(x)
  const put = await x.call('PUT', `/api/v1/management/surveys/${survey.id}`, { key: x.keyA, body: { environmentId: null, name: 'Kept' } })
  assert.equal([put.status, put.body.data.name, put.body.data.environmentId], [200, 'Kept', x.envA])
  const other = await createSurvey(x)
  const list = await x.call('GET', `/api/v1/management/responses?surveyId=${survey.id}&surveyId=${other.id}`, { key: x.keyA })
  assert.equal([list.status, Object.keys(list.body.details)], [400, ['surveyId']])
})

test('11: a repeated limit of singleUseIds and a repeated upload accessType are 400 naming the field; nothing is stored', async () => {
  const x = bed()
  const survey = await createSurvey(x)
  const ids = await x.call('GET', `/api/v1/management/surveys/${survey.id}/singleUseIds?limit=1&limit=2`, { key: x.keyA })
  assert.equal([ids.status, ids.body.code, ids.body.details], [400, 'bad_request', { limit: 'Must be given once' }])
  const once = await x.call('GET', `/api/v1/management/surveys/${survey.id}/singleUseIds?limit=2`, { key: x.keyA })
  assert.is(once.body.data.length, 2)

  const presign = await x.call('POST', '/api/v1/management/storage', {
    key: x.keyA,
    body: { fileName: 'a.txt', fileType: 'text/plain', accessType: 'private' },
  })
  assert.is(presign.status, 200, presign.text)
  const p = presign.body.data
  const headers = {
    'x-api-key': x.keyA,
    'content-type': 'application/json',
    'x-file-type': 'text/plain',
    'x-file-name': encodeURIComponent(p.updatedFileName),
    'x-signature': p.signingData.signature,
    'x-timestamp': String(p.signingData.timestamp),
    'x-uuid': p.signingData.uuid,
  }
  const rawBody = JSON.stringify({ fileBase64String: Buffer.from('secret notes').toString('base64') })
  const privateFile = `/storage/${x.envA}/private/${encodeURIComponent(p.updatedFileName)}`
  const publicFile = `/storage/${x.envA}/public/${encodeURIComponent(p.updatedFileName)}`
  for (const query of ['accessType=private&accessType=public', 'accessType=public&accessType=private', 'accessType=PUBLIC']) {
    const up = await x.call('POST', `/api/v1/management/storage/local?${query}`, { headers, rawBody })
    assert.is(up.status, 400, `${query}: ${up.text}`)
    assert.equal(Object.keys(up.body), ['error', 'message'], 'the upload route keeps its own error shape')
    assert.is(up.body.message, up.body.error, query)
    assert.match(up.body.error, /accessType/, query)
    assert.is((await x.call('GET', publicFile)).status, 404, `${query}: nothing public`)
    assert.is((await x.call('GET', privateFile, { key: x.keyA })).status, 404, `${query}: nothing stored`)
  }
  const up = await x.call('POST', '/api/v1/management/storage/local?accessType=private', { headers, rawBody })
  assert.is(up.status, 200, 'the same signed upload, asked once, is stored')
  assert.is((await x.call('GET', privateFile, { key: x.keyA })).text, 'secret notes')
})

test("presignedFields: an upload signed by hostile form fields is a 4xx in the upload's shape; nothing is stored", async () => {
  const x = bed()
  const survey = await createSurvey(x, { questions: [fileUploadQuestion('file')] })
  const presign = await x.call('POST', `/api/v1/client/${x.envA}/storage`, {
    body: { fileName: 'a.png', fileType: 'image/png', surveyId: survey.id, elementId: 'file' },
  })
  assert.is(presign.status, 200, presign.text)
  const p = presign.body.data
  const fields: Record<string, string> = p.presignedFields
  const file = `/storage/${x.envA}/private/${encodeURIComponent(p.updatedFileName)}`
  const send = async (before: [string, string][], after: [string, string][] = []) => {
    const form = new FormData()
    for (const [key, value] of before) form.append(key, value)
    form.append('file', new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }))
    for (const [key, value] of after) form.append(key, value)
    // Over HTTP: a Request made in-process with a FormData body threw an uncaught ERR_INVALID_STATE from
    // undici's body stream when the handler refused the upload before reading it all.
    const res = await fetch(`${await x.listen()}/api/v1/client/${x.envA}/storage/local`, { method: 'POST', body: form })
    return { status: res.status, body: await res.json() }
  }
  const valid = Object.entries(fields)
  const changed = (name: string, value: string) => valid.map(([k, v]): [string, string] => [k, k === name ? value : v])
  const cases: [string, [string, string][], [string, string][], number][] = [
    ['no fields', [], [], 400],
    ['the fields after the file', [], valid, 400],
    ['a name that climbs out', changed('fileName', `../${fields.fileName}`), [], 401],
    ["another environment's id", changed('environmentId', x.envB), [], 401],
    ['a uuid that is no uuid', changed('uuid', `${fields.uuid}:x`), [], 401],
    ['a signature given twice, the first wrong', [['signature', '0'.repeat(64)], ...valid], [], 401],
    ['a field of 100 kB', [...valid, ['padding', 'x'.repeat(100_000)]], [], 413],
    ['20 fields', [...valid, ...Array.from({ length: 13 }, (_, i): [string, string] => [`f${i}`, 'v'])], [], 400],
  ]
  for (const [what, before, after, status] of cases) {
    const res = await send(before, after)
    assert.is(res.status, status, `${what}: ${JSON.stringify(res.body)}`)
    assert.equal(Object.keys(res.body), ['error', 'message'], what)
    assert.is((await x.call('GET', file, { key: x.keyA })).status, 404, `${what}: nothing stored`)
  }
  const stored = await send([['__proto__', 'x'], ['constructor', 'y'], ...valid])
  assert.is(stored.status, 200, 'fields named after Object.prototype change nothing')
  assert.is((await x.call('GET', file, { key: x.keyA })).status, 200)
})

test.run()

interface RawResult {
  status: number
  headers: Record<string, string | string[] | undefined>
  text: string
  /** Whether the agent sent it on a connection an earlier request had used. */
  reused: boolean
}

/**
 * A request with headers fetch will not send (`Host`). A body given as pieces is written one piece at a time
 * (chunked, unless the headers give a length).
 */
function rawRequest(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string | string[],
  agent?: Agent,
): Promise<RawResult> {
  const url = new URL(base)
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, method, path, headers, agent }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text, reused: req.reusedSocket }))
    })
    req.on('error', reject)
    for (const piece of Array.isArray(body) ? body : []) req.write(piece)
    req.end(Array.isArray(body) ? undefined : body)
  })
}

const rawGet = (base: string, path: string, headers: Record<string, string>) => rawRequest(base, 'GET', path, headers)
