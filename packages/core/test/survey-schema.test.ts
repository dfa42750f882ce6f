import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as v from 'valibot'
import { normalizeIsoDateTime } from '../src/schemas/common'
import {
  type SurveyCreateInput,
  type SurveyEnding,
  type SurveyQuestion,
  type SurveyUpdateInput,
  surveyCreateSchema,
  surveyUpdateSchema,
} from '../src/schemas/survey'

// Compile-time checks of the exported types (tsc fails on a mismatch).
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false
const typeChecks: [
  Equal<SurveyCreateInput['type'], 'link' | 'app' | 'website'>,
  Equal<SurveyCreateInput['pin'], string | null>,
  Equal<SurveyCreateInput['closeOnDate'], string | null>,
  Equal<SurveyCreateInput['hiddenFields'], { enabled: boolean; fieldIds?: string[] | undefined }>,
  Equal<SurveyUpdateInput['status'], 'draft' | 'scheduled' | 'inProgress' | 'paused' | 'completed' | undefined>,
  Equal<keyof SurveyUpdateInput, keyof SurveyCreateInput>,
  Equal<SurveyQuestion['headline']['default'], string>,
  Equal<SurveyEnding['type'], 'endScreen' | 'redirectToUrl'>,
] = [true, true, true, true, true, true, true, true]
void typeChecks

const text = (value: string) => ({ default: value })

const openText = (id: string) => ({ id, type: 'openText', headline: text(`Question ${id}`), required: true })

const minimal = () => ({ environmentId: 'env1', name: 'Survey', questions: [openText('q1')] })

/** Dot paths of all issues, so a test asserts where a failure is reported, not only that it fails. */
function failurePaths(schema: v.GenericSchema, input: unknown): string[] {
  const result = v.safeParse(schema, input)
  assert.not.ok(result.success, 'expected the input to be rejected')
  return result.success ? [] : result.issues.map((issue) => v.getDotPath(issue) ?? '')
}

function parseOk<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input)
  if (!result.success) {
    const details = result.issues.map((issue) => `${v.getDotPath(issue) ?? ''}: ${issue.message}`)
    assert.unreachable(`expected success, got ${details.join('; ')}`)
  }
  return result.output as v.InferOutput<S>
}

test('a minimal survey gets every default', () => {
  const output: SurveyCreateInput = parseOk(surveyCreateSchema, minimal())
  assert.equal(output, {
    environmentId: 'env1',
    name: 'Survey',
    questions: [
      {
        id: 'q1',
        type: 'openText',
        headline: { default: 'Question q1' },
        required: true,
        inputType: 'text',
        charLimit: { enabled: false },
      },
    ],
    type: 'link',
    status: 'draft',
    displayOption: 'displayOnce',
    delay: 0,
    isVerifyEmailEnabled: false,
    isBackButtonHidden: false,
    isAutoProgressingEnabled: false,
    hiddenFields: { enabled: true, fieldIds: [] },
    singleUse: { enabled: false, isEncrypted: false },
    welcomeCard: { enabled: false },
    languages: [],
    triggers: [],
    endings: [],
    variables: [],
    createdBy: null,
    autoClose: null,
    autoComplete: null,
    closeOnDate: null,
    runOnDate: null,
    displayLimit: null,
    displayPercentage: null,
    recontactDays: null,
    pin: null,
    redirectUrl: null,
    resultShareKey: null,
    showLanguageSwitch: null,
    styling: null,
    surveyClosedMessage: null,
    productOverwrites: null,
    segmentId: null,
    responseRetentionDays: null,
  })
})

test('defaults are fresh objects for every parse', () => {
  const first = parseOk(surveyCreateSchema, minimal())
  first.hiddenFields.fieldIds?.push('mutated')
  const second = parseOk(surveyCreateSchema, minimal())
  assert.equal(second.hiddenFields, { enabled: true, fieldIds: [] })
})

test("every shuffle option of the reference's is taken, the reverse ones included", () => {
  for (const shuffleOption of ['none', 'all', 'exceptLast', 'reverseOrderOccasionally', 'reverseOrderExceptLast']) {
    const question = {
      id: 'pick',
      type: 'multipleChoiceSingle',
      headline: { default: 'Pick one' },
      required: true,
      choices: [
        { id: 'a', label: { default: 'A' } },
        { id: 'b', label: { default: 'B' } },
      ],
      shuffleOption,
    }
    const output = parseOk(surveyCreateSchema, { ...minimal(), questions: [question] })
    assert.is((output.questions?.[0] as { shuffleOption?: string }).shuffleOption, shuffleOption)
  }
})

