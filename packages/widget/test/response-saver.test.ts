/**
 * The response saver against a real HTTP server on loopback that answers like Canvass's client routes and
 * records what it was sent: order, merging, retries and failures.
 */
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { ResponseSaverOptions, SaveFailure } from '../src/renderer/response-saver'
import { createResponseSaver, mergeUpdates, saveFailure } from '../src/renderer/response-saver'

interface Seen {
  method: string
  path: string
  body: any
}

/** A server whose next answers are scripted (`[status, body]`, else success); `hold` delays answers until released. */
function fakeCanvass() {
  const seen: Seen[] = []
  const script: [number, unknown][] = []
  let held: (() => void)[] | undefined
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    let text = ''
    for await (const chunk of req) text += chunk
    seen.push({ method: req.method ?? '', path: req.url ?? '', body: JSON.parse(text) })
    if (held) await new Promise<void>((resolve) => held?.push(resolve))
    const [status, body] = script.shift() ?? [200, req.method === 'POST' ? { data: { id: 'resp1' } } : { data: {} }]
    res.writeHead(status, { 'content-type': 'application/json' })
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
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
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
let options: (extra?: Partial<ResponseSaverOptions>) => ResponseSaverOptions

test.before.each(async () => {
  fake = fakeCanvass()
  const appUrl = await fake.start()
  options = (extra = {}) => ({
    endpoint: { appUrl, environmentId: 'env1' },
    surveyId: 'survey1',
    userId: 'user1',
    singleUseId: 'suid1',
    meta: { url: 'https://example.com/s', source: 'link' },
    displayId: Promise.resolve('display1'),
    backoff: async () => {},
    ...extra,
  })
})
test.after.each(() => fake.stop())

test('the first answer creates the response with the display, user, single-use id and meta; later ones update it', async () => {
  const saved: [string, boolean][] = []
  const saver = createResponseSaver(options({ onSaved: (id, finished) => saved.push([id, finished]) }))
  assert.is(await saver.save(update({ q1: 'a' })), true)
  assert.is(await saver.save(update({ q2: 'b' }, true)), true)
  assert.equal(fake.seen, [
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
    },
    {
      method: 'PUT',
      path: '/api/v1/client/env1/responses/resp1',
      body: { data: { q2: 'b' }, ttc: { q2: 100 }, variables: {}, finished: true, language: 'en' },
    },
  ])
  assert.equal(saved, [
    ['resp1', false],
    ['resp1', true],
  ])
  assert.is(await saver.save(update({ q3: 'late' })), true, 'nothing is sent after the finishing save')
  assert.is(fake.seen.length, 2)
})

test("a contact named by its id (the reference's renderer props) creates the response on the v2 route, updates on v1", async () => {
  const saver = createResponseSaver(options({ userId: undefined, singleUseId: undefined, meta: undefined, contactId: 'contact1' }))
  await saver.save(update({ q1: 'a' }))
  await saver.save(update({ q2: 'b' }, true))
  assert.equal(
    fake.seen.map((s) => [s.method, s.path, s.body.contactId, s.body.userId]),
    [
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
  assert.is(fake.seen.length, 2, 'the server finished the response: nothing more is sent')
})

test('a full quota that lets the survey go on changes nothing', async () => {
  const ended: string[] = []
  const saver = createResponseSaver(options({ onQuotaEnded: (id) => ended.push(id) }))
  fake.script.push([200, { data: { id: 'resp1', quotaFull: true, quota: { id: 'quota1', action: 'continueSurvey' } } }])
  await saver.save(update({ q1: 'a' }))
  await saver.save(update({ q2: 'b' }, true))
  assert.equal([ended, fake.seen.length], [[], 2])
})

test('the proof of a PIN goes with the create and with every update', async () => {
  const saver = createResponseSaver(options({ pinAuthToken: 'proof1' }))
  await saver.save(update({ q1: 'a' }))
  await saver.save(update({ q2: 'b' }))
  await saver.save(update({ q3: 'c' }, true))
  assert.equal(
    fake.seen.map((s) => [s.method, s.body.pinAuthToken]),
    [
      ['POST', 'proof1'],
      ['PUT', 'proof1'],
      ['PUT', 'proof1'],
    ],
  )
})

test('answers given while a request is under way go out together, in order, in the next one', async () => {
  const saver = createResponseSaver(options())
  fake.hold()
  const first = saver.save(update({ q1: 'a' }))
  while (fake.seen.length === 0) await new Promise((resolve) => setImmediate(resolve))
  const second = saver.save(update({ q2: 'b' }))
  const third = saver.save(update({ q3: 'c' }, true))
  fake.release()
  assert.equal(await Promise.all([first, second, third]), [true, true, true])
  assert.equal(
    fake.seen.map((s) => [s.method, s.body.data, s.body.finished]),
    [
      ['POST', { q1: 'a' }, false],
      ['PUT', { q2: 'b', q3: 'c' }, true],
    ],
  )
})

test('a failed display still lets the response be created, without a displayId', async () => {
  const saver = createResponseSaver(options({ displayId: Promise.resolve(undefined) }))
  await saver.save(update({ q1: 'a' }))
  assert.not.ok('displayId' in (fake.seen[0]?.body ?? {}))
})

test('server errors are retried twice; then the failure is reported and kept for retry()', async () => {
  const failures: (SaveFailure | undefined)[] = []
  const saver = createResponseSaver(options({ onFailure: (failure) => failures.push(failure) }))
  fake.script.push([503, { code: 'service_unavailable', message: 'down' }], [503, { code: 'service_unavailable', message: 'down' }])
  assert.is(await saver.save(update({ q1: 'a' })), true, 'the third attempt succeeds')
  assert.is(fake.seen.length, 3)
  fake.script.push(...Array.from({ length: 3 }, (): [number, unknown] => [500, { code: 'internal_server_error', message: 'x' }]))
  assert.is(await saver.save(update({ q2: 'b' })), false)
  assert.equal(failures, ['network'])
  assert.is(await saver.save(update({ q3: 'c' })), true, 'the next answer carries the failed one along')
  assert.equal(fake.seen.at(-1)?.body.data, { q2: 'b', q3: 'c' })
  assert.is(await saver.retry(), true, 'nothing left to retry')
})

test('a network failure (nothing listening) is reported as such and stays for retry()', async () => {
  const failures: (SaveFailure | undefined)[] = []
  await fake.stop()
  const saver = createResponseSaver(options({ onFailure: (failure) => failures.push(failure) }))
  assert.is(await saver.save(update({ q1: 'a' })), false)
  assert.is(await saver.retry(), false)
  assert.equal(failures, ['network', 'network'])
  fake = fakeCanvass()
  await fake.start()
})

test('a used single-use id, a closed survey and other refusals are not retried', async () => {
  const failures: (SaveFailure | undefined)[] = []
  const saver = createResponseSaver(options({ onFailure: (failure) => failures.push(failure) }))
  fake.script.push([400, { code: 'bad_request', message: 'This single use id has already been used', details: {} }])
  assert.is(await saver.save(update({ q1: 'a' })), false)
  assert.equal(failures, ['used'])
  assert.is(fake.seen.length, 1)
  assert.is(saveFailure(403, 'Survey is not accepting submissions'), 'closed')
  assert.is(saveFailure(400, 'Response is already finished'), 'done')
  assert.is(saveFailure(413, 'Too large'), 'rejected')
  assert.is(saveFailure(429, 'Slow down'), 'network')
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
