/**
 * Property: no input hurts the server. Every route of the route table (so routes added later are
 * covered without touching this file) is driven on the test bed, each with its own seeded fast-check run, with
 * generated hostile input (wrong types, huge and unpaired-surrogate strings, extreme numbers, deep and wide
 * objects, prototype keys; in the query, the parameters the route declares) with a production key, a development key or none, on PGlite, or on the Postgres
 * server when TEST_DATABASE_URL is set. Path parameters are often real ids of existing resources, so that
 * handlers get past their 404 to validation and storage. Never a 5xx (the client helper throws on one), but
 * the 501 of a route its doc marks as not implemented (the reference's workflows, feedback records, AI generation); every
 * error of the documented shape; every 400 under 16 KiB; `X-Content-Type-Options: nosniff` on every answer.
 * Afterwards every route must have been driven, and have answered its valid example with something else
 * than 404.
 */
import { describeRoutes } from '@canvass/core'
import {
  createResponse,
  createSurvey,
  defaultBackend,
  fileUploadQuestion,
  question,
  signedUploadHeaders,
  suiteWithBed,
} from '@canvass/test-bed'
import type { Backend, TestCanvass } from '@canvass/test-bed'
import fc from 'fast-check'
import * as assert from 'uvu/assert'

/**
 * The route table as the standalone server has it: with a blob store, the widget and the API reference, so
 * the storage, widget and reference routes are in it (the test checks that the bed serves exactly these).
 */
const ROUTES = describeRoutes().routes

/** The query parameters each route declares, by `METHOD path`: a parameter added later is drawn too. */
const QUERY_PARAMS = new Map(ROUTES.map((route) => [`${route.method} ${route.path}`, Object.keys(route.query?.entries ?? {})]))

/**
 * Generated requests per route and backend, besides the route's valid example: with ~55 routes, enough to
 * reach each one with several shapes of input, few enough to stay well under a minute per backend.
 */
const RUNS_PER_ROUTE = Number(process.env.HOSTILE_RUNS_PER_ROUTE ?? 12)
/** Each route's run is seeded with this plus its index in the table, so a failure replays exactly. */
const SEED = Number(process.env.HOSTILE_SEED ?? 0x5eed)

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

/** Existing resources of environment A (the production key's), recreated when a DELETE removes one. */
interface Seeds {
  survey: string
  response: string
  webhook: string
  actionClass: string
  attributeClass: string
  contactAttributeKey: string
  contact: string
  userId: string
  fileName: string
  accessType: string
  environment: string
  segment: string
  /** A quota of `survey`. */
  quota: string
  display: string
  /** A delivery of `webhook` (the dispatcher is off: never sent). */
  delivery: string
  /** The key `survey`'s results are shared under, as its last share left it. */
  shareKey: string
  /** A response tag of environment A (on `response`), and another one a merge moves its responses to. */
  tag: string
  intoTag: string
  /** A note on `response`. */
  note: string
  /**
   * Any id: the reference's workflows and feedback records are not implemented, each of their routes answers its 501;
   * as a single sign-on provider or a console session, one that does not exist (a 404 page or answer).
   */
  workflow: string
  /** The token of a person's one-time link (a GET uses nothing; a hostile POST has no form token). */
  consoleLink: string
  /** A viewer of the console of environment A's project. */
  consolePerson: string
  /** A key of environment A besides the bed's own (which a revoke of itself would refuse). */
  apiKey: string
}
type Kind = keyof Seeds

/** Which seed a path parameter names. A route with a parameter not listed here fails the test: add a seed. */
const PARAM_KINDS: Record<string, Kind> = {
  surveyId: 'survey',
  responseId: 'response',
  webhookId: 'webhook',
  actionClassId: 'actionClass',
  attributeClassId: 'attributeClass',
  contactAttributeKeyId: 'contactAttributeKey',
  contactId: 'contact',
  personId: 'contact',
  userId: 'userId',
  environmentId: 'environment',
  workspaceId: 'environment',
  accessType: 'accessType',
  fileName: 'fileName',
  segmentId: 'segment',
  quotaId: 'quota',
  displayId: 'display',
  deliveryId: 'delivery',
  resultShareKey: 'shareKey',
  tagId: 'tag',
  noteId: 'note',
  workflowId: 'workflow',
  runId: 'workflow',
  feedbackRecordId: 'workflow',
  token: 'consoleLink',
  consolePersonId: 'consolePerson',
  consoleSessionId: 'workflow',
  providerId: 'workflow',
  apiKeyId: 'apiKey',
}
const KINDS = [...new Set(Object.values(PARAM_KINDS))]

