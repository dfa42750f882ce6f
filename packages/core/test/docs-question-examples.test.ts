/**
 * docs/api.md shows a question of every type the survey schema knows, and a response answering them all
 * (issue 58, item 26: it had none). Each example is parsed from the page, checked against the schema, created
 * through the management API as one survey, and answered through the client API with the page's response.
 */
import { readFileSync } from 'node:fs'
import { suiteWithBed } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import * as v from 'valibot'
import { surveyQuestionSchema } from '../src/schemas/survey'

const API_MD = readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8')

/** The JSON blocks after `<!-- {marker} -->` in docs/api.md, parsed. */
function marked(marker: string): Record<string, unknown>[] {
  const pattern = new RegExp(`<!-- ${marker} -->\\n\`\`\`json\\n([\\s\\S]*?)\`\`\``, 'g')
  return [...API_MD.matchAll(pattern)].map((match) => JSON.parse(match[1] as string) as Record<string, unknown>)
}

/** Every question type of the schema, from the schema itself. */
const TYPES = surveyQuestionSchema.options.map((option) => option.entries.type.literal as string).sort()

const { test, bed } = suiteWithBed('docs/api.md: one question of each type')

test('the page has one example of every question type, and each is a valid question', () => {
  const examples = marked('question-example')
  assert.ok(TYPES.length >= 17, `the schema's types were found (${TYPES.length})`)
  assert.equal(examples.map((example) => String(example.type)).sort(), TYPES, 'one example per type, no other')
  for (const example of examples) {
    const parsed = v.safeParse(surveyQuestionSchema, example)
    assert.ok(parsed.success, `${String(example.type)}: ${JSON.stringify(parsed.issues?.map((issue) => issue.message))}`)
  }
})

test('a survey of all the examples is created through the API, and the page response answers it', async () => {
  const x = bed()
  const questions = marked('question-example')
  const created = await x.call('POST', '/api/v1/management/surveys', {
    key: x.keyA,
    body: { name: 'Every question type', status: 'inProgress', questions },
  })
  assert.is(created.status, 200, created.text)
  const survey = created.body.data
  assert.equal(
    survey.questions.map((question: { id: string; type: string }) => [question.id, question.type]),
    questions.map((question) => [question.id, question.type]),
  )

  const [answers] = marked('answers-example')
  assert.ok(answers, 'the page has a response example')
  assert.equal(Object.keys(answers!).sort(), questions.map((question) => String(question.id)).sort(), 'it answers every question')
  const response = await x.call('POST', `/api/v1/client/${x.envA}/responses`, {
    body: { surveyId: survey.id, finished: true, data: answers },
  })
  assert.is(response.status, 200, response.text)
  const stored = await x.call('GET', `/api/v1/management/responses/${response.body.data.id}`, { key: x.keyA })
  assert.is(stored.status, 200, stored.text)
  assert.equal(stored.body.data.data, answers)
})

test.run()
