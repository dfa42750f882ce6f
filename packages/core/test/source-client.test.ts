import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { SourceError, createSourceClient, retryAfter } from '../src/admin/import/source-client'

const test = suite('import source client: paging, politeness, bounded retries')

/** A fetch that answers from a list of canned answers, recording each URL asked for. */
function scripted(answers: Array<() => Response | Promise<Response>>) {
  const urls: string[] = []
  const fetch = (async (input: RequestInfo | URL) => {
    urls.push(String(input))
    const next = answers.shift()
    if (!next) throw new Error('no more answers')
    return next()
  }) as typeof globalThis.fetch
  return { fetch, urls }
}

const json =
  (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })

test('Retry-After: seconds or an HTTP date; anything else is no advice', () => {
  assert.is(retryAfter('3'), 3000)
  assert.is(retryAfter('Wed, 25 Nov 2026 22:00:10 GMT', Date.parse('Wed, 25 Nov 2026 22:00:00 GMT')), 10_000)
  assert.is(retryAfter('Wed, 25 Nov 2026 21:00:00 GMT', Date.parse('Wed, 25 Nov 2026 22:00:00 GMT')), 0)
  assert.is(retryAfter('soon'), null)
  assert.is(retryAfter(null), null)
})

test('429 waits as told (bounded), 5xx and network errors back off, then the page is read', async () => {
  const waits: number[] = []
  const { fetch, urls } = scripted([
    json({ message: 'slow down' }, 429, { 'retry-after': '7200' }),
    json({ message: 'down' }, 503),
    () => Promise.reject(new TypeError('fetch failed')),
    json({ data: [{ id: 'a' }] }),
  ])
  const client = createSourceClient({
    url: 'https://source.test/',
    apiKey: 'k',
    fetch,
    sleep: async (ms) => void waits.push(ms),
    maxWaitMs: 60_000,
  })
  const page = await client.page('/api/v1/management/surveys?limit=1')
  assert.equal(page, { items: [{ id: 'a' }], next: null })
  assert.equal(waits, [60_000, 500, 1000], 'Retry-After capped at maxWaitMs; then 250 ms doubling')
  assert.is(urls.length, 4)
})

test('a 4xx other than 404 and 429 is reported at once; retries are bounded; 404 means no such list', async () => {
  const denied = createSourceClient({
    url: 'https://source.test',
    apiKey: 'k',
    fetch: scripted([json({ message: 'no' }, 403)]).fetch,
    sleep: async () => {},
  })
  const error = await denied.page('/x').catch((caught: unknown) => caught)
  assert.instance(error, SourceError)
  assert.is((error as SourceError).status, 403)
  const failing = scripted(Array.from({ length: 10 }, () => json({}, 500)))
  const down = createSourceClient({ url: 'https://source.test', apiKey: 'k', fetch: failing.fetch, sleep: async () => {}, attempts: 3 })
  assert.match(String(await down.page('/x').catch((caught: unknown) => caught)), /failed 3 times, last: 500/)
  assert.is(failing.urls.length, 3)
  const missing = createSourceClient({ url: 'https://source.test', apiKey: 'k', fetch: scripted([json({}, 404)]).fetch })
  assert.is(await missing.page('/x'), null)
})

test('a page past maxPageBytes is reported, not held', async () => {
  const big = createSourceClient({
    url: 'https://source.test',
    apiKey: 'k',
    fetch: scripted([json({ data: ['x'.repeat(2000)] })]).fetch,
    maxPageBytes: 1000,
  })
  assert.match(String(await big.page('/x').catch((caught: unknown) => caught)), /more than 1000 bytes in one page/)
})

test('lists follow Link, else skip until an empty page; a source ignoring limit or skip ends the list', async () => {
  const linked = scripted([
    json({ data: [{ id: '1' }] }, 200, { link: '</api/list?cursor=c2>; rel="next"' }),
    json({ data: [{ id: '2' }] }),
  ])
  const pages: unknown[][] = []
  for await (const page of createSourceClient({ url: 'https://source.test', apiKey: 'k', fetch: linked.fetch }).list('/api/list', {
    limit: 1,
  }))
    pages.push(page)
  assert.equal(pages, [[{ id: '1' }], [{ id: '2' }]])
  assert.equal(linked.urls, ['https://source.test/api/list?limit=1', 'https://source.test/api/list?cursor=c2'])

  const skipping = scripted([json({ data: [{ id: '1' }, { id: '2' }] }), json({ data: [{ id: '3' }] }), json({ data: [] })])
  const read: unknown[] = []
  for await (const page of createSourceClient({ url: 'https://source.test', apiKey: 'k', fetch: skipping.fetch }).list('/api/list', {
    limit: 5,
    skipParam: 'offset',
  }))
    read.push(...page)
  assert.is(read.length, 3)
  assert.equal(skipping.urls.slice(1), ['https://source.test/api/list?limit=5&offset=2', 'https://source.test/api/list?limit=5&offset=3'])

  const same = scripted([json({ data: [{ id: '1' }] }), json({ data: [{ id: '1' }] })])
  const once: unknown[] = []
  for await (const page of createSourceClient({ url: 'https://source.test', apiKey: 'k', fetch: same.fetch }).list('/api/list', {
    limit: 1,
  }))
    once.push(...page)
  assert.equal(once, [{ id: '1' }], 'the same page again ends the list')
  const all = scripted([json({ data: [{ id: '1' }, { id: '2' }, { id: '3' }] })])
  const found = { value: true }
  const everything: unknown[] = []
  for await (const page of createSourceClient({ url: 'https://source.test', apiKey: 'k', fetch: all.fetch }).list('/api/list', {
    limit: 2,
    found,
  }))
    everything.push(...page)
  assert.is(everything.length, 3)
  assert.is(all.urls.length, 1, 'more than asked: nothing more is asked')
  const none = { value: true }
  for await (const _ of createSourceClient({ url: 'https://source.test', apiKey: 'k', fetch: scripted([json({}, 404)]).fetch }).list(
    '/api/none',
    { found: none },
  ))
    assert.unreachable()
  assert.is(none.value, false)
})

test.run()