test('a question without `required` defaults to required', () => {
  const output = parseOk(surveyCreateSchema, {
    ...minimal(),
    questions: [{ id: 'q1', type: 'nps', headline: text('How likely?') }],
  })
  assert.is(output.questions![0]?.required, true)
})

const toggle = (placeholder: string) => ({ show: true, required: false, placeholder: text(placeholder) })

const everyQuestionType = [
  {
    id: 'openText',
    type: 'openText',
    headline: { default: 'Tell us', de: 'Erzähl' },
    subheader: text('anything'),
    required: false,
    placeholder: text('Type here'),
    inputType: 'email',
    longAnswer: true,
    charLimit: { enabled: true, min: 1, max: 100 },
    buttonLabel: text('Next'),
    backButtonLabel: text('Back'),
    logic: [{ id: 'l1', conditions: {}, actions: [] }],
  },
  {
    id: 'single',
    type: 'multipleChoiceSingle',
    headline: text('Pick one'),
    required: true,
    choices: [
      { id: 'a', label: text('A') },
      { id: 'other', label: text('Other') },
    ],
    shuffleOption: 'exceptLast',
    otherOptionPlaceholder: text('Please specify'),
  },
  {
    id: 'multi',
    type: 'multipleChoiceMulti',
    headline: text('Pick some'),
    required: true,
    choices: [
      { id: 'a', label: text('A') },
      { id: 'b', label: text('B') },
    ],
    shuffleOption: 'none',
  },
  {
    id: 'nps',
    type: 'nps',
    headline: text('Recommend?'),
    required: true,
    lowerLabel: text('No'),
    upperLabel: text('Yes'),
    isColorCodingEnabled: true,
  },
  {
    id: 'rating',
    type: 'rating',
    headline: text('Rate'),
    required: true,
    scale: 'star',
    range: 6,
    lowerLabel: text('Bad'),
    upperLabel: text('Good'),
  },
  {
    id: 'cta',
    type: 'cta',
    headline: text('Visit'),
    required: false,
    html: text('<p>hi</p>'),
    buttonUrl: 'https://example.com',
    buttonExternal: true,
    dismissButtonLabel: text('Skip'),
  },
  {
    id: 'consent',
    type: 'consent',
    headline: text('Terms'),
    required: true,
    html: text('<p>terms</p>'),
    label: text('I agree'),
  },
  { id: 'date', type: 'date', headline: text('When?'), required: true, format: 'y-M-d', html: text('') },
  {
    id: 'file',
    type: 'fileUpload',
    headline: text('Upload'),
    required: false,
    allowMultipleFiles: true,
    maxSizeInMB: 10,
    allowedFileExtensions: ['png', 'pdf'],
  },
  {
    id: 'matrix',
    type: 'matrix',
    headline: text('Grid'),
    required: true,
    rows: [text('Row 1'), { id: 'r2', label: text('Row 2') }],
    columns: [text('Col 1')],
    shuffleOption: 'all',
  },
  {
    id: 'ranking',
    type: 'ranking',
    headline: text('Order'),
    required: true,
    choices: [
      { id: 'x', label: text('X') },
      { id: 'y', label: text('Y') },
    ],
  },
  {
    id: 'address',
    type: 'address',
    headline: text('Where?'),
    required: true,
    addressLine1: toggle('Line 1'),
    addressLine2: toggle('Line 2'),
    city: toggle('City'),
    state: toggle('State'),
    zip: toggle('Zip'),
    country: toggle('Country'),
  },
  {
    id: 'contact',
    type: 'contactInfo',
    headline: text('Who?'),
    required: true,
    firstName: toggle('First'),
    lastName: toggle('Last'),
    email: toggle('Email'),
    phone: toggle('Phone'),
    company: toggle('Company'),
  },
  {
    id: 'pictures',
    type: 'pictureSelection',
    headline: text('Pick a picture'),
    required: true,
    allowMulti: true,
    choices: [
      { id: 'p1', imageUrl: 'https://example.com/1.png' },
      { id: 'p2', imageUrl: '/storage/env/public/2.png' },
    ],
  },
  { id: 'cal', type: 'cal', headline: text('Book'), required: true, calUserName: 'rick', calHost: 'cal.com' },
  {
    id: 'csat',
    type: 'csat',
    headline: text('How satisfied are you?'),
    required: true,
    scale: 'smiley',
    range: 5,
    lowerLabel: text('Very unsatisfied'),
    upperLabel: text('Very satisfied'),
    isColorCodingEnabled: true,
  },
  {
    id: 'ces',
    type: 'ces',
    headline: text('How easy was it?'),
    required: false,
    scale: 'number',
    range: 7,
    lowerLabel: text('Very difficult'),
    upperLabel: text('Very easy'),
    isColorCodingEnabled: false,
  },
]