/** The DELETE route a request's path reaches once the URL parser has resolved its dot segments. */
function deleteRouteReached(target: string): (typeof ROUTES)[number] | undefined {
  const pathname = new URL(target, 'http://canvass.test').pathname
  return ROUTES.find(
    (route) => route.method === 'DELETE' && new RegExp(`^${route.path.replace(/:[A-Za-z0-9_]+/g, '[^/]+')}/?$`).test(pathname),
  )
}
const paramNames = (path: string) => (path.match(/:[A-Za-z0-9_]+/g) ?? []).map((name) => name.slice(1))

/** A path parameter: the real id the parameter names, a real id of another kind, or a hostile segment. */
type ParamChoice = { real: true } | { kind: Kind } | { text: string }
/** A body: the route's valid template, the template with one field made hostile, or raw text. */
type BodyPlan = { valid: true } | { plant: number; name: string; hostile: unknown } | { raw: string }

/** A valid body for a route, which `BodyPlan.plant` spoils in one place. */
function template(method: string, path: string, s: Seeds, x: Backend): Record<string, unknown> {
  const base = templateOf(method, path, s, x)
  // A v3 create names its workspace in the body (docs/api.md, "The reference's v3"): A's, on any v3 collection.
  return /^POST \/api\/v3\/[a-z-]+$/.test(`${method} ${path}`) ? { workspaceId: x.envA, ...base } : base
}

function templateOf(method: string, path: string, s: Seeds, x: Backend): Record<string, unknown> {
  const route = `${method} ${path}`
  if (route === 'POST /api/v3/surveys') {
    return {
      name: 'v3',
      blocks: [{ name: 'Main', elements: [{ id: 'q1', type: 'openText', headline: { 'en-US': 'Why?' }, required: false }] }],
    }
  }
  if (route === 'POST /api/v3/surveys/validate') {
    return {
      operation: 'create',
      data: {
        name: 'checked',
        blocks: [{ name: 'Main', elements: [{ id: 'q1', type: 'openText', headline: { 'en-US': 'Why?' }, required: false }] }],
      },
    }
  }
  if (route === 'PATCH /api/v3/surveys/:surveyId') return { name: 'renamed in v3' }
  if (route === 'PATCH /api/v3/tags/:tagId') return { name: 'renamed tag' }
  if (route === 'POST /api/v3/tags/:tagId/merge') return { newTagId: s.intoTag }
  if (route === 'POST /api/v3/tags') return { name: 'made tag' }
  if (/\/notes(\/:noteId)?$/.test(route)) return { text: `a note ${method}` }
  if (route === 'POST /api/v1/management/responses/:responseId/tags') return { tagId: s.tag }
  if (route === 'POST /api/v1/management/responses/delete') return { responseIds: [s.response] }
  if (/\/quotas/.test(route)) {
    return {
      name: `quota ${method}`,
      limit: 5,
      logic: {
        connector: 'or',
        conditions: [
          { id: 'c', leftOperand: { type: 'element', value: 'q1' }, operator: 'equals', rightOperand: { type: 'static', value: 'a' } },
        ],
      },
      action: 'continueSurvey',
      countPartialSubmissions: true,
    }
  }
  // Blocks here and questions in the PUT, so that both structures meet hostile values.
  if (/^POST .*\/management\/surveys$/.test(route)) {
    return {
      environmentId: x.envA,
      name: 'n',
      blocks: [{ id: 'b1', name: 'B', elements: [question()], logic: [], buttonLabel: { default: 'Go' } }],
      publishOn: null,
      autoComplete: 5,
    }
  }
  if (/^PUT .*\/surveys\/:surveyId$/.test(route)) return { name: 'renamed', delay: 1, questions: [question()] }
  if (/^POST .*\/responses$/.test(route))
    return { surveyId: s.survey, finished: false, data: { q1: 'a' }, meta: { url: 'https://example.com/' } }
  if (/^PUT .*\/responses\/:responseId$/.test(route)) return { finished: false, data: { q1: 'b' }, ttc: { q1: 1 }, variables: { v: 1 } }
  if (/\/displays$/.test(route)) return { surveyId: s.survey, userId: s.userId }
  if (/^POST .*\/webhooks$/.test(route))
    return { url: 'https://example.invalid/hook', triggers: ['responseCreated'], surveyIds: [s.survey], name: 'h' }
  // A PUT takes other names than a create, so that neither one's valid example meets the other's.
  if (/attribute-classes/.test(route)) return { name: `attr ${method}`, description: 'd', type: 'code' }
  if (/action-classes/.test(route)) return { name: `act ${method}`, description: 'd', type: 'code', key: `k-${method}` }
  if (/contact-attribute-keys/.test(route)) return { key: 'plan', name: 'Plan', description: 'd' }
  if (/segments/.test(route)) {
    return {
      title: `segment ${method}`,
      description: 'd',
      filters: [
        {
          id: 'a',
          connector: null,
          resource: { id: 'a', root: { type: 'attribute', contactAttributeKey: 'plan' }, value: 'pro', qualifier: { operator: 'equals' } },
        },
        {
          id: 'b',
          connector: 'or',
          resource: [
            {
              id: 'c',
              connector: null,
              resource: { id: 'c', root: { type: 'device', deviceType: 'phone' }, value: 'phone', qualifier: { operator: 'equals' } },
            },
          ],
        },
      ],
    }
  }
  if (/\/attributes$/.test(route)) return { attributes: { email: 'seed@example.com', plan: 'pro' } }
  if (/\/user$/.test(route)) return { userId: s.userId, attributes: { plan: 'pro' } }
  if (/\/management\/storage$/.test(route)) return { fileName: 'a.png', fileType: 'image/png', surveyId: s.survey, accessType: 'private' }
  if (/\/storage$/.test(route)) return { fileName: 'a.png', fileType: 'image/png', surveyId: s.survey }
  if (/\/storage\/local$/.test(route)) return { fileBase64String: 'aGk=' }
  if (route === 'POST /api/v1/management/api-keys') return { label: 'made here' }
  return {}
}

