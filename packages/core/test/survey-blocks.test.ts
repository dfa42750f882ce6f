/**
 * Surveys of `blocks` (issue 41, §1): the reference's current structure, pages of elements with the page's
 * logic and buttons. A survey is created or updated with `questions`, `blocks` or both (consistent, else a
 * 400 naming the field), stored once and answered with both on the management routes, the environment state
 * and the link page. Written from the reference's `packages/types/surveys/blocks.ts` and its v1 survey routes
 * (`apps/web/app/lib/api/survey-transformation.ts`).
 */
import * as assert from 'uvu/assert'
import {
  EARLIER_REFERENCE_SURVEY_FIELDS,
  REFERENCE_SURVEY_FIELDS,
  blockSurvey,
  createSurvey,
  defaultBackend,
  ignoredSurveyFields,
  question,
  suiteWithBed,
} from '@canvass/test-bed'
import type { Backend } from '@canvass/test-bed'
import { IGNORED_SURVEY_FIELDS } from '../src/schemas/survey-ignored-fields'

const { test, bed: b } = suiteWithBed(`${defaultBackend()}: survey blocks`)

const text = (value: string) => ({ default: value })
async function post(x: Backend, body: unknown) {
  return x.call('POST', '/api/v1/management/surveys', { key: x.keyA, body })
}

async function put(x: Backend, id: string, body: unknown) {
  return x.call('PUT', `/api/v1/management/surveys/${id}`, { key: x.keyA, body })
}

test('a survey of blocks is created, read back with both structures, and answered with its questions', async () => {
  const x = b()
  const sent = blockSurvey(x.envA)
  const created = await post(x, sent)
  assert.is(created.status, 200, created.text)
  const survey = created.body.data
  assert.equal(
    survey.blocks.map((block: { id: string; name: string }) => [block.id, block.name]),
    [
      ['page1', 'Ratings'],
      ['page2', 'Why'],
      ['page3', 'Last'],
    ],
  )
  assert.equal(survey.blocks[0].logic, sent.blocks[0]?.logic, 'block logic kept as sent')
  assert.equal(
    survey.blocks[0].elements.map((e: { id: string }) => e.id),
    ['sat', 'effort'],
  )
  assert.equal(
    survey.questions.map((q: { id: string }) => q.id),
    ['sat', 'effort', 'why', 'last', 'book'],
  )
  const effort = survey.questions[1]
  assert.equal(effort.buttonLabel, text('Continue'), "the page's button on its last element")
  assert.is(effort.logic[0].actions[1].objective, 'jumpToQuestion')
  assert.is(effort.logic[0].actions[1].target, 'last', 'a jump to a block is a jump to its first element')
  assert.is(effort.logic[0].conditions.conditions[0].leftOperand.type, 'question')
  assert.equal(survey.variables, sent.variables)
  const read = await x.call('GET', `/api/v1/management/surveys/${survey.id}`, { key: x.keyA })
  assert.equal(read.body.data.blocks, survey.blocks)
  assert.equal(read.body.data.questions, survey.questions)

  // Both sent back as answered: consistent.
  const again = await post(x, { ...sent, questions: survey.questions, blocks: survey.blocks })
  assert.is(again.status, 200, again.text)
  assert.equal(again.body.data.blocks, survey.blocks)
})

test('a survey of questions gets one block per question ("Block n"); a PUT of blocks replaces both', async () => {
  const x = b()
  const survey = await createSurvey(x, { questions: [question('q1'), { ...question('q2'), buttonLabel: text('Send') }] })
  assert.equal(
    survey.blocks.map((block: { id: string; name: string; elements: { id: string }[] }) => [
      block.id,
      block.name,
      block.elements.map((e) => e.id),
    ]),
    [
      ['q1', 'Block 1', ['q1']],
      ['q2', 'Block 2', ['q2']],
    ],
  )
  assert.equal(survey.blocks[1].buttonLabel, text('Send'))
  assert.not.ok('buttonLabel' in survey.blocks[1].elements[0])

  const blocks = [{ id: 'p', elements: [question('a'), question('b')] }]
  const updated = await put(x, survey.id, { blocks })
  assert.is(updated.status, 200, updated.text)
  assert.equal(
    updated.body.data.questions.map((q: { id: string }) => q.id),
    ['a', 'b'],
  )
  assert.is(updated.body.data.blocks[0].name, 'Block 1')

  // Questions alone replace the blocks too.
  const back = await put(x, survey.id, { questions: [question('z')] })
  assert.equal(
    back.body.data.blocks.map((block: { id: string }) => block.id),
    ['z'],
  )
})

test('inconsistent or misplaced fields are a 400 naming them; nothing is dropped', async () => {
  const x = b()
  const sent = blockSurvey(x.envA)
  const survey = (await post(x, sent)).body.data
  const changed = survey.questions.map((q: { id: string }) => (q.id === 'why' ? { ...q, headline: text('Other') } : q))
  const both = await post(x, { ...sent, questions: changed })
  assert.is(both.status, 400)
  assert.equal(Object.keys(both.body.details), ['questions.2.headline.default'])
  const onPut = await put(x, survey.id, { blocks: survey.blocks, questions: changed })
  assert.equal(Object.keys(onPut.body.details), ['questions.2.headline.default'])

  const misplaced = await post(x, { ...sent, blocks: [{ id: 'p', elements: [{ ...question('a'), logic: [] }] }] })
  assert.equal(misplaced.body.details, { 'blocks.0.elements.0.logic': 'Not an element field: set logic on the block' })
  const none = await post(x, { environmentId: x.envA, name: 'Empty', blocks: [] })
  assert.is(none.status, 400)
  assert.ok('questions' in none.body.details)
  const twice = await post(x, {
    ...sent,
    blocks: [
      { id: 'p', elements: [question('a')] },
      { id: 'p2', elements: [question('a')] },
    ],
  })
  assert.equal(Object.keys(twice.body.details), ['blocks'])
})