const fullSurvey = () => ({
  environmentId: 'env1',
  name: 'Everything',
  type: 'app',
  status: 'inProgress',
  displayOption: 'displaySome',
  delay: 5,
  isVerifyEmailEnabled: true,
  hiddenFields: { enabled: true, fieldIds: ['plan', 'account_id'] },
  singleUse: { enabled: true, isEncrypted: true },
  welcomeCard: {
    enabled: true,
    headline: text('Welcome'),
    html: text('<p>Hi</p>'),
    fileUrl: 'https://example.com/logo.png',
    buttonLabel: text('Start'),
    showResponseCount: true,
    timeToFinish: false,
  },
  languages: [{ language: { code: 'de' }, default: false, enabled: true }],
  triggers: [{ actionClass: { name: 'New Session' } }],
  endings: [
    { id: 'end1', type: 'endScreen', headline: text('Thanks'), buttonLink: 'https://example.com' },
    { id: 'end2', type: 'redirectToUrl', url: 'https://example.com/done', label: 'Done' },
  ],
  questions: everyQuestionType,
  createdBy: 'user1',
  autoClose: 10,
  autoComplete: 100,
  closeOnDate: '2030-01-02T03:04:05+02:00',
  runOnDate: '2029-12-31',
  displayLimit: 3,
  displayPercentage: 50.5,
  recontactDays: 7,
  pin: '0123',
  redirectUrl: 'https://example.com/after',
  resultShareKey: 'share',
  showLanguageSwitch: true,
  styling: { brandColor: { light: '#000' } },
  surveyClosedMessage: { enabled: true, heading: 'Closed' },
  productOverwrites: { placement: 'bottomRight' },
  segmentId: null,
})

test('a full survey with one question of every type passes', () => {
  const output = parseOk(surveyCreateSchema, fullSurvey())
  assert.equal(
    output.questions!.map((question) => question.type),
    everyQuestionType.map((question) => question.type),
  )
  assert.is(output.closeOnDate, '2030-01-02T01:04:05.000Z')
  assert.is(output.runOnDate, '2029-12-31T00:00:00.000Z')
  assert.equal(output.styling, { brandColor: { light: '#000' } })
  assert.equal(output.endings[1], { id: 'end2', type: 'redirectToUrl', url: 'https://example.com/done', label: 'Done' })
  const matrix = output.questions!.find((question): question is Extract<SurveyQuestion, { type: 'matrix' }> => question.type === 'matrix')
  assert.equal(matrix?.rows, [{ default: 'Row 1' }, { id: 'r2', label: { default: 'Row 2' } }])
  const openTextOut = output.questions![0]
  assert.equal(openTextOut, { ...everyQuestionType[0], headline: { default: 'Tell us', de: 'Erzähl' } })
})

test('question ids must match the id syntax', () => {
  const survey = { ...minimal(), questions: [openText('ok'), openText('has space')] }
  assert.equal(failurePaths(surveyCreateSchema, survey), ['questions.1.id'])
})

test('reserved question ids are rejected', () => {
  for (const id of ['userId', 'source', 'suid', 'end', 'start', 'welcomeCard', 'hidden', 'verifiedEmail', 'multiLanguage', 'embed']) {
    assert.equal(failurePaths(surveyCreateSchema, { ...minimal(), questions: [openText(id)] }), ['questions.0.id'], id)
  }
})

test('duplicate question ids fail at the later duplicate', () => {
  const survey = { ...minimal(), questions: [openText('a'), openText('b'), openText('a')] }
  const result = v.safeParse(surveyCreateSchema, survey)
  assert.not.ok(result.success)
  if (!result.success) {
    assert.equal(
      result.issues.map((issue) => v.getDotPath(issue)),
      ['questions.2.id'],
    )
    assert.is(result.issues[0]?.message, 'Question ids must be unique')
  }
})

