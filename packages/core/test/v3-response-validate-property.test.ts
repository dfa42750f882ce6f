/**
 * Property (issue 82): `POST /api/v3/responses/validate` is the write's judgement (docs/api.md, "Responses in
 * v3"). For generated surveys (scale elements of every range, open texts with input types, limits and rules,
 * choices, consent, required or not, hidden fields, variables, an ending) and generated payloads (answers in
 * range, off their scale, of the wrong type, empty where required, keys of no element, hidden fields in `data`,
 * embedded data names good and bad, unknown fields, tags, contacts and displays that name nothing), validate's
 * verdict is the write's (`valid: true` exactly when the create answers 201 or the patch 200) and its
 * `invalid_params` names are those of the write's 400 or 422. Through `canvass.fetch` on the test bed, on
 * PGlite, and on the Postgres server when TEST_DATABASE_URL is set. Seeded: a failure prints the seed and path
 * that replay it (`V3_VALIDATE_SEED`, `V3_VALIDATE_RUNS`).
 */
import { availableBackends, createSurvey, createTestClock, suiteWithBed } from '@canvass/test-bed'
import type { ApiResult } from '@canvass/test-bed'
import fc from 'fast-check'
import * as assert from 'uvu/assert'

/** Runs per property and backend: each is two requests, so a few seconds in all. */
const RUNS = Number(process.env.V3_VALIDATE_RUNS ?? 40)
/** Surveys generated per backend; each run draws one. */
const SURVEYS = 8
const SEED = Number(process.env.V3_VALIDATE_SEED ?? 0x82)

const t = (text: string) => ({ default: text })

/** One element of a generated survey (a v1 question, as the test bed creates surveys). */
const element = (id: string) =>
  fc
    .record({ required: fc.boolean(), kind: fc.integer({ min: 0, max: 7 }), range: fc.constantFrom(3, 4, 5, 7, 10), rule: fc.boolean() })
    .map(({ required, kind, range, rule }) => {
      const base = { id, headline: t(`Question ${id}`), required }
      switch (kind) {
        case 0:
          return { ...base, type: 'nps', ...(rule ? { validation: { rules: [{ id: 'low', type: 'minValue', params: { min: 3 } }] } } : {}) }
        case 1:
          return { ...base, type: 'rating', scale: 'star', range }
        case 2:
          return { ...base, type: 'csat', scale: 'smiley', range: 5 }
        case 3:
          return { ...base, type: 'ces', scale: 'number', range: range === 7 ? 7 : 5 }
        case 4:
          return {
            ...base,
            type: 'openText',
            inputType: range === 3 ? 'email' : range === 4 ? 'number' : 'text',
            charLimit: { enabled: range === 10, max: 8 },
            ...(rule ? { validation: { rules: [{ id: 'long', type: 'minLength', params: { min: 3 } }] } } : {}),
          }
        case 5:
          return {
            ...base,
            type: 'multipleChoiceSingle',
            choices: [
              { id: 'a', label: t('A') },
              { id: 'b', label: t('B') },
            ],
          }
        case 6:
          return {
            ...base,
            type: 'multipleChoiceMulti',
            choices: [
              { id: 'a', label: t('A') },
              { id: 'b', label: t('B') },
              { id: 'c', label: t('C') },
            ],
            ...(rule ? { validation: { rules: [{ id: 'two', type: 'maxSelections', params: { max: 2 } }] } } : {}),
          }
        default:
          return { ...base, type: 'consent', label: t('I agree') }
      }
    })

const ELEMENT_IDS = ['e0', 'e1', 'e2', 'e3']
const HIDDEN = ['h0', 'h1']
/** Names that resolve to nothing, or to a field `embeddedData` may not write. */
const NOT_EMBEDDED = ['nobody', 'country', 'responseId']

