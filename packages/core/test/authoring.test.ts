/**
 * Authoring without guessing (docs/surveys.md): the survey body's JSON Schema as the server serves it (ajv
 * compiles it, every example survey and question in docs passes, broken surveys fail), the reference's v3
 * `POST /api/v3/surveys/validate` (every problem with its path, problem+json errors, nothing written), and the
 * preview of a survey on its link page (a token minted with a management key; nothing stored).
 */
import { readFileSync } from 'node:fs'
import { TEST_ORIGIN, createSurvey, createTestClock, question, suiteWithBed } from '@canvass/test-bed'
import Ajv2020 from 'ajv/dist/2020.js'
import * as assert from 'uvu/assert'
import * as v from 'valibot'
import { FIELD_DESCRIPTIONS } from '../src/schemas/survey-json-schema'
import { surveyCreateSchema } from '../src/schemas/survey'
import { PREVIEW_TOKEN_TTL_MS } from '../src/domain/tokens/preview-tokens'

const doc = (name: string) => readFileSync(new URL(`../../../docs/${name}`, import.meta.url), 'utf8')

/** The JSON blocks after `<!-- {marker} -->` in a docs page, parsed. */
function marked(page: string, marker: string): Record<string, any>[] {
  const pattern = new RegExp(`<!-- ${marker} -->\\n\`\`\`json\\n([\\s\\S]*?)\`\`\``, 'g')
  return [...doc(page).matchAll(pattern)].map((match) => JSON.parse(match[1] as string))
}

const clock = createTestClock('2026-11-20T10:00:00.000Z')
const { test, bed } = suiteWithBed('authoring: JSON Schema, validate, preview', { clock })

async function schemaOf() {
  const res = await bed().fetch(new Request(`${TEST_ORIGIN}/api/v1/schemas/survey.json`))
  assert.is(res.status, 200)
  assert.is(res.headers.get('content-type'), 'application/schema+json; charset=utf-8')
  return (await res.json()) as Record<string, any>
}

function compiled(schema: Record<string, any>) {
  const ajv = new Ajv2020({ strict: true, allErrors: true })
  return ajv.compile(schema)
}

test('the schema is served with $schema, $id, a title and descriptions, and ajv compiles it strictly', async () => {
  const schema = await schemaOf()
  assert.is(schema.$schema, 'https://json-schema.org/draft/2020-12/schema')
  assert.is(schema.$id, `${TEST_ORIGIN}/api/v1/schemas/survey.json`)
  assert.is(schema.title, 'Canvass survey')
  assert.ok(schema.properties.questions.description && schema.properties.name.description)
  for (const field of Object.keys(FIELD_DESCRIPTIONS)) assert.ok(field in schema.properties, `described field ${field} exists`)
  const titles = schema.$defs.Question.oneOf.map((option: { title: string }) => option.title)
  assert.ok(titles.includes('nps question') && titles.includes('matrix question'), titles.join())
  compiled(schema)
  const etag = (await bed().fetch(new Request(`${TEST_ORIGIN}/api/v1/schemas/survey.json`))).headers.get('etag') ?? ''
  const again = await bed().fetch(new Request(`${TEST_ORIGIN}/api/v1/schemas/survey.json`, { headers: { 'if-none-match': etag } }))
  assert.is(again.status, 304)
})

test('every example survey in docs/surveys.md and every question in docs/api.md passes the schema and the server', async () => {
  const validate = compiled(await schemaOf())
  const surveys = marked('surveys.md', 'survey-example')
  assert.ok(surveys.length >= 2, 'docs/surveys.md has its examples')
  const questions = marked('api.md', 'question-example')
  assert.ok(questions.length >= 17)
  const all = [...surveys, { name: 'Every question type', questions }]
  for (const survey of all) {
    assert.ok(validate(survey), `${survey.name}: ${JSON.stringify(validate.errors?.slice(0, 3))}`)
    assert.ok(v.safeParse(surveyCreateSchema, survey).success, `${survey.name} parses`)
    const res = await bed().call('POST', '/api/v1/management/surveys', { key: bed().keyA, body: survey })
    assert.is(res.status, 200, `${survey.name}: ${res.text}`)
  }
  for (const example of questions) {
    const res = await bed().call('POST', '/api/v1/management/surveys', {
      key: bed().keyA,
      body: { name: `One ${example.type}`, questions: [example] },
    })
    assert.is(res.status, 200, `${example.type}: ${res.text}`)
  }
})