test('duplicate ending ids fail', () => {
  const survey = {
    ...minimal(),
    endings: [
      { id: 'e1', type: 'endScreen' },
      { id: 'e1', type: 'redirectToUrl', url: 'https://example.com' },
    ],
  }
  assert.equal(failurePaths(surveyCreateSchema, survey), ['endings.1.id'])
})

test('duplicate choice ids within a question fail', () => {
  const question = {
    id: 'q',
    type: 'multipleChoiceSingle',
    headline: text('?'),
    choices: [
      { id: 'a', label: text('A') },
      { id: 'a', label: text('A again') },
    ],
  }
  assert.equal(failurePaths(surveyCreateSchema, { ...minimal(), questions: [question] }), ['questions.0.choices.1.id'])
})

// An empty list is valid here: `blocks` may carry the elements instead; none at all is refused by
// domain/survey-structure (survey-structure.test.ts).
test('question count is bounded to 200', () => {
  const many = Array.from({ length: 201 }, (_, index) => openText(`q${index}`))
  assert.equal(failurePaths(surveyCreateSchema, { ...minimal(), questions: many }), ['questions'])
  const output = parseOk(surveyCreateSchema, { ...minimal(), questions: many.slice(0, 200) })
  assert.is(output.questions!.length, 200)
})

test('an unknown question type fails at its type', () => {
  const survey = { ...minimal(), questions: [openText('a'), { id: 'b', type: 'slider', headline: text('?') }] }
  assert.equal(failurePaths(surveyCreateSchema, survey), ['questions.1.type'])
})

test('a name over 255 characters fails, 255 passes', () => {
  assert.equal(failurePaths(surveyCreateSchema, { ...minimal(), name: 'x'.repeat(256) }), ['name'])
  assert.equal(failurePaths(surveyCreateSchema, { ...minimal(), name: '' }), ['name'])
  assert.is(parseOk(surveyCreateSchema, { ...minimal(), name: 'x'.repeat(255) }).name.length, 255)
})

test('texts are bounded and need a default language', () => {
  const long = { ...minimal(), questions: [{ ...openText('a'), headline: text('x'.repeat(10_001)) }] }
  assert.equal(failurePaths(surveyCreateSchema, long), ['questions.0.headline.default'])
  const noDefault = { ...minimal(), questions: [{ ...openText('a'), headline: { en: 'Hi' } }] }
  assert.equal(failurePaths(surveyCreateSchema, noDefault), ['questions.0.headline.default'])
})

test('required fields are reported by path', () => {
  // `environmentId` is optional: the route takes the key's environment.
  assert.equal(failurePaths(surveyCreateSchema, { questions: [openText('a')] }), ['name'])
  assert.ok(v.safeParse(surveyCreateSchema, { name: 'S', questions: [openText('a')] }).success)
})

test('field values are checked', () => {
  const cases: [Record<string, unknown>, string][] = [
    [{ type: 'email' }, 'type'],
    [{ status: 'archived' }, 'status'],
    [{ displayOption: 'always' }, 'displayOption'],
    [{ delay: -1 }, 'delay'],
    [{ autoClose: 1.5 }, 'autoClose'],
    [{ autoComplete: 0 }, 'autoComplete'],
    [{ displayLimit: 0 }, 'displayLimit'],
    [{ displayPercentage: 0 }, 'displayPercentage'],
    [{ displayPercentage: 100.5 }, 'displayPercentage'],
    [{ recontactDays: 366 }, 'recontactDays'],
    [{ pin: '123' }, 'pin'],
    [{ pin: 'abcd' }, 'pin'],
    [{ redirectUrl: 'javascript:alert(1)' }, 'redirectUrl'],
    [{ closeOnDate: 'tomorrow' }, 'closeOnDate'],
    [{ closeOnDate: '2030-02-30' }, 'closeOnDate'],
    [{ runOnDate: '2030-01-01T25:00:00Z' }, 'runOnDate'],
    [{ hiddenFields: { enabled: true, fieldIds: ['userId'] } }, 'hiddenFields.fieldIds.0'],
    [{ singleUse: { enabled: true } }, 'singleUse.isEncrypted'],
    [{ endings: [{ id: 'e', type: 'redirectToUrl', url: 'ftp://example.com' }] }, 'endings.0.url'],
    [{ endings: [{ id: 'e', type: 'thankYou' }] }, 'endings.0.type'],
  ]
  for (const [fields, path] of cases) {
    assert.equal(failurePaths(surveyCreateSchema, { ...minimal(), ...fields }), [path], JSON.stringify(fields))
  }
})