const surveyArbitrary = fc.tuple(...ELEMENT_IDS.map(element)).map((questions) => ({
  status: 'inProgress',
  questions,
  hiddenFields: { enabled: true, fieldIds: HIDDEN },
  variables: [
    { id: 'v0', name: 'count', type: 'number', value: 0 },
    { id: 'v1', name: 'label', type: 'text', value: '' },
  ],
  endings: [{ id: 'end1', type: 'endScreen', headline: t('Thanks') }],
}))

/** An answer: on a scale and off it, text of every kind, choices, lists, maps, and values of no answer's type. */
const answer = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: -3, max: 13 }) },
  { weight: 1, arbitrary: fc.constantFrom(2.5, -0.5, 1e9) },
  {
    weight: 4,
    arbitrary: fc.constantFrom('', 'hello', 'hi', 'ada@example.org', 'not an email', '12', 'far too long text', 'accepted', 'a', 'b', 'zz'),
  },
  { weight: 2, arbitrary: fc.subarray(['a', 'b', 'c', 'other text']) },
  { weight: 1, arbitrary: fc.constantFrom({ r1: 'c1' }, {}) },
  { weight: 1, arbitrary: fc.constantFrom(true, null, [1], { r: 1 }) },
)

/** `data`: answers by element id, now and then a hidden field's id or a key of no element. */
const dataArbitrary = fc.dictionary(fc.constantFrom(...ELEMENT_IDS, ...ELEMENT_IDS, 'gone', 'h0'), answer, { maxKeys: 6 })

const embeddedArbitrary = fc.dictionary(
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...HIDDEN, 'count', 'v0', 'label') },
    { weight: 1, arbitrary: fc.constantFrom(...NOT_EMBEDDED) },
  ),
  fc.oneof(fc.constantFrom('x', '', null, true), fc.integer({ min: -2, max: 5 })),
  { maxKeys: 3 },
)

/** An id of the right syntax that names nothing in the workspace. */
const NOWHERE = 'clzz00000000000000000000nowhere'

/** Fields a write takes, with values it accepts. */
const GOOD = [{ language: 'default' }, { endingId: 'end1' }, { endingId: null }, { tags: [] }, { language: null }]
/** Fields a write refuses: by its schema (400) or by the survey and the workspace (422). */
const FLAWS = [{ surprise: 1 }, { tags: [NOWHERE] }, { language: 'xx' }, { endingId: 'nope' }]
const CREATE_FLAWS = [...FLAWS, { contactId: NOWHERE }, { displayId: NOWHERE }, { meta: { country: 'DE' } }, { finished: 'yes' }]
const PATCH_FLAWS = [...FLAWS, { ttc: { e0: 5 } }, { surveyId: NOWHERE }]

/** Some good fields, and now and then a flaw or two (most payloads should reach the survey's rules). */
const fields = (flaws: readonly object[]) =>
  fc
    .tuple(
      fc.subarray(GOOD),
      fc.oneof(
        { weight: 4, arbitrary: fc.constant([]) },
        { weight: 1, arbitrary: fc.subarray([...flaws], { minLength: 1, maxLength: 2 }) },
      ),
      fc.option(embeddedArbitrary, { freq: 2 }),
    )
    .map(([good, bad, embeddedData]) => Object.assign({}, ...good, ...bad, embeddedData === null ? {} : { embeddedData }))

const createArbitrary = fc
  .tuple(fc.boolean(), dataArbitrary, fields(CREATE_FLAWS))
  .map(([finished, data, rest]) => ({ finished, data, ...rest }))

const patchArbitrary = fc
  .tuple(fc.option(fc.boolean()), fc.option(dataArbitrary, { freq: 5 }), fields(PATCH_FLAWS))
  .map(([finished, data, rest]) => ({ ...(finished === null ? {} : { finished }), ...(data === null ? {} : { data }), ...rest }))

const names = (params: Array<{ name: string }> | undefined) => (params ?? []).map((param) => param.name).sort()