test('blocks are bounded: a refused PUT changes nothing', async () => {
  const x = b()
  const survey = (await post(x, blockSurvey(x.envA))).body.data
  const manyBlocks = `{"blocks":[${Array(5_000).fill('{}').join(',')}]}`
  const over = await x.call('PUT', `/api/v1/management/surveys/${survey.id}`, {
    key: x.keyA,
    rawBody: manyBlocks,
    headers: { 'content-type': 'application/json' },
  })
  assert.is(over.status, 400)
  assert.is(over.body.details.blocks, 'Survey must have at most 200 blocks')
  const pairs = Array.from({ length: 101 }, (_, i) => ({ id: `b${i}`, elements: [question(`q${i}a`), question(`q${i}b`)] }))
  const elements = await put(x, survey.id, { blocks: pairs })
  assert.equal(elements.body.details, { blocks: 'Survey must have at most 200 elements' })
  const rules = await put(x, survey.id, { blocks: [{ id: 'p', elements: [question('a')], logic: Array(201).fill({}) }] })
  assert.ok('blocks.0.logic' in rules.body.details, rules.text)
  const read = (await x.call('GET', `/api/v1/management/surveys/${survey.id}`, { key: x.keyA })).body.data
  assert.equal(read.blocks, survey.blocks)
})

test('concurrent PUTs of blocks and of another field are both kept', async () => {
  const x = b()
  const survey = (await post(x, blockSurvey(x.envA))).body.data
  const blocks = [{ id: 'only', name: 'Only', elements: [question('solo')] }]
  const results = await Promise.all([
    put(x, survey.id, { blocks }),
    put(x, survey.id, { name: 'Renamed' }),
    put(x, survey.id, { delay: 5 }),
  ])
  assert.equal(
    results.map((r) => r.status),
    [200, 200, 200],
  )
  const read = (await x.call('GET', `/api/v1/management/surveys/${survey.id}`, { key: x.keyA })).body.data
  assert.equal(
    [read.name, read.delay, read.blocks.map((block: { id: string }) => block.id), read.questions.map((q: { id: string }) => q.id)],
    ['Renamed', 5, ['only'], ['solo']],
  )
})

test('the environment state and the link page carry both structures', async () => {
  const x = b()
  const app = (await post(x, blockSurvey(x.envA, 'app'))).body.data
  const state = await x.call('GET', `/api/v1/client/${x.envA}/environment`)
  const shown = state.body.data.data.surveys.find((s: { id: string }) => s.id === app.id)
  assert.equal(shown.blocks, app.blocks)
  assert.equal(shown.questions, app.questions)
  const link = (await post(x, blockSurvey(x.envA))).body.data
  const page = await x.call('GET', `/s/${link.id}`)
  const boot = JSON.parse(/<script id="canvass-boot" type="application\/json">(.*?)<\/script>/s.exec(page.text)?.[1] ?? 'null')
  assert.equal(boot.survey.blocks, link.blocks)
  assert.equal(boot.survey.questions, link.questions)
})

test("publishOn and closeOn are runOnDate and closeOnDate under the reference's current names", async () => {
  const x = b()
  const created = await post(x, {
    ...blockSurvey(x.envA),
    status: 'inProgress',
    publishOn: '2030-01-02T03:04:05.000Z',
    closeOn: '2031-01-01T00:00:00.000Z',
  })
  assert.is(created.status, 200, created.text)
  const survey = created.body.data
  assert.equal(
    [survey.publishOn, survey.runOnDate, survey.closeOn, survey.closeOnDate],
    ['2030-01-02T03:04:05.000Z', '2030-01-02T03:04:05.000Z', '2031-01-01T00:00:00.000Z', '2031-01-01T00:00:00.000Z'],
  )
  const updated = await put(x, survey.id, { closeOn: null })
  assert.equal(
    [updated.body.data.closeOn, updated.body.data.closeOnDate, updated.body.data.publishOn],
    [null, null, '2030-01-02T03:04:05.000Z'],
  )
  const conflict = await put(x, survey.id, { publishOn: '2030-01-01T00:00:00.000Z', runOnDate: '2030-02-01T00:00:00.000Z' })
  assert.equal(conflict.body.details, { runOnDate: 'Must equal publishOn, the same field under its current name' })
})

test("every field of the reference's survey model is answered, or listed in docs/surveys.md as ignored with its reason", async () => {
  const x = b()
  const survey = (await post(x, blockSurvey(x.envA))).body.data
  const ignored = ignoredSurveyFields()
  const missing = REFERENCE_SURVEY_FIELDS.filter((field) => !(field in survey) && !ignored.has(field))
  assert.equal(missing, [], 'neither answered nor listed as ignored')
  const listedButAnswered = [...ignored].filter((field) => field in survey)
  assert.equal(listedButAnswered, [], 'listed as ignored but answered')
  const reference: readonly string[] = [...REFERENCE_SURVEY_FIELDS, ...EARLIER_REFERENCE_SURVEY_FIELDS]
  for (const field of ignored) assert.ok(reference.includes(field), `${field} is no reference field`)
  // The list is the one the schema takes (workspaceId, checked against the key, is taken as a field of its own).
  assert.equal([...ignored].sort(), ['workspaceId', ...Object.keys(IGNORED_SURVEY_FIELDS)].sort())
})

test.run()
