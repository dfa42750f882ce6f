/**
 * Survey documents are strict (docs/surveys.md#strict-documents): a field no survey schema knows is a 400 at
 * its path with the closest known name, on the v1 and v3 routes and validate, and left behind with a line in
 * the import's report; the reference's fields Canvass does not store are taken; the served JSON Schema refuses
 * what the API refuses; a message listing the question types lists them all. Guards issue 69's "a question
 * with `"requird": false` is stored as `required: true`".
 */
import { readFileSync } from 'node:fs'
import { TEST_ORIGIN, ignoredSurveyFields, question, suitesWithBed } from '@canvass/test-bed'
import Ajv2020 from 'ajv/dist/2020.js'
import * as assert from 'uvu/assert'
import * as v from 'valibot'
import { surveyCreateSchema, surveyQuestionSchema } from '../src/schemas/survey'
import { importFromStandIn } from './helpers'

const beds = suitesWithBed()
const bed = beds.bed
const text = (value: string) => ({ default: value })
const typo = 'Unknown field; did you mean "required"?'
/** The fields docs/surveys.md lists as taken and not stored (`workspaceId` is a field the routes check). */
const IGNORED = [...ignoredSurveyFields()].filter((field) => field !== 'workspaceId')
/** Every question type the schema knows. */
const QUESTION_TYPES = surveyQuestionSchema.options.map((option) => option.entries.type.literal)

const post = (body: unknown) => bed().call('POST', '/api/v1/management/surveys', { key: bed().keyA, body })
const put = (id: string, body: unknown) => bed().call('PUT', `/api/v1/management/surveys/${id}`, { key: bed().keyA, body })
const validate = (body: unknown) => bed().call('POST', '/api/v3/surveys/validate', { key: bed().keyA, body })

/**
 * A survey as the reference answers it on `GET /api/v1/management/surveys/{id}` (its `ZSurveyBase`, blocks and
 * elements as in `packages/types/surveys/{types,blocks,elements}.ts`), with fields of its earlier versions.
 */
function referenceSurvey(workspaceId: string) {
  const block = {
    id: 'clblock1',
    name: 'Block 1',
    elements: [
      {
        id: 'why',
        type: 'openText',
        headline: text('Why?'),
        subheader: text('Be honest'),
        imageUrl: 'https://example.com/a.png',
        videoUrl: 'https://example.com/a.mp4',
        required: false,
        isDraft: false,
        placeholder: text('Type here'),
        longAnswer: true,
        inputType: 'text',
        insightsEnabled: false,
        charLimit: { enabled: true, min: 1, max: 500 },
        validation: { rules: [], logic: 'and' },
      },
      {
        id: 'plan',
        type: 'multipleChoiceSingle',
        headline: text('Plan?'),
        required: true,
        scale: 'number',
        choices: [
          { id: 'free', label: text('Free') },
          { id: 'pro', label: text('Pro') },
        ],
        shuffleOption: 'none',
        otherOptionPlaceholder: text('Other'),
        displayType: 'list',
      },
      {
        id: 'more',
        type: 'cta',
        headline: text('Read more'),
        required: false,
        buttonExternal: true,
        buttonUrl: 'https://example.com',
        ctaButtonLabel: text('Go'),
      },
    ],
    logic: [],
    logicFallback: 'clending1',
    buttonLabel: text('Next'),
    backButtonLabel: text('Back'),
  }
  return {
    id: 'clreference0000000000000',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-02T00:00:00.000Z',
    name: 'Reference export',
    type: 'app',
    workspaceId,
    createdBy: null,
    status: 'draft',
    displayOption: 'displayOnce',
    autoClose: null,
    triggers: [],
    recontactDays: null,
    displayLimit: null,
    welcomeCard: {
      enabled: true,
      headline: text('Hi'),
      subheader: text('Two minutes'),
      buttonLabel: text('Start'),
      timeToFinish: true,
      showResponseCount: false,
    },
    questions: [],
    blocks: [block],
    endings: [
      {
        id: 'clending1',
        type: 'endScreen',
        headline: text('Thanks'),
        subheader: text('Bye'),
        buttonLabel: text('Home'),
        buttonLink: 'https://example.com',
      },
      { id: 'clending2', type: 'redirectToUrl', url: 'https://example.com/next', label: 'Next' },
    ],
    hiddenFields: { enabled: true, fieldIds: ['origin'] },
    variables: [{ id: 'clvar1', name: 'score', type: 'number', value: 0 }],
    followUps: [],
    delay: 0,
    publishOn: null,
    closeOn: null,
    archivedAt: null,
    autoComplete: null,
    workspaceOverwrites: null,
    projectOverwrites: null,
    styling: { overwriteThemeStyling: false },
    showLanguageSwitch: null,
    surveyClosedMessage: null,
    segment: null,
    singleUse: { enabled: false, isEncrypted: false },
    isVerifyEmailEnabled: false,
    recaptcha: { enabled: false, threshold: 0.5 },
    isSingleResponsePerEmailEnabled: false,
    isBackButtonHidden: false,
    isAutoProgressingEnabled: false,
    isCaptureIpEnabled: false,
    pin: null,
    displayPercentage: 50,
    languages: [],
    metadata: { title: text('Feedback') },
    slug: null,
    customHeadScripts: null,
    customHeadScriptsMode: null,
    // Fields of the reference's 1.x surveys.
    inlineTriggers: null,
    thankYouCard: { enabled: false },
    verifyEmail: null,
  }
}

