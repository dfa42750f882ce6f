/**
 * The rules of a response update (core/src/domain/responses/response-write-rules.ts, `responseUpdateRefusal`; docs/
 * architecture.md, "A response write"), one owner for the client, management and v3 routes: a manager changes
 * any response of its environment; a respondent only an unfinished one of a survey that takes submissions, with
 * its PIN proven; answers off their scale are refused for both.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { responseUpdateRefusal } from '../src/domain/responses/response-write-rules'
import type { ResponseUpdater } from '../src/domain/responses/response-write-rules'
import type { ResponseSurveyFields } from '../src/ports/storage'

const now = new Date('2026-11-27T12:00:00.000Z')
const open = { environmentId: 'env-a', finished: false, surveyId: 'survey-1' }
const survey = (overrides: Partial<ResponseSurveyFields> = {}): ResponseSurveyFields => ({
  environmentId: 'env-a',
  status: 'inProgress',
  runOnDate: null,
  closeOnDate: null,
  hasPin: false,
  hasQuotas: false,
  answerScales: [{ questionId: 'nps', min: 0, max: 10 }],
  ...overrides,
})
const manager: ResponseUpdater = { kind: 'manager', environmentId: 'env-a' }
const respondent = (pinProvenFor?: string, path: { environmentId: string | undefined } = { environmentId: 'env-a' }): ResponseUpdater => ({
  kind: 'respondent',
  environmentId: path.environmentId,
  now,
  pinProvenFor,
})
const outcome = (...args: Parameters<typeof responseUpdateRefusal>) => responseUpdateRefusal(...args)?.outcome ?? null

test('another environment is refused to both; a respondent without one in its path is judged by the id alone', () => {
  const elsewhere = { ...open, environmentId: 'env-b' }
  assert.is(outcome(elsewhere, survey(), {}, manager), 'response_in_other_environment')
  assert.is(outcome(elsewhere, survey(), {}, respondent()), 'response_in_other_environment')
  assert.is(outcome(elsewhere, survey(), {}, respondent(undefined, { environmentId: undefined })), null)
})

test('a finished response, a closed survey or a missing PIN stop a respondent and not a manager', () => {
  const cases: [typeof open, ResponseSurveyFields, string][] = [
    [{ ...open, finished: true }, survey(), 'response_finished'],
    [open, survey({ status: 'completed' }), 'survey_not_accepting'],
    [open, survey({ status: 'inProgress', closeOnDate: new Date('2026-11-27T11:00:00.000Z') }), 'survey_not_accepting'],
    [open, survey({ hasPin: true }), 'pin_required'],
  ]
  for (const [response, facts, expected] of cases) {
    assert.is(outcome(response, facts, {}, respondent()), expected, expected)
    assert.is(outcome(response, facts, {}, manager), null, `a manager: ${expected}`)
  }
  assert.is(outcome(open, survey({ hasPin: true }), {}, respondent('survey-1')), null)
  assert.is(outcome(open, survey({ hasPin: true }), {}, respondent('survey-2')), 'pin_required')
})

test('an answer off its scale is refused to both, naming the question and its bounds', () => {
  for (const updater of [manager, respondent()]) {
    assert.equal(responseUpdateRefusal(open, survey(), { nps: 11 }, updater), {
      outcome: 'answer_out_of_range',
      questionId: 'nps',
      min: 0,
      max: 10,
    })
    assert.is(outcome(open, survey(), { nps: 10 }, updater), null)
  }
})

test.run()
