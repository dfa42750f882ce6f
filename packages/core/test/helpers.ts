/**
 * Helpers shared by core's route tests (not a test file: the runner lists `*.test.ts`). What is general to any
 * package's tests lives in `@canvass/test-bed`.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Canvass, FormbricksImportReport } from '@canvass/core'
import { TEST_ORIGIN, assertSuccessOrContractError } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import * as assert from 'uvu/assert'

/** A call made while seeding: answers `data`, and throws on anything but a 200. */
export type SeedCall = (method: string, path: string, body?: unknown, withKey?: boolean) => Promise<any>

/** Calls `canvass` with a JSON body and `key` (unless `withKey` is false) to seed what a test reads. */
export function seedCall(canvass: Canvass, key: string): SeedCall {
  return async (method, path, body, withKey = true) => {
    const answer = await canvass.fetch(
      new Request(TEST_ORIGIN + path, {
        method,
        headers: { 'content-type': 'application/json', ...(withKey ? { 'x-api-key': key } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    )
    const json = (await answer.json()) as { data: any }
    if (answer.status !== 200) throw new Error(`seeding ${method} ${path}: ${answer.status} ${JSON.stringify(json)}`)
    return json.data
  }
}

/** A link survey in progress with one open text question `q1`, and a webhook on `responseCreated` (never sent). */
export async function seedSurveyAndWebhook(call: SeedCall, environmentId: string) {
  const question = { id: 'q1', type: 'openText', headline: { default: 'Why?' }, required: true, inputType: 'text' }
  const survey = await call('POST', '/api/v1/management/surveys', {
    environmentId,
    name: 'Seed',
    type: 'link',
    status: 'inProgress',
    questions: [question],
  })
  const webhook = await call('POST', '/api/v1/webhooks', { url: 'https://example.invalid/hook', triggers: ['responseCreated'] })
  return { survey, webhook }
}

/**
 * One of each resource around a survey that a route names: a segment, a quota of `surveyId`, an attribute class,
 * an action class, a contact attribute key, the people so far, and a public file uploaded through the local
 * storage route (`presign` names it).
 */
export async function seedSurroundings(call: SeedCall, canvass: Canvass, key: string, environmentId: string, surveyId: string) {
  const segment = await call('POST', '/api/v1/management/segments', { environmentId, title: 'Seed', filters: [] })
  const quota = await call('POST', `/api/v1/management/surveys/${surveyId}/quotas`, {
    name: 'Seed quota',
    limit: 10,
    logic: { connector: 'and', conditions: [] },
    action: 'continueSurvey',
  })
  const attributeClass = await call('POST', '/api/v1/management/attribute-classes', { environmentId, name: 'plan', type: 'code' })
  const actionClass = await call('POST', '/api/v1/management/action-classes', { environmentId, name: 'Seed', type: 'code', key: 'seed' })
  const attributeKey = await call('POST', '/api/v1/management/contact-attribute-keys', { environmentId, key: 'seedKey' })
  const people = (await call('GET', '/api/v1/management/people')) as Array<{ id: string }>
  const presign = await call('POST', '/api/v1/management/storage', { fileName: 'seed.txt', fileType: 'text/plain', accessType: 'public' })
  const uploaded = await canvass.fetch(
    new Request(`${TEST_ORIGIN}/api/v1/management/storage/local`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-api-key': key,
        'x-file-type': 'text/plain',
        'x-file-name': encodeURIComponent(presign.updatedFileName),
        'x-signature': presign.signingData.signature,
        'x-timestamp': String(presign.signingData.timestamp),
        'x-uuid': presign.signingData.uuid,
      },
      body: JSON.stringify({ fileBase64String: btoa('seed') }),
    }),
  )
  assert.is(uploaded.status, 200, 'the seed file is uploaded')
  return { segment, quota, attributeClass, actionClass, attributeKey, people, presign }
}

/** Path segments no route may answer with a 5xx: empty, NUL, a broken escape, traversal, long, SQL, an emoji. */
export const HOSTILE_IDS: readonly string[] = ['', '%00', '%E0%A4%A', '..%2F..%2Fetc', 'x'.repeat(5000), "1' or '1'='1", '%F0%9F%98%80']

/** Bodies of the wrong shape for any route (`null`, a number, a string, arrays, an empty object). */
export const HOSTILE_BODIES: readonly unknown[] = [null, 0, 'text', [], [{}], {}, { surveyId: null }]

/** Calls each route with each body (a GET with none), with key A: each answers a success or an error of the documented shape. */
export async function assertEachAnswersContract(
  x: Pick<TestCanvass, 'call' | 'keyA'>,
  routes: [string, string][],
  bodies: readonly unknown[],
) {
  for (const [method, path] of routes) {
    for (const body of method === 'GET' ? [undefined] : bodies) {
      const res = await x.call(method, path, { key: x.keyA, body })
      assertSuccessOrContractError(res, `${method} ${path}`)
    }
  }
}

/** An i18n string with its default language only, as a survey holds headlines and labels. */
export const t = (text: string) => ({ default: text })

/** A matrix question `grid`: rows Speed and Price, columns Bad and Good. */
export const GRID_QUESTION = {
  id: 'grid',
  type: 'matrix',
  headline: t('Rate'),
  required: false,
  rows: [t('Speed'), t('Price')],
  columns: [t('Bad'), t('Good')],
}

/** RFC 4180, as a spreadsheet reads it: rows of cells (quoted fields, doubled quotes, CRLF rows). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (char === '"') quoted = false
      else cell += char
    } else if (char === '"') quoted = true
    else if (char === ',') {
      row.push(cell)
      cell = ''
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      i++
    } else cell += char
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell])
  return rows
}

/**
 * Runs `import formbricks` into environment A from a loopback stand-in for a Formbricks server: each path of
 * `source` answers its items (from `skip` or `offset`), any other path the reference's 404.
 */
export async function importFromStandIn(x: TestCanvass, source: Record<string, unknown[]>): Promise<FormbricksImportReport> {
  const server = createServer((request, answer) => {
    const url = new URL(request.url ?? '/', 'http://stand-in')
    const items = Object.hasOwn(source, url.pathname) ? source[url.pathname] : undefined
    const skip = Number(url.searchParams.get('skip') ?? url.searchParams.get('offset') ?? 0)
    answer.writeHead(items ? 200 : 404, { 'content-type': 'application/json' })
    answer.end(JSON.stringify(items ? { data: items.slice(skip) } : { code: 'not_found', message: 'Not found', details: {} }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  try {
    return await x.canvass.admin.importFormbricks({
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      apiKey: 'fbk_source',
      environmentId: x.envA,
      sleep: async () => {},
    })
  } finally {
    await new Promise((resolve) => server.close(resolve))
  }
}

/** A segment as a Formbricks source lists it: "Pro", the contacts whose `plan` attribute equals `pro`. */
export const sourceProSegment = () => ({
  id: 'clsegment000000000000000',
  title: 'Pro',
  description: null,
  isPrivate: false,
  filters: [
    {
      id: 'f1',
      connector: null,
      resource: { id: 'r1', root: { type: 'attribute', contactAttributeKey: 'plan' }, qualifier: { operator: 'equals' }, value: 'pro' },
    },
  ],
})

/** The JSON a link page (`/s/{id}`) boots from, its `<script id="canvass-boot" type="application/json">`. */
export async function linkPageBoot(bed: TestCanvass, surveyId: string): Promise<any> {
  const res = await bed.call('GET', `/s/${surveyId}`)
  assert.is(res.status, 200, res.text)
  const found = /<script id="canvass-boot" type="application\/json">([\s\S]*?)<\/script>/.exec(res.text)
  assert.ok(found, 'the page has its boot JSON')
  return JSON.parse(found[1] as string)
}

/** The widget's environment state of `environmentId` (the `data` of the v1 client route's answer). */
export async function environmentStateData(bed: TestCanvass, environmentId: string): Promise<any> {
  return (await bed.call('GET', `/api/v1/client/${environmentId}/environment`)).body.data.data
}