/** `base` with a hostile value in one place: an existing field, a new one, or a field one level down. */
function plant(base: Record<string, unknown>, where: number, name: string, hostile: unknown): Record<string, unknown> {
  const keys = Object.keys(base)
  const choice = where % (keys.length + 2)
  if (choice < keys.length) return { ...base, [keys[choice] as string]: hostile }
  if (choice === keys.length) return { ...base, [name]: hostile }
  const nested = keys.find((key) => typeof base[key] === 'object' && base[key] !== null)
  if (nested === undefined) return { ...base, [name]: hostile }
  const inner = base[nested]
  if (Array.isArray(inner)) {
    const first = (inner[0] ?? {}) as Record<string, unknown>
    const field = Object.keys(first)[name.length % Math.max(1, Object.keys(first).length)] ?? name
    return { ...base, [nested]: [{ ...first, [field]: hostile }, ...inner.slice(1)] }
  }
  return { ...base, [nested]: { ...(inner as Record<string, unknown>), [name]: hostile } }
}

// The dispatcher never runs on the bed: generated webhooks never send traffic anywhere.
const { test, bed: b } = suiteWithBed(`${defaultBackend()}: hostile input on every route (property)`, { apiReferenceBundle: true })

test(`each of the ${ROUTES.length} routes, ${RUNS_PER_ROUTE} runs: never 5xx, errors of the documented shape, small 400s`, async () => {
  assert.ok(ROUTES.length > 5, 'the route table is read')
  for (const route of ROUTES) {
    for (const name of paramNames(route.path)) assert.ok(name in PARAM_KINDS, `${route.method} ${route.path}: no seed for :${name}`)
  }
  const x = b()
  const names = (routes: ReadonlyArray<{ method: string; path: string }>) => routes.map((route) => `${route.method} ${route.path}`).sort()
  assert.equal(names(x.canvass.routes), names(ROUTES), 'the bed serves the routes driven here')
  const seeds = await plantSeeds(x)
  let serial = 0

  /** Makes a fresh resource of `kind` after a DELETE took the seed (a survey takes its responses along). */
  async function reseed(kind: Kind): Promise<void> {
    const n = ++serial
    const post = async (path: string, body: Record<string, unknown>) => {
      const res = await x.call('POST', path, { key: x.keyA, body })
      if (res.status !== 200) throw new Error(`seed ${kind} failed: ${res.status} ${res.text}`)
      return res.body.data.id as string
    }
    if (kind === 'shareKey') {
      seeds.shareKey = await newShareKey(x, seeds.survey)
    } else if (kind === 'consolePerson') {
      seeds.consolePerson = (await newConsolePerson(x, n)).consolePerson
    } else if (kind === 'apiKey') {
      seeds.apiKey = await post('/api/v1/management/api-keys', { label: `seed ${n}` })
    } else if (kind === 'survey' || kind === 'response') {
      if (kind === 'survey') seeds.survey = (await createSurvey(x, { status: 'inProgress' })).id
      if (kind === 'survey') seeds.shareKey = await newShareKey(x, seeds.survey)
      seeds.response = await createResponse(x, seeds.survey)
      seeds.note = await newNote(x, seeds.response)
      if (kind === 'survey') seeds.display = await newDisplay(x, seeds.survey)
      if (kind === 'survey') seeds.quota = await newQuota(x, seeds.survey, n)
    } else if (kind === 'quota') {
      seeds.quota = await newQuota(x, seeds.survey, n)
    } else if (kind === 'webhook' || kind === 'delivery') {
      seeds.webhook = await post('/api/v1/webhooks', { url: 'https://example.invalid/hook', triggers: ['responseCreated'] })
      seeds.delivery = await newDelivery(x, seeds.webhook, seeds.survey)
    } else if (kind === 'actionClass') {
      seeds.actionClass = await post('/api/v1/management/action-classes', { name: `seed ${n}`, type: 'code', key: `seed-${n}` })
    } else if (kind === 'attributeClass') {
      seeds.attributeClass = await post('/api/v1/management/attribute-classes', { name: `seed ${n}`, type: 'code' })
    } else if (kind === 'segment') {
      seeds.segment = await post('/api/v1/management/segments', { title: `seed ${n}` })
    } else if (kind === 'contactAttributeKey') {
      seeds.contactAttributeKey = await post('/api/v1/management/contact-attribute-keys', { key: `seed${n}` })
    } else if (kind === 'contact' || kind === 'userId') {
      Object.assign(seeds, await newContact(x, `seed-user-${n}`))
    } else if (kind === 'note') {
      seeds.note = await newNote(x, seeds.response)
    } else if (kind === 'tag' || kind === 'intoTag') {
      seeds[kind] = await newTag(x, seeds.response, `seed tag ${n}`)
    }
  }

  const choice = fc.oneof(
    { weight: 4, arbitrary: fc.constant<ParamChoice>({ real: true }) },
    { weight: 1, arbitrary: fc.constantFrom(...KINDS).map((kind): ParamChoice => ({ kind })) },
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          fc.constantFrom(x.envB, 'public', 'private', 'a.png', '%00', '%ED%A0%80', '..%2F..', '%2e%2e', 'null', '0'),
          fc.string({ minLength: 1, maxLength: 30 }).map(encodeURIComponent),
          fc.integer({ min: 256, max: 5000 }).map((n) => 'i'.repeat(n)),
        )
        .map((text): ParamChoice => ({ text })),
    },
  )
  /** Parameters the route declares (its entry in the table), a page's, and an unknown one. */
  const queryOf = (names: string[]) =>
    fc.array(
      fc.tuple(
        fc.constantFrom(...names, 'limit', 'skip', 'cursor', 'x'),
        fc.oneof(
          fc.string({ maxLength: 20 }),
          fc.constantFrom(
            '-1',
            '1e9',
            '99999999999999999999',
            '1.5',
            '$survey',
            '$workspace',
            'private',
            'public',
            '%ED%A0%80',
            '\u0000',
            'a\u0000b',
            '0000-01-01',
          ),
          // Three of them stay under the 16 KiB of request line and headers a Node host accepts (beyond, it answers 431).
          fc.integer({ min: 256, max: 4000 }).map((n) => 'q'.repeat(n)),
        ),
      ),
      { maxLength: 3 },
    )
  const body = fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record({
        plant: fc.nat(),
        name: fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom(...PROTOTYPE_KEYS)),
        hostile: value,
      }),
    },
    { weight: 2, arbitrary: value.map((v): BodyPlan => ({ raw: JSON.stringify(v) ?? 'null' })) },
    { weight: 1, arbitrary: extreme.map((raw): BodyPlan => ({ raw })) },
    { weight: 1, arbitrary: fc.constant<BodyPlan>({ valid: true }) },
  )
  const keyName = fc.constantFrom('A', 'A', 'B', 'none')
  const requestOf = (names: string[]) =>
    fc.record({ params: fc.array(choice, { minLength: 3, maxLength: 3 }), query: queryOf(names), key: keyName, body })
  type Drawn = { params: ParamChoice[]; query: [string, string][]; key: string; body: BodyPlan }
  /** The valid example: real ids, the production key, the route's template, and A's workspace where a v3 list needs one. */
  const validOf = (names: string[]): Drawn => ({
    params: [{ real: true }, { real: true }, { real: true }],
    query: names.includes('workspaceId') ? [['workspaceId', '$workspace']] : [],
    key: 'A',
    body: { valid: true },
  })

  const driven = new Map<string, { runs: number; exampleStatus: number }>()
  for (const [index, route] of ROUTES.entries()) {
    const routeName = `${route.method} ${route.path}`
    const names = paramNames(route.path)
    const seen = { runs: 0, exampleStatus: 0 }
    driven.set(routeName, seen)
    await fc.assert(
      fc.asyncProperty(requestOf(QUERY_PARAMS.get(routeName) ?? []), async (drawn: Drawn) => {
        const first = seen.runs++ === 0
        let i = 0
        const path = route.path.replace(/:[A-Za-z0-9_]+/g, () => {
          const name = names[i] as string
          const param = drawn.params[i++ % drawn.params.length] as ParamChoice
          if ('text' in param) return param.text
          return encodeURIComponent(seeds['kind' in param ? param.kind : (PARAM_KINDS[name] as Kind)])
        })
        const placeholders: Record<string, string> = { $survey: seeds.survey, $workspace: x.envA }
        const search = drawn.query.map(([name, v]) => `${name}=${encodeURIComponent(placeholders[v] ?? v)}`).join('&')
        const target = search ? `${path}?${search}` : path
        const base = template(route.method, route.path, seeds, x)
        const plan = drawn.body
        const text = 'raw' in plan ? plan.raw : JSON.stringify('plant' in plan ? plant(base, plan.plant, plan.name, plan.hostile) : base)
        const key = drawn.key === 'A' ? x.keyA : drawn.key === 'B' ? x.keyB : undefined
        const withBody = !['GET', 'HEAD', 'DELETE'].includes(route.method)
        // Uploads carry a fresh valid signature, so that the hostile body reaches the upload's body parser.
        const signature = route.path.endsWith('/storage/local') ? await presignedUploadHeaders(x, route.path.includes('/client/')) : {}
        // `call` throws on any 5xx but a route's documented 501 (a route of the reference Canvass does not implement).
        const res = await x.call(route.method, target, {
          ...(route.notImplemented ? { allow5xx: true } : {}),
          ...(key ? { key } : {}),
          ...(withBody ? { rawBody: text, headers: { 'content-type': 'application/json', ...signature } } : {}),
        })
        if (res.status >= 500)
          assert.is(res.status, 501, `only a route documented as not implemented answers 5xx: ${route.method} ${target}`)
        if (first) seen.exampleStatus = res.status
        // A v3 survey delete answers 204.
        if (route.method === 'DELETE' && (res.status === 200 || res.status === 204)) {
          // `%2e%2e` in the path is `..` to the URL parser: what was deleted is the route the path reached
          // (`…/surveys/{id}/quotas/%2e%2e` deletes the survey), so that is what is made again.
          const reached = deleteRouteReached(target) ?? route
          const reachedNames = paramNames(reached.path)
          if (!reached.path.endsWith('/share')) await reseed(PARAM_KINDS[reachedNames[reachedNames.length - 1] as string] as Kind)
        }
        // Sharing the seeded survey (again) or no longer: its key is the one its last share left.
        if (route.path.endsWith('/share') && res.status === 200) await reseed('shareKey')
        // A merge deletes the merged tag; an archived survey is read-only, so the routes after it get a fresh one.
        if (route.path.endsWith('/merge') && res.status === 200) await reseed('tag')
        // Deleting a selection takes the seeded response.
        if (route.path.endsWith('/responses/delete') && res.status === 200) await reseed('response')
        if (route.path.endsWith('/archive') && res.status === 200) await reseed('survey')
        const what = `${route.method} ${target.slice(0, 200)} ${withBody ? text.slice(0, 200) : ''} → ${res.status} ${res.text.slice(0, 300)}`
        assert.is(res.headers.get('x-content-type-options'), 'nosniff', `nosniff on every answer: ${what}`)
        if (res.status === 400) assert.ok(Buffer.byteLength(res.text) < 16 * 1024, `400 of ${res.text.length} bytes: ${what}`)
        if (res.status < 400) return
        if (route.path === '/s/:surveyId' && res.headers.get('content-type') === 'text/html; charset=utf-8') {
          // A link page refuses with a page a person reads (a path that is no link page gets JSON below).
          assert.ok(res.status === 404 || res.status === 403, what)
          assert.ok(res.headers.get('content-security-policy')?.startsWith("default-src 'none'"), what)
          return
        }
        if (route.path.startsWith('/console/') && res.headers.get('content-type') === 'text/html; charset=utf-8') {
          // The console's sign-in pages refuse with a page too: a form without its token, an unknown link.
          assert.ok([400, 401, 403, 404, 409, 413, 429].includes(res.status), what)
          assert.ok(res.headers.get('content-security-policy')?.startsWith("default-src 'none'"), what)
          return
        }
        if (route.path === '/share/:resultShareKey' && res.headers.get('content-type') === 'text/html; charset=utf-8') {
          // The shared results page refuses with a page too: 404 for a key shared by nothing, 400 naming what it
          // cannot show.
          assert.ok(res.status === 404 || res.status === 400, what)
          assert.ok(res.headers.get('content-security-policy')?.startsWith("default-src 'none'"), what)
          return
        }
        // `%2e%2e` in the path is `..` to the URL parser: the request reaches whatever path remains, which no
        // route may answer as its own (a 404 "Route not found" in the error shape is checked below).
        const routeNotFound = res.status === 404 && res.body?.message === 'Route not found'
        if (route.path.endsWith('/storage/local') && !routeNotFound) {
          assert.equal(Object.keys(res.body ?? {}), ['error', 'message'], what)
          assert.is(res.body.message, res.body.error, what)
          return
        }
        if (route.path.startsWith('/api/v3/') && res.status !== 429 && res.status !== 503 && !routeNotFound) {
          // The reference's v3 routes answer RFC 9457 problems (docs/surveys.md#validating-a-survey).
          assert.is(res.headers.get('content-type'), 'application/problem+json', what)
          assert.equal(
            [res.body.status, typeof res.body.title, typeof res.body.detail, typeof res.body.code],
            [res.status, 'string', 'string', 'string'],
            what,
          )
          return
        }
        if (route.path === '/api/mcp' && !routeNotFound) {
          // The MCP endpoint refuses a request with a problem, as v3 does, and a malformed JSON-RPC message with
          // a JSON-RPC error (docs/api.md, "MCP for agents").
          if (res.headers.get('content-type') === 'application/problem+json') {
            assert.equal([res.body.status, typeof res.body.code, typeof res.body.detail], [res.status, 'string', 'string'], what)
          } else {
            assert.equal(
              [res.body?.jsonrpc, typeof res.body?.error?.code, typeof res.body?.error?.message],
              ['2.0', 'number', 'string'],
              what,
            )
          }
          return
        }
        if (route.method === 'GET' && /\/api\/v1\/(management\/)?me$/.test(route.path) && res.status === 401) {
          assert.is(res.text, 'Not authenticated', what)
          return
        }
        assert.equal(Object.keys(res.body ?? {}).sort(), ['code', 'details', 'message'], what)
        assert.type(res.body.code, 'string', what)
        assert.type(res.body.message, 'string', what)
        assert.type(res.body.details, 'object', what)
      }),
      // The valid example runs first: real ids, the production key, the route's own template.
      { numRuns: RUNS_PER_ROUTE, seed: SEED + index, examples: [[validOf(QUERY_PARAMS.get(routeName) ?? [])]], endOnFailure: true },
    )
  }

  for (const route of ROUTES) {
    const routeName = `${route.method} ${route.path}`
    const seen = driven.get(routeName)
    assert.ok(seen && seen.runs >= RUNS_PER_ROUTE, `${routeName} was driven ${seen?.runs ?? 0} times`)
    const why = EXAMPLE_NOT_FOUND[routeName]
    if (why !== undefined && seen.exampleStatus === 404) continue
    assert.is.not(seen.exampleStatus, 404, `${routeName}: its valid example got past the 404`)
  }
})

