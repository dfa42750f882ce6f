import { suiteWithBed } from '@canvass/test-bed'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createCanvass } from '../src'
import { plainPathsPattern, requestTarget } from '../src/http/request-target'

/** A query's names and values, as `URLSearchParams` reads them (the short-path redirects keep the query). */
function queryOf(params: URLSearchParams) {
  const query: Record<string, string | string[]> = {}
  for (const [name, value] of params) {
    const seen = query[name]
    query[name] = seen ? ([] as string[]).concat(seen, value) : value
  }
  return query
}

/** What the full WHATWG parser makes of a URL. */
function reference(url: string) {
  const parsed = new URL(url)
  return { pathname: parsed.pathname, query: queryOf(parsed.searchParams) }
}

function fast(url: string) {
  const { pathname, search } = requestTarget(url)
  // The constructor drops one leading `?`, which would eat a query that itself starts with one.
  return { pathname, query: queryOf(new URLSearchParams(`?${search}`)) }
}

const target = suite('requestTarget')

target('gives what the URL parser gives, on plain and hostile URLs alike', () => {
  const urls = [
    'http://h/',
    'http://h',
    'https://h:8443/api/v1/client/abc/responses',
    'http://127.0.0.1:3000/api/v1/management/surveys?limit=10&skip=0',
    'http://[::1]:3000/a/b?x=1#frag',
    'http://user:pass@h/a?b#c',
    'http://h/a#frag?not-a-query',
    'http://h/a?x=1&x=2&x=&y=%20z&y',
    'http://h/a?x=&x=2',
    'http://h/a/../b',
    'http://h/a/./b/.',
    'http://h/a/%2e%2E/b',
    'http://h/a/.%2e',
    'http://h/a\\b',
    'http://h\\a/b',
    'http://h/a b',
    'http://h/a\tb?c\nd',
    'http://h/a"<>`{}|^b',
    'http://h/é?q=é',
    'http://h/%zz%41',
    'http:///a/b',
    'http://h?q=1/x',
    'http://h#f/x',
    'HTTP://H/A',
    'https://h/a;b=c/:d@e',
    'file:///etc/passwd',
    'foo:bar?x=1',
    '  http://h/a  ',
  ]
  for (const url of urls) assert.equal(fast(url), reference(url), url)
})

target('agrees with the parser on random URLs', () => {
  const alphabet = ['/', '.', '%', '2', 'e', 'E', '?', '#', '&', '=', 'a', 'Z', '\\', ' ', '\t', '"', '~', ':', '@', '[', ']', 'é', '+']
  let seed = 1
  const random = (n: number) => {
    seed = (seed * 48271) % 2147483647
    return seed % n
  }
  for (let i = 0; i < 5000; i++) {
    let rest = ''
    for (let j = random(16); j > 0; j--) rest += alphabet[random(alphabet.length)]
    const url = `http://h${random(2) ? ':80' : ''}/${rest}`
    let expected: ReturnType<typeof reference> | undefined
    try {
      expected = reference(url)
    } catch {
      continue
    }
    assert.equal(fast(url), expected, url)
  }
})

target('plainPathsPattern matches the paths the parser keeps, with one plain segment per parameter', () => {
  const pattern = plainPathsPattern(['/api/v1/client/:environmentId/responses', '/api/v1/client/:environmentId/responses/:responseId'])
  for (const path of ['/api/v1/client/env1/responses', '/api/v1/client/env1/responses/', '/api/v1/client/e.n~v:1/responses/r-1']) {
    assert.ok(pattern.test(path), path)
  }
  for (const path of [
    '/api/v1/client/../responses',
    '/api/v1/client/./responses',
    '/api/v1/client/%2e%2e/responses',
    '/api/v1/client/a b/responses',
    '/api/v1/client//responses',
    '/api/v1/client/env1/env2/responses',
    '//api/v1/client/env1/responses',
    '/api/v1/client/env1/responsesx',
  ]) {
    assert.not.ok(pattern.test(path), path)
  }
})

const { test: routing, bed } = suiteWithBed('routing on the split URL', { widgetBundles: false })
/** A quiet Canvass on the bed's storage, made at first use (the bed exists once the suite's `before` ran). */
let app: ReturnType<typeof createCanvass> | undefined
const canvass = {
  fetch: (request: Request) => (app ??= createCanvass({ storage: bed().storage, logger: { error() {}, warn() {} } })).fetch(request),
}

