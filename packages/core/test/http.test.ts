import { suiteWithBed } from '@canvass/test-bed'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createCanvass, generateApiKey, hashApiKey } from '../src'
import type { Storage } from '../src'
import { MAX_JSON_VALUES, readJsonBody } from '../src/http/body'
import { CanvassError } from '../src/errors'
import { listPage, readPageQuery } from '../src/http/pagination'
import type { PageQuery } from '../src/ports/storage'

async function expectError(promise: Promise<unknown>, status: number, code: string) {
  try {
    await promise
  } catch (error) {
    assert.instance(error, CanvassError)
    assert.is((error as CanvassError).status, status)
    assert.is((error as CanvassError).code, code)
    return
  }
  assert.unreachable('expected an error')
}

const body = suite('readJsonBody')
body('parses JSON sent as text/plain or without a content type', async () => {
  assert.equal(
    await readJsonBody(new Request('http://x/', { method: 'POST', body: '{"a":1}', headers: { 'content-type': 'text/plain' } })),
    { a: 1 },
  )
  const bare = new Request('http://x/', { method: 'POST', body: '{"b":2}' })
  bare.headers.delete('content-type')
  assert.equal(await readJsonBody(bare), { b: 2 })
})
body('refuses a body of more than MAX_JSON_VALUES values from its text, and parses one at the cap', async () => {
  // The object, its four keys, the array, its items, the string and two empty containers: items + 9. What is inside strings does not count.
  const body = (items: number) => `{ "a": [${Array(items).fill('0').join(', ')}], "s":",,,:::[[{{", "e": [ ], "o": {} }`
  const post = (text: string) => readJsonBody(new Request('http://x/', { method: 'POST', body: text }))
  const atCap = await post(body(MAX_JSON_VALUES - 9))
  assert.is((atCap.a as unknown[]).length, MAX_JSON_VALUES - 9)
  try {
    await post(body(MAX_JSON_VALUES - 8))
    assert.unreachable('one value over the cap')
  } catch (error) {
    assert.instance(error, CanvassError)
    assert.is((error as CanvassError).status, 400)
    assert.equal((error as CanvassError).details, { '': `A JSON body must not hold more than ${MAX_JSON_VALUES} values (keys included)` })
  }
})
body('refuses non-objects, U+0000 and unpaired surrogates anywhere and deep nesting with a 400 at the field path', async () => {
  const deep = `{"a":${'['.repeat(100)}${']'.repeat(100)}}`
  const nested63 = `{"a":${'['.repeat(63)}${']'.repeat(63)}}`
  const cases: [string, string][] = [
    ['[1]', ''],
    ['"x"', ''],
    ['null', ''],
    ['{"a":"x\\u0000"}', 'a'],
    ['{"a\\u0000":1}', 'a\u0000'],
    ['{"a":[{"b":"\\u0000"}]}', 'a.0.b'],
    // Unpaired surrogates written as escapes: Postgres refuses them in jsonb, which must not become a 500.
    ['{"data":{"q1":"\\ud800"}}', 'data.q1'],
    ['{"name":"x\\udc00y"}', 'name'],
    ['{"data":{"\\udbff":"a"}}', 'data.\udbff'],
    [
      deep,
      'a.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0',
    ],
  ]
  for (const [text, path] of cases) {
    try {
      await readJsonBody(new Request('http://x/', { method: 'POST', body: text }))
      assert.unreachable(text)
    } catch (error) {
      assert.instance(error, CanvassError, text)
      assert.is((error as CanvassError).status, 400, text)
      assert.equal(Object.keys((error as CanvassError).details), [path], text)
    }
  }
  assert.equal(
    await readJsonBody(new Request('http://x/', { method: 'POST', body: '{"a":"\\ud83d\\ude00"}' })),
    { a: '😀' },
    'a surrogate pair is fine',
  )
  assert.equal(
    await readJsonBody(new Request('http://x/', { method: 'POST', body: '{"a":"\\\\u0000"}' })),
    { a: '\\u0000' },
    'an escaped backslash is not U+0000',
  )
  assert.ok(await readJsonBody(new Request('http://x/', { method: 'POST', body: nested63 })))
})
body('refuses form and multipart bodies with 415', async () => {
  for (const type of ['multipart/form-data; boundary=x', 'application/x-www-form-urlencoded']) {
    await expectError(
      readJsonBody(new Request('http://x/', { method: 'POST', body: 'a', headers: { 'content-type': type } })),
      415,
      'unsupported_media_type',
    )
  }
})
body('413 on a declared or streamed body over the limit; 400 on malformed JSON or no body', async () => {
  await expectError(readJsonBody(new Request('http://x/', { method: 'POST', body: '"12345"' }), 4), 413, 'payload_too_large')
  const stream = new ReadableStream({
    pull(controller) {
      controller.enqueue(new TextEncoder().encode('aaaa'))
    },
  })
  await expectError(
    readJsonBody(new Request('http://x/', { method: 'POST', body: stream, duplex: 'half' } as RequestInit), 64),
    413,
    'payload_too_large',
  )
  await expectError(readJsonBody(new Request('http://x/', { method: 'POST', body: '{' })), 400, 'bad_request')
  await expectError(readJsonBody(new Request('http://x/', { method: 'POST' })), 400, 'bad_request')
})

