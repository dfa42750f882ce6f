/**
 * The response saver against Canvass itself: the test bed's, served over loopback HTTP, behind a proxy on loopback
 * that forwards every request to it except where a test tells it to answer 503 or 429, to cut the connection after
 * Canvass answered, or to hold requests. Ids, refusals and the idempotent replay of a create are Canvass's, and
 * each test reads what Canvass stored: order, merging, retries and failures.
 */
import { createTestCanvass, waitFor } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import { createServer, request as httpRequest } from 'node:http'
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { OutboxRecord } from '../src/renderer/outbox'
import { MAX_RECORDS, flushOutbox, makeRoom } from '../src/renderer/outbox'
import type { OutboxStore } from '../src/renderer/outbox-store'
import { memoryStore } from '../src/renderer/outbox-store'
import type { ResponseSaverOptions, SaveFailure } from '../src/renderer/response-saver'
import { createResponseSaver, mergeUpdates, saveFailure } from '../src/renderer/response-saver'

interface Seen {
  method: string
  path: string
  body: any
  key?: string
}

/** What the proxy does with a request: forwards it, answers it itself (`[status, body, headers?]`), or `'drop'`s it. */
type Fault = 'pass' | 'drop' | [number, unknown, Record<string, string>?]

/**
 * A proxy on loopback in front of `target` that records every request it is sent. The next requests meet the
 * faults of `script` in order (then `'pass'`): `[status, body, headers?]` is answered by the proxy, never reaching
 * Canvass; `'drop'` is forwarded, answered by Canvass, and the connection cut before the answer. `hold` keeps
 * requests back, still unforwarded, until `release`.
 */
