/**
 * The management routes over HTTP: attribute classes, action classes, contact attribute keys, people and
 * contacts, list pages (webhooks; surveys ending a page early by bytes), which webhook URLs are refused, the
 * spec's Errors table, on the test bed's database.
 */
import { createCanvass } from '@canvass/core'
import {
  NOT_AUTHENTICATED,
  TEST_ORIGIN,
  UNAUTHORIZED,
  assertSuccessOrContractError,
  badRequest,
  callOn,
  createResponse,
  createSurvey,
  defaultBackend,
  errorOf,
  notFoundBody,
  question,
  suitesWithBed,
} from '@canvass/test-bed'
import type { ApiResult, TestCanvass } from '@canvass/test-bed'
import * as assert from 'uvu/assert'

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/
const MALFORMED_ID = '%E0%A4%A'
const DUPLICATE_NAME = 'Unique constraint failed on the fields: (`name`,`environmentId`)'
const DUPLICATE_KEY = 'Unique constraint failed on the fields: (`key`,`environmentId`)'
/** Asserts `item`'s fields as `want` says, its generated `id`, `createdAt` and `updatedAt` whatever they are. */
const assertCreated = (item: Record<string, unknown>, want: Record<string, unknown>) =>
  assert.equal({ ...item, id: 'x', createdAt: 'x', updatedAt: 'x' }, { id: 'x', createdAt: 'x', updatedAt: 'x', ...want })
/** This change's routes, from the route table. */
const routesOf = (x: TestCanvass) =>
  x.canvass.routes.filter((route) =>
    /\/management\/(attribute-classes|action-classes|contact-attribute-keys|people|contacts|contact-attributes)\b/.test(route.path),
  )
/** Core's `PAGE_BYTES`: a list page ends early, with a `Link`, before its items pass 8 MiB of JSON. */
const PAGE_BYTES = 8 * 1024 * 1024
/** Literal hosts a webhook may not target unless the operator allows it (docs/design.md, "Events and webhooks"); never contacted here. */
const PRIVATE_WEBHOOK_URLS = [
  'http://127.0.0.1/x',
  'http://10.0.0.1/x',
  'http://[::1]/x',
  'http://169.254.169.254/',
  // Names that are loopback by definition (RFC 6761) or in every system's hosts file.
  'http://localhost/x',
  'http://hooks.localhost./x',
  'http://LocalHost.LocalDomain/x',
  'http://localhost../x',
  'http://ip6-localhost/x',
]
const ids = (res: ApiResult) => res.body.data.map((item: { id: string }) => item.id) as string[]

/** Follows `Link` from `path` with `limit=2`, checking each page; returns the ids in order. */
async function walk(x: TestCanvass, key: string, path: string): Promise<string[]> {
  const seen: string[] = []
  let next: string | undefined = `${path}${path.includes('?') ? '&' : '?'}limit=2`
  while (next) {
    const page = await x.call('GET', next, { key })
    assert.is(page.status, 200, next)
    assert.ok(page.body.data.length <= 2)
    seen.push(...ids(page))
    const link = /^<([^>]+)>; rel="next"$/.exec(page.headers.get('link') ?? '')?.[1]
    if (link) assert.match(link, /[?&]cursor=/)
    // Absolute when the server knows its public URL or trusts the Host, else a path (docs/design.md, "Lists").
    next = link?.startsWith(TEST_ORIGIN) ? link.slice(TEST_ORIGIN.length) : link
  }
  return seen
}

/** A list route pages with `limit`, `skip` and the `Link` cursor like every list (docs/design.md, "Lists"). */
async function checkPaging(x: TestCanvass, key: string, path: string, atLeast: number): Promise<void> {
  const all = await x.call('GET', `${path}?limit=1000`, { key })
  assert.is(all.status, 200)
  assert.ok(all.body.data.length >= atLeast, `${path} lists at least ${atLeast}`)
  assert.is(all.headers.get('link'), null, 'no Link on the last page')
  const times = all.body.data.map((item: { createdAt: string }) => item.createdAt)
  assert.equal(times, [...times].sort().reverse(), 'newest first')
  assert.equal(await walk(x, key, path), ids(all), `${path}: the Link pages walk the whole list`)
  const skipped = await x.call('GET', `${path}?limit=2&skip=1`, { key })
  assert.equal(ids(skipped), ids(all).slice(1, 3))
  assert.equal(
    errorOf(await x.call('GET', `${path}?cursor=bad!`, { key })),
    badRequest('Fields are missing or incorrectly formatted', { cursor: 'Invalid cursor' }),
  )
  assert.is((await x.call('GET', `${path}?limit=0`, { key })).status, 400)
  assert.is((await x.call('GET', `${path}?limit=1001`, { key })).status, 400)
}

/** Sends `count` identical creates at once: exactly one succeeds, the rest are 400 with `message`, none 500. */
async function raceCreates(x: TestCanvass, path: string, body: unknown, message: string, count = 8): Promise<void> {
  const results = await Promise.all(Array.from({ length: count }, () => x.call('POST', path, { key: x.keyA, body })))
  assert.is(results.filter((res) => res.status === 200).length, 1, 'exactly one create wins')
  for (const res of results.filter((res) => res.status !== 200)) assert.equal(errorOf(res), badRequest(message))
}