body('a body that fails mid-stream (the client went away) is a 400, not an unexpected error', async () => {
  const failing = () => {
    let sent = false
    return new ReadableStream({
      pull(controller) {
        if (sent) return controller.error(new Error('aborted'))
        sent = true
        controller.enqueue(new TextEncoder().encode('{"a":'))
      },
    })
  }
  await expectError(
    readJsonBody(new Request('http://x/', { method: 'POST', body: failing(), duplex: 'half' } as RequestInit)),
    400,
    'bad_request',
  )
  const declared = new Request('http://x/', {
    method: 'POST',
    body: failing(),
    duplex: 'half',
    headers: { 'content-length': '10' },
  } as RequestInit)
  await expectError(readJsonBody(declared), 400, 'bad_request')
})

body('large bodies are parsed one at a time, each in a task of its own, so other work runs between them', async () => {
  // Bodies that are all in at once (as when many sockets finish in one turn of the event loop).
  const post = (value: unknown) => {
    const text = JSON.stringify(value)
    return new Request('http://x/', { method: 'POST', body: text, headers: { 'content-length': String(text.length) } })
  }
  const order: string[] = []
  // Stands for a health check or a small request that became ready while large bodies were arriving.
  setTimeout(() => order.push('other work'), 0)
  const large = (n: number) => readJsonBody(post({ n, text: 'a'.repeat(300_000) })).then((v) => order.push(`large ${v.n}`))
  const small = readJsonBody(post({ small: true })).then(() => order.push('small'))
  await Promise.all([large(1), large(2), large(3), small])
  assert.is(order[0], 'small', order.join(', '))
  const other = order.indexOf('other work')
  assert.ok(other > 0 && other < order.indexOf('large 3'), `other work ran between large bodies: ${order.join(', ')}`)
  assert.equal(
    order.filter((step) => step.startsWith('large')),
    ['large 1', 'large 2', 'large 3'],
    'large bodies keep their order',
  )
})

/** A streamed body without a length, in the given chunks; `pulled()` tells how many were read. */
function chunked(chunks: (string | Uint8Array)[]) {
  let next = 0
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[next++]
      if (chunk === undefined) return controller.close()
      controller.enqueue(typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk)
    },
  })
  return { request: new Request('http://x/', { method: 'POST', body: stream, duplex: 'half' } as RequestInit), pulled: () => next }
}

body('a streamed body is counted across chunk boundaries: escapes, strings and UTF-8 split anywhere', async () => {
  // 150,000 commas inside one string, after an escaped quote whose backslash ends a chunk: a count that lost
  // the escape would end the string there and refuse the body.
  const commas = ','.repeat(150_000)
  const split = chunked(['{"a":"x\\', '"', commas.slice(0, 70_000), commas.slice(70_000), '", "b": [1, 2]}'])
  assert.equal(await readJsonBody(split.request), { a: `x"${commas}`, b: [1, 2] })
  // "é" is two bytes in UTF-8: one in each chunk.
  const bytes = new TextEncoder().encode('{"é":"é"}')
  assert.equal(await readJsonBody(chunked([bytes.slice(0, 3), bytes.slice(3, 7), bytes.slice(7)]).request), { é: 'é' })
})