const v1 = beds.suite('strict surveys: v1 create and update')

v1('a misspelt field of a question is a 400 naming its path and the field meant (it was stored as required: true)', async () => {
  const res = await post({ name: 'Typo', questions: [{ ...question(), required: undefined, requird: false }] })
  assert.is(res.status, 400, res.text)
  assert.equal(res.body.details, { 'questions.0.requird': typo })
})

v1('an unknown field anywhere in the document is named at its path', async () => {
  const q = question()
  const cases: Array<[Record<string, unknown>, string, string]> = [
    [{ nmae: 'x' }, 'nmae', 'name'],
    [{ welcomeCard: { enabled: true, headline: text('Hi'), buttonLable: text('Go') } }, 'welcomeCard.buttonLable', 'buttonLabel'],
    [{ hiddenFields: { enabled: true, fieldId: [] } }, 'hiddenFields.fieldId', 'fieldIds'],
    [{ singleUse: { enabled: true, isEncrypted: false, subheding: 'Used' } }, 'singleUse.subheding', 'subheading'],
    [{ endings: [{ id: 'e', type: 'endScreen', headlin: text('Bye') }] }, 'endings.0.headlin', 'headline'],
    [{ variables: [{ id: 'v', name: 'n', type: 'number', vaule: 1 }] }, 'variables.0.vaule', 'value'],
    [{ questions: [{ ...q, charLimit: { enabled: true, mx: 3 } }] }, 'questions.0.charLimit.mx', 'max'],
    [
      { questions: [{ id: 'm', type: 'multipleChoiceMulti', headline: text('h'), choices: [{ id: 'a', label: text('A'), lable: 1 }] }] },
      'questions.0.choices.0.lable',
      'label',
    ],
    [{ questions: undefined, blocks: [{ id: 'b', elements: [q], nme: 'x' }] }, 'blocks.0.nme', 'name'],
    [
      { questions: undefined, blocks: [{ id: 'b', elements: [{ ...q, placeholdr: text('p') }] }] },
      'blocks.0.elements.0.placeholdr',
      'placeholder',
    ],
  ]
  for (const [fields, path, meant] of cases) {
    const res = await post({ name: 'Strict', questions: [q], ...fields })
    assert.is(res.status, 400, `${path}: ${res.text}`)
    assert.equal(res.body.details, { [path]: `Unknown field; did you mean "${meant}"?` }, path)
  }
})

v1('a PUT is as strict, at the top and inside what it sends; nothing is written', async () => {
  const created = (await post({ name: 'Kept', questions: [question()] })).body.data
  const top = await put(created.id, { nmae: 'Renamed' })
  assert.is(top.status, 400, top.text)
  assert.equal(top.body.details, { nmae: 'Unknown field; did you mean "name"?' })
  const inner = await put(created.id, { questions: [{ ...question(), requird: false }] })
  assert.equal([inner.status, inner.body.details], [400, { 'questions.0.requird': typo }])
  const stored = await bed().call('GET', `/api/v1/management/surveys/${created.id}`, { key: bed().keyA })
  assert.equal([stored.body.data.name, stored.body.data.questions[0].required], ['Kept', true])
})