const NO_PROVIDER = 'the bed configures no single sign-on provider: console-sso.test.ts drives these routes against a real one'
const NO_MAILED_LINK = 'a reset link is a mailed one only, and this bed sends no mail: console-account-mails.test.ts uses real ones'
const NO_SESSION = 'a console session is made by a sign-in, which this bed does not do: console-session-activity.test.ts ends real ones'
/** Routes whose valid example answers 404 here, with why: each is driven for its hostile input all the same. */
const EXAMPLE_NOT_FOUND: Record<string, string> = {
  'GET /console/reset/:token': NO_MAILED_LINK,
  'POST /console/reset/:token': NO_MAILED_LINK,
  'GET /console/sso/:providerId': NO_PROVIDER,
  'GET /console/sso/:providerId/callback': NO_PROVIDER,
  'DELETE /api/v1/console/people/:consolePersonId/sessions/:consoleSessionId': NO_SESSION,
  'DELETE /api/v1/console/me/sessions/:consoleSessionId': NO_SESSION,
}
for (const [route, why] of Object.entries(EXAMPLE_NOT_FOUND))
  console.log(`hostile-property: ${route} may answer its valid example with 404: ${why}`)

test.run()

/** One existing resource of each kind in environment A, and a stored public file. */
/** A delivery of `webhook`: a response made after it, and its delivery as the webhook lists it. */
async function newDelivery(x: Backend, webhook: string, survey: string): Promise<string> {
  await createResponse(x, survey)
  const listed = await x.call('GET', `/api/v1/webhooks/${webhook}/deliveries?limit=1`, { key: x.keyA })
  const id = listed.body.data?.[0]?.id
  if (typeof id !== 'string') throw new Error(`seeding a delivery failed: ${listed.status} ${listed.text}`)
  return id
}