body('a streamed body past MAX_JSON_VALUES is refused by its count, and the rest is read so the connection stays usable', async () => {
  const dense = Array.from({ length: 40 }, () => '0,'.repeat(5_000))
  const body = chunked(['{"a":[', ...dense, '0]}'])
  try {
    await readJsonBody(body.request)
    assert.unreachable('200,000 values')
  } catch (error) {
    assert.instance(error, CanvassError)
    assert.is((error as CanvassError).status, 400)
    assert.equal((error as CanvassError).details, { '': `A JSON body must not hold more than ${MAX_JSON_VALUES} values (keys included)` })
  }
  assert.is(body.pulled(), dense.length + 3, 'every chunk was read, and the end seen')
  // Still 413 once the body passes the byte limit, whichever came first.
  await expectError(readJsonBody(chunked(['{"a":[', ...dense, '0]}']).request, 50_000), 413, 'payload_too_large')
})

body('chunks of bodies streaming at once take turns with the event loop', async () => {
  const order: string[] = []
  // Chunks that are all in at once, in bodies small enough to be parsed at once: without turns, both would
  // be read and parsed in one macrotask.
  const body = (n: number) => {
    const chunks = Array.from({ length: 20 }, (_, i) => (i === 0 ? `{"n":${n},"s":"` : i === 19 ? '"}' : 'x'.repeat(3_000)))
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk))
        controller.close()
      },
    })
    return new Request('http://x/', { method: 'POST', body: stream, duplex: 'half' } as RequestInit)
  }
  setImmediate(() => order.push('other work'))
  await Promise.all([1, 2].map((n) => readJsonBody(body(n)).then((v) => order.push(`body ${v.n}`))))
  assert.is(order[0], 'other work', order.join(', '))
})