/** The write's verdict: whether it wrote, and the names its refusal lists. */
function writeVerdict(res: ApiResult, success: number): { valid: boolean; names: string[] } {
  if (res.status === success) return { valid: true, names: [] }
  assert.ok([400, 413, 422].includes(res.status), `the write answers ${success} or a 400, 413 or 422: ${res.status} ${res.text}`)
  return { valid: false, names: names(res.body.invalid_params) }
}

function validateVerdict(res: ApiResult): { valid: boolean; names: string[] } {
  assert.is(res.status, 200, res.text)
  return { valid: res.body.data.valid, names: names(res.body.data.invalid_params) }
}

for (const backend of availableBackends()) {
  const { test, bed } = suiteWithBed(`v3 response validate gives the write's verdict, property (${backend})`, () => ({
    backend,
    clock: createTestClock('2026-11-20T10:00:00.000Z'),
  }))

  const call = (method: string, path: string, body: unknown) => bed().call(method, path, { key: bed().keyA, body })

  /**
   * The generated surveys, made once (a survey write is the slow part of a run), each with a response to patch:
   * the runs draw one. A patch that is written changes that response, which validate and the write then both see.
   */
  const made: Array<{ surveyId: string; responseId: string }> = []
  test.before(async () => {
    for (const document of fc.sample(surveyArbitrary, { numRuns: SURVEYS, seed: SEED })) {
      const survey = await createSurvey(bed(), document)
      const response = await call('POST', '/api/v3/responses', { surveyId: survey.id, finished: false, data: {} })
      assert.is(response.status, 201, response.text)
      made.push({ surveyId: survey.id, responseId: response.body.data.id })
    }
  })
  const surveyIndex = fc.integer({ min: 0, max: SURVEYS - 1 })
  const drawn = (index: number) => made[index] as { surveyId: string; responseId: string }

  test('create: validate is valid exactly when the write creates, and names what the write refuses', async () => {
    await fc.assert(
      fc.asyncProperty(surveyIndex, createArbitrary, async (index, payload) => {
        const body = { surveyId: drawn(index).surveyId, ...payload }
        const checked = validateVerdict(await call('POST', '/api/v3/responses/validate', { operation: 'create', data: body }))
        const written = writeVerdict(await call('POST', '/api/v3/responses', body), 201)
        assert.equal(checked, written, `validate and the write on ${JSON.stringify(body)}`)
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    )
  })

  test('patch: validate is valid exactly when the write patches, and names what the write refuses', async () => {
    await fc.assert(
      fc.asyncProperty(surveyIndex, patchArbitrary, async (index, payload) => {
        const id = drawn(index).responseId
        const checked = validateVerdict(
          await call('POST', '/api/v3/responses/validate', { operation: 'patch', responseId: id, data: payload }),
        )
        const written = writeVerdict(await call('PATCH', `/api/v3/responses/${id}`, payload), 200)
        assert.equal(checked, written, `validate and the write on ${JSON.stringify(payload)}`)
      }),
      { numRuns: RUNS, seed: SEED + 1, endOnFailure: true },
    )
  })

  test('the generated payloads reach both verdicts, and refusals by the survey rules', async () => {
    // The property means little if every payload is refused by the schema: count what a fixed sample gives.
    const samples = fc.sample(fc.tuple(surveyIndex, createArbitrary), { numRuns: 40, seed: SEED })
    let valid = 0
    let ruled = 0
    for (const [index, payload] of samples) {
      const res = await call('POST', '/api/v3/responses/validate', {
        operation: 'create',
        data: { surveyId: drawn(index).surveyId, ...payload },
      })
      if (res.body.data.valid) valid++
      else if (names(res.body.data.invalid_params).some((name: string) => name.startsWith('data.e'))) ruled++
    }
    assert.ok(valid >= 8, `at least a fifth valid: ${valid} of ${samples.length}`)
    assert.ok(ruled >= 8, `at least a fifth refused for an answer: ${ruled} of ${samples.length}`)
  })

  test.run()
}