async function plantSeeds(x: TestCanvass): Promise<Seeds> {
  const survey = (await createSurvey(x, { status: 'inProgress' })).id
  const created = async (path: string, body: Record<string, unknown>) => {
    const res = await x.call('POST', path, { key: x.keyA, body })
    if (res.status !== 200) throw new Error(`seeding ${path} failed: ${res.status} ${res.text}`)
    return res.body.data
  }
  const presigned = await created('/api/v1/management/storage', { fileName: 'seed.png', fileType: 'image/png' })
  const upload = await x.call('POST', '/api/v1/management/storage/local', {
    key: x.keyA,
    body: { fileBase64String: Buffer.from('not really a png').toString('base64') },
    headers: {
      'x-file-type': 'image/png',
      'x-file-name': encodeURIComponent(presigned.updatedFileName),
      'x-signature': presigned.signingData.signature,
      'x-timestamp': String(presigned.signingData.timestamp),
      'x-uuid': presigned.signingData.uuid,
    },
  })
  if (upload.status !== 200) throw new Error(`seeding a file failed: ${upload.status} ${upload.text}`)
  const webhook = (await created('/api/v1/webhooks', { url: 'https://example.invalid/hook', triggers: ['responseCreated'] })).id
  const response = await createResponse(x, survey)
  return {
    survey,
    shareKey: await newShareKey(x, survey),
    response,
    tag: await newTag(x, response, 'seed tag'),
    intoTag: await newTag(x, response, 'seed tag into'),
    note: await newNote(x, response),
    workflow: 'seed-workflow',
    webhook,
    delivery: await newDelivery(x, webhook, survey),
    actionClass: (await created('/api/v1/management/action-classes', { name: 'seed', type: 'code', key: 'seed' })).id,
    attributeClass: (await created('/api/v1/management/attribute-classes', { name: 'seed', type: 'code' })).id,
    segment: (await created('/api/v1/management/segments', { title: 'seed' })).id,
    quota: await newQuota(x, survey, 0),
    contactAttributeKey: (await created('/api/v1/management/contact-attribute-keys', { key: 'seed' })).id,
    display: await newDisplay(x, survey),
    ...(await newContact(x, 'seed-user')),
    fileName: presigned.updatedFileName,
    accessType: 'public',
    environment: x.envA,
    ...(await newConsolePerson(x, 0)),
    apiKey: (await created('/api/v1/management/api-keys', { label: 'seed' })).id,
  }
}