test('broken surveys fail the schema, as they fail the server', async () => {
  const validate = compiled(await schemaOf())
  const good = { name: 'x', questions: [question()] }
  const broken: [string, unknown][] = [
    ['no name', { questions: [question()] }],
    ['no questions or blocks', { name: 'x' }],
    ['empty questions', { name: 'x', questions: [] }],
    ['an unknown question type', { name: 'x', questions: [{ ...question(), type: 'slider' }] }],
    ['a headline that is a string', { name: 'x', questions: [{ ...question(), headline: 'Why?' }] }],
    [
      'an nps question with a number for a label',
      { name: 'x', questions: [{ id: 'n', type: 'nps', headline: { default: 'h' }, lowerLabel: 3 }] },
    ],
    ['a rating of range 8', { name: 'x', questions: [{ id: 'r', type: 'rating', headline: { default: 'h' }, scale: 'star', range: 8 }] }],
    ['a bad question id', { name: 'x', questions: [{ ...question(), id: 'has space' }] }],
    ['an unknown status', { ...good, status: 'live' }],
    ['an ending without type', { ...good, endings: [{ id: 'e' }] }],
  ]
  assert.ok(validate(good), JSON.stringify(validate.errors))
  for (const [what, survey] of broken) {
    assert.not.ok(validate(survey), `the schema refuses ${what}`)
    assert.not.ok(v.safeParse(surveyCreateSchema, survey).success, `the server refuses ${what}`)
  }
})

const validateCall = (body: unknown, options: { key?: string | null; query?: string; raw?: string } = {}) =>
  bed().call('POST', `/api/v3/surveys/validate${options.query ?? ''}`, {
    ...(options.key === null ? {} : { key: options.key ?? bed().keyA }),
    ...(options.raw !== undefined ? { rawBody: options.raw, headers: { 'content-type': 'application/json' } } : { body }),
  })

test('validate: problem+json for a missing key, a bad envelope, a query parameter and malformed JSON', async () => {
  const unauthenticated = await validateCall({ operation: 'create', data: {} }, { key: null })
  assert.is(unauthenticated.status, 401)
  assert.is(unauthenticated.headers.get('content-type'), 'application/problem+json')
  assert.is(unauthenticated.body.code, 'not_authenticated')
  assert.is(unauthenticated.headers.get('www-authenticate'), 'Bearer realm="formbricks"')
  assert.ok(unauthenticated.body.requestId, 'a request id')
  for (const body of [
    {},
    { operation: 'delete', data: {} },
    { operation: 'patch', data: {} },
    { operation: 'create', data: {}, extra: 1 },
  ]) {
    const res = await validateCall(body)
    assert.is(res.status, 400, JSON.stringify(body))
    assert.is(res.headers.get('content-type'), 'application/problem+json')
    assert.is(res.body.detail, 'Invalid request body')
    assert.ok(res.body.invalid_params.length > 0, res.text)
  }
  const query = await validateCall({ operation: 'create', data: {} }, { query: '?workspaceId=x&dryRun=1' })
  assert.is(query.status, 400, query.text)
  assert.ok(
    query.body.invalid_params.some((param: { name: string }) => param.name === 'dryRun'),
    query.text,
  )
  const malformed = await validateCall(undefined, { raw: '{"operation":' })
  assert.is(malformed.status, 400)
  assert.is(malformed.headers.get('content-type'), 'application/problem+json')
  const tooLarge = await validateCall(undefined, { raw: JSON.stringify({ operation: 'create', data: { name: 'x'.repeat(2_200_000) } }) })
  assert.is(tooLarge.status, 413)
  assert.is(tooLarge.headers.get('content-type'), 'application/problem+json')
})

async function preview(surveyId: string, key = bed().keyA) {
  return bed().call('POST', `/api/v1/management/surveys/${surveyId}/preview`, { key })
}