function faultProxy(target: string) {
  const seen: Seen[] = []
  const script: Fault[] = []
  let held: (() => void)[] | undefined
  const to = new URL(target)
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const raw = Buffer.concat(chunks)
    const key = req.headers['idempotency-key'] as string | undefined
    const multipart = (req.headers['content-type'] ?? '').startsWith('multipart/')
    const body = raw.length === 0 ? undefined : multipart ? raw.toString('latin1') : JSON.parse(raw.toString())
    seen.push({ method: req.method ?? '', path: req.url ?? '', body, ...(key ? { key } : {}) })
    if (held) await new Promise<void>((resolve) => held?.push(resolve))
    const fault = script.shift() ?? 'pass'
    if (Array.isArray(fault)) {
      const [status, answer, headers] = fault
      res.writeHead(status, { 'content-type': 'application/json', ...headers })
      res.end(JSON.stringify(answer))
      return
    }
    // The Host header goes along, so that the URLs Canvass builds (an upload's) point at the proxy.
    const headers: IncomingHttpHeaders = { ...req.headers }
    const forward = httpRequest({ host: to.hostname, port: to.port, path: req.url, method: req.method, headers }, (answer) => {
      const parts: Buffer[] = []
      answer.on('data', (part: Buffer) => parts.push(part))
      answer.on('end', () => {
        if (fault === 'drop') return req.socket.destroy()
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        res.end(Buffer.concat(parts))
      })
    })
    forward.on('error', () => req.socket.destroy())
    forward.end(raw)
  })
  return {
    seen,
    script,
    hold: () => {
      held = []
    },
    release: () => {
      const waiting = held ?? []
      held = undefined
      for (const resolve of waiting) resolve()
    },
    start: (port = 0) =>
      new Promise<string>((resolve) =>
        server.listen(port, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
      ),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

const update = (data: Record<string, string>, finished = false) => ({
  data,
  ttc: Object.fromEntries(Object.keys(data).map((k) => [k, 100])),
  variables: {},
  finished,
  language: 'en',
})

const openText = (id: string) => ({ id, type: 'openText', inputType: 'text', required: false, headline: { default: `${id}?` } })
const QUESTIONS = [
  openText('q1'),
  openText('q2'),
  openText('q3'),
  {
    id: 'file',
    type: 'fileUpload',
    headline: { default: 'A screenshot?' },
    allowMultipleFiles: false,
    allowedFileExtensions: ['png'],
    maxSizeInMB: 1,
    required: false,
  },
]
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGPgW/oSAAJhAZ1J9NK9AAAAAElFTkSuQmCC'

const test = suite('response saver, against Canvass through a fault-injecting proxy')
let bed: TestCanvass
let canvassUrl: string
let proxy: ReturnType<typeof faultProxy>
let appUrl: string
let env: string
let surveyId: string
let store: OutboxStore<OutboxRecord>
let options: (extra?: Partial<ResponseSaverOptions>) => ResponseSaverOptions
/** The requests after the display. */
const answers = () => proxy.seen.filter((s) => !s.path.endsWith('/displays'))

/** A link survey of Canvass's, in progress, with `extra` (a PIN, single use, endings). */
async function newSurvey(extra: Record<string, unknown> = {}): Promise<string> {
  const res = await bed.call('POST', '/api/v1/management/surveys', {
    key: bed.keyA,
    body: { environmentId: env, name: 'Saver', type: 'link', status: 'inProgress', questions: QUESTIONS, ...extra },
  })
  assert.is(res.status, 200, res.text)
  return res.body.data.id
}

/** The responses Canvass stored for `survey`, oldest first. */
const stored = async (survey = surveyId): Promise<any[]> => {
  const res = await bed.call('GET', `/api/v1/management/responses?surveyId=${survey}&limit=100`, { key: bed.keyA })
  return (res.body.data as any[]).reverse()
}
/** The survey's displays, from the bed's database (no management route lists displays). */
const displaysOf = (survey = surveyId): Promise<{ id: string }[]> =>
  (bed.db as any).withSchema('canvass').selectFrom('displays').select('id').where('survey_id', '=', survey).execute()

/** A client write straight to Canvass (not through the proxy), as another tab or device would make it. */
async function client(method: string, path: string, body: unknown): Promise<any> {
  const res = await bed.call(method as 'POST', `/api/v1/client/${env}${path}`, { body })
  assert.is(res.status, 200, res.text)
  return res.body.data
}

test.before(async () => {
  bed = await createTestCanvass()
  canvassUrl = await bed.listen()
  env = bed.envA
})
test.after(() => bed?.close())

test.before.each(async () => {
  proxy = faultProxy(canvassUrl)
  appUrl = await proxy.start()
  store = memoryStore()
  surveyId = await newSurvey()
  options = (extra = {}) => ({
    endpoint: { appUrl, environmentId: env },
    surveyId,
    userId: 'user1',
    singleUseId: 'suid1',
    meta: { url: 'https://example.com/s', source: 'link' },
    store,
    backoff: async () => {},
    ...extra,
  })
})
test.after.each(() => proxy.stop())

test('the display, then the first answer creates the response with the display, user, single-use id and meta; later ones update it', async () => {
  const saved: [string, boolean][] = []
  const displays: (string | undefined)[] = []
  const saver = createResponseSaver(
    options({ onSaved: (id, finished) => saved.push([id, finished]), onDisplay: (id) => displays.push(id) }),
  )
  saver.display()
  assert.is(await saver.save(update({ q1: 'a' })), true)
  assert.is(await saver.save(update({ q2: 'b' }, true)), true)
  const [response, ...others] = await stored()
  assert.is(others.length, 0, 'one response')
  const [displayId] = displays
  assert.equal(
    (await displaysOf()).map((d) => d.id),
    [displayId],
    'the display Canvass recorded, whose id the saver was given',
  )
  assert.equal(
    proxy.seen.map(({ key, ...rest }) => ({ ...rest, keyed: key !== undefined })),
    [
      { method: 'POST', path: `/api/v1/client/${env}/displays`, body: { surveyId, userId: 'user1' }, keyed: true },
      {
        method: 'POST',
        path: `/api/v1/client/${env}/responses`,
        body: {
          surveyId,
          data: { q1: 'a' },
          ttc: { q1: 100 },
          variables: {},
          finished: false,
          language: 'en',
          userId: 'user1',
          singleUseId: 'suid1',
          meta: { url: 'https://example.com/s', source: 'link' },
          displayId,
        },
        keyed: true,
      },
      {
        method: 'PUT',
        path: `/api/v1/client/${env}/responses/${response.id}`,
        body: { data: { q2: 'b' }, ttc: { q2: 100 }, variables: {}, finished: true, language: 'en' },
        keyed: true,
      },
    ],
  )
  assert.equal(
    [
      response.data,
      response.finished,
      response.displayId,
      response.contact?.userId ?? response.person?.userId,
      response.singleUseId,
      response.meta?.url,
      response.meta?.source,
    ],
    [{ q1: 'a', q2: 'b' }, true, displayId, 'user1', 'suid1', 'https://example.com/s', 'link'],
    'what Canvass stored',
  )
  assert.equal(saved, [
    [response.id, false],
    [response.id, true],
  ])
  assert.is(await saver.save(update({ q3: 'late' })), true, 'nothing is sent after the finishing save')
  assert.is(proxy.seen.length, 3)
  assert.equal(await store.all(), [], 'the finished, acknowledged record is deleted at once')
})

test("a contact named by its id (the reference's renderer props) creates the response on the v2 route, updates on v1", async () => {
  const identified = await bed.call('POST', `/api/v2/client/${env}/user`, { body: { userId: 'contact-user' } })
  assert.is(identified.status, 200, identified.text)
  const contactId = identified.body.data.state?.data?.contactId ?? identified.body.data.contactId
  assert.type(contactId, 'string', identified.text)
  const saver = createResponseSaver(options({ userId: undefined, singleUseId: undefined, meta: undefined, contactId }))
  await saver.save(update({ q1: 'a' }))
  await saver.save(update({ q2: 'b' }, true))
  const [response] = await stored()
  assert.equal(
    proxy.seen.map((s) => [s.method, s.path, s.body.contactId, s.body.userId]),
    [
      ['POST', `/api/v2/client/${env}/displays`, contactId, undefined],
      ['POST', `/api/v2/client/${env}/responses`, contactId, undefined],
      ['PUT', `/api/v1/client/${env}/responses/${response.id}`, undefined, undefined],
    ],
  )
  assert.equal([response.data, response.finished, response.contact?.id ?? response.contactId], [{ q1: 'a', q2: 'b' }, true, contactId])
})

/** A quota of `survey` on `q` = `value`, already full: a finished response that meets it is stored first. */
/**
 * After a first update of `{q1: 'a'}` and a finishing one of `{q2: 'b'}`: the response stored once, finished with
 * both answers, each save acknowledged once and nothing failed or left in the queue.
 */
async function assertFinishedOnce(saved: [string, boolean][], failures: unknown[]): Promise<void> {
  const [response] = await stored()
  assert.equal([response.data, response.finished], [{ q1: 'a', q2: 'b' }, true])
  assert.equal(saved, [
    [response.id, false],
    [response.id, true],
  ])
  assert.equal(failures, [])
  assert.equal(await store.all(), [], 'the record is done with')
}

async function fullQuota(survey: string, q: string, value: string, action: Record<string, unknown>): Promise<void> {
  const logic = {
    conditions: [{ id: 'c', leftOperand: { type: 'element', value: q }, operator: 'equals', rightOperand: { type: 'static', value } }],
  }
  const quota = await bed.call('POST', `/api/v1/management/surveys/${survey}/quotas`, {
    key: bed.keyA,
    body: { name: 'Enough', limit: 1, logic, countPartialSubmissions: true, ...action },
  })
  assert.is(quota.status, 200, quota.text)
  await client('POST', '/responses', { surveyId: survey, finished: true, data: { [q]: value } })
}

test('a full quota that ends the survey: its ending is reported, the response counts as finished, nothing more is sent', async () => {
  surveyId = await newSurvey({ endings: [{ id: 'full', type: 'endScreen', headline: { default: 'Enough' } }] })
  await fullQuota(surveyId, 'q2', 'b', { action: 'endSurvey', endingCardId: 'full' })
  const saved: [string, boolean][] = []
  const ended: string[] = []
  const saver = createResponseSaver(
    options({ onSaved: (id, finished) => saved.push([id, finished]), onQuotaEnded: (id) => ended.push(id) }),
  )
  assert.is(await saver.save(update({ q1: 'a' })), true)
  assert.is(await saver.save(update({ q2: 'b' })), true)
  const id = saved[0]?.[0] as string
  assert.equal(
    [saved, ended],
    [
      [
        [id, false],
        [id, true],
      ],
      ['full'],
    ],
  )
  assert.is(await saver.save(update({ q3: 'c' }, true)), true)
  assert.is(answers().length, 2, 'the server finished the response: nothing more is sent')
  assert.equal(
    (await stored()).map((r) => [r.id === id, r.finished]),
    [
      [false, true],
      [true, true],
    ],
    'Canvass finished it',
  )
})

test('a full quota that lets the survey go on changes nothing', async () => {
  await fullQuota(surveyId, 'q1', 'a', { action: 'continueSurvey' })
  const ended: string[] = []
  const saver = createResponseSaver(options({ onQuotaEnded: (id) => ended.push(id) }))
  await saver.save(update({ q1: 'a' }))
  await saver.save(update({ q2: 'b' }, true))
  assert.equal([ended, answers().length], [[], 2])
  assert.equal((await stored()).at(-1)?.data, { q1: 'a', q2: 'b' })
})

test('the proof of a PIN goes with the create and with every update', async () => {
  surveyId = await newSurvey({ pin: '4321' })
  const page = await (await fetch(`${canvassUrl}/s/${surveyId}?pin=4321`)).text()
  const boot = JSON.parse(/<script id="canvass-boot" type="application\/json">(.*?)<\/script>/s.exec(page)?.[1] ?? '{}')
  assert.type(boot.pinAuthToken, 'string', 'the link page gave the proof')
  const saver = createResponseSaver(options({ pinAuthToken: boot.pinAuthToken }))
  assert.is(await saver.save(update({ q1: 'a' })), true)
  assert.is(await saver.save(update({ q2: 'b' })), true)
  assert.is(await saver.save(update({ q3: 'c' }, true)), true)
  assert.equal(
    answers().map((s) => [s.method, s.body.pinAuthToken]),
    [
      ['POST', boot.pinAuthToken],
      ['PUT', boot.pinAuthToken],
      ['PUT', boot.pinAuthToken],
    ],
  )
  assert.equal(
    (await stored()).map((r) => [r.data, r.finished]),
    [[{ q1: 'a', q2: 'b', q3: 'c' }, true]],
  )
})

test('answers given while a request is under way go out together, in order, in the next one', async () => {
  const saver = createResponseSaver(options())
  saver.display()
  await waitFor('the display recorded', async () => (await store.all())[0]?.display.sent)
  proxy.hold()
  const first = saver.save(update({ q1: 'a' }))
  await waitFor('the create at the proxy', () => answers().length > 0)
  const second = saver.save(update({ q2: 'b' }))
  const third = saver.save(update({ q3: 'c' }, true))
  proxy.release()
  assert.equal(await Promise.all([first, second, third]), [true, true, true])
  assert.equal(
    answers().map((s) => [s.method, s.body.data, s.body.finished]),
    [
      ['POST', { q1: 'a' }, false],
      ['PUT', { q2: 'b', q3: 'c' }, true],
    ],
  )
  assert.equal(
    (await stored()).map((r) => [r.data, r.finished]),
    [[{ q1: 'a', q2: 'b', q3: 'c' }, true]],
  )
})

test('a display the server refuses is not tried again, and the response is created without a displayId', async () => {
  const displays: (string | undefined)[] = []
  // The one refusal the proxy makes up: no display Canvass refuses belongs to a response it would accept.
  proxy.script.push([400, { code: 'bad_request', message: 'no', details: {} }])
  const saver = createResponseSaver(options({ onDisplay: (id) => displays.push(id) }))
  await saver.save(update({ q1: 'a' }))
  assert.equal(displays, [undefined])
  assert.is(proxy.seen.length, 2)
  assert.not.ok('displayId' in (answers()[0]?.body ?? {}))
  assert.equal(
    (await stored()).map((r) => [r.data, r.displayId ?? null]),
    [[{ q1: 'a' }, null]],
  )
})

test("5xx, 429 and dropped connections are retried with the same Idempotency-Key and body, and Canvass's replay answers the create it stored; Retry-After is honoured; nothing is reported as failed", async () => {
  const failures: (SaveFailure | undefined)[] = []
  const waiting: boolean[] = []
  const waits: [number, number | undefined][] = []
  const saved: string[] = []
  const saver = createResponseSaver(
    options({
      onFailure: (failure) => failures.push(failure),
      onWaiting: (w) => waiting.push(w),
      onSaved: (id) => saved.push(id),
      backoff: async (attempt, retryAfter) => void waits.push([attempt, retryAfter]),
    }),
  )
  saver.display()
  await waitFor('the display recorded', async () => (await store.all())[0]?.display.sent)
  // The create: answered 503, then 429 with Retry-After by the proxy; then stored by Canvass and its answer cut;
  // then answered by Canvass's replay of what it stored.
  proxy.script.push(
    [503, { code: 'service_unavailable', message: 'down', details: {} }],
    [429, { code: 'too_many_requests', message: 'slow', details: {} }, { 'retry-after': '2' }],
    'drop',
  )
  assert.is(await saver.save(update({ q1: 'a' })), true)
  const creates = answers()
  assert.is(creates.length, 4)
  assert.ok(creates.every((c) => c.key === creates[0]?.key && JSON.stringify(c.body) === JSON.stringify(creates[0]?.body)))
  assert.equal(waits, [
    [1, undefined],
    [2, 2],
    [3, undefined],
  ])
  const [response, ...others] = await stored()
  assert.is(others.length, 0, 'Canvass stored the create once')
  assert.equal(saved, [response.id], "the replay answered the stored response's id")
  proxy.script.push([500, { code: 'internal_server_error', message: 'x', details: {} }])
  assert.is(await saver.save(update({ q2: 'b' }, true)), true)
  const [failed, retried] = answers().slice(-2)
  assert.equal(retried, failed, 'the update retried with the same Idempotency-Key and body')
  assert.equal(
    { ...retried, key: typeof retried?.key },
    { method: 'PUT', path: `/api/v1/client/${env}/responses/${response.id}`, body: update({ q2: 'b' }, true), key: 'string' },
  )
  assert.is.not(retried?.key, creates[0]?.key, "an update's key is its own")
  assert.equal(
    (await stored()).map((r) => [r.data, r.finished]),
    [[{ q1: 'a', q2: 'b' }, true]],
  )
  assert.equal(failures, [])
  assert.equal(waiting.at(-1), false)
  assert.ok(waiting.includes(true))
})

test('a reload (a new saver on the same store) resumes the unfinished response: the same response goes on, the display is not recorded twice', async () => {
  const first = createResponseSaver(options())
  first.display()
  assert.is(await first.save(update({ q1: 'a' }), 'page2'), true)
  const again = createResponseSaver(options())
  assert.equal(await again.ready, { answered: update({ q1: 'a' }), step: 'page2' })
  again.display()
  assert.is(await again.save(update({ q2: 'b' }, true)), true)
  const [response] = await stored()
  assert.equal(
    proxy.seen.map((s) => [s.method, s.path]),
    [
      ['POST', `/api/v1/client/${env}/displays`],
      ['POST', `/api/v1/client/${env}/responses`],
      ['PUT', `/api/v1/client/${env}/responses/${response.id}`],
    ],
  )
  assert.equal([(await stored()).length, (await displaysOf()).length, response.data, response.finished], [1, 1, { q1: 'a', q2: 'b' }, true])
  const off = createResponseSaver(options({ resumeDays: 0 }))
  assert.is(await off.ready, undefined, 'a finished response is not resumed')
})

test('answers kept while the server is unreachable are sent on the next page load, exactly once', async () => {
  await proxy.stop()
  // Each wait between attempts lasts until the server is back. A wait that begins after that (an attempt can fail
  // after the server is up again, when it was refused before) ends at once.
  let serverBack: () => void = () => {}
  const back = new Promise<void>((resolve) => (serverBack = resolve))
  const saver = createResponseSaver(options({ backoff: (_attempt, _after, woken) => Promise.race([back, woken]) }))
  saver.display()
  const saved = saver.save(update({ q1: 'a', q2: 'b' }, true), undefined)
  await waitFor('the answers kept', async () => {
    const [record] = await store.all()
    return record?.pending !== undefined || record?.inflight !== undefined
  })
  // The tab is closed: the record stays in the store. Once the server is back, the next page load sends it.
  const [record] = await store.all()
  assert.equal(record?.answered, update({ q1: 'a', q2: 'b' }, true))
  assert.equal(await stored(), [], 'nothing reached Canvass')
  proxy = faultProxy(canvassUrl)
  await proxy.start(Number(new URL(appUrl).port))
  serverBack()
  await saved
  assert.equal(
    proxy.seen.map((s) => [s.method, s.body.data]),
    [
      ['POST', undefined],
      ['POST', { q1: 'a', q2: 'b' }],
    ],
  )
  assert.equal(
    (await stored()).map((r) => [r.data, r.finished]),
    [[{ q1: 'a', q2: 'b' }, true]],
    'stored once',
  )
  assert.equal(await flushOutbox({ appUrl, environmentId: env }, { store }), [], 'nothing is left to send')
})

test('flushOutbox sends a record left by an earlier page, and a refused create is kept for retry() with a new key', async () => {
  const display = await client('POST', '/displays', { surveyId })
  const stale = memoryStore<OutboxRecord>()
  const record: OutboxRecord = {
    id: `${env}:${surveyId}:`,
    appUrl,
    environmentId: env,
    surveyId,
    createdAt: Date.now(),
    updatedAt: Date.now(),
    display: { key: 'd1', id: display.id, sent: true },
    response: { key: `r1-${surveyId}`, finished: false },
    pending: update({ q1: 'a' }, true),
    answered: update({ q1: 'a' }, true),
  }
  await stale.put(record)
  await stale.put({ ...record, id: 'other-env', environmentId: bed.envB })
  assert.equal(await flushOutbox({ appUrl, environmentId: env }, { store: stale }), [true])
  assert.equal(
    proxy.seen.map((s) => [s.path, s.key, s.body.displayId]),
    [[`/api/v1/client/${env}/responses`, `r1-${surveyId}`, display.id]],
  )
  assert.equal(
    (await stored()).map((r) => [r.data, r.finished, r.displayId]),
    [[{ q1: 'a' }, true, display.id]],
  )
  assert.equal(
    (await stale.all()).map((r) => r.id),
    ['other-env'],
    "another environment's record is left alone",
  )

  // A record of a survey Canvass no longer accepts answers for.
  const closed = await newSurvey({ status: 'completed' })
  const refusedStore = memoryStore<OutboxRecord>()
  await refusedStore.put({
    ...record,
    id: `${env}:${closed}:`,
    surveyId: closed,
    display: { key: 'd2', sent: true },
    response: { key: 'r2', finished: false },
  })
  assert.equal(await flushOutbox({ appUrl, environmentId: env }, { store: refusedStore }), [false])
  await waitFor('the refused record dropped', async () => (await refusedStore.all()).length === 0)
  assert.equal(await stored(closed), [])

  // Refused while the survey is closed, sent by retry() once it is open again.
  const failures: (SaveFailure | undefined)[] = []
  const saver = createResponseSaver(options({ surveyId: closed, singleUseId: undefined, onFailure: (failure) => failures.push(failure) }))
  assert.is(await saver.save(update({ q1: 'x' })), false)
  assert.equal(failures, ['closed'])
  const reopened = await bed.call('PUT', `/api/v1/management/surveys/${closed}`, { key: bed.keyA, body: { status: 'inProgress' } })
  assert.is(reopened.status, 200, reopened.text)
  assert.is(await saver.retry(), true)
  assert.equal(failures, ['closed', undefined])
  const [refused, retried] = answers().slice(-2)
  assert.equal([refused?.body.data, retried?.body.data], [{ q1: 'x' }, { q1: 'x' }])
  assert.is.not(retried?.key, refused?.key)
  assert.equal(
    (await stored(closed)).map((r) => r.data),
    [{ q1: 'x' }],
  )
})

test('a file kept while offline is uploaded before the answer that names it, which then holds its URL', async () => {
  const saver = createResponseSaver(options())
  const placeholder = await saver.keepFile(new File([Buffer.from(PNG, 'base64')], 'shot.png', { type: 'image/png' }), 'file', ['png'])
  assert.ok(placeholder?.startsWith('outbox:') && placeholder.endsWith('/shot.png'))
  assert.is((await store.all())[0]?.files?.length, 1, 'the file is kept in the record')
  assert.is(await saver.save({ ...update({ q1: 'a' }), data: { q1: 'a', file: [placeholder as string] } }), true)
  assert.equal(
    proxy.seen.map((s) => s.path),
    [
      `/api/v1/client/${env}/displays`,
      `/api/v1/client/${env}/storage`,
      `/api/v1/client/${env}/storage/local`,
      `/api/v1/client/${env}/responses`,
    ],
  )
  assert.equal(proxy.seen[1]?.body, {
    fileName: 'shot.png',
    fileType: 'image/png',
    surveyId,
    elementId: 'file',
    allowedFileExtensions: ['png'],
  })
  assert.ok(String(proxy.seen[2]?.body).includes(Buffer.from(PNG, 'base64').toString('latin1')), 'the file itself is sent')
  const [response] = await stored()
  const url = response.data.file?.[0]
  assert.match(String(url), /\/storage\/.+\/shot--fid--[^/]+\.png$/, 'the URL Canvass gave, not the placeholder')
  assert.equal(proxy.seen[3]?.body.data, { q1: 'a', file: [url] })
  const file = await fetch(url, { headers: { 'x-api-key': bed.keyA } })
  assert.equal(Buffer.from(await file.arrayBuffer()).toString('base64'), PNG, 'Canvass serves the file at that URL')
  const [record] = await store.all()
  assert.equal([record?.files, record?.answered?.data.file], [[], [url]])
})

test('a resumed record with answers a closed tab left unsent sends them when the survey is shown again', async () => {
  const display = await client('POST', '/displays', { surveyId, userId: 'user1' })
  const created = await client('POST', '/responses', {
    surveyId,
    userId: 'user1',
    displayId: display.id,
    finished: false,
    data: { q1: 'a' },
  })
  await store.put({
    id: `${env}:${surveyId}:user1`,
    appUrl,
    environmentId: env,
    surveyId,
    userId: 'user1',
    createdAt: Date.now(),
    updatedAt: Date.now(),
    display: { key: 'd1', id: display.id, sent: true },
    response: { key: 'r1', id: created.id, finished: false },
    pending: update({ q2: 'b' }),
    answered: update({ q1: 'a', q2: 'b' }),
    step: 'q3',
  })
  const saver = createResponseSaver(options())
  saver.display()
  assert.equal(await saver.ready, { answered: update({ q1: 'a', q2: 'b' }), step: 'q3' })
  await waitFor(
    'the kept answers sent',
    async () => (await store.all())[0]?.pending === undefined && (await store.all())[0]?.inflight === undefined,
  )
  assert.equal(
    proxy.seen.map((s) => [s.method, s.path, s.body.data]),
    [['PUT', `/api/v1/client/${env}/responses/${created.id}`, { q2: 'b' }]],
  )
  assert.equal(
    (await stored()).map((r) => r.data),
    [{ q1: 'a', q2: 'b' }],
  )
})

test('a survey the respondent closed unfinished is marked dismissed (not shown again only to resume); an answer given later clears that', async () => {
  const saver = createResponseSaver(options())
  await saver.save(update({ q1: 'a' }), 'q2')
  saver.dismiss()
  await saver.ready
  await waitFor('the record marked dismissed', async () => (await store.all())[0]?.dismissed)
  const again = createResponseSaver(options())
  assert.equal(await again.ready, { answered: update({ q1: 'a' }), step: 'q2' }, 'still resumed when shown again')
  await again.save(update({ q2: 'b' }))
  assert.is((await store.all())[0]?.dismissed, undefined)
})

test("a finishing update stored by an attempt whose answer was lost: its retry, with the same key, gets Canvass's replay", async () => {
  const saved: [string, boolean][] = []
  const failures: (SaveFailure | undefined)[] = []
  const saver = createResponseSaver(options({ onSaved: (id, finished) => saved.push([id, finished]), onFailure: (f) => failures.push(f) }))
  saver.display()
  assert.is(await saver.save(update({ q1: 'a' })), true)
  // The finishing PUT is stored by Canvass, its answer cut; the retry is the same request, which Canvass replays
  // (before keys on updates, it refused it as an update of a finished response: issue 82, item 15).
  proxy.script.push('drop')
  assert.is(await saver.save(update({ q2: 'b' }, true)), true)
  const puts = answers().filter((s) => s.method === 'PUT')
  assert.is(puts.length, 2)
  assert.equal(puts[1], puts[0], 'the same key and body')
  assert.ok(puts[0]?.key)
  await assertFinishedOnce(saved, failures)
})

test('a finishing update whose replay is gone (a key past its day): the retry\'s 400 "already finished" is its acknowledgement', async () => {
  const saved: [string, boolean][] = []
  const failures: (SaveFailure | undefined)[] = []
  const saver = createResponseSaver(options({ onSaved: (id, finished) => saved.push([id, finished]), onFailure: (f) => failures.push(f) }))
  saver.display()
  assert.is(await saver.save(update({ q1: 'a' })), true)
  // Stored, its answer cut; the retry meets the refusal a server answers once it no longer keeps the key.
  proxy.script.push('drop', [400, { code: 'bad_request', message: 'Response is already finished', details: {} }])
  assert.is(await saver.save(update({ q2: 'b' }, true)), true)
  await assertFinishedOnce(saved, failures)
})

test('answers given while an update waits for a retry go in the next update, with a key of its own', async () => {
  const saver = createResponseSaver(
    options({
      backoff: async () => {
        // The update failed once: the respondent answers the last page before it is tried again.
        if (later) return
        later = saver.save(update({ q3: 'c' }, true))
        await waitFor('the answer queued', async () => (await store.all())[0]?.pending !== undefined)
      },
    }),
  )
  let later: Promise<boolean> | undefined
  saver.display()
  assert.is(await saver.save(update({ q1: 'a' })), true)
  proxy.script.push([503, { code: 'service_unavailable', message: 'down', details: {} }])
  assert.is(await saver.save(update({ q2: 'b' })), true)
  assert.is(await later, true)
  const puts = answers().filter((s) => s.method === 'PUT')
  assert.equal(
    puts.map((s) => [s.body.data, s.body.finished]),
    [
      [{ q2: 'b' }, false],
      [{ q2: 'b' }, false],
      [{ q3: 'c' }, true],
    ],
  )
  assert.is(puts[1]?.key, puts[0]?.key, 'the retry is the same request')
  assert.ok(puts[2]?.key && puts[2].key !== puts[0]?.key, 'the next update has a key of its own')
  assert.equal(
    (await stored()).map((r) => [r.data, r.finished]),
    [[{ q1: 'a', q2: 'b', q3: 'c' }, true]],
  )
})

test('an unfinished update refused as "already finished" (finished elsewhere) is dropped without reporting a finish', async () => {
  const saved: [string, boolean][] = []
  const saver = createResponseSaver(options({ onSaved: (id, finished) => saved.push([id, finished]) }))
  saver.display()
  assert.is(await saver.save(update({ q1: 'a' })), true)
  const id = saved[0]?.[0] as string
  // Another tab finishes it.
  await client('PUT', `/responses/${id}`, { finished: true, data: { q3: 'elsewhere' } })
  assert.is(await saver.save(update({ q2: 'b' })), true)
  assert.equal(saved, [[id, false]])
  assert.equal(await store.all(), [])
  assert.equal(
    (await stored()).map((r) => r.data),
    [{ q1: 'a', q3: 'elsewhere' }],
    'the late answer is not written',
  )
})

test('a used single-use id, a closed survey and other refusals are not retried', async () => {
  surveyId = await newSurvey({ singleUse: { enabled: true, isEncrypted: false } })
  await client('POST', '/responses', { surveyId, singleUseId: 'suid1', finished: true, data: { q1: 'first' } })
  const failures: (SaveFailure | undefined)[] = []
  const saver = createResponseSaver(options({ onFailure: (failure) => failures.push(failure) }))
  assert.is(await saver.save(update({ q1: 'a' })), false)
  assert.equal(failures, ['used'])
  assert.is(answers().length, 1)
  assert.equal(
    (await stored()).map((r) => r.data),
    [{ q1: 'first' }],
  )
  assert.is(saveFailure(403, 'Survey is not accepting submissions'), 'closed')
  assert.is(saveFailure(400, 'Response is already finished'), 'done')
  assert.is(saveFailure(413, 'Too large'), 'rejected')
  assert.is(saveFailure(429, 'Slow down'), 'network')
  assert.is(saveFailure(409, 'In flight'), 'network')
})

test(`at most ${MAX_RECORDS} records: finished and expired ones make room, else a new one stays in memory`, async () => {
  const base = { appUrl, environmentId: env, surveyId: 's', display: { key: 'k', sent: true }, response: { key: 'k', finished: false } }
  const old = Date.now() - 8 * 24 * 60 * 60 * 1000
  for (let i = 0; i < MAX_RECORDS; i++) {
    await store.put({
      ...base,
      id: `r${i}`,
      createdAt: old,
      updatedAt: i < 2 ? old : Date.now(),
      pending: i === 0 ? update({ q: 'x' }) : undefined,
    })
  }
  assert.is(await makeRoom(store, 7), true, 'the expired record with nothing to send goes')
  assert.equal((await store.all()).length, MAX_RECORDS - 1)
  await store.put({ ...base, id: 'r-new', createdAt: Date.now(), updatedAt: Date.now() })
  assert.is(await makeRoom(store, 7), false, 'an expired record with answers still to send is kept')
})

test('mergeUpdates: later answers win, times and variables merge, finished sticks', () => {
  const merged = mergeUpdates(
    { data: { a: '1', b: '1' }, ttc: { a: 1 }, variables: { v: 1 }, finished: true, language: 'en', endingId: 'e1' },
    { data: { b: '2' }, ttc: { b: 2 }, variables: { w: 2 }, finished: false },
  )
  assert.equal(merged, {
    data: { a: '1', b: '2' },
    ttc: { a: 1, b: 2 },
    variables: { v: 1, w: 2 },
    finished: true,
    language: 'en',
    endingId: 'e1',
  })
})

test.run()
