/**
 * Keys, surveys, client and management responses, environment isolation, the reference JS client and hostile
 * input, called as HTTP requests on the test bed. Each suite runs on a bed (a database) of its own, dropped
 * afterwards. The clock runs with the real time; a test that needs time to pass moves it on.
 */
import { FormbricksAPI } from '@formbricks/api'
import * as assert from 'uvu/assert'
import { HOSTILE_BODIES, HOSTILE_IDS, assertEachAnswersContract } from './helpers'
import {
  NOT_AUTHENTICATED,
  UNAUTHORIZED,
  createResponse,
  createRunningTestClock,
  createSurvey,
  defaultBackend,
  errorOf,
  notFoundBody,
  question,
  suitesWithBed,
} from '@canvass/test-bed'

const MALFORMED_ID = '%E0%A4%A'

function defineSuites(label: string) {
  const clock = createRunningTestClock()
  const beds = suitesWithBed({ clock })
  const b = beds.bed

  const auth = beds.suite(`${label}: /me and keys`)
  auth('/me with a good key returns the environment in both spec shapes', async () => {
    // A project named as the standalone server names the one it makes at its first start.
    const project = await b().newProject('Default project')
    const x = { call: b().call, keyA: project.key, keyB: project.devKey, envA: project.environmentId }
    const res = await x.call('GET', '/api/v1/me', { key: x.keyA })
    assert.is(res.status, 200)
    const me = res.body
    assert.is(me.id, x.envA)
    assert.is(me.type, 'production')
    assert.equal(me.product, me.project)
    assert.type(me.product.id, 'string')
    assert.is(me.product.name, 'Default project')
    assert.is(me.widgetSetupCompleted, false)
    assert.is(me.appSetupCompleted, false)
    assert.is(me.websiteSetupCompleted, false)
    assert.match(me.createdAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    const dev = await x.call('GET', '/api/v1/me', { key: x.keyB })
    assert.is(dev.body.type, 'development')
    assert.is.not(dev.body.id, x.envA)
  })
  auth('/me with a bad, malformed or missing key is a plain-text 401', async () => {
    const x = await b()
    for (const key of [undefined, 'nope', `cvs_${'a'.repeat(43)}`, '0123456789abcdef0123456789abcdef']) {
      const res = await x.call('GET', '/api/v1/me', key ? { key } : {})
      assert.is(res.status, 401)
      assert.is(res.text, 'Not authenticated')
      assert.match(res.headers.get('content-type') ?? '', /^text\/plain/)
    }
  })
  auth('management routes answer a bad key with the documented 401 body', async () => {
    const x = await b()
    for (const [method, path] of [
      ['GET', '/api/v1/management/surveys'],
      ['POST', '/api/v1/management/surveys'],
      ['GET', '/api/v1/management/responses'],
      ['DELETE', '/api/v1/management/responses/abc'],
    ] as const) {
      const res = await x.call(method, path, { key: `cvs_${'Z'.repeat(43)}` })
      assert.equal(errorOf(res), { status: 401, body: NOT_AUTHENTICATED }, `${method} ${path}`)
      assert.is(res.headers.get('cache-control'), 'private, no-store')
    }
  })

  const surveys = beds.suite(`${label}: management surveys`)
  surveys('create fills every default and returns the full survey', async () => {
    const x = await b()
    // A field of the reference's model that Canvass does not store is taken (docs/surveys.md) and not answered.
    const s = await createSurvey(x, { followUps: [] })
    assert.type(s.id, 'string')
    assert.is(s.environmentId, x.envA)
    assert.is(s.type, 'link')
    assert.is(s.status, 'draft')
    assert.is(s.displayOption, 'displayOnce')
    assert.is(s.delay, 0)
    assert.is(s.isVerifyEmailEnabled, false)
    assert.equal(s.hiddenFields, { enabled: true, fieldIds: [] })
    assert.equal(s.singleUse, { enabled: false, isEncrypted: false })
    assert.equal(s.welcomeCard, { enabled: false })
    assert.equal([s.languages, s.triggers, s.endings], [[], [], []])
    for (const field of ['createdBy', 'segment', 'pin', 'resultShareKey', 'autoClose', 'closeOnDate', 'styling']) {
      assert.is(s[field], null, field)
    }
    assert.not('followUps' in s)
    assert.is(s.questions[0].id, 'q1')
    assert.is(s.createdAt, s.updatedAt)
  })
  surveys('create validates with field paths, and refuses another environment', async () => {
    const x = await b()
    const bad = await x.call('POST', '/api/v1/management/surveys', {
      key: x.keyA,
      body: { environmentId: x.envA, name: 'x', questions: [question('bad id!')] },
    })
    assert.is(bad.status, 400)
    assert.is(bad.body.code, 'bad_request')
    assert.is(bad.body.message, 'Fields are missing or incorrectly formatted')
    assert.ok('questions.0.id' in bad.body.details, JSON.stringify(bad.body.details))
    const missing = await x.call('POST', '/api/v1/management/surveys', { key: x.keyA, body: { environmentId: x.envA } })
    assert.is(missing.status, 400)
    assert.ok('name' in missing.body.details && 'questions' in missing.body.details)
    const root = await x.call('POST', '/api/v1/management/surveys', { key: x.keyA, body: [1] })
    assert.is(root.status, 400)
    assert.ok('' in root.body.details)
    const other = await x.call('POST', '/api/v1/management/surveys', {
      key: x.keyA,
      body: { environmentId: x.envB, name: 'x', questions: [question()] },
    })
    assert.equal(errorOf(other), { status: 401, body: UNAUTHORIZED })
    const segment = await x.call('POST', '/api/v1/management/surveys', {
      key: x.keyA,
      body: { environmentId: x.envA, name: 'x', questions: [question()], segmentId: 'seg1' },
    })
    assert.is(segment.status, 400)
    assert.ok('segmentId' in segment.body.details)
  })
  surveys('bodies: malformed JSON 400, form 415, over 1 MiB 413 (chunked too), text/plain parsed', async () => {
    const x = await b()
    const path = '/api/v1/management/surveys'
    const malformed = await x.call('POST', path, { key: x.keyA, rawBody: '{"name":', headers: { 'content-type': 'application/json' } })
    assert.equal(errorOf(malformed), {
      status: 400,
      body: { code: 'bad_request', message: 'Malformed JSON input, please check your request body', details: {} },
    })
    const form = await x.call('POST', path, {
      key: x.keyA,
      rawBody: 'a=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    assert.is(form.status, 415)
    assert.is(form.body.code, 'unsupported_media_type')
    const huge = JSON.stringify({ environmentId: x.envA, name: 'x', questions: [question()], pad: 'x'.repeat(1024 * 1024) })
    const big = await x.call('POST', path, { key: x.keyA, rawBody: huge, headers: { 'content-type': 'application/json' } })
    assert.is(big.status, 413)
    assert.is(big.body.code, 'payload_too_large')
    const bytes = new TextEncoder().encode(huge)
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 65536) controller.enqueue(bytes.slice(i, i + 65536))
        controller.close()
      },
    })
    const chunked = await x.call('POST', path, { key: x.keyA, rawBody: stream, headers: { 'content-type': 'application/json' } })
    assert.is(chunked.status, 413)
    const plain = await x.call('POST', path, {
      key: x.keyA,
      rawBody: JSON.stringify({ environmentId: x.envA, name: 'plain', questions: [question()] }),
      headers: { 'content-type': 'text/plain' },
    })
    assert.is(plain.status, 200)
    assert.is(plain.body.data.name, 'plain')
    const unauthenticatedBig = await x.call('POST', path, { rawBody: huge, headers: { 'content-type': 'application/json' } })
    assert.is(unauthenticatedBig.status, 401, 'the key is checked before the body')
  })
  surveys('get, list, update with merge semantics, delete', async () => {
    const x = await b()
    const s = await createSurvey(x, { name: 'Original', status: 'inProgress', welcomeCard: { enabled: true, headline: { default: 'Hi' } } })
    const got = await x.call('GET', `/api/v1/management/surveys/${s.id}`, { key: x.keyA })
    assert.equal(got.body.data, s)
    const list = await x.call('GET', '/api/v1/management/surveys?limit=1000', { key: x.keyA })
    assert.ok(list.body.data.some((item: { id: string }) => item.id === s.id))
    clock.advance(5)
    const put = await x.call('PUT', `/api/v1/management/surveys/${s.id}`, {
      key: x.keyA,
      body: { name: 'Renamed', id: 'ignored', environmentId: x.envB, createdAt: '2000-01-01T00:00:00.000Z' },
    })
    assert.is(put.status, 200)
    const updated = put.body.data
    assert.is(updated.name, 'Renamed')
    assert.is(updated.id, s.id)
    assert.is(updated.environmentId, x.envA)
    assert.is(updated.createdAt, s.createdAt)
    assert.ok(updated.updatedAt > s.updatedAt)
    assert.equal(updated.questions, s.questions)
    assert.equal(updated.welcomeCard, s.welcomeCard)
    assert.is(updated.status, 'inProgress')
    const replaced = await x.call('PUT', `/api/v1/management/surveys/${s.id}`, {
      key: x.keyA,
      body: { questions: [question('a'), question('b')], status: 'paused' },
    })
    assert.equal(
      replaced.body.data.questions.map((q: { id: string }) => q.id),
      ['a', 'b'],
    )
    assert.is(replaced.body.data.status, 'paused')
    const invalid = await x.call('PUT', `/api/v1/management/surveys/${s.id}`, { key: x.keyA, body: { name: '' } })
    assert.is(invalid.status, 400)
    assert.ok('name' in invalid.body.details)
    const reread = await x.call('GET', `/api/v1/management/surveys/${s.id}`, { key: x.keyA })
    assert.is(reread.body.data.name, 'Renamed', 'a refused update changes nothing')
    const refused = await x.call('POST', `/api/v1/client/${x.envA}/responses`, {
      body: { surveyId: s.id, finished: false, data: { q1: 'hi' } },
    })
    assert.equal(
      errorOf(refused),
      { status: 403, body: { code: 'forbidden', message: 'Survey is not accepting submissions', details: {} } },
      'a paused survey refuses client responses',
    )
    const del = await x.call('DELETE', `/api/v1/management/surveys/${s.id}`, { key: x.keyA })
    assert.is(del.status, 200)
    assert.is(del.body.data.id, s.id)
    const gone = await x.call('GET', `/api/v1/management/surveys/${s.id}`, { key: x.keyA })
    assert.equal(errorOf(gone), { status: 404, body: notFoundBody('Survey', s.id) })
  })
  surveys('unknown and malformed ids: GET/DELETE 404, PUT 400 with the spec message', async () => {
    const x = await b()
    for (const id of ['clxunknown000000000000000', MALFORMED_ID, 'a b', "x'; drop table surveys;--"]) {
      const path = `/api/v1/management/surveys/${encodeURIComponent(id).replace('%25', '%')}`
      const decoded = (() => {
        try {
          return decodeURIComponent(path.split('/').pop() as string)
        } catch {
          return path.split('/').pop() as string
        }
      })()
      const get = await x.call('GET', path, { key: x.keyA })
      assert.equal(errorOf(get), { status: 404, body: notFoundBody('Survey', decoded) }, id)
      const del = await x.call('DELETE', path, { key: x.keyA })
      assert.equal(errorOf(del), { status: 404, body: notFoundBody('Survey', decoded) }, id)
      const put = await x.call('PUT', path, { key: x.keyA, body: { name: 'x' } })
      assert.equal(errorOf(put), {
        status: 400,
        body: { code: 'bad_request', message: `Survey with ID ${decoded} not found`, details: {} },
      })
    }
  })
  surveys('list pagination: limit, Link with cursor, skip and offset, bad parameters', async () => {
    const x = await b()
    const created = []
    for (let i = 0; i < 3; i++) created.push(await createSurvey(x, { name: `page ${i}` }, 'B'))
    const first = await x.call('GET', '/api/v1/management/surveys?limit=2', { key: x.keyB })
    assert.is(first.body.data.length, 2)
    assert.is(first.body.data[0].id, created[2]?.id)
    assert.is(first.body.data[1].id, created[1]?.id)
    const link = first.headers.get('link') ?? ''
    const next = /^<([^>]+)>; rel="next"$/.exec(link)?.[1]
    assert.ok(next, link)
    // Without PUBLIC_URL or CANVASS_ALLOWED_HOSTS the Link is relative: the Host header is the client's to forge.
    assert.ok(next.startsWith('/api/v1/'), next)
    const second = await x.call('GET', next, { key: x.keyB })
    assert.is(second.body.data[0].id, created[0]?.id)
    const skipped = await x.call('GET', '/api/v1/management/surveys?limit=1&skip=1', { key: x.keyB })
    assert.is(skipped.body.data[0].id, created[1]?.id)
    const offset = await x.call('GET', '/api/v1/management/surveys?limit=1&offset=2', { key: x.keyB })
    assert.is(offset.body.data[0].id, created[0]?.id)
    for (const query of ['limit=0', 'limit=1001', 'limit=abc', 'cursor=nonsense', 'skip=1&cursor=abc', 'skip=-1']) {
      const res = await x.call('GET', `/api/v1/management/surveys?${query}`, { key: x.keyB })
      assert.is(res.status, 400, query)
      assert.is(res.body.code, 'bad_request')
    }
  })

  const client = beds.suite(`${label}: client responses`)
  client('create then update to finished, with CORS, read back by management', async () => {
    const x = await b()
    const s = await createSurvey(x, { status: 'inProgress', questions: [question('q1'), question('q2')] })
    const res = await x.call('POST', `/api/v1/client/${x.envA}/responses`, {
      body: { surveyId: s.id, finished: false, data: { q1: 'good' }, ttc: { q1: 1200 }, meta: { url: 'https://example.com/p' } },
      headers: {
        origin: 'https://example.com',
        'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
      },
    })
    assert.is(res.status, 200)
    assert.is(res.headers.get('access-control-allow-origin'), '*')
    assert.is(res.headers.get('access-control-allow-credentials'), null)
    const id = res.body.data.id as string
    assert.equal(Object.keys(res.body.data), ['id'])
    const put = await x.call('PUT', `/api/v1/client/${x.envA}/responses/${id}`, {
      body: { finished: true, data: { q2: 'also good' }, ttc: { q2: 800 } },
    })
    assert.equal({ status: put.status, body: put.body }, { status: 200, body: { data: { id } } })
    assert.is(put.headers.get('access-control-allow-origin'), '*')
    const got = await x.call('GET', `/api/v1/management/responses/${id}`, { key: x.keyA })
    const r = got.body.data
    assert.is(r.surveyId, s.id)
    assert.is(r.finished, true)
    assert.equal(r.data, { q1: 'good', q2: 'also good' })
    assert.equal(r.ttc, { q1: 1200, q2: 800, _total: 2000 })
    assert.equal(r.meta.userAgent, { browser: 'Chrome', os: 'Windows', device: 'desktop' })
    assert.is(r.meta.url, 'https://example.com/p')
    assert.equal([r.notes, r.tags, r.person, r.personAttributes], [[], [], null, null])
    assert.is(r.language, null)
    assert.ok(r.updatedAt >= r.createdAt)
    const again = await x.call('PUT', `/api/v1/client/responses/${id}`, { body: { finished: true, data: {} } })
    assert.equal(errorOf(again), {
      status: 400,
      body: { code: 'bad_request', message: 'Response is already finished', details: {} },
    })
  })
  client('spec-form PUT, and a PUT through another environment is 404', async () => {
    const x = await b()
    const s = await createSurvey(x)
    const id = await createResponse(x, s.id)
    const wrongEnv = await x.call('PUT', `/api/v1/client/${x.envB}/responses/${id}`, { body: { finished: true, data: {} } })
    assert.equal(errorOf(wrongEnv), { status: 404, body: notFoundBody('Response', id) })
    const spec = await x.call('PUT', `/api/v1/client/responses/${id}`, { body: { finished: false, data: { q1: 'changed' } } })
    assert.is(spec.status, 200)
    const got = await x.call('GET', `/api/v1/management/responses/${id}`, { key: x.keyA })
    assert.equal(got.body.data.data, { q1: 'changed' })
    assert.is(got.body.data.finished, false)
    for (const path of [`/api/v1/client/responses/nope`, `/api/v1/client/${x.envA}/responses/${MALFORMED_ID}`]) {
      const unknown = await x.call('PUT', path, { body: { finished: true, data: {} } })
      assert.is(unknown.status, 404, path)
      assert.is(unknown.body.details.resource_type, 'Response')
    }
    const invalid = await x.call('PUT', `/api/v1/client/responses/${id}`, { body: { finished: 'yes' } })
    assert.is(invalid.status, 400)
    assert.ok('finished' in invalid.body.details && 'data' in invalid.body.details)
  })
  client('create errors: unknown environment or survey, other environment, status, validation', async () => {
    const x = await b()
    const s = await createSurvey(x)
    const unknownEnv = await x.call('POST', '/api/v1/client/nope/responses', { body: { surveyId: s.id, finished: false, data: {} } })
    assert.equal(errorOf(unknownEnv), { status: 404, body: notFoundBody('Environment', 'nope') })
    assert.is(unknownEnv.headers.get('access-control-allow-origin'), '*')
    const malformedEnv = await x.call('POST', `/api/v1/client/${MALFORMED_ID}/responses`, {
      body: { surveyId: s.id, finished: false, data: {} },
    })
    assert.is(malformedEnv.status, 404)
    const unknownSurvey = await x.call('POST', `/api/v1/client/${x.envA}/responses`, {
      body: { surveyId: 'nope', finished: false, data: {} },
    })
    assert.equal(errorOf(unknownSurvey), { status: 404, body: notFoundBody('Survey', 'nope') })
    const other = await x.call('POST', `/api/v1/client/${x.envB}/responses`, { body: { surveyId: s.id, finished: false, data: {} } })
    assert.equal(errorOf(other), {
      status: 400,
      body: { code: 'bad_request', message: 'Survey is part of another environment', details: {} },
    })
    for (const status of ['paused', 'completed', 'scheduled']) {
      const closed = await createSurvey(x, { status, runOnDate: status === 'scheduled' ? '2999-01-01T00:00:00.000Z' : null })
      const refused = await x.call('POST', `/api/v1/client/${x.envA}/responses`, {
        body: { surveyId: closed.id, finished: false, data: {} },
      })
      assert.equal(errorOf(refused), {
        status: 403,
        body: { code: 'forbidden', message: 'Survey is not accepting submissions', details: {} },
      })
    }
    const hostile = [
      { surveyId: s.id, finished: false, data: { q1: 'nul \u0000 inside' } },
      { surveyId: s.id, finished: false, data: { q1: 'x' }, userId: 'u\u0000' },
      { surveyId: s.id, finished: false, data: { q1: JSON.parse('['.repeat(200) + ']'.repeat(200)) } },
    ]
    for (const body of hostile) {
      const refused = await x.call('POST', `/api/v1/client/${x.envA}/responses`, { body })
      assert.is(refused.status, 400, JSON.stringify(body).slice(0, 80))
      // The field path of the offending value: the input rule names the field.
      assert.ok(
        Object.keys(refused.body.details).some((path) => /^(data|userId)\b/.test(path)),
        refused.text,
      )
    }
    const invalid = await x.call('POST', `/api/v1/client/${x.envA}/responses`, { body: { surveyId: s.id } })
    assert.is(invalid.status, 400)
    assert.ok('finished' in invalid.body.details && 'data' in invalid.body.details)
    const list = await x.call('GET', `/api/v1/management/responses?surveyId=${s.id}`, { key: x.keyA })
    assert.equal(list.body.data, [], 'no refused request wrote a response')
  })
  client('a client update of a response whose survey was paused is 403 and changes nothing', async () => {
    const x = await b()
    const s = await createSurvey(x, { status: 'inProgress' })
    const id = await createResponse(x, s.id)
    await x.call('PUT', `/api/v1/management/surveys/${s.id}`, { key: x.keyA, body: { status: 'paused' } })
    const res = await x.call('PUT', `/api/v1/client/responses/${id}`, { body: { finished: true, data: { q1: 'late' } } })
    assert.is(res.status, 403)
    const got = await x.call('GET', `/api/v1/management/responses/${id}`, { key: x.keyA })
    assert.equal([got.body.data.finished, got.body.data.data], [false, { q1: 'hi' }])
  })
  client('autoComplete: the survey reads completed once enough responses finished, then refuses more', async () => {
    const x = await b()
    const s = await createSurvey(x, { status: 'inProgress', autoComplete: 2 })
    await createResponse(x, s.id, { finished: true })
    const open = await createResponse(x, s.id)
    assert.is((await x.call('GET', `/api/v1/management/surveys/${s.id}`, { key: x.keyA })).body.data.status, 'inProgress')
    await x.call('PUT', `/api/v1/client/responses/${open}`, { body: { finished: true, data: {} } })
    assert.is((await x.call('GET', `/api/v1/management/surveys/${s.id}`, { key: x.keyA })).body.data.status, 'completed')
    const refused = await x.call('POST', `/api/v1/client/${x.envA}/responses`, { body: { surveyId: s.id, finished: false, data: {} } })
    assert.is(refused.status, 403)
  })
  client('userId links one contact, created on first use', async () => {
    const x = await b()
    const s = await createSurvey(x)
    const first = await createResponse(x, s.id, { userId: 'user-42' })
    const second = await createResponse(x, s.id, { userId: 'user-42', finished: true })
    const [a, c] = await Promise.all(
      [first, second].map(async (id) => (await x.call('GET', `/api/v1/management/responses/${id}`, { key: x.keyA })).body.data),
    )
    assert.is(a.person.userId, 'user-42')
    assert.is(a.person.environmentId, x.envA)
    assert.is(a.person.id, c.person.id)
    assert.equal(a.personAttributes, {})
    assert.equal(c.ttc, { _total: 0 })
  })
  client('preflight: 204 with the documented headers, on any client route', async () => {
    const x = await b()
    for (const path of [`/api/v1/client/${x.envA}/responses`, '/api/v1/client/responses/abc']) {
      const res = await x.call('OPTIONS', path, {
        headers: {
          origin: 'https://site.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,x-custom',
        },
      })
      assert.is(res.status, 204, path)
      assert.is(res.headers.get('access-control-allow-origin'), '*')
      assert.is(res.headers.get('access-control-allow-methods'), 'GET, POST, PUT, OPTIONS')
      assert.is(res.headers.get('access-control-allow-headers'), 'content-type,x-custom')
      assert.is(res.headers.get('access-control-max-age'), '86400')
    }
    const management = await x.call('GET', '/api/v1/management/surveys', { key: x.keyA, headers: { origin: 'https://a.example' } })
    assert.is(management.headers.get('access-control-allow-origin'), null, 'management routes send no CORS headers')
  })

  const responses = beds.suite(`${label}: management responses`)
  responses('list: newest first, surveyId filter, Link and cursor pagination', async () => {
    const x = await b()
    const s1 = await createSurvey(x)
    const s2 = await createSurvey(x)
    const ids: string[] = []
    for (let i = 0; i < 5; i++) {
      ids.push(await createResponse(x, s1.id, { data: { q1: `answer ${i}` } }))
      // Each newer by a millisecond at least: two made in the same one are in the order of their random ids.
      clock.advance(1)
    }
    const otherId = await createResponse(x, s2.id)
    const all = await x.call('GET', `/api/v1/management/responses?surveyId=${s1.id}`, { key: x.keyA })
    assert.equal(
      all.body.data.map((r: { id: string }) => r.id),
      [...ids].reverse(),
    )
    assert.is(all.headers.get('link'), null)
    const seen: string[] = []
    let path: string | undefined = `/api/v1/management/responses?surveyId=${s1.id}&limit=2`
    while (path) {
      const page = await x.call('GET', path, { key: x.keyA })
      assert.is(page.status, 200)
      assert.ok(page.body.data.length <= 2)
      seen.push(...page.body.data.map((r: { id: string }) => r.id))
      const next = /^<([^>]+)>; rel="next"$/.exec(page.headers.get('link') ?? '')?.[1]
      path = next
      if (next) assert.match(next, /[?&]cursor=/)
      if (next) assert.match(next, new RegExp(`surveyId=${s1.id}`))
    }
    assert.equal(seen, [...ids].reverse())
    const skip = await x.call('GET', `/api/v1/management/responses?surveyId=${s1.id}&limit=2&skip=3`, { key: x.keyA })
    assert.equal(
      skip.body.data.map((r: { id: string }) => r.id),
      [ids[1], ids[0]],
    )
    const unfiltered = await x.call('GET', '/api/v1/management/responses?limit=1000', { key: x.keyA })
    const unfilteredIds = unfiltered.body.data.map((r: { id: string }) => r.id)
    assert.ok(unfilteredIds.includes(otherId) && unfilteredIds.includes(ids[0]))
  })
  responses('get, create, update and delete through management', async () => {
    const x = await b()
    const s = await createSurvey(x, { status: 'completed' })
    const created = await x.call('POST', '/api/v1/management/responses', {
      key: x.keyA,
      body: { surveyId: s.id, finished: true, data: { q1: 'imported' }, language: 'de' },
    })
    assert.is(created.status, 200, 'management writes ignore survey status')
    const r = created.body.data
    assert.is(r.surveyId, s.id)
    assert.is(r.language, 'de')
    assert.equal(r.ttc, { _total: 0 })
    const updated = await x.call('PUT', `/api/v1/management/responses/${r.id}`, {
      key: x.keyA,
      body: { data: { q2: 'more' }, language: 'fr' },
    })
    assert.is(updated.status, 200, 'management may update finished responses')
    assert.equal(updated.body.data.data, { q1: 'imported', q2: 'more' })
    assert.is(updated.body.data.language, 'fr')
    assert.is(updated.body.data.finished, true)
    const del = await x.call('DELETE', `/api/v1/management/responses/${r.id}`, { key: x.keyA })
    assert.is(del.status, 200)
    assert.equal(del.body.data, updated.body.data)
    for (const method of ['GET', 'DELETE'] as const) {
      const gone = await x.call(method, `/api/v1/management/responses/${r.id}`, { key: x.keyA })
      assert.equal(errorOf(gone), { status: 404, body: notFoundBody('Response', r.id) })
    }
    const put = await x.call('PUT', `/api/v1/management/responses/${r.id}`, { key: x.keyA, body: { finished: true } })
    assert.equal(errorOf(put), { status: 404, body: notFoundBody('Response', r.id) })
    const unknownSurvey = await x.call('POST', '/api/v1/management/responses', {
      key: x.keyA,
      body: { surveyId: 'nope', finished: true, data: {} },
    })
    assert.equal(errorOf(unknownSurvey), { status: 404, body: notFoundBody('Survey', 'nope') })
    const malformed = await x.call('GET', `/api/v1/management/responses/${MALFORMED_ID}`, { key: x.keyA })
    assert.is(malformed.status, 404)
    const unknownFilter = await x.call('GET', '/api/v1/management/responses?surveyId=nope', { key: x.keyA })
    assert.equal(errorOf(unknownFilter), { status: 404, body: notFoundBody('Survey', 'nope') })
  })
  responses('deleting a survey deletes its responses', async () => {
    const x = await b()
    const s = await createSurvey(x)
    const id = await createResponse(x, s.id)
    await x.call('DELETE', `/api/v1/management/surveys/${s.id}`, { key: x.keyA })
    const gone = await x.call('GET', `/api/v1/management/responses/${id}`, { key: x.keyA })
    assert.is(gone.status, 404)
  })

  const isolation = beds.suite(`${label}: environment isolation`)
  isolation('a key of environment A never reads, changes or deletes anything of environment B', async () => {
    const x = await b()
    const s = await createSurvey(x, {}, 'B')
    const r = await createResponse(x, s.id, {}, 'B')
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/v1/management/surveys/${s.id}`],
      ['PUT', `/api/v1/management/surveys/${s.id}`, { name: 'hijacked' }],
      ['DELETE', `/api/v1/management/surveys/${s.id}`],
      ['GET', `/api/v1/management/responses/${r}`],
      ['PUT', `/api/v1/management/responses/${r}`, { data: { q1: 'hijacked' } }],
      ['DELETE', `/api/v1/management/responses/${r}`],
      ['GET', `/api/v1/management/responses?surveyId=${s.id}`],
      ['POST', '/api/v1/management/responses', { surveyId: s.id, finished: true, data: {} }],
    ]
    for (const [method, path, body] of attempts) {
      const res = await x.call(method, path, { key: x.keyA, body })
      assert.equal(errorOf(res), { status: 401, body: UNAUTHORIZED }, `${method} ${path}`)
    }
    const surveysA = await x.call('GET', '/api/v1/management/surveys?limit=1000', { key: x.keyA })
    assert.not.ok(surveysA.body.data.some((item: { id: string }) => item.id === s.id))
    const responsesA = await x.call('GET', '/api/v1/management/responses?limit=1000', { key: x.keyA })
    assert.not.ok(responsesA.body.data.some((item: { id: string }) => item.id === r))
    const survey = await x.call('GET', `/api/v1/management/surveys/${s.id}`, { key: x.keyB })
    assert.equal(survey.body.data, s, 'nothing of B changed')
    const response = await x.call('GET', `/api/v1/management/responses/${r}`, { key: x.keyB })
    assert.equal([response.body.data.data, response.body.data.finished], [{ q1: 'hi' }, false])
    const bList = await x.call('GET', `/api/v1/management/responses?surveyId=${s.id}`, { key: x.keyB })
    assert.is(bList.body.data.length, 1, 'A created no response in B')
  })

  const sdk = beds.suite(`${label}: @formbricks/api client`)
  sdk('the reference JS client creates and finishes a response, and reads a 403 as forbidden', async () => {
    const x = await b()
    const s = await createSurvey(x, { status: 'inProgress' })
    const api = new FormbricksAPI({ apiHost: await x.listen(), environmentId: x.envA })
    const created: any = await api.client.response.create({ surveyId: s.id, finished: false, data: { q1: 'from sdk' } } as any)
    assert.ok(created.ok, JSON.stringify(created))
    const updated: any = await api.client.response.update({ responseId: created.data.id, finished: true, data: { q1: 'done' } } as any)
    assert.ok(updated.ok, JSON.stringify(updated))
    assert.equal(updated.data, { id: created.data.id })
    const got = await x.call('GET', `/api/v1/management/responses/${created.data.id}`, { key: x.keyA })
    assert.equal([got.body.data.finished, got.body.data.data], [true, { q1: 'done' }])
    const paused = await createSurvey(x, { status: 'paused' })
    const refused: any = await api.client.response.create({ surveyId: paused.id, finished: false, data: {} } as any)
    assert.is(refused.ok, false)
    assert.equal([refused.error.code, refused.error.status], ['forbidden', 403])
  })

  const hostile = beds.suite(`${label}: hostile input`)
  hostile('no body, path or query on any route produces a 5xx', async () => {
    const x = await b()
    const s = await createSurvey(x, { status: 'inProgress' })
    const r = await createResponse(x, s.id)
    const ids = [s.id, r, ...HOSTILE_IDS]
    const bodies: unknown[] = [
      ...HOSTILE_BODIES,
      { surveyId: 5, finished: 'no', data: [] },
      { surveyId: s.id, finished: true, data: { q: 'x'.repeat(200_000) } },
      { surveyId: s.id, finished: true, data: {}, ttc: { q: -1 } },
      { surveyId: s.id, finished: true, data: {}, ttc: { q: 1e308 * 10 } },
      { name: 'x', questions: [{ id: 'q', type: 'nope' }], environmentId: x.envA },
      { name: 'x', questions: 'many', environmentId: x.envA, closeOnDate: 'yesterday' },
      { name: 'x'.repeat(300), questions: [], environmentId: x.envA, displayPercentage: 'NaN' },
      { __proto__: { admin: true }, constructor: { prototype: {} }, finished: true, data: { __proto__: 1 } },
    ]
    const routes: [string, string][] = []
    for (const id of ids) {
      routes.push(['PUT', `/api/v1/management/surveys/${id}`], ['PUT', `/api/v1/management/responses/${id}`])
      routes.push(['PUT', `/api/v1/client/responses/${id}`], ['PUT', `/api/v1/client/${id}/responses/${r}`])
      routes.push(['POST', `/api/v1/client/${id}/responses`], ['GET', `/api/v1/management/responses?surveyId=${id}`])
    }
    routes.push(['POST', '/api/v1/management/surveys'], ['POST', '/api/v1/management/responses'])
    routes.push(['POST', `/api/v1/client/${x.envA}/responses`], ['GET', '/api/v1/management/surveys?limit=1&cursor=%00'])
    await assertEachAnswersContract(x, routes, bodies)
  })

  for (const s of [auth, surveys, client, responses, isolation, sdk, hostile]) s.run()
}

defineSuites(defaultBackend())
