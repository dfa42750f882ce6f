/**
 * A survey's `variables` (the reference's `{id, name, type: number|text, value}`): were dropped in silence
 * (issue 41); now validated and kept.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as v from 'valibot'
import { LIMITS } from '../src/schemas/common'
import { surveyCreateSchema, surveyUpdateSchema } from '../src/schemas/survey'
import type { SurveyRecord } from '../src/ports/storage'
import { linkPageSurvey } from '../src/pages/link-page'

const test = suite('survey variables')

const survey = (variables: unknown) => ({
  name: 'Survey',
  questions: [{ id: 'q1', type: 'openText', headline: { default: 'Q' } }],
  variables,
})

function failures(input: unknown): Record<string, string> {
  const result = v.safeParse(surveyCreateSchema, input)
  assert.not.ok(result.success, 'expected the survey to be refused')
  return result.success ? {} : Object.fromEntries(result.issues.map((issue) => [v.getDotPath(issue) ?? '', issue.message]))
}

test('absent: an empty list; number and text variables are kept as sent', () => {
  const none = v.parse(surveyCreateSchema, { name: 'Survey', questions: survey([]).questions })
  assert.equal(none.variables, [])
  const sent = [
    { id: 'v1score', name: 'score', type: 'number', value: 2.5 },
    { id: 'v2label', name: 'segment_label', type: 'text', value: 'hi' },
  ]
  assert.equal(v.parse(surveyCreateSchema, survey(sent)).variables, sent)
})

test('value defaults to 0 or "" by type, as in the reference', () => {
  const parsed = v.parse(
    surveyCreateSchema,
    survey([
      { id: 'a', name: 'a', type: 'number' },
      { id: 'b', name: 'b', type: 'text' },
    ]),
  )
  assert.equal(parsed.variables, [
    { id: 'a', name: 'a', type: 'number', value: 0 },
    { id: 'b', name: 'b', type: 'text', value: '' },
  ])
})

test('the value must be of the variable type, and finite', () => {
  assert.ok('variables.0.value' in failures(survey([{ id: 'a', name: 'a', type: 'number', value: '3' }])))
  assert.ok('variables.0.value' in failures(survey([{ id: 'a', name: 'a', type: 'text', value: 3 }])))
  assert.ok('variables.0.value' in failures(survey([{ id: 'a', name: 'a', type: 'number', value: Number.POSITIVE_INFINITY }])))
  assert.ok('variables.0.type' in failures(survey([{ id: 'a', name: 'a', type: 'boolean', value: true }])))
  assert.ok('variables.0.value' in failures(survey([{ id: 'a', name: 'a', type: 'text', value: 'x'.repeat(LIMITS.text + 1) }])))
})

test('ids and names are unique; names as the reference writes them', () => {
  assert.ok(
    'variables.1.id' in
      failures(
        survey([
          { id: 'a', name: 'a', type: 'number' },
          { id: 'a', name: 'b', type: 'number' },
        ]),
      ),
  )
  assert.ok(
    'variables.1.name' in
      failures(
        survey([
          { id: 'a', name: 'same', type: 'number' },
          { id: 'b', name: 'same', type: 'text' },
        ]),
      ),
  )
  assert.ok('variables.0.name' in failures(survey([{ id: 'a', name: 'Has Space', type: 'number' }])))
  assert.ok('variables.0.name' in failures(survey([{ id: 'a', name: '', type: 'number' }])))
  assert.ok('variables.0.id' in failures(survey([{ id: 'a/b#', name: 'a', type: 'number' }])), 'an id recall could not name')
  assert.ok('variables.0.id' in failures(survey([{ id: '', name: 'a', type: 'number' }])))
})

test(`at most ${LIMITS.variables} variables`, () => {
  const many = (count: number) => Array.from({ length: count }, (_, i) => ({ id: `v${i}`, name: `v${i}`, type: 'number', value: i }))
  assert.is(v.parse(surveyCreateSchema, survey(many(LIMITS.variables))).variables.length, LIMITS.variables)
  assert.ok('variables' in failures(survey(many(LIMITS.variables + 1))))
})

test('an update keeps omitted variables omitted', () => {
  assert.not.ok('variables' in v.parse(surveyUpdateSchema, { name: 'x' }))
})

test('the link page hands the renderer the survey variables', () => {
  const variables = [{ id: 'a', name: 'a', type: 'number', value: 3 }]
  const record = {
    id: 's',
    name: 'S',
    type: 'link',
    environmentId: 'e',
    questions: [],
    blocks: [],
    endings: [],
    variables,
    languages: [],
    singleUse: null,
  } as unknown as SurveyRecord
  assert.equal(linkPageSurvey(record, 'inProgress').variables, variables)
})

test.run()