const keys = suite('api keys')
keys('generated keys are cvs_ and 43 base62 characters, unique, hashed to hex SHA-256', async () => {
  const a = generateApiKey()
  assert.match(a, /^cvs_[0-9A-Za-z]{43}$/)
  assert.is.not(a, generateApiKey())
  assert.is(await hashApiKey('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
})

keys('the key hash is the standard SHA-256 hex for any text, so stored hashes stay valid', async () => {
  const { createHash } = await import('node:crypto')
  for (const text of ['', generateApiKey(), '0123456789abcdef0123456789abcdef', 'é€𝄞', 'x'.repeat(1000)]) {
    assert.is(await hashApiKey(text), createHash('sha256').update(text, 'utf8').digest('hex'), text.slice(0, 20))
  }
})

const pages = suite('pagination')
/** A storage list over `rows` (newest first) with the storage rule: up to `limit` rows and one more. */
function listOf<T extends { createdAt: Date; id: string }>(rows: T[], reads: PageQuery[] = []) {
  return async (position: PageQuery): Promise<T[]> => {
    reads.push(position)
    let start = position.skip ?? 0
    if (position.after) start = rows.findIndex((row) => row.id === position.after?.id) + 1
    return rows.slice(start, start + position.limit + 1)
  }
}

pages('defaults, bounds and cursor round trip', async () => {
  assert.equal(readPageQuery({}), { limit: 100 })
  const rows = [3, 2, 1].map((n) => ({ id: `r${n}`, createdAt: new Date(Date.UTC(2026, 0, n)) }))
  const page = async (query: PageQuery, url: string) =>
    listPage(query, { read: listOf(rows), output: (row) => row.id, nextUrl: () => new URL(url) })
  const first = await page({ limit: 2 }, 'http://h/p?limit=2&skip=0&x=1')
  assert.equal(await first.json(), { data: ['r3', 'r2'] })
  const next = new URL(/^<(.+)>; rel="next"$/.exec(first.headers.get('link') ?? '')?.[1] ?? '')
  assert.is(next.searchParams.get('x'), '1')
  assert.is(next.searchParams.get('skip'), null)
  const query = readPageQuery(Object.fromEntries(next.searchParams))
  assert.equal(query.after, { id: 'r2', createdAt: new Date(Date.UTC(2026, 0, 2)) })
  const second = await page(query, 'http://h/')
  assert.equal(await second.json(), { data: ['r1'] })
  assert.is(second.headers.get('link'), null)
  assert.is((await page({ limit: 3 }, 'http://h/')).headers.get('link'), null)
})

pages('a page ends early at its byte budget, reads in batches, and always holds one row', async () => {
  const rows = Array.from({ length: 10 }, (_, i) => ({
    id: `r${9 - i}`,
    createdAt: new Date(Date.UTC(2026, 0, 10 - i)),
    text: 'x'.repeat(1000),
  }))
  const reads: PageQuery[] = []
  const options = { read: listOf(rows, reads), output: (row: (typeof rows)[number]) => row, nextUrl: () => new URL('http://h/l'), batch: 2 }
  const early = await listPage({ limit: 10 }, { ...options, maxBytes: 3500 })
  const items = ((await early.json()) as { data: { id: string }[] }).data.map((row) => row.id)
  assert.equal(items, ['r9', 'r8', 'r7'], 'three rows of about 1 KB fit in 3.5 KB')
  assert.match(early.headers.get('link') ?? '', /cursor=/)
  assert.equal(
    reads.map((read) => read.limit),
    [2, 2],
    'read two at a time, and no further than needed',
  )
  const single = await listPage({ limit: 10 }, { ...options, maxBytes: 10 })
  assert.is(((await single.json()) as { data: unknown[] }).data.length, 1, 'one row even when it alone passes the budget')
  const whole = await listPage({ limit: 10 }, options)
  assert.is(((await whole.json()) as { data: unknown[] }).data.length, 10)
  assert.is(whole.headers.get('link'), null)
})
pages('refuses bad values with 400', () => {
  for (const query of [
    { limit: '0' },
    { limit: '1001' },
    { limit: '1.5' },
    { limit: ['1', '2'] },
    { cursor: '!!' },
    { skip: '1', cursor: 'x' },
  ]) {
    try {
      readPageQuery(query)
      assert.unreachable(JSON.stringify(query))
    } catch (error) {
      assert.is((error as CanvassError).status, 400, JSON.stringify(query))
    }
  }
  assert.equal(readPageQuery({ offset: '5' }, true), { limit: 100, skip: 5 })
  assert.equal(readPageQuery({ offset: '5' }), { limit: 100 }, 'offset only where a route allows it')
})

// Routing and the checks before the key lookup, on a Canvass over the bed's storage made at first use.
const { test: routing, bed } = suiteWithBed('routing', { widgetBundles: false })
const mounted = (storage: Storage) => createCanvass({ storage, basePath: '/feedback', logger: { error() {}, warn() {} } })
let app: ReturnType<typeof createCanvass> | undefined
const canvass = { fetch: (request: Request) => (app ??= mounted(bed().storage)).fetch(request) }
routing('unknown route 404 and wrong method 405 come before the key check', async () => {
  const unknown = await canvass.fetch(new Request('http://h/feedback/api/v1/nope'))
  assert.is(unknown.status, 404)
  assert.equal(await unknown.json(), {
    code: 'not_found',
    message: 'Route not found',
    details: { resource_id: '/feedback/api/v1/nope', resource_type: 'Route' },
  })
  const outside = await canvass.fetch(new Request('http://h/api/v1/me'))
  assert.is(outside.status, 404, 'routes live under the base path only')
  const wrong = await canvass.fetch(new Request('http://h/feedback/api/v1/management/surveys/abc', { method: 'POST' }))
  assert.is(wrong.status, 405)
  assert.is(wrong.headers.get('allow'), 'GET, HEAD, PUT, DELETE, OPTIONS')
})
routing("HEAD answers as GET without a body: the route's status and headers, 404 and 405 alike", async () => {
  const get = await canvass.fetch(new Request('http://h/feedback/api/v1/management/surveys', { headers: { 'x-api-key': 'short' } }))
  const head = await canvass.fetch(
    new Request('http://h/feedback/api/v1/management/surveys', { method: 'HEAD', headers: { 'x-api-key': 'short' } }),
  )
  assert.is(get.status, 401, 'the GET route answered')
  assert.is(head.status, get.status, 'HEAD ran the GET route (before, 405)')
  assert.is(head.headers.get('content-type'), get.headers.get('content-type'))
  assert.is(head.body, null)
  assert.is(await head.text(), '')
  const unknown = await canvass.fetch(new Request('http://h/feedback/api/v1/nope', { method: 'HEAD' }))
  assert.is(unknown.status, 404)
  assert.is(await unknown.text(), '')
  const postOnly = await canvass.fetch(new Request('http://h/feedback/api/v1/webhooks/abc/deliveries/def/redeliver', { method: 'HEAD' }))
  assert.is(postOnly.status, 405)
  assert.is(postOnly.headers.get('allow'), 'POST, OPTIONS')
  assert.is(await postOnly.text(), '')
})
routing('a malformed key is refused without a storage lookup', async () => {
  // The bed's storage, counting its key lookups: a lookup would answer the same 401, so only the count shows it.
  const { storage } = bed()
  const lookups: string[] = []
  const counting = createCanvass({
    storage: { ...storage, apiKeys: { ...storage.apiKeys, findByHash: (hash) => (lookups.push(hash), storage.apiKeys.findByHash(hash)) } },
    basePath: '/feedback',
  })
  const res = await counting.fetch(new Request('http://h/feedback/api/v1/management/surveys', { headers: { 'x-api-key': 'short' } }))
  assert.is(res.status, 401)
  assert.is((await res.json()).code, 'not_authenticated')
  assert.equal(lookups, [])
  const wellFormed = await counting.fetch(
    new Request('http://h/feedback/api/v1/management/surveys', { headers: { 'x-api-key': generateApiKey() } }),
  )
  assert.is(wellFormed.status, 401)
  assert.is(lookups.length, 1, 'a well-formed key is looked up, so the count can fail')
})
routing('an unexpected storage failure is a generic 500 without details, logged with its cause', async () => {
  const logged: unknown[] = []
  // The bed's storage, whose key lookup fails as a driver error would, naming what must not reach the client.
  const { storage } = bed()
  const failing = createCanvass({
    storage: {
      ...storage,
      apiKeys: {
        ...storage.apiKeys,
        findByHash: async () => {
          throw new Error('connection refused: secret dsn')
        },
      },
    },
    logger: { error: (_message, cause) => logged.push(cause), warn() {} },
  })
  const res = await failing.fetch(new Request('http://h/api/v1/management/surveys', { headers: { 'x-api-key': generateApiKey() } }))
  assert.is(res.status, 500)
  const text = await res.text()
  assert.not.match(text, /secret dsn/)
  assert.is(JSON.parse(text).code, 'internal_server_error')
  assert.is((logged[0] as Error).message, 'connection refused: secret dsn')
})

for (const s of [body, keys, pages, routing]) s.run()

const ids = suite('createId')
ids('ids have the cuid2 shape and do not repeat', async () => {
  const { createId } = await import('../src')
  const seen = new Set<string>()
  const firsts = new Set<string>()
  for (let i = 0; i < 20_000; i++) {
    const id = createId()
    assert.match(id, /^[a-z][a-z0-9]{23}$/)
    seen.add(id)
    firsts.add(id[0] as string)
  }
  assert.is(seen.size, 20_000)
  assert.is(firsts.size, 26, 'every letter can start an id')
})
ids.run()

const { test: table, bed: tableBed } = suiteWithBed('route table', { widgetBundles: false })
table('canvass.routes lists every registered route with the base path, and each answers its method', async () => {
  const canvass = mounted(tableBed().storage)
  const routes = canvass.routes
  assert.ok(routes.some((r) => r.method === 'GET' && r.path === '/feedback/api/v1/management/surveys'))
  assert.ok(routes.some((r) => r.method === 'PUT' && r.path === '/feedback/api/v1/client/responses/:responseId'))
  for (const { method, path } of routes) {
    // The pages of the widget (found installed) too: `/s/…` and `/js/…`; and the MCP endpoint.
    assert.match(path, /^\/feedback\/((api\/v[123]|share|s|js)\/|api\/mcp$)/)
    // A route answers its own method with something other than the router's 404 or a 405 (401 or 400 from the
    // checks that come first, or the 404 of a resource `x` the database does not hold), which shows the table
    // and the router agree.
    const res = await canvass.fetch(new Request(`http://h${path.replace(/:\w+/g, 'x')}`, { method }))
    // HTML pages answer an unknown id with a 404 page of their own, never the router's JSON 404.
    const html = res.headers.get('content-type')?.startsWith('text/html') === true
    const body = res.status === 404 && !html ? ((await res.json()) as { details?: { resource_type?: string } }) : undefined
    assert.ok(res.status !== 405 && body?.details?.resource_type !== 'Route', `${method} ${path} answered ${res.status}`)
  }
})
table.run()