routing('a client preflight answers 204 with the CORS headers, echoing the requested headers', async () => {
  const res = await canvass.fetch(
    new Request('http://h/api/v1/client/env1/responses', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://site.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    }),
  )
  assert.is(res.status, 204)
  const { 'x-request-id': requestId, ...headers } = Object.fromEntries(res.headers)
  assert.match(requestId ?? '', /^[0-9a-f-]{36}$/, 'a preflight has its request id too')
  assert.equal(headers, {
    'access-control-allow-headers': 'content-type',
    'access-control-allow-methods': 'GET, POST, PUT, OPTIONS',
    'access-control-allow-origin': '*',
    'access-control-max-age': '86400',
    'x-content-type-options': 'nosniff',
  })
})

routing('OPTIONS on an unknown client path is a 404 with CORS; on a management path a 204 with Allow', async () => {
  const unknown = await canvass.fetch(new Request('http://h/api/v1/client/env1/nope', { method: 'OPTIONS' }))
  assert.is(unknown.status, 404)
  assert.is(unknown.headers.get('access-control-allow-origin'), '*')
  const management = await canvass.fetch(new Request('http://h/api/v1/management/surveys', { method: 'OPTIONS' }))
  assert.is(management.status, 204)
  assert.is(management.headers.get('allow'), 'GET, HEAD, POST, OPTIONS')
  assert.is(management.headers.get('access-control-allow-origin'), null)
})

routing('a dot segment or encoded path reaches the route the parser resolves it to', async () => {
  const res = await canvass.fetch(new Request('http://h/api/v1/nope/../management/surveys', { method: 'OPTIONS' }))
  assert.is(res.status, 204, 'the parser resolved /nope/.. away')
  assert.is(res.headers.get('allow'), 'GET, HEAD, POST, OPTIONS')
})

routing('handlers get the query, repeated names as arrays, and the decoded path parameters', async () => {
  // Eight surveys of the bed's production environment, read back whole to compare with what a query selects.
  const { call, envA, keyA } = bed()
  for (let i = 0; i < 8; i++) {
    const made = await call('POST', '/api/v1/management/surveys', {
      key: keyA,
      body: {
        environmentId: envA,
        name: `survey ${i}`,
        questions: [{ id: 'q1', type: 'openText', headline: { default: 'Q' }, required: true, inputType: 'text' }],
      },
    })
    assert.is(made.status, 200, made.text)
  }
  const ids = async (res: Response) => ((await res.json()) as { data: { id: string }[] }).data.map((survey) => survey.id)
  const all = (await call('GET', '/api/v1/management/surveys', { key: keyA })).body.data.map((survey: { id: string }) => survey.id)
  assert.is(all.length, 8)
  const headers = { 'x-api-key': keyA }
  const list = await canvass.fetch(new Request('http://h/api/v1/management/surveys?limit=5&skip=2#ignored', { headers }))
  assert.is(list.status, 200)
  assert.equal(await ids(list), all.slice(2, 7), 'five surveys after the first two')
  const repeated = await canvass.fetch(new Request('http://h/api/v1/management/surveys?limit=5&limit=6', { headers }))
  assert.is(repeated.status, 400, 'a repeated limit is an array, which the page query refuses')
  const one = await canvass.fetch(new Request('http://h/api/v1/management/surveys/a%20b', { headers }))
  assert.is(one.status, 404)
  assert.equal((await one.json()).details, { resource_id: 'a b', resource_type: 'Survey' }, 'the id decoded')
})

target.run()
routing.run()

const { test: preflight, bed: preflightBed } = suiteWithBed('Canvass.preflight', { widgetBundles: false })

preflight('answers exactly what fetch answers to OPTIONS, answers plain client paths, and leaves the rest to fetch', async () => {
  for (const basePath of ['', '/feedback']) {
    const app = createCanvass({ storage: preflightBed().storage, basePath, logger: { error() {}, warn() {} } })
    const targets = [
      '/api/v1/client/env1/responses',
      '/api/v1/client/pt7nugo346ckaq5q3icp43rd/responses?x=1',
      '/api/v1/client/env1/responses/r1',
      '/api/v1/client/env1/displays',
      '/api/v1/client/env1/environment',
      '/api/v1/client/env1/nope',
      '/api/v1/client/env1/../env2/responses',
      '/api/v1/client/env1/%2e%2e/env2/responses',
      '/api/v1/client/env%31/responses',
      '/api/v1/management/surveys',
      '/health',
      '//evil.example/api/v1/client/env1/responses',
    ].map((path) => basePath + path)
    for (const target of targets) {
      for (const requested of [undefined, 'content-type, x-api-key']) {
        // The host's request id, so that neither answer carries a random one of its own: `fetch` leaves it to
        // the host to set, `preflight` puts it in the record it gives the host.
        const info = { requestId: 'from-host' }
        const answer = app.preflight(target, requested, info)
        const headers: Record<string, string> = { 'access-control-request-method': 'POST' }
        if (requested) headers['access-control-request-headers'] = requested
        const response = await app.fetch(new Request(`http://localhost${target}`, { method: 'OPTIONS', headers }), info)
        const isClientPreflight = response.status === 204 && response.headers.get('access-control-allow-origin') === '*'
        if (answer === undefined) {
          // What the URL parser would change (dot segments, escapes) and the absolute form (`//host/…`) are
          // left to fetch, which answers them as it answers every OPTIONS; plain client paths never are.
          assert.not.ok(
            isClientPreflight && !/\/\/|\.\.|%/.test(target),
            `${target}: fetch answers a client preflight that preflight() missed`,
          )
          continue
        }
        assert.ok(isClientPreflight, `${target}: preflight() answered, fetch did not`)
        assert.is(answer.status, response.status)
        assert.equal(answer.headers, { ...Object.fromEntries(response.headers), 'x-request-id': 'from-host' }, target)
      }
    }
  }
})

preflight.run()