/** A viewer of the console of environment A's project, and the token of their one-time link. */
async function newConsolePerson(x: Backend, n: number): Promise<{ consolePerson: string; consoleLink: string }> {
  const body = { email: `seed-${n}-${Date.now()}@example.com`, role: 'viewer' }
  const res = await x.call('POST', '/api/v1/console/people', { key: x.keyA, body })
  if (res.status !== 200) throw new Error(`seeding a console person failed: ${res.status} ${res.text}`)
  return { consolePerson: res.body.data.id, consoleLink: (res.body.data.link.path as string).split('/').pop() as string }
}

/** The headers of an upload that a presign for environment A has just signed. */
async function presignedUploadHeaders(x: Backend, client: boolean): Promise<Record<string, string>> {
  const path = client ? `/api/v1/client/${x.envA}/storage` : '/api/v1/management/storage'
  // A respondent's file names a survey and its fileUpload question.
  const element = client
    ? { surveyId: (await createSurvey(x, { questions: [fileUploadQuestion('file')] })).id, elementId: 'file' }
    : undefined
  const res = await x.call('POST', path, {
    ...(client ? {} : { key: x.keyA }),
    body: { fileName: 'up.png', fileType: 'image/png', ...element },
  })
  if (res.status !== 200) throw new Error(`presign failed: ${res.status} ${res.text}`)
  return {
    ...signedUploadHeaders(res.body.data, 'image/png'),
    ...(element ? { 'x-survey-id': element.surveyId, 'x-element-id': element.elementId } : {}),
  }
}