test('per-type question fields are checked', () => {
  const cases: [Record<string, unknown>, string][] = [
    [{ id: 'r', type: 'rating', headline: text('?'), scale: 'star', range: 8 }, 'questions.0.range'],
    [{ id: 'r', type: 'rating', headline: text('?'), range: 5 }, 'questions.0.scale'],
    [{ id: 'm', type: 'multipleChoiceMulti', headline: text('?'), choices: [] }, 'questions.0.choices'],
    [{ id: 'k', type: 'ranking', headline: text('?'), choices: [{ id: 'a', label: text('A') }] }, 'questions.0.choices'],
    [{ id: 'c', type: 'consent', headline: text('?') }, 'questions.0.label'],
    [{ id: 'd', type: 'date', headline: text('?'), format: 'd.M.y' }, 'questions.0.format'],
    [{ id: 'o', type: 'openText', headline: text('?'), inputType: 'color' }, 'questions.0.inputType'],
    [{ id: 'o', type: 'openText', headline: text('?'), charLimit: { min: 5, max: 2 } }, 'questions.0.charLimit'],
    [{ id: 'x', type: 'matrix', headline: text('?'), rows: [], columns: [text('c')] }, 'questions.0.rows'],
    [{ id: 'p', type: 'cal', headline: text('?'), calUserName: '' }, 'questions.0.calUserName'],
    [{ id: 'f', type: 'fileUpload', headline: text('?') }, 'questions.0.allowMultipleFiles'],
  ]
  for (const [question, path] of cases) {
    assert.equal(failurePaths(surveyCreateSchema, { ...minimal(), questions: [question] }), [path], JSON.stringify(question))
  }
})

test('csat and ces questions: the reference scales and ranges, defaults filled in', () => {
  const csat = { id: 'sat', type: 'csat', headline: text('Satisfied?'), scale: 'star' }
  const ces = { id: 'ease', type: 'ces', headline: text('Easy?'), scale: 'number', range: 5 }
  const output = parseOk(surveyCreateSchema, { ...minimal(), questions: [csat, ces] })
  assert.equal(output.questions, [
    { ...csat, required: true, range: 5, isColorCodingEnabled: false },
    { ...ces, required: true, isColorCodingEnabled: false },
  ])
  const refused: [Record<string, unknown>, string][] = [
    [{ ...csat, range: 7 }, 'questions.0.range'],
    [{ ...csat, range: '5' }, 'questions.0.range'],
    [{ ...csat, scale: 'slider' }, 'questions.0.scale'],
    [{ id: 'sat', type: 'csat', headline: text('?') }, 'questions.0.scale'],
    [{ ...ces, range: 10 }, 'questions.0.range'],
    [{ ...ces, range: 3 }, 'questions.0.range'],
    [{ id: 'ease', type: 'ces', headline: text('?'), scale: 'number' }, 'questions.0.range'],
    [{ ...ces, scale: undefined }, 'questions.0.scale'],
    [{ ...ces, lowerLabel: { de: 'schwer' } }, 'questions.0.lowerLabel.default'],
    [{ ...ces, isColorCodingEnabled: 'yes' }, 'questions.0.isColorCodingEnabled'],
  ]
  for (const [question, path] of refused) {
    assert.equal(failurePaths(surveyCreateSchema, { ...minimal(), questions: [question] }), [path], JSON.stringify(question))
  }
})

