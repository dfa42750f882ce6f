/**
 * Property: no input hurts the server (issue 5). Every route of `canvass.routes` (so routes added later are
 * covered without touching this file) is driven over HTTP with generated hostile input (wrong types, huge
 * and unpaired-surrogate strings, extreme numbers, deep and wide objects, prototype keys) with a production
 * key, a development key or none, on PGlite and on the Postgres server when TEST_DATABASE_URL is set.
 * Never a 5xx (the client helper throws on one); every error in the contract's shape; every 400 under 16 KiB;
 * `X-Content-Type-Options: nosniff` on every answer.
 */
import { createCanvass } from '@canvass/core'
import type { Storage } from '@canvass/core'
import fc from 'fast-check'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Backend } from './fixtures'
import { createResponse, createSurvey, question } from './fixtures'
import { startBackend } from './fixtures'
import { postgresBackend } from './backends'

/** The route table, read from a handler that is never called (its storage refuses every use). */
const ROUTES = createCanvass({
  storage: new Proxy({} as Storage, {
    get: () => {
      throw new Error('the route table needs no storage')
    },
  }),
}).routes

/** Runs per backend: enough to reach every route several times, few enough to stay well under a minute. */
const NUM_RUNS = Number(process.env.HOSTILE_NUM_RUNS ?? 150)

const LONE_SURROGATES = ['\ud800', 'a\udc00b', '\udbff', `${'x'.repeat(100)}\ud83d`]
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty']

/** Hostile scalars: extreme numbers, odd and huge strings. */
const scalar = fc.oneof(
  fc.constantFrom(0, -0, 1.5, -1, 2 ** 31, 3_000_000_000, 2 ** 53, -(2 ** 53), 1e308, -1e308, 5e-324, 1e30),
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(...LONE_SURROGATES, '\u0000', 'javascript:alert(1)', '0050-01-01', '9999-12-31T23:59:59Z', '2026-02-31'),
  fc.integer({ min: 256, max: 400_000 }).map((n) => 'x'.repeat(n)),
)

/** Any JSON-like value built from the scalars, with prototype keys among the object keys. */
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  any: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, tie('array'), tie('object')),
  array: fc.array(tie('any'), { maxLength: 5 }),
  object: fc.dictionary(fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom(...PROTOTYPE_KEYS, ...LONE_SURROGATES)), tie('any'), {
    maxKeys: 5,
  }),
})).any