/** A contact of environment A made through the client identify route, and its id from the management list. */
async function newDisplay(x: Backend, surveyId: string): Promise<string> {
  const res = await x.call('POST', `/api/v1/client/${x.envA}/displays`, { body: { surveyId } })
  if (res.status !== 200) throw new Error(`seeding a display failed: ${res.status} ${res.text}`)
  return res.body.data.id
}

/**
 * A tag of environment A named `name`, on `response`: made through the import port, the only writer of tags
 * besides the reference's app (docs/api.md, "Tags").
 */
async function newNote(x: TestCanvass, response: string): Promise<string> {
  const res = await x.call('POST', `/api/v1/management/responses/${response}/notes`, { key: x.keyA, body: { text: 'seed note' } })
  if (res.status !== 200) throw new Error(`seeding a note failed: ${res.status} ${res.text}`)
  return res.body.data.id as string
}

async function newTag(x: TestCanvass, response: string, name: string): Promise<string> {
  await x.storage.imports.insertNotesAndTags(x.envA, [{ responseId: response, notes: [], tags: [name] }])
  const tag = (await x.storage.tags.list(x.envA, { limit: 1000 })).find((t) => t.name === name)
  if (!tag) throw new Error(`seeded tag ${name} is not listed`)
  return tag.id
}