test('cal questions: a user name or user/event path, and a host name that is no URL', () => {
  const cal = { id: 'book', type: 'cal', headline: text('Book a call'), calUserName: 'rick/15min' }
  const accepted = [
    cal,
    { ...cal, calHost: 'cal.com' },
    { ...cal, calHost: 'cal.example.org:8443' },
    { ...cal, calUserName: 'team.sales_eu' },
  ]
  for (const question of accepted) {
    const output = parseOk(surveyCreateSchema, { ...minimal(), questions: [question] })
    assert.equal(output.questions, [{ ...question, required: true }], JSON.stringify(question))
  }
  const refused: [Record<string, unknown>, string][] = [
    [{ ...cal, calUserName: undefined }, 'questions.0.calUserName'],
    [{ ...cal, calUserName: 'rick smith' }, 'questions.0.calUserName'],
    [{ ...cal, calUserName: '/rick' }, 'questions.0.calUserName'],
    [{ ...cal, calUserName: 'rick/' }, 'questions.0.calUserName'],
    [{ ...cal, calUserName: 'rick/../admin' }, 'questions.0.calUserName'],
    [{ ...cal, calUserName: 'rick?x=1' }, 'questions.0.calUserName'],
    [{ ...cal, calUserName: 'rick#top' }, 'questions.0.calUserName'],
    [{ ...cal, calUserName: 'r'.repeat(256) }, 'questions.0.calUserName'],
    [{ ...cal, calHost: '' }, 'questions.0.calHost'],
    [{ ...cal, calHost: 'https://cal.com' }, 'questions.0.calHost'],
    [{ ...cal, calHost: 'cal.com/rick' }, 'questions.0.calHost'],
    [{ ...cal, calHost: 'user@cal.com' }, 'questions.0.calHost'],
    [{ ...cal, calHost: 'cal .com' }, 'questions.0.calHost'],
    [{ ...cal, calHost: '-cal.com' }, 'questions.0.calHost'],
    [{ ...cal, calHost: 'cal..com' }, 'questions.0.calHost'],
    [{ ...cal, calHost: 'cal.com:99999' }, 'questions.0.calHost'],
    [{ ...cal, calHost: 'cal.com:' }, 'questions.0.calHost'],
    [{ ...cal, calHost: `${'a'.repeat(64)}.com` }, 'questions.0.calHost'],
    [{ ...cal, calHost: 42 }, 'questions.0.calHost'],
  ]
  for (const [question, path] of refused) {
    assert.equal(failurePaths(surveyCreateSchema, { ...minimal(), questions: [question] }), [path], JSON.stringify(question))
  }
})

test("a survey's own output fields are taken and not kept; a key no schema knows is refused at its path", () => {
  const output = parseOk(surveyCreateSchema, {
    ...minimal(),
    id: 'ignored',
    createdAt: '2024-01-01',
    segment: null,
    followUps: [],
  })
  for (const field of ['id', 'createdAt', 'segment', 'followUps']) assert.not.ok(field in output, field)
  assert.equal(
    failurePaths(surveyCreateSchema, { ...minimal(), somethingElse: { a: 1 }, questions: [{ ...openText('q1'), surprise: true }] }),
    ['questions.0.surprise', 'somethingElse'],
  )
})

test('nullable fields accept null explicitly', () => {
  const output = parseOk(surveyCreateSchema, { ...minimal(), singleUse: null, pin: null, segmentId: 'seg1' })
  assert.is(output.singleUse, null)
  assert.is(output.segmentId, 'seg1')
})

test('update schema keeps omitted fields omitted', () => {
  const output: SurveyUpdateInput = parseOk(surveyUpdateSchema, { name: 'Renamed', status: 'paused', id: 'x', slug: 'renamed' })
  assert.equal(output, { name: 'Renamed', status: 'paused' })
  assert.equal(parseOk(surveyUpdateSchema, {}), {})
})

test('update schema validates the fields that are sent', () => {
  assert.equal(failurePaths(surveyUpdateSchema, { name: 'x'.repeat(256) }), ['name'])
  assert.equal(failurePaths(surveyUpdateSchema, { questions: [openText('a'), openText('a')] }), ['questions.1.id'])
  const output = parseOk(surveyUpdateSchema, { environmentId: 'env2', closeOnDate: null })
  assert.equal(output, { environmentId: 'env2', closeOnDate: null })
})

test('ISO date-times are normalised to UTC', () => {
  assert.is(normalizeIsoDateTime('2024-05-01T10:00:00Z'), '2024-05-01T10:00:00.000Z')
  assert.is(normalizeIsoDateTime('2024-05-01T10:00'), '2024-05-01T10:00:00.000Z')
  assert.is(normalizeIsoDateTime('2024-05-01T10:00:00.123456-0130'), '2024-05-01T11:30:00.123Z')
  assert.is(normalizeIsoDateTime('2024-02-29'), '2024-02-29T00:00:00.000Z')
  assert.is(normalizeIsoDateTime('2023-02-29'), null)
  assert.is(normalizeIsoDateTime('May 1, 2024'), null)
  assert.is(normalizeIsoDateTime('2024-05-01T10:00:00+24:00'), null)
})

test.run()