/** Shapes that are hard to build by chance: very deep, very wide, very long arrays. */
const extreme = fc.oneof(
  fc.integer({ min: 50, max: 200 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  fc.integer({ min: 1000, max: 60_000 }).map((n) => `{${Array.from({ length: n }, (_, i) => `"k${i}":${i}`).join(',')}}`),
  fc.integer({ min: 201, max: 300_000 }).map((n) => `{"questions":[${Array(n).fill('{}').join(',')}],"data":{}}`),
  fc.constantFrom('{"__proto__":{"isAdmin":true},"constructor":{"prototype":{}}}', '{', '[]', 'null', '"x"', '{"a":1}garbage'),
)

interface Seeds {
  surveyId: string
  responseId: string
}

/** A field of a realistic body overwritten with a hostile value, so that validation gets past the root. */
function realistic(b: Backend, seeds: Seeds) {
  const templates: Record<string, unknown>[] = [
    { environmentId: b.envA, name: 'n', questions: [question()] },
    { surveyId: seeds.surveyId, finished: true, data: { q1: 'a' } },
    { finished: false, data: { q1: 'b' }, ttc: { q1: 1 }, variables: { v: 1 } },
    { surveyId: seeds.surveyId, userId: 'u1' },
    { url: 'https://example.com/hook', triggers: ['responseCreated'], surveyIds: [] },
    { name: 'attr', description: 'd', type: 'code', key: 'k' },
  ]
  return fc.tuple(fc.constantFrom(...templates), fc.string({ maxLength: 12 }), value).map(([template, field, hostile]) => {
    const keys = Object.keys(template)
    const key = keys.includes(field) ? field : (keys[field.length % keys.length] as string)
    return JSON.stringify({ ...template, [key]: hostile })
  })
}

function defineSuites(label: string, env: () => Promise<Record<string, string>>, dispose = async () => {}) {
  let backend: Promise<Backend> | undefined
  const b = () => (backend ??= env().then(startBackend))
  const test = suite(`${label}: hostile input on every route (property)`)

  test(`${ROUTES.length} routes from the route table: never 5xx, contract-shaped errors, small 400s`, async () => {
    assert.ok(ROUTES.length > 5, 'the route table is read')
    const x = await b()
    const survey = await createSurvey(x, { status: 'inProgress' })
    const seeds: Seeds = { surveyId: survey.id, responseId: await createResponse(x, survey.id) }
    const paramValue = fc.oneof(
      fc.constantFrom(seeds.surveyId, seeds.responseId, x.envA, x.envB, 'public', 'private', 'a.png', '%00', '%ED%A0%80', '..%2F..'),
      fc.string({ minLength: 1, maxLength: 30 }).map(encodeURIComponent),
      fc.integer({ min: 256, max: 5000 }).map((n) => 'i'.repeat(n)),
    )
    const query = fc.array(
      fc.tuple(
        fc.constantFrom('limit', 'skip', 'offset', 'cursor', 'surveyId', 'userId', 'x'),
        fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('-1', '1e9', '99999999999999999999', '1.5', seeds.surveyId, '%ED%A0%80')),
      ),
      { maxLength: 3 },
    )
    const body = fc.oneof(
      { weight: 3, arbitrary: realistic(x, seeds) },
      { weight: 2, arbitrary: value.map((v) => JSON.stringify(v) ?? 'null') },
      { weight: 1, arbitrary: extreme },
    )
    const request = fc.record({
      route: fc.constantFrom(...ROUTES),
      params: fc.array(paramValue, { minLength: 4, maxLength: 4 }),
      query,
      key: fc.constantFrom(x.keyA, x.keyB, undefined),
      body,
    })

    await fc.assert(
      fc.asyncProperty(request, async ({ route, params, query, key, body }) => {
        let i = 0
        const path = route.path.replace(/:[A-Za-z0-9_]+/g, () => params[i++ % params.length] as string)
        const search = query.map(([name, v]) => `${name}=${encodeURIComponent(v)}`).join('&')
        const target = search ? `${path}?${search}` : path
        const withBody = !['GET', 'HEAD', 'DELETE'].includes(route.method)
        // `call` throws on any 5xx.
        const res = await x.call(route.method, target, {
          ...(key ? { key } : {}),
          ...(withBody ? { rawBody: body, headers: { 'content-type': 'application/json' } } : {}),
        })
        const what = `${route.method} ${target.slice(0, 200)} → ${res.status} ${res.text.slice(0, 300)}`
        assert.is(res.headers.get('x-content-type-options'), 'nosniff', `nosniff on every answer: ${what}`)
        if (res.status === 400) assert.ok(Buffer.byteLength(res.text) < 16 * 1024, `400 of ${res.text.length} bytes: ${what}`)
        if (res.status < 400) return
        if (route.path.endsWith('/storage/local')) {
          assert.equal(Object.keys(res.body ?? {}), ['error'], what)
          return
        }
        if (route.method === 'GET' && route.path.endsWith('/api/v1/me') && res.status === 401) {
          assert.is(res.text, 'Not authenticated', what)
          return
        }
        assert.equal(Object.keys(res.body ?? {}).sort(), ['code', 'details', 'message'], what)
        assert.type(res.body.code, 'string', what)
        assert.type(res.body.message, 'string', what)
        assert.type(res.body.details, 'object', what)
      }),
      { numRuns: NUM_RUNS, endOnFailure: true },
    )
  })

  test.after(async () => {
    if (backend) await (await backend).stop()
    await dispose()
  })
  test.run()
}

defineSuites('pglite', async () => ({ CANVASS_RATE_LIMITS: 'off' }))

const postgres = postgresBackend()
if (postgres) defineSuites('postgres', async () => ({ ...(await postgres.env()), CANVASS_RATE_LIMITS: 'off' }), postgres.dispose)