for (const label of [defaultBackend()]) {
  // Webhooks here point at https://example.com, a real host: the bed writes deliveries, and its dispatcher
  // sends them only when a test asks (none here does).
  const beds = suitesWithBed()
  const b = beds.bed

  const attributeClasses = beds.suite(`${label}: attribute classes`)
  attributeClasses('list includes the automatic email, userId and language', async () => {
    const x = await b()
    const res = await x.call('GET', '/api/v1/management/attribute-classes', { key: x.keyA })
    assert.is(res.status, 200)
    const automatic = res.body.data.filter((item: { type: string }) => item.type === 'automatic')
    assert.equal(automatic.map((item: { name: string }) => item.name).sort(), ['email', 'language', 'userId'])
    for (const item of automatic) {
      assert.equal(Object.keys(item), ['id', 'createdAt', 'updatedAt', 'name', 'description', 'type', 'archived', 'environmentId'])
      assert.is(item.environmentId, x.envA)
      assert.is(item.archived, false)
      assert.match(item.createdAt, ISO)
    }
  })
  attributeClasses('create, get, update and delete', async () => {
    const x = await b()
    const created = await x.call('POST', '/api/v1/management/attribute-classes', {
      key: x.keyA,
      body: { environmentId: x.envA, name: 'plan', type: 'code' },
    })
    assert.is(created.status, 200)
    const ac = created.body.data
    assertCreated(ac, {
      name: 'plan',
      description: null,
      type: 'code',
      archived: false,
      environmentId: x.envA,
    })
    assert.match(ac.createdAt, ISO)
    const got = await x.call('GET', `/api/v1/management/attribute-classes/${ac.id}`, { key: x.keyA })
    assert.equal(got.body.data, ac)
    const updated = await x.call('PUT', `/api/v1/management/attribute-classes/${ac.id}`, {
      key: x.keyA,
      body: { name: 'plan-2', description: 'The plan', archived: true },
    })
    assert.is(updated.status, 200)
    assert.equal(
      { ...updated.body.data, updatedAt: 'x' },
      { ...ac, name: 'plan-2', description: 'The plan', archived: true, updatedAt: 'x' },
    )
    const partial = await x.call('PUT', `/api/v1/management/attribute-classes/${ac.id}`, { key: x.keyA, body: { archived: false } })
    assert.is(partial.body.data.name, 'plan-2', 'omitted fields stay')
    assert.is(partial.body.data.archived, false)
    const deleted = await x.call('DELETE', `/api/v1/management/attribute-classes/${ac.id}`, { key: x.keyA })
    assert.equal(deleted.body.data, partial.body.data, 'delete returns the deleted record')
    const gone = await x.call('GET', `/api/v1/management/attribute-classes/${ac.id}`, { key: x.keyA })
    assert.equal(errorOf(gone), { status: 404, body: notFoundBody('Attribute Class', ac.id) })
  })
  attributeClasses('duplicate names are a 400 naming the unique constraint, also on rename and under concurrent creates', async () => {
    const x = await b()
    const body = { environmentId: x.envA, name: 'dup-ac', type: 'code' }
    assert.is((await x.call('POST', '/api/v1/management/attribute-classes', { key: x.keyA, body })).status, 200)
    const again = await x.call('POST', '/api/v1/management/attribute-classes', { key: x.keyA, body })
    assert.equal(errorOf(again), badRequest(DUPLICATE_NAME))
    const automatic = await x.call('POST', '/api/v1/management/attribute-classes', { key: x.keyA, body: { ...body, name: 'email' } })
    assert.equal(errorOf(automatic), badRequest(DUPLICATE_NAME))
    const other = await x.call('POST', '/api/v1/management/attribute-classes', { key: x.keyA, body: { ...body, name: 'dup-ac-2' } })
    const rename = await x.call('PUT', `/api/v1/management/attribute-classes/${other.body.data.id}`, {
      key: x.keyA,
      body: { name: 'dup-ac' },
    })
    assert.equal(errorOf(rename), badRequest(DUPLICATE_NAME))
    const inB = await x.call('POST', '/api/v1/management/attribute-classes', { key: x.keyB, body: { ...body, environmentId: x.envB } })
    assert.is(inB.status, 200, 'names are unique per environment')
    await raceCreates(x, '/api/v1/management/attribute-classes', { ...body, name: 'raced-ac' }, DUPLICATE_NAME)
  })
  attributeClasses('automatic classes cannot be deleted; unknown and malformed ids are 404; bad input is 400', async () => {
    const x = await b()
    const list = await x.call('GET', '/api/v1/management/attribute-classes', { key: x.keyA })
    const email = list.body.data.find((item: { name: string }) => item.name === 'email')
    const refused = await x.call('DELETE', `/api/v1/management/attribute-classes/${email.id}`, { key: x.keyA })
    assert.equal(errorOf(refused), badRequest('Automatic Attribute Classes cannot be deleted'))
    assert.is((await x.call('GET', `/api/v1/management/attribute-classes/${email.id}`, { key: x.keyA })).status, 200)
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const res = await x.call(method, '/api/v1/management/attribute-classes/nope', {
        key: x.keyA,
        body: method === 'PUT' ? {} : undefined,
      })
      assert.equal(errorOf(res), { status: 404, body: notFoundBody('Attribute Class', 'nope') }, method)
      const malformed = await x.call(method, `/api/v1/management/attribute-classes/${MALFORMED_ID}`, {
        key: x.keyA,
        body: method === 'PUT' ? {} : undefined,
      })
      assert.is(malformed.status, 404, `${method} malformed`)
    }
    const wrongEnv = await x.call('POST', '/api/v1/management/attribute-classes', {
      key: x.keyA,
      body: { environmentId: x.envB, name: 'x', type: 'code' },
    })
    assert.equal(errorOf(wrongEnv), { status: 401, body: UNAUTHORIZED })
    const missing = await x.call('POST', '/api/v1/management/attribute-classes', {
      key: x.keyA,
      body: { environmentId: x.envA, type: 'code' },
    })
    assert.is(missing.status, 400)
    assert.equal(Object.keys(missing.body.details), ['name'])
    const automaticType = await x.call('POST', '/api/v1/management/attribute-classes', {
      key: x.keyA,
      body: { name: 'sys', type: 'automatic' },
    })
    assert.equal(Object.keys(automaticType.body.details), ['type'])
    for (const name of ['', 'x'.repeat(256), 'a\u0000b', '\uD800']) {
      const res = await x.call('POST', '/api/v1/management/attribute-classes', { key: x.keyA, body: { name, type: 'code' } })
      assert.is(res.status, 400, JSON.stringify(name))
      assert.is(res.body.message, 'Fields are missing or incorrectly formatted')
    }
    const long = await x.call('PUT', `/api/v1/management/attribute-classes/${email.id}`, {
      key: x.keyA,
      body: { description: 'x'.repeat(10_001) },
    })
    assert.equal(Object.keys(long.body.details), ['description'])
    assert.equal(errorOf(await x.call('GET', '/api/v1/management/attribute-classes', { key: `cvs_${'Q'.repeat(43)}` })), {
      status: 401,
      body: NOT_AUTHENTICATED,
    })
  })
  attributeClasses('list pages with limit, skip and Link', async () => {
    const x = await b()
    for (let i = 0; i < 3; i++)
      await x.call('POST', '/api/v1/management/attribute-classes', { key: x.keyA, body: { name: `page-${i}`, type: 'code' } })
    await checkPaging(x, x.keyA, '/api/v1/management/attribute-classes', 6)
  })

  const actionClasses = beds.suite(`${label}: action classes`)
  actionClasses('list includes the automatic New Session', async () => {
    const x = await b()
    const res = await x.call('GET', '/api/v1/management/action-classes', { key: x.keyA })
    const automatic = res.body.data.filter((item: { type: string }) => item.type === 'automatic')
    assert.equal(
      automatic.map((item: { name: string }) => item.name),
      ['New Session'],
    )
    assert.equal(Object.keys(automatic[0]), [
      'id',
      'createdAt',
      'updatedAt',
      'name',
      'description',
      'type',
      'key',
      'noCodeConfig',
      'environmentId',
    ])
  })
  actionClasses('code and noCode classes: create, get, update and delete', async () => {
    const x = await b()
    const code = await x.call('POST', '/api/v1/management/action-classes', {
      key: x.keyA,
      body: { environmentId: x.envA, name: 'Signed up', type: 'code', key: 'signed-up', description: 'After sign-up' },
    })
    assert.is(code.status, 200)
    assertCreated(code.body.data, {
      name: 'Signed up',
      description: 'After sign-up',
      type: 'code',
      key: 'signed-up',
      noCodeConfig: null,
      environmentId: x.envA,
    })
    const noCodeConfig = { type: 'click', urlFilters: [{ value: '/pricing', rule: 'contains' }], elementSelector: { cssSelector: '#buy' } }
    const noCode = await x.call('POST', '/api/v1/management/action-classes', {
      key: x.keyA,
      body: { name: 'Clicked buy', type: 'noCode', noCodeConfig },
    })
    assert.is(noCode.status, 200)
    assert.equal(noCode.body.data.noCodeConfig, noCodeConfig)
    assert.is(noCode.body.data.key, null)
    for (const type of ['pageView', 'exitIntent', 'fiftyPercentScroll']) {
      const res = await x.call('POST', '/api/v1/management/action-classes', {
        key: x.keyA,
        body: { name: `On ${type}`, type: 'noCode', noCodeConfig: { type, urlFilters: [] } },
      })
      assert.is(res.status, 200, type)
    }
    const got = await x.call('GET', `/api/v1/management/action-classes/${code.body.data.id}`, { key: x.keyA })
    assert.equal(got.body.data, code.body.data)
    const renamed = await x.call('PUT', `/api/v1/management/action-classes/${code.body.data.id}`, {
      key: x.keyA,
      body: { name: 'Registered' },
    })
    assert.equal({ ...renamed.body.data, updatedAt: 'x' }, { ...code.body.data, name: 'Registered', updatedAt: 'x' })
    const switched = await x.call('PUT', `/api/v1/management/action-classes/${code.body.data.id}`, {
      key: x.keyA,
      body: { type: 'noCode', noCodeConfig: { type: 'pageView', urlFilters: [{ value: '/', rule: 'exactMatch' }] } },
    })
    assert.is(switched.status, 200)
    assert.is(switched.body.data.key, null, 'a noCode class has no key')
    const needsKey = await x.call('PUT', `/api/v1/management/action-classes/${code.body.data.id}`, { key: x.keyA, body: { type: 'code' } })
    assert.equal(Object.keys(needsKey.body.details), ['key'])
    const deleted = await x.call('DELETE', `/api/v1/management/action-classes/${code.body.data.id}`, { key: x.keyA })
    assert.equal(deleted.body.data, switched.body.data)
    assert.equal(errorOf(await x.call('DELETE', `/api/v1/management/action-classes/${code.body.data.id}`, { key: x.keyA })), {
      status: 404,
      body: notFoundBody('Action Class', code.body.data.id),
    })
  })
  actionClasses("validation: code needs key, noCode needs a known noCodeConfig, automatic is the system's", async () => {
    const x = await b()
    const post = (body: unknown) => x.call('POST', '/api/v1/management/action-classes', { key: x.keyA, body })
    assert.equal(Object.keys((await post({ name: 'a', type: 'code' })).body.details), ['key'])
    assert.equal(Object.keys((await post({ name: 'a', type: 'noCode' })).body.details), ['noCodeConfig'])
    assert.equal(Object.keys((await post({ name: 'a', type: 'noCode', noCodeConfig: { type: 'hover', urlFilters: [] } })).body.details), [
      'noCodeConfig.type',
    ])
    assert.equal(Object.keys((await post({ name: 'a', type: 'noCode', noCodeConfig: { type: 'click', urlFilters: [] } })).body.details), [
      'noCodeConfig.elementSelector',
    ])
    assert.equal(
      Object.keys(
        (await post({ name: 'a', type: 'noCode', noCodeConfig: { type: 'pageView', urlFilters: [{ value: '/', rule: 'like' }] } })).body
          .details,
      ),
      ['noCodeConfig.urlFilters.0.rule'],
    )
    assert.equal(Object.keys((await post({ name: 'a', type: 'automatic' })).body.details), ['type'])
    assert.equal(errorOf(await post({ environmentId: x.envB, name: 'a', type: 'code', key: 'a' })), { status: 401, body: UNAUTHORIZED })
  })
  actionClasses('unique name and key per environment, also under concurrent creates; automatic classes stay', async () => {
    const x = await b()
    const post = (body: unknown, key = x.keyA) => x.call('POST', '/api/v1/management/action-classes', { key, body })
    assert.is((await post({ name: 'Dup', type: 'code', key: 'dup' })).status, 200)
    assert.equal(errorOf(await post({ name: 'Dup', type: 'code', key: 'other' })), badRequest(DUPLICATE_NAME))
    assert.equal(errorOf(await post({ name: 'Other', type: 'code', key: 'dup' })), badRequest(DUPLICATE_KEY))
    assert.equal(errorOf(await post({ name: 'New Session', type: 'code', key: 'ns' })), badRequest(DUPLICATE_NAME))
    assert.is((await post({ name: 'Dup', type: 'code', key: 'dup' }, x.keyB)).status, 200, 'per environment')
    await raceCreates(x, '/api/v1/management/action-classes', { name: 'Raced', type: 'code', key: 'raced' }, DUPLICATE_NAME)
    const list = await x.call('GET', '/api/v1/management/action-classes?limit=1000', { key: x.keyA })
    const session = list.body.data.find((item: { name: string }) => item.name === 'New Session')
    assert.equal(
      errorOf(await x.call('DELETE', `/api/v1/management/action-classes/${session.id}`, { key: x.keyA })),
      badRequest('Automatic action classes cannot be deleted'),
    )
    assert.equal(
      errorOf(await x.call('PUT', `/api/v1/management/action-classes/${session.id}`, { key: x.keyA, body: { name: 'x' } })),
      badRequest('Automatic action classes cannot be updated'),
    )
    assert.equal(errorOf(await x.call('GET', `/api/v1/management/action-classes/${MALFORMED_ID}`, { key: x.keyA })).status, 404)
  })
  actionClasses('update: an unknown id is a 404; renaming to a taken name or key is a 400 naming the constraint', async () => {
    const x = await b()
    const post = (body: unknown) => x.call('POST', '/api/v1/management/action-classes', { key: x.keyA, body })
    assert.is((await post({ name: 'Taken', type: 'code', key: 'taken' })).status, 200)
    const mine = (await post({ name: 'Mine', type: 'code', key: 'mine' })).body.data
    const put = (body: unknown, id = mine.id) => x.call('PUT', `/api/v1/management/action-classes/${id}`, { key: x.keyA, body })
    assert.equal(errorOf(await put({ name: 'Taken' })), badRequest(DUPLICATE_NAME))
    assert.equal(errorOf(await put({ name: 'New Session' })), badRequest(DUPLICATE_NAME), 'the automatic class keeps its name')
    assert.equal(errorOf(await put({ key: 'taken' })), badRequest(DUPLICATE_KEY))
    assert.equal(
      (await x.call('GET', `/api/v1/management/action-classes/${mine.id}`, { key: x.keyA })).body.data,
      mine,
      'a refused update changes nothing',
    )
    assert.equal(errorOf(await put({ name: 'x' }, 'unknown-id-2')), { status: 404, body: notFoundBody('Action Class', 'unknown-id-2') })
    assert.equal(errorOf(await put({ name: 'x' }, MALFORMED_ID)).status, 404)
  })
  actionClasses("concurrent updates of different fields keep each other's changes", async () => {
    const x = await b()
    const created = await x.call('POST', '/api/v1/management/action-classes', {
      key: x.keyA,
      body: { name: 'Concurrent', type: 'code', key: 'concurrent' },
    })
    const path = `/api/v1/management/action-classes/${created.body.data.id}`
    const results = await Promise.all([
      x.call('PUT', path, { key: x.keyA, body: { name: 'Concurrent renamed' } }),
      x.call('PUT', path, { key: x.keyA, body: { description: 'described' } }),
      x.call('PUT', path, { key: x.keyA, body: { key: 'concurrent-2' } }),
    ])
    assert.equal(
      results.map((res) => res.status),
      [200, 200, 200],
    )
    const final = (await x.call('GET', path, { key: x.keyA })).body.data
    assert.equal([final.name, final.description, final.key], ['Concurrent renamed', 'described', 'concurrent-2'])
  })
  actionClasses('list pages with limit, skip and Link', async () => {
    const x = await b()
    for (let i = 0; i < 3; i++)
      await x.call('POST', '/api/v1/management/action-classes', {
        key: x.keyA,
        body: { name: `page-${i}`, type: 'code', key: `page-${i}` },
      })
    await checkPaging(x, x.keyA, '/api/v1/management/action-classes', 4)
  })

  const attributeKeys = beds.suite(`${label}: contact attribute keys`)
  attributeKeys('list includes the defaults userId and email (unique), firstName and lastName', async () => {
    const x = await b()
    const res = await x.call('GET', '/api/v1/management/contact-attribute-keys?limit=1000', { key: x.keyA })
    const defaults = res.body.data
      .filter((item: { type: string }) => item.type === 'default')
      .map(({ key, name, description, isUnique, environmentId }: Record<string, unknown>) => ({
        key,
        name,
        description,
        isUnique,
        environmentId,
      }))
      .sort((a: { key: string }, b: { key: string }) => a.key.localeCompare(b.key))
    assert.equal(defaults, [
      { key: 'email', name: 'Email', description: '', isUnique: true, environmentId: x.envA },
      { key: 'firstName', name: 'First Name', description: '', isUnique: false, environmentId: x.envA },
      { key: 'lastName', name: 'Last Name', description: '', isUnique: false, environmentId: x.envA },
      { key: 'userId', name: 'User Id', description: '', isUnique: true, environmentId: x.envA },
    ])
  })
  attributeKeys('create, get, update, delete; duplicates and defaults refused', async () => {
    const x = await b()
    const created = await x.call('POST', '/api/v1/management/contact-attribute-keys', {
      key: x.keyA,
      body: { environmentId: x.envA, key: 'plan', description: 'The plan' },
    })
    assert.is(created.status, 200)
    const k = created.body.data
    assertCreated(k, {
      key: 'plan',
      name: 'plan',
      description: 'The plan',
      type: 'custom',
      isUnique: false,
      environmentId: x.envA,
    })
    assert.equal((await x.call('GET', `/api/v1/management/contact-attribute-keys/${k.id}`, { key: x.keyA })).body.data, k)
    const updated = await x.call('PUT', `/api/v1/management/contact-attribute-keys/${k.id}`, {
      key: x.keyA,
      body: { name: 'Plan', key: 'ignored' },
    })
    assert.equal({ ...updated.body.data, updatedAt: 'x' }, { ...k, name: 'Plan', updatedAt: 'x' })
    assert.equal(
      errorOf(await x.call('POST', '/api/v1/management/contact-attribute-keys', { key: x.keyA, body: { key: 'plan' } })),
      badRequest(DUPLICATE_KEY),
    )
    assert.equal(
      errorOf(await x.call('POST', '/api/v1/management/contact-attribute-keys', { key: x.keyA, body: { key: 'email' } })),
      badRequest(DUPLICATE_KEY),
    )
    await raceCreates(x, '/api/v1/management/contact-attribute-keys', { key: 'raced' }, DUPLICATE_KEY)
    const deleted = await x.call('DELETE', `/api/v1/management/contact-attribute-keys/${k.id}`, { key: x.keyA })
    assert.equal(deleted.body.data, updated.body.data)
    assert.equal(errorOf(await x.call('GET', `/api/v1/management/contact-attribute-keys/${k.id}`, { key: x.keyA })), {
      status: 404,
      body: notFoundBody('Contact Attribute Key', k.id),
    })
    const list = await x.call('GET', '/api/v1/management/contact-attribute-keys?limit=1000', { key: x.keyA })
    const email = list.body.data.find((item: { key: string }) => item.key === 'email')
    assert.equal(
      errorOf(await x.call('DELETE', `/api/v1/management/contact-attribute-keys/${email.id}`, { key: x.keyA })),
      badRequest('Default contact attribute keys cannot be deleted'),
    )
    assert.equal(
      errorOf(
        await x.call('POST', '/api/v1/management/contact-attribute-keys', { key: x.keyA, body: { key: 'x', environmentId: x.envB } }),
      ),
      { status: 401, body: UNAUTHORIZED },
    )
    assert.equal(
      Object.keys(
        (await x.call('POST', '/api/v1/management/contact-attribute-keys', { key: x.keyA, body: { key: 'x', type: 'default' } })).body
          .details,
      ),
      ['type'],
    )
  })
  attributeKeys('update: an unknown id is a 404; an invalid body is a 400 naming the field and changes nothing', async () => {
    const x = await b()
    const created = (await x.call('POST', '/api/v1/management/contact-attribute-keys', { key: x.keyA, body: { key: 'put-checked' } })).body
      .data
    const put = (body: unknown, id = created.id) => x.call('PUT', `/api/v1/management/contact-attribute-keys/${id}`, { key: x.keyA, body })
    assert.equal(errorOf(await put({ name: 'x' }, 'unknown-id-3')), {
      status: 404,
      body: notFoundBody('Contact Attribute Key', 'unknown-id-3'),
    })
    assert.equal(errorOf(await put({ name: 'x' }, MALFORMED_ID)).status, 404)
    const invalid = badRequest.bind(null, 'Fields are missing or incorrectly formatted')
    assert.equal(errorOf(await put({ name: '' })), invalid({ name: 'Must not be empty' }))
    assert.equal(errorOf(await put({ name: 'x'.repeat(256) })), invalid({ name: 'Must be at most 255 characters' }))
    assert.equal(errorOf(await put({ description: 'a\u0000b' })), invalid({ description: 'Text must not contain the character U+0000' }))
    assert.equal(errorOf(await put({ name: 5, description: 'x'.repeat(10_001) })).body.details, {
      name: 'Invalid type: Expected string but received 5',
      description: 'Must be at most 10000 characters',
    })
    for (const body of [null, [], 'text']) assert.is((await put(body)).status, 400, JSON.stringify(body))
    assert.equal((await x.call('GET', `/api/v1/management/contact-attribute-keys/${created.id}`, { key: x.keyA })).body.data, created)
  })
  attributeKeys('list pages with limit, skip and Link', async () => {
    const x = await b()
    await checkPaging(x, x.keyA, '/api/v1/management/contact-attribute-keys', 4)
  })

  const people = beds.suite(`${label}: people and contacts`)
  people('people and contacts list, get and delete the same contacts; responses keep their data with person null', async () => {
    const x = await b()
    const survey = await createSurvey(x)
    const responseId = await createResponse(x, survey.id, { userId: 'person-1', data: { q1: 'kept' } })
    await createResponse(x, survey.id, { userId: 'person-2' })
    const before = await x.call('GET', `/api/v1/management/responses/${responseId}`, { key: x.keyA })
    const person = before.body.data.person
    assert.is(person.userId, 'person-1')
    for (const path of ['people', 'contacts']) {
      const list = await x.call('GET', `/api/v1/management/${path}?limit=1000`, { key: x.keyA })
      const found = list.body.data.find((item: { id: string }) => item.id === person.id)
      assert.equal(found, person, `${path} shows the person as responses do`)
      assert.equal((await x.call('GET', `/api/v1/management/${path}/${person.id}`, { key: x.keyA })).body.data, person)
    }
    const deleted = await x.call('DELETE', `/api/v1/management/people/${person.id}`, { key: x.keyA })
    assert.equal(deleted.body, { data: { success: 'Person deleted successfully' } })
    assert.equal(errorOf(await x.call('GET', `/api/v1/management/people/${person.id}`, { key: x.keyA })), {
      status: 404,
      body: notFoundBody('Person', person.id),
    })
    assert.equal(errorOf(await x.call('GET', `/api/v1/management/contacts/${person.id}`, { key: x.keyA })), {
      status: 404,
      body: notFoundBody('Contact', person.id),
    })
    assert.equal(errorOf(await x.call('DELETE', `/api/v1/management/people/${person.id}`, { key: x.keyA })), {
      status: 404,
      body: notFoundBody('Person', person.id),
    })
    const after = await x.call('GET', `/api/v1/management/responses/${responseId}`, { key: x.keyA })
    assert.is(after.status, 200)
    assert.is(after.body.data.person, null)
    assert.equal(after.body.data.data, { q1: 'kept' })
    const other = (await x.call('GET', '/api/v1/management/contacts?limit=1000', { key: x.keyA })).body.data.find(
      (item: { userId: string }) => item.userId === 'person-2',
    )
    const viaContacts = await x.call('DELETE', `/api/v1/management/contacts/${other.id}`, { key: x.keyA })
    assert.equal(viaContacts.body, { data: { success: 'Contact deleted successfully' } })
    assert.equal(errorOf(await x.call('DELETE', `/api/v1/management/contacts/${MALFORMED_ID}`, { key: x.keyA })).status, 404)
  })
  people('people, contacts and contact-attributes lists page with limit, skip and Link', async () => {
    const x = await b()
    const survey = await createSurvey(x)
    for (let i = 0; i < 3; i++) await createResponse(x, survey.id, { userId: `paged-${i}` })
    await checkPaging(x, x.keyA, '/api/v1/management/people', 3)
    await checkPaging(x, x.keyA, '/api/v1/management/contacts', 3)
    const set = await x.call('PUT', `/api/v1/client/${x.envA}/contacts/paged-0/attributes`, {
      body: { attributes: { plan: 'pro', email: 'p0@example.com' } },
    })
    assert.is(set.status, 200, set.text)
    const values = await x.call('GET', '/api/v1/management/contact-attributes?limit=1000', { key: x.keyA })
    assert.is(values.status, 200)
    assert.ok(values.body.data.some((item: { key: string; value: string }) => item.key === 'plan' && item.value === 'pro'))
    assert.ok(values.body.data.some((item: { key: string; value: string }) => item.key === 'email' && item.value === 'p0@example.com'))
    await checkPaging(x, x.keyA, '/api/v1/management/contact-attributes', 2)
  })

  const lists = beds.suite(`${label}: list pages`)
  lists('webhooks page with limit, skip and Link', async () => {
    const x = await b()
    for (let i = 0; i < 3; i++) {
      const res = await x.call('POST', '/api/v1/webhooks', {
        key: x.keyA,
        body: { url: `https://example.com/page-${i}`, triggers: ['responseFinished'] },
      })
      assert.is(res.status, 200, res.text)
    }
    await checkPaging(x, x.keyA, '/api/v1/webhooks', 3)
  })
  lists('a page of large surveys ends early by bytes with a Link, and the Links lead to each survey once', async () => {
    const x = await b()
    // About 800 KB each: twelve of them pass 8 MiB, so one page of `limit=100` cannot hold them all.
    const questions = Array.from({ length: 80 }, (_, i) => ({ ...question(`q${i}`), headline: { default: 'x'.repeat(10_000) } }))
    const created = new Set<string>()
    for (let i = 0; i < 12; i++) {
      created.add((await createSurvey(x, { name: `Large ${i}`, questions }, 'B')).id)
    }
    const seen: string[] = []
    const times: string[] = []
    let pages = 0
    let next: string | undefined = '/api/v1/management/surveys?limit=100'
    while (next) {
      const page: ApiResult = await x.call('GET', next, { key: x.keyB })
      assert.is(page.status, 200, next)
      assert.ok(Buffer.byteLength(page.text) <= PAGE_BYTES + 1024, `page ${pages}: ${Buffer.byteLength(page.text)} bytes`)
      if (pages === 0) {
        assert.ok(page.body.data.length < 12, `the first page ends early: ${page.body.data.length} surveys`)
        assert.ok(page.headers.get('link'), 'with a Link to the rest')
      }
      seen.push(...ids(page))
      times.push(...page.body.data.map((item: { createdAt: string }) => item.createdAt))
      const link = /^<([^>]+)>; rel="next"$/.exec(page.headers.get('link') ?? '')?.[1]
      next = link?.startsWith(TEST_ORIGIN) ? link.slice(TEST_ORIGIN.length) : link
      pages++
    }
    assert.ok(pages >= 2, `${pages} pages`)
    assert.is(new Set(seen).size, seen.length, 'no survey twice')
    assert.equal(seen.filter((id) => created.has(id)).length, 12, 'every large survey once')
    assert.equal(times, [...times].sort().reverse(), 'newest first across pages')
    for (const id of created) assert.is((await x.call('DELETE', `/api/v1/management/surveys/${id}`, { key: x.keyB })).status, 200)
  })

  const webhookUrls = beds.suite(`${label}: webhook URLs`)
  webhookUrls(
    'literal private, loopback and link-local hosts and loopback names are a 400 without CANVASS_ALLOW_PRIVATE_WEBHOOK_URLS',
    async () => {
      const x = await b()
      const before = ids(await x.call('GET', '/api/v1/webhooks?limit=1000', { key: x.keyA }))
      for (const url of PRIVATE_WEBHOOK_URLS) {
        const res = await x.call('POST', '/api/v1/webhooks', { key: x.keyA, body: { url, triggers: ['responseCreated'] } })
        const message = String(res.body?.details?.url ?? '')
        assert.equal(errorOf(res), badRequest('Fields are missing or incorrectly formatted', { url: message }), url)
        // Issue 69, item 11: the refusal names what allows a receiver on the developer's own machine.
        assert.ok(message.startsWith('Must not point to a private, loopback or link-local address ('), message)
        assert.ok(message.includes('webhooks: { allowPrivateAddresses: true }'), message)
        assert.not.match(message, /…$/, 'whole')
        assert.ok(message.includes('CANVASS_ALLOW_PRIVATE_WEBHOOK_URLS=1'), message)
      }
      assert.equal(ids(await x.call('GET', '/api/v1/webhooks?limit=1000', { key: x.keyA })), before, 'nothing was stored')
    },
  )
  webhookUrls('the same hosts are accepted with CANVASS_ALLOW_PRIVATE_WEBHOOK_URLS=1', async () => {
    const x = await b()
    // Same database and keys, another Canvass that allows them (`CANVASS_ALLOW_PRIVATE_WEBHOOK_URLS=1` is this
    // option); nothing sends deliveries, and each webhook is deleted at once.
    const allowing = createCanvass({ storage: x.storage, webhooks: { allowPrivateAddresses: true } })
    const call = callOn(allowing.fetch)
    for (const url of PRIVATE_WEBHOOK_URLS) {
      const res = await call('POST', '/api/v1/webhooks', { key: x.keyA, body: { url, triggers: ['responseCreated'] } })
      assert.is(res.status, 200, `${url}: ${res.text}`)
      assert.is(res.body.data.url, url)
      assert.is((await call('DELETE', `/api/v1/webhooks/${res.body.data.id}`, { key: x.keyA })).status, 200)
    }
  })

  const errors = beds.suite(`${label}: the spec's Errors table`)
  errors('bad_request: updating a survey that does not exist', async () => {
    const x = await b()
    const res = await x.call('PUT', '/api/v1/management/surveys/no-such-survey', { key: x.keyA, body: { name: 'x' } })
    assert.equal(errorOf(res), badRequest('Survey with ID no-such-survey not found'))
  })
  errors('bad_request: a duplicate attribute class name; deleting automatic attribute and action classes', async () => {
    const x = await b()
    const body = { environmentId: x.envA, name: 'errors-table', type: 'code' }
    await x.call('POST', '/api/v1/management/attribute-classes', { key: x.keyA, body })
    assert.equal(errorOf(await x.call('POST', '/api/v1/management/attribute-classes', { key: x.keyA, body })), badRequest(DUPLICATE_NAME))
    const attribute = (await x.call('GET', '/api/v1/management/attribute-classes?limit=1000', { key: x.keyA })).body.data.find(
      (item: { type: string }) => item.type === 'automatic',
    )
    assert.equal(
      errorOf(await x.call('DELETE', `/api/v1/management/attribute-classes/${attribute.id}`, { key: x.keyA })),
      badRequest('Automatic Attribute Classes cannot be deleted'),
    )
    const action = (await x.call('GET', '/api/v1/management/action-classes?limit=1000', { key: x.keyA })).body.data.find(
      (item: { type: string }) => item.type === 'automatic',
    )
    assert.equal(
      errorOf(await x.call('DELETE', `/api/v1/management/action-classes/${action.id}`, { key: x.keyA })),
      badRequest('Automatic action classes cannot be deleted'),
    )
  })
  errors('not_found: unknown attribute class, action class, response, person and webhook ids', async () => {
    const x = await b()
    const rows: [string, string][] = [
      ['/api/v1/management/attribute-classes', 'Attribute Class'],
      ['/api/v1/management/action-classes', 'Action Class'],
      ['/api/v1/management/responses', 'Response'],
      ['/api/v1/management/people', 'Person'],
      ['/api/v1/management/contact-attribute-keys', 'Contact Attribute Key'],
      ['/api/v1/management/contacts', 'Contact'],
      ['/api/v1/webhooks', 'Webhook'],
    ]
    for (const [path, type] of rows) {
      const res = await x.call('GET', `${path}/unknown-id-1`, { key: x.keyA })
      assert.equal(errorOf(res), { status: 404, body: notFoundBody(type, 'unknown-id-1') }, path)
      const deleted = await x.call('DELETE', `${path}/unknown-id-1`, { key: x.keyA })
      assert.equal(errorOf(deleted), { status: 404, body: notFoundBody(type, 'unknown-id-1') }, `DELETE ${path}`)
    }
  })
  errors('unauthorized: deleting a response of another environment', async () => {
    const x = await b()
    const survey = await createSurvey(x, {}, 'B')
    const responseId = await createResponse(x, survey.id, {}, 'B')
    assert.equal(errorOf(await x.call('DELETE', `/api/v1/management/responses/${responseId}`, { key: x.keyA })), {
      status: 401,
      body: UNAUTHORIZED,
    })
    assert.is((await x.call('GET', `/api/v1/management/responses/${responseId}`, { key: x.keyB })).status, 200, 'it is still there')
  })

  const hostile = beds.suite(`${label}: hostile input on the management routes`)
  hostile('no id, body or query on any of these routes produces a 5xx', async () => {
    const x = await b()
    const routes = routesOf(x)
    assert.ok(routes.length >= 19, `${routes.length} routes`)
    const badIds = ['%00', MALFORMED_ID, '..%2F..%2Fetc', 'x'.repeat(5000), "1' or '1'='1", '%F0%9F%98%80', '%ED%A0%80']
    const bodies: unknown[] = [
      null,
      0,
      'text',
      [],
      {},
      { name: null },
      { name: 5, type: [] },
      { name: 'x'.repeat(100_000) },
      { name: 'n\u0000ul', type: 'code', key: 'k\u0000' },
      { key: '\uD800', description: '\uDFFF' },
      { name: 'a', type: 'noCode', noCodeConfig: { type: 'click', urlFilters: 'all', elementSelector: [] } },
      {
        name: 'a',
        type: 'noCode',
        noCodeConfig: { type: 'pageView', urlFilters: Array.from({ length: 600 }, () => ({ value: '/', rule: 'contains' })) },
      },
      { archived: 'yes', description: { nested: true } },
      { __proto__: { admin: true }, constructor: { prototype: {} } },
      { environmentId: 'x'.repeat(300), name: 'ok', type: 'code', key: 'ok' },
    ]
    for (const route of routes) {
      const paths = route.path.includes(':') ? badIds.map((id) => route.path.replace(/:\w+/, id)) : [route.path]
      for (const path of paths) {
        for (const body of route.method === 'POST' || route.method === 'PUT' ? bodies : [undefined]) {
          const res = await x.call(route.method, path, { key: x.keyA, body })
          assertSuccessOrContractError(res, `${route.method} ${path}`)
        }
      }
      if (route.method === 'GET' && !route.path.includes(':')) {
        for (const query of [
          'limit=-1',
          'limit=1e3',
          'skip=x',
          'cursor=%00',
          `cursor=${'A'.repeat(600)}`,
          'limit=1&limit=2',
          'skip=1&cursor=abc',
        ]) {
          const res = await x.call('GET', `${route.path}?${query}`, { key: x.keyA })
          assert.is(res.status, 400, `${route.path}?${query}`)
        }
      }
    }
  })

  for (const s of [attributeClasses, actionClasses, attributeKeys, people, lists, webhookUrls, errors, hostile]) s.run()
}
