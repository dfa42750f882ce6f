/**
 * The response saver against a real HTTP server on loopback that answers like Canvass's client routes and
 * records what it was sent: order, merging, retries and failures.
 */
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
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

/**
 * A server whose next answers are scripted (`[status, body, headers?]`, else success; `'drop'`: the request is
 * handled, then the connection is cut before the answer); `hold` delays answers until released. Creates with an
 * `Idempotency-Key` are answered once: a repeat gets the first answer again, as Canvass does.
 */
function fakeCanvass() {
  const seen: Seen[] = []
  const script: ([number, unknown, Record<string, string>?] | 'drop')[] = []
  const replays = new Map<string, unknown>()
  let held: (() => void)[] | undefined
  let ids = 0
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    let text = ''
    for await (const chunk of req) text += chunk
    const key = req.headers['idempotency-key'] as string | undefined
    const multipart = (req.headers['content-type'] ?? '').startsWith('multipart/')
    seen.push({ method: req.method ?? '', path: req.url ?? '', body: multipart ? text : JSON.parse(text), ...(key ? { key } : {}) })
    if (held) await new Promise<void>((resolve) => held?.push(resolve))
    const next = script.shift()
    if (next === 'drop') {
      if (key && !replays.has(key)) replays.set(key, { data: { id: `resp${++ids}` } })
      req.socket.destroy()
      return
    }
    const origin = `http://${req.headers.host}`
    const fresh = (): unknown =>
      req.url?.endsWith('/storage')
        ? {
            data: {
              signedUrl: `${origin}/api/v1/client/env1/storage/local`,
              signingData: { signature: 'sig', timestamp: 1, uuid: 'u1' },
              updatedFileName: 'shot--fid--u1.png',
              fileUrl: `${origin}/storage/env1/public/shot--fid--u1.png`,
            },
          }
        : req.url?.endsWith('/storage/local')
          ? { data: { message: 'File uploaded successfully' } }
          : req.method === 'POST'
            ? { data: { id: req.url?.includes('/displays') ? 'display1' : `resp${++ids}` } }
            : { data: {} }
    const [status, body, headers] = next ?? [200, key ? (replays.get(key) ?? fresh()) : fresh()]
    if (key && status === 200 && !replays.has(key)) replays.set(key, body)
    res.writeHead(status, { 'content-type': 'application/json', ...headers })
    res.end(JSON.stringify(body))
  })
  return {
    seen,
    script,
    hold: () => (held = []),
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

const test = suite('response saver')
let fake: ReturnType<typeof fakeCanvass>
let appUrl: string
let store: OutboxStore<OutboxRecord>
let options: (extra?: Partial<ResponseSaverOptions>) => ResponseSaverOptions
/** The requests after the display. */
const answers = () => fake.seen.filter((s) => !s.path.endsWith('/displays'))

test.before.each(async () => {
  fake = fakeCanvass()
  appUrl = await fake.start()
  store = memoryStore()
  options = (extra = {}) => ({
    endpoint: { appUrl, environmentId: 'env1' },
    surveyId: 'survey1',
    userId: 'user1',
    singleUseId: 'suid1',
    meta: { url: 'https://example.com/s', source: 'link' },
    store,
    backoff: async () => {},
    ...extra,
  })
})
test.after.each(() => fake.stop())

test('the display, then the first answer creates the response with the display, user, single-use id and meta; later ones update it', async () => {
  const saved: [string, boolean][] = []
  const displays: (string | undefined)[] = []
  const saver = createResponseSaver(
    options({ onSaved: (id, finished) => saved.push([id, finished]), onDisplay: (id) => displays.push(id) }),
  )
  saver.display()
  assert.is(await saver.save(update({ q1: 'a' })), true)
  assert.is(await saver.save(update({ q2: 'b' }, true)), true)
  assert.equal(
    fake.seen.map(({ key, ...rest }) => ({ ...rest, keyed: key !== undefined })),
    [
      { method: 'POST', path: '/api/v1/client/env1/displays', body: { surveyId: 'survey1', userId: 'user1' }, keyed: true },
      {
        method: 'POST',
        path: '/api/v1/client/env1/responses',
        body: {
          surveyId: 'survey1',
          data: { q1: 'a' },
          ttc: { q1: 100 },
          variables: {},
          finished: false,
          language: 'en',
          userId: 'user1',
          singleUseId: 'suid1',
          meta: { url: 'https://example.com/s', source: 'link' },
          displayId: 'display1',
        },
        keyed: true,
      },
      {
        method: 'PUT',
        path: '/api/v1/client/env1/responses/resp1',
        body: { data: { q2: 'b' }, ttc: { q2: 100 }, variables: {}, finished: true, language: 'en' },
        keyed: false,
      },
    ],
  )
  assert.equal(displays, ['display1'])
  assert.equal(saved, [
    ['resp1', false],
    ['resp1', true],
  ])
  assert.is(await saver.save(update({ q3: 'late' })), true, 'nothing is sent after the finishing save')
  assert.is(fake.seen.length, 3)
  assert.equal(await store.all(), [], 'the finished, acknowledged record is deleted at once')
})

test("a contact named by its id (the reference's renderer props) creates the response on the v2 route, updates on v1", async () => {
  const saver = createResponseSaver(options({ userId: undefined, singleUseId: undefined, meta: undefined, contactId: 'contact1' }))
  await saver.save(update({ q1: 'a' }))
  await saver.save(update({ q2: 'b' }, true))
  assert.equal(
    fake.seen.map((s) => [s.method, s.path, s.body.contactId, s.body.userId]),
    [
      ['POST', '/api/v2/client/env1/displays', 'contact1', undefined],
      ['POST', '/api/v2/client/env1/responses', 'contact1', undefined],
      ['PUT', '/api/v1/client/env1/responses/resp1', undefined, undefined],
    ],
  )
})

test('a full quota that ends the survey: its ending is reported, the response counts as finished, nothing more is sent', async () => {
  const saved: [string, boolean][] = []
  const ended: string[] = []
  const saver = createResponseSaver(
    options({ onSaved: (id, finished) => saved.push([id, finished]), onQuotaEnded: (id) => ended.push(id) }),
  )
  assert.is(await saver.save(update({ q1: 'a' })), true)
  fake.script.push([200, { data: { id: 'resp1', quotaFull: true, quota: { id: 'quota1', action: 'endSurvey', endingCardId: 'full' } } }])
  assert.is(await saver.save(update({ q2: 'b' })), true)
  assert.equal(
    [saved, ended],
    [
      [
        ['resp1', false],
        ['resp1', true],
      ],
      ['full'],
    ],
  )
  assert.is(await saver.save(update({ q3: 'c' }, true)), true)
  assert.is(answers().length, 2, 'the server finished the response: nothing more is sent')
})

test('a full quota that lets the survey go on changes nothing', async () => {
  const ended: string[] = []
  const saver = createResponseSaver(options({ onQuotaEnded: (id) => ended.push(id) }))
  await saver.ready
  fake.script.push(
    [200, { data: { id: 'display1' } }],
    [200, { data: { id: 'resp1', quotaFull: true, quota: { id: 'quota1', action: 'continueSurvey' } } }],
  )
  await saver.save(update({ q1: 'a' }))
  await saver.save(update({ q2: 'b' }, true))
  assert.equal([ended, answers().length], [[], 2])
})

test('the proof of a PIN goes with the create and with every update', async () => {
  const saver = createResponseSaver(options({ pinAuthToken: 'proof1' }))
  await saver.save(update({ q1: 'a' }))
  await saver.save(update({ q2: 'b' }))
  await saver.save(update({ q3: 'c' }, true))
  assert.equal(
    answers().map((s) => [s.method, s.body.pinAuthToken]),
    [
      ['POST', 'proof1'],
      ['PUT', 'proof1'],
      ['PUT', 'proof1'],
    ],
  )
})

test('answers given while a request is under way go out together, in order, in the next one', async () => {
  const saver = createResponseSaver(options())
  saver.display()
  while (!(await store.all())[0]?.display.sent) await new Promise((resolve) => setTimeout(resolve, 2))
  fake.hold()
  const first = saver.save(update({ q1: 'a' }))
  while (answers().length === 0) await new Promise((resolve) => setImmediate(resolve))
  const second = saver.save(update({ q2: 'b' }))
  const third = saver.save(update({ q3: 'c' }, true))
  fake.release()
  assert.equal(await Promise.all([first, second, third]), [true, true, true])
  assert.equal(
    answers().map((s) => [s.method, s.body.data, s.body.finished]),
    [
      ['POST', { q1: 'a' }, false],
      ['PUT', { q2: 'b', q3: 'c' }, true],
    ],
  )
})

test('a display the server refuses is not tried again, and the response is created without a displayId', async () => {
  const displays: (string | undefined)[] = []
  fake.script.push([400, { code: 'bad_request', message: 'no' }])
  const saver = createResponseSaver(options({ onDisplay: (id) => displays.push(id) }))
  await saver.save(update({ q1: 'a' }))
  assert.equal(displays, [undefined])
  assert.is(fake.seen.length, 2)
  assert.not.ok('displayId' in (answers()[0]?.body ?? {}))
})

test('5xx, 429 and dropped connections are retried with the same Idempotency-Key and body; Retry-After is honoured; nothing is reported as failed', async () => {
  const failures: (SaveFailure | undefined)[] = []
  const waiting: boolean[] = []
  const waits: [number, number | undefined][] = []
  const saver = createResponseSaver(
    options({
      onFailure: (failure) => failures.push(failure),
      onWaiting: (w) => waiting.push(w),
      backoff: async (attempt, retryAfter) => void waits.push([attempt, retryAfter]),
    }),
  )
  saver.display()
  await saver.ready
  // The display, then the create: answered 503, 429 with Retry-After, then handled but cut before the answer.
  fake.script.push(
    [200, { data: { id: 'display1' } }],
    [503, { code: 'service_unavailable', message: 'down' }],
    [429, { code: 'too_many_requests', message: 'slow' }, { 'retry-after': '2' }],
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
  fake.script.push([500, { code: 'internal_server_error', message: 'x' }])
  assert.is(await saver.save(update({ q2: 'b' }, true)), true)
  assert.equal(answers().at(-1), { method: 'PUT', path: '/api/v1/client/env1/responses/resp1', body: update({ q2: 'b' }, true) })
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
  assert.equal(
    fake.seen.map((s) => [s.method, s.path]),
    [
      ['POST', '/api/v1/client/env1/displays'],
      ['POST', '/api/v1/client/env1/responses'],
      ['PUT', '/api/v1/client/env1/responses/resp1'],
    ],
  )
  const off = createResponseSaver(options({ resumeDays: 0 }))
  assert.is(await off.ready, undefined, 'a finished response is not resumed')
})

test('answers kept while the server is unreachable are sent on the next page load, exactly once', async () => {
  await fake.stop()
  // Each wait between attempts lasts until the server is back. A wait that begins after that (an attempt can fail
  // after the server is up again, when it was refused before) ends at once.
  let serverBack: () => void = () => {}
  const back = new Promise<void>((resolve) => (serverBack = resolve))
  const saver = createResponseSaver(options({ backoff: (_attempt, _after, woken) => Promise.race([back, woken]) }))
  saver.display()
  const saved = saver.save(update({ q1: 'a', q2: 'b' }, true), undefined)
  while ((await store.all())[0]?.pending === undefined && (await store.all())[0]?.inflight === undefined)
    await new Promise((r) => setTimeout(r, 5))
  // The tab is closed: the record stays in the store. Once the server is back, the next page load sends it.
  const [record] = await store.all()
  assert.equal(record?.answered, update({ q1: 'a', q2: 'b' }, true))
  fake = fakeCanvass()
  await fake.start(Number(new URL(appUrl).port))
  serverBack()
  await saved
  assert.equal(
    fake.seen.map((s) => [s.method, s.body.data]),
    [
      ['POST', undefined],
      ['POST', { q1: 'a', q2: 'b' }],
    ],
  )
  assert.equal(await flushOutbox({ appUrl, environmentId: 'env1' }, { store }), [], 'nothing is left to send')
})

test('flushOutbox sends a record left by an earlier page, and a refused create is kept for retry() with a new key', async () => {
  const stale = memoryStore<OutboxRecord>()
  const record: OutboxRecord = {
    id: 'env1:survey9:',
    appUrl,
    environmentId: 'env1',
    surveyId: 'survey9',
    createdAt: Date.now(),
    updatedAt: Date.now(),
    display: { key: 'd1', id: 'display9', sent: true },
    response: { key: 'r1', finished: false },
    pending: update({ q1: 'a' }, true),
    answered: update({ q1: 'a' }, true),
  }
  await stale.put(record)
  await stale.put({ ...record, id: 'other-env', environmentId: 'env2' })
  assert.equal(await flushOutbox({ appUrl, environmentId: 'env1' }, { store: stale }), [true])
  assert.equal(
    fake.seen.map((s) => [s.path, s.key, s.body.displayId]),
    [['/api/v1/client/env1/responses', 'r1', 'display9']],
  )
  assert.equal(
    (await stale.all()).map((r) => r.id),
    ['other-env'],
    "another environment's record is left alone",
  )

  const refusedStore = memoryStore<OutboxRecord>()
  await refusedStore.put({ ...record, id: 'env1:survey8:', surveyId: 'survey8' })
  fake.script.push([400, { code: 'bad_request', message: 'This single use id has already been used', details: {} }])
  assert.equal(await flushOutbox({ appUrl, environmentId: 'env1' }, { store: refusedStore }), [false])
  await new Promise((resolve) => setTimeout(resolve, 10))
  assert.equal(await refusedStore.all(), [], 'a record refused on a later page load is dropped, not tried on every load')

  const failures: (SaveFailure | undefined)[] = []
  const saver = createResponseSaver(options({ onFailure: (failure) => failures.push(failure) }))
  await saver.ready
  fake.script.push([200, { data: { id: 'display1' } }], [400, { code: 'bad_request', message: 'Invalid', details: {} }])
  assert.is(await saver.save(update({ q1: 'x' })), false)
  assert.equal(failures, ['rejected'])
  assert.is(await saver.retry(), true)
  assert.equal(failures, ['rejected', undefined])
  const [refused, retried] = answers().slice(-2)
  assert.equal(retried?.body.data, { q1: 'x' })
  assert.is.not(retried?.key, refused?.key)
})

test('a file kept while offline is uploaded before the answer that names it, which then holds its URL', async () => {
  const saver = createResponseSaver(options())
  const placeholder = await saver.keepFile(new File(['not really a png'], 'shot.png', { type: 'image/png' }), ['png'])
  assert.ok(placeholder?.startsWith('outbox:') && placeholder.endsWith('/shot.png'))
  assert.is((await store.all())[0]?.files?.length, 1, 'the file is kept in the record')
  assert.is(await saver.save({ ...update({ q1: 'a' }), data: { q1: 'a', file: [placeholder as string] } }), true)
  assert.equal(
    fake.seen.map((s) => s.path),
    ['/api/v1/client/env1/displays', '/api/v1/client/env1/storage', '/api/v1/client/env1/storage/local', '/api/v1/client/env1/responses'],
  )
  assert.equal(fake.seen[1]?.body, { fileName: 'shot.png', fileType: 'image/png', surveyId: 'survey1', allowedFileExtensions: ['png'] })
  assert.ok(String(fake.seen[2]?.body).includes('not really a png'), 'the file itself is sent')
  assert.equal(fake.seen[3]?.body.data, { q1: 'a', file: [`${appUrl}/storage/env1/public/shot--fid--u1.png`] })
  const [record] = await store.all()
  assert.equal([record?.files, record?.answered?.data.file], [[], [`${appUrl}/storage/env1/public/shot--fid--u1.png`]])
})

test('a resumed record with answers a closed tab left unsent sends them when the survey is shown again', async () => {
  await store.put({
    id: 'env1:survey1:user1',
    appUrl,
    environmentId: 'env1',
    surveyId: 'survey1',
    userId: 'user1',
    createdAt: Date.now(),
    updatedAt: Date.now(),
    display: { key: 'd1', id: 'display1', sent: true },
    response: { key: 'r1', id: 'resp7', finished: false },
    pending: update({ q2: 'b' }),
    answered: update({ q1: 'a', q2: 'b' }),
    step: 'q3',
  })
  const saver = createResponseSaver(options())
  saver.display()
  assert.equal(await saver.ready, { answered: update({ q1: 'a', q2: 'b' }), step: 'q3' })
  for (let i = 0; i < 500 && fake.seen.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 2))
  assert.equal(
    fake.seen.map((s) => [s.method, s.path, s.body.data]),
    [['PUT', '/api/v1/client/env1/responses/resp7', { q2: 'b' }]],
  )
})

test('a survey the respondent closed unfinished is marked dismissed (not shown again only to resume); an answer given later clears that', async () => {
  const saver = createResponseSaver(options())
  await saver.save(update({ q1: 'a' }), 'q2')
  saver.dismiss()
  await saver.ready
  while (!(await store.all())[0]?.dismissed) await new Promise((resolve) => setTimeout(resolve, 2))
  const again = createResponseSaver(options())
  assert.equal(await again.ready, { answered: update({ q1: 'a' }), step: 'q2' }, 'still resumed when shown again')
  await again.save(update({ q2: 'b' }))
  assert.is((await store.all())[0]?.dismissed, undefined)
})

test('a finishing update stored by an attempt whose answer was lost: the retry\'s 400 "already finished" is its acknowledgement', async () => {
  const saved: [string, boolean][] = []
  const failures: (SaveFailure | undefined)[] = []
  const saver = createResponseSaver(options({ onSaved: (id, finished) => saved.push([id, finished]), onFailure: (f) => failures.push(f) }))
  saver.display()
  assert.is(await saver.save(update({ q1: 'a' })), true)
  // The finishing PUT is handled, its answer cut; the retry is answered as Canvass answers an update of a
  // finished response.
  fake.script.push('drop', [400, { code: 'bad_request', message: 'Response is already finished', details: {} }])
  assert.is(await saver.save(update({ q2: 'b' }, true)), true)
  assert.equal(
    answers().map((s) => [s.method, s.body.finished]),
    [
      ['POST', false],
      ['PUT', true],
      ['PUT', true],
    ],
  )
  assert.equal(saved, [
    ['resp1', false],
    ['resp1', true],
  ])
  assert.equal(failures, [])
  assert.equal(await store.all(), [], 'the record is done with')
})

test('an unfinished update refused as "already finished" (finished elsewhere) is dropped without reporting a finish', async () => {
  const saved: [string, boolean][] = []
  const saver = createResponseSaver(options({ onSaved: (id, finished) => saved.push([id, finished]) }))
  saver.display()
  assert.is(await saver.save(update({ q1: 'a' })), true)
  fake.script.push([400, { code: 'bad_request', message: 'Response is already finished', details: {} }])
  assert.is(await saver.save(update({ q2: 'b' })), true)
  assert.equal(saved, [['resp1', false]])
  assert.equal(await store.all(), [])
})

test('a used single-use id, a closed survey and other refusals are not retried', async () => {
  const failures: (SaveFailure | undefined)[] = []
  const saver = createResponseSaver(options({ onFailure: (failure) => failures.push(failure) }))
  await saver.ready
  fake.script.push(
    [200, { data: { id: 'display1' } }],
    [400, { code: 'bad_request', message: 'This single use id has already been used', details: {} }],
  )
  assert.is(await saver.save(update({ q1: 'a' })), false)
  assert.equal(failures, ['used'])
  assert.is(answers().length, 1)
  assert.is(saveFailure(403, 'Survey is not accepting submissions'), 'closed')
  assert.is(saveFailure(400, 'Response is already finished'), 'done')
  assert.is(saveFailure(413, 'Too large'), 'rejected')
  assert.is(saveFailure(429, 'Slow down'), 'network')
  assert.is(saveFailure(409, 'In flight'), 'network')
})

test(`at most ${MAX_RECORDS} records: finished and expired ones make room, else a new one stays in memory`, async () => {
  const base = { appUrl, environmentId: 'env1', surveyId: 's', display: { key: 'k', sent: true }, response: { key: 'k', finished: false } }
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