v1(
  'a survey as the reference exports it is taken: its fields Canvass does not store are listed in docs/surveys.md and not answered',
  async () => {
    const res = await post(referenceSurvey(bed().envA))
    assert.is(res.status, 200, res.text)
    const survey = res.body.data
    for (const field of IGNORED) assert.not.ok(field in survey, `${field} is not answered`)
    assert.is(survey.id === 'clreference0000000000000', false, 'the server makes the id')
    const [element] = survey.blocks[0].elements
    assert.equal(
      [element.placeholder, element.charLimit, element.longAnswer],
      [text('Type here'), { enabled: true, min: 1, max: 500 }, true],
    )
    assert.is(survey.blocks[0].elements[1].scale, 'number', 'kept as sent')
    assert.is(survey.displayPercentage, 50)
    const surveysMd = readFileSync(new URL('../../../docs/surveys.md', import.meta.url), 'utf8')
    for (const field of ['followUps', 'recaptcha', 'slug', 'inlineTriggers']) assert.ok(IGNORED.includes(field), field)
    assert.ok(surveysMd.includes('### Survey fields Canvass ignores'))
  },
)

v1('a survey read from the API is taken back as it is, by a create and by a PUT', async () => {
  const created = (await post({ name: 'Round trip', questions: [question()], segment: null })).body.data
  const copy = await post(created)
  assert.is(copy.status, 200, copy.text)
  const same = await put(created.id, created)
  assert.is(same.status, 200, same.text)
})

const v3 = beds.suite('strict surveys: v3 create, patch and validate')

const v3Document = (element: Record<string, unknown>) => ({
  workspaceId: bed().projectId,
  name: 'Strict v3',
  blocks: [{ name: 'Main', elements: [element] }],
})
const v3Element = { id: 'why', type: 'openText', headline: { 'en-US': 'Why?' }, required: true }

v3('a v3 create or patch with an unknown field in an element is a 400 problem naming its path', async () => {
  const created = await bed().call('POST', '/api/v3/surveys', { key: bed().keyA, body: v3Document({ ...v3Element, requird: false }) })
  assert.is(created.status, 400, created.text)
  assert.is(created.headers.get('content-type'), 'application/problem+json')
  assert.equal(created.body.invalid_params, [{ name: 'blocks.0.elements.0.requird', reason: typo }])
  const fine = await bed().call('POST', '/api/v3/surveys', { key: bed().keyA, body: v3Document(v3Element) })
  assert.is(fine.status, 201, fine.text)
  const patched = await bed().call('PATCH', `/api/v3/surveys/${fine.body.data.id}`, {
    key: bed().keyA,
    body: { welcomeCard: { enabled: false, headlin: { 'en-US': 'Hi' } } },
  })
  assert.is(patched.status, 400, patched.text)
  assert.equal(patched.body.invalid_params, [{ name: 'welcomeCard.headlin', reason: 'Unknown field; did you mean "headline"?' }])
})

v3('validate names an unknown field with the field meant, for a v3 create and patch, as the writes do', async () => {
  const create = await validate({ operation: 'create', data: v3Document({ ...v3Element, requird: false }) })
  assert.is(create.status, 200, create.text)
  assert.equal(create.body.data, {
    valid: false,
    operation: 'create',
    invalid_params: [{ name: 'blocks.0.elements.0.requird', reason: typo }],
  })
  const survey = (await bed().call('POST', '/api/v3/surveys', { key: bed().keyA, body: v3Document(v3Element) })).body.data
  const patch = await validate({
    operation: 'patch',
    surveyId: survey.id,
    data: { welcomeCard: { enabled: false, headlin: { 'en-US': 'Hi' } } },
  })
  assert.equal(patch.body.data.invalid_params, [{ name: 'welcomeCard.headlin', reason: 'Unknown field; did you mean "headline"?' }])
  const fine = await validate({ operation: 'create', data: v3Document(v3Element) })
  assert.is(fine.body.data.valid, true, fine.text)
})

v3('a message listing the question types lists every one of them (it was cut at 200 characters)', async () => {
  const slider = { id: 's', type: 'slider', headline: text('h') }
  const v1Answer = await post({ name: 'Types', questions: [slider] })
  const v3Answer = await bed().call('POST', '/api/v3/surveys', {
    key: bed().keyA,
    body: v3Document({ ...slider, headline: { 'en-US': 'h' } }),
  })
  const validated = await validate({ operation: 'create', data: v3Document({ ...slider, headline: { 'en-US': 'h' } }) })
  const messages = [
    v1Answer.body.details['questions.0.type'],
    v3Answer.body.invalid_params[0].reason,
    validated.body.data.invalid_params[0].reason,
  ]
  assert.is(QUESTION_TYPES.length, 17)
  for (const message of messages) {
    assert.type(message, 'string')
    const listed = (message as string).replace(/^[^:]*: /, '').split(', ')
    assert.equal(listed, [...QUESTION_TYPES], message)
  }
})