/** Shares `survey`'s results (again): the new key. */
async function newShareKey(x: Backend, survey: string): Promise<string> {
  const res = await x.call('POST', `/api/v1/management/surveys/${survey}/share`, { key: x.keyA })
  if (res.status !== 200) throw new Error(`sharing a survey failed: ${res.status} ${res.text}`)
  return res.body.data.resultShareKey
}

/** A quota of `survey` that every response meets (named after `n`, as names are unique per survey). */
async function newQuota(x: Backend, survey: string, n: number): Promise<string> {
  const body = { name: `seed ${n}`, limit: 1000, logic: { connector: 'and', conditions: [] }, action: 'continueSurvey' }
  const res = await x.call('POST', `/api/v1/management/surveys/${survey}/quotas`, { key: x.keyA, body })
  if (res.status !== 200) throw new Error(`seeding a quota failed: ${res.status} ${res.text}`)
  return res.body.data.id
}

async function newContact(x: Backend, userId: string): Promise<{ contact: string; userId: string }> {
  const identify = await x.call('GET', `/api/v1/client/${x.envA}/identify/contacts/${userId}`)
  if (identify.status !== 200) throw new Error(`seeding a contact failed: ${identify.status} ${identify.text}`)
  const list = await x.call('GET', '/api/v1/management/contacts?limit=1000', { key: x.keyA })
  const contact = (list.body.data as { id: string; userId: string }[]).find((c) => c.userId === userId)
  if (!contact) throw new Error(`seeded contact ${userId} is not listed`)
  return { contact: contact.id, userId }
}