async function page(path: string) {
  const res = await bed().fetch(new Request(TEST_ORIGIN + path))
  const text = await res.text()
  const boot = /<script id="canvass-boot" type="application\/json">(.*?)<\/script>/s.exec(text)?.[1]
  return { status: res.status, text, boot: boot === undefined ? undefined : JSON.parse(boot) }
}

test('preview: a minted link shows a survey with a PIN as a preview, and nothing is stored', async () => {
  const survey = await createSurvey(bed(), { status: 'draft', pin: '1234' })
  const plain = await page(`/s/${survey.id}`)
  assert.is(plain.status, 200)
  assert.not.ok(plain.text.includes('Preview: answers are not saved'))
  assert.not.ok('preview' in (plain.boot ?? {}), 'without a token the PIN form, no preview')
  const minted = await preview(survey.id)
  assert.is(minted.status, 200, minted.text)
  const { url, token, expiresAt } = minted.body.data
  assert.is(url, `${TEST_ORIGIN}/s/${survey.id}?preview=${encodeURIComponent(token)}`)
  assert.is(expiresAt, new Date(clock.now().getTime() + PREVIEW_TOKEN_TTL_MS).toISOString())
  const shown = await page(url.slice(TEST_ORIGIN.length))
  assert.is(shown.status, 200, shown.text.slice(0, 300))
  assert.is(shown.boot.preview, true)
  assert.is(shown.boot.survey.id, survey.id)
  assert.not.ok('pinAuthToken' in shown.boot, 'a preview needs no PIN and gets no proof of one')
  assert.ok(shown.text.includes('Preview: answers are not saved'))
  const count = await bed().call('GET', `/api/v1/management/responses?surveyId=${survey.id}&count=true`, { key: bed().keyA })
  assert.is(count.headers.get('x-total-count'), '0')
  // The token is no capability elsewhere: not a PIN proof, not a key.
  const respond = await bed().call('POST', `/api/v1/client/${bed().envA}/responses`, {
    body: { surveyId: survey.id, finished: true, data: { q1: 'x' }, pinAuthToken: token },
  })
  assert.is(respond.status, 403, respond.text)
  assert.is((await bed().call('GET', '/api/v1/management/surveys', { key: token })).status, 401)
})

test('preview: a token of another survey, altered or expired is ignored; a paused survey stays closed without one', async () => {
  const paused = await createSurvey(bed(), { status: 'paused' })
  const live = await createSurvey(bed(), { status: 'inProgress' })
  const { token } = (await preview(live.id)).body.data
  assert.is((await page(`/s/${paused.id}?preview=${encodeURIComponent(token)}`)).status, 403, 'another survey’s token')
  const own = (await preview(paused.id)).body.data.token as string
  const shown = await page(`/s/${paused.id}?preview=${encodeURIComponent(own)}`)
  assert.is(shown.status, 200, 'its own token previews even a paused survey')
  assert.is(shown.boot.preview, true)
  const altered = `${own.slice(0, -2)}${own.endsWith('AA') ? 'BB' : 'AA'}`
  for (const bad of [altered, 'true', '1', 'x'.repeat(600)]) {
    assert.is((await page(`/s/${paused.id}?preview=${encodeURIComponent(bad)}`)).status, 403, bad.slice(0, 20))
  }
  const livePage = await page(`/s/${live.id}?preview=true`)
  assert.is(livePage.status, 200)
  assert.not.ok('preview' in livePage.boot, 'no token, no preview')
  clock.advance(PREVIEW_TOKEN_TTL_MS + 1000)
  assert.is((await page(`/s/${paused.id}?preview=${encodeURIComponent(own)}`)).status, 403, 'expired')
})

test('preview: only the survey’s environment mints one, only for link surveys', async () => {
  const survey = await createSurvey(bed(), { status: 'draft' })
  assert.is((await preview(survey.id, bed().keyB)).status, 401)
  assert.is((await bed().call('POST', `/api/v1/management/surveys/${survey.id}/preview`)).status, 401)
  assert.is((await preview('does-not-exist')).status, 404)
  const app = await createSurvey(bed(), { type: 'app', status: 'draft' })
  const refused = await preview(app.id)
  assert.is(refused.status, 400, refused.text)
})

test.run()