const imports = beds.suite('strict surveys: the import')

imports(
  'an imported survey keeps its known fields; unknown ones are left behind and reported with their path, ignored ones with their reason',
  async () => {
    const survey = referenceSurvey('clsourceworkspace0000000')
    const element = survey.blocks[0]!.elements[0] as Record<string, unknown>
    element.requird = false
    element.newerField = { a: 1 }
    const report = await importFromStandIn(bed(), { '/api/v1/management/surveys': [survey] })
    assert.is(report.resources.find((row) => row.resource === 'surveys')?.created, 1, JSON.stringify(report.resources))
    const dropped = new Map(report.droppedFields.filter((entry) => entry.resource === 'surveys').map((entry) => [entry.field, entry]))
    assert.equal(dropped.get('blocks.*.elements.*.requird'), {
      resource: 'surveys',
      field: 'blocks.*.elements.*.requird',
      count: 1,
      reason: `Canvass has no such field (${typo})`,
    })
    assert.ok(dropped.has('blocks.*.elements.*.newerField'), [...dropped.keys()].join(', '))
    for (const field of ['recaptcha', 'metadata', 'thankYouCard']) {
      const reason = dropped.get(field)?.reason ?? ''
      assert.ok(reason !== '' && reason !== 'Canvass has no such survey field', `${field}: ${reason}`)
    }
    const stored = await bed().call('GET', `/api/v1/management/surveys/${survey.id}`, { key: bed().keyA })
    assert.is(stored.status, 200, stored.text)
    const [kept] = stored.body.data.blocks[0].elements
    assert.equal([kept.required, 'requird' in kept, kept.placeholder], [false, false, text('Type here')])
  },
)

const schema = beds.suite('strict surveys: the served JSON Schema says the same')

/** Every plain object of `value` with its path (localized texts included: their keys are language codes). */
function objectPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => objectPaths(item, [...path, index]))
  if (typeof value !== 'object' || value === null) return []
  return [path, ...Object.entries(value).flatMap(([key, item]) => objectPaths(item, [...path, key]))]
}

function withField(document: unknown, path: (string | number)[]): unknown {
  const copy = structuredClone(document) as Record<string | number, any>
  let target = copy
  for (const key of path) target = target[key]
  target.zzUnknown = 'x'
  return copy
}

schema('a field added to any object of a survey is refused by the served schema exactly where the API refuses it', async () => {
  const res = await bed().fetch(new Request(`${TEST_ORIGIN}/api/v1/schemas/survey.json`))
  const served = (await res.json()) as Record<string, any>
  const check = new Ajv2020({ strict: true, allErrors: true }).compile(served)
  const reference = referenceSurvey(bed().envA)
  const { blocks, ...withoutBlocks } = reference
  const documents = [reference, { ...withoutBlocks, questions: blocks[0]!.elements }]
  for (const document of documents) {
    assert.ok(check(document), JSON.stringify(check.errors?.slice(0, 3)))
    assert.ok(v.safeParse(surveyCreateSchema, document).success)
  }
  let refused = 0
  for (const document of documents) {
    for (const path of objectPaths(document)) {
      const changed = withField(document, path)
      const api = v.safeParse(surveyCreateSchema, changed).success
      assert.is(check(changed), api, `${path.join('.') || '(root)'}: the API ${api ? 'takes' : 'refuses'} a field it does not know`)
      if (!api) refused++
    }
  }
  assert.ok(refused > 20, `${refused} objects refuse an unknown field`)
  assert.is(served.additionalProperties, false)
  for (const option of served.$defs.Question.oneOf) assert.is(option.additionalProperties, false, option.title)
  // One document through the route too: what `v.safeParse` says above is what the API answers.
  const routed = await post(withField(reference, ['welcomeCard']))
  assert.is(routed.status, 400, routed.text)
  assert.equal(Object.keys(routed.body.details), ['welcomeCard.zzUnknown'])
})

for (const run of [v1, v3, imports, schema]) run.run()
