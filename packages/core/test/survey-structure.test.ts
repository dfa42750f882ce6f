import { test } from 'uvu'
import * as assert from 'uvu/assert'
import * as v from 'valibot'
import { CanvassError } from '../src/errors'
import { surveyCreateSchema } from '../src/schemas/survey'
import { blocksFromQuestions, bothStructures, questionsFromBlocks, surveyBlocks } from '../src/domain/surveys/survey-structure'

const text = (value: string) => ({ default: value })
const openText = (id: string) => ({
  id,
  type: 'openText',
  headline: text(`Question ${id}`),
  required: true,
  inputType: 'text',
  charLimit: { enabled: false },
})

/** A jump from q1 to q3 when q1 equals "skip", as a v1 question's logic says it. */
const questionLogic = [
  {
    id: 'rule1',
    conditions: {
      id: 'g',
      connector: 'and',
      conditions: [
        { id: 'c', leftOperand: { type: 'question', value: 'q1' }, operator: 'equals', rightOperand: { type: 'static', value: 'skip' } },
      ],
    },
    actions: [
      { id: 'a1', objective: 'jumpToQuestion', target: 'q3' },
      { id: 'a2', objective: 'calculate', variableId: 'v', operator: 'add', value: { type: 'static', value: 1 } },
    ],
  },
]

const blocks = [
  {
    id: 'page1',
    name: 'Page 1',
    elements: [openText('q1'), openText('q2')],
    logic: [
      {
        id: 'rule1',
        conditions: {
          id: 'g',
          connector: 'and',
          conditions: [
            { id: 'c', leftOperand: { type: 'element', value: 'q1' }, operator: 'equals', rightOperand: { type: 'static', value: 'skip' } },
          ],
        },
        actions: [{ id: 'a1', objective: 'jumpToBlock', target: 'page3' }],
      },
    ],
    logicFallback: 'end1',
    buttonLabel: text('Continue'),
  },
  { id: 'page2', name: 'Page 2', elements: [openText('q3')] },
  { id: 'page3', name: 'Page 3', elements: [openText('q4')], backButtonLabel: text('Previous') },
]

test('questions become one block each, named as the reference names them, logic moved to the block', () => {
  const questions = [
    { ...openText('q1'), logic: questionLogic, logicFallback: 'q2', buttonLabel: text('Go') },
    openText('q2'),
    openText('q3'),
  ]
  const made = blocksFromQuestions(questions)
  assert.equal(
    made.map((block) => [block.id, block.name, block.elements.map((e) => e.id)]),
    [
      ['q1', 'Block 1', ['q1']],
      ['q2', 'Block 2', ['q2']],
      ['q3', 'Block 3', ['q3']],
    ],
  )
  assert.not.ok('logic' in (made[0]?.elements[0] ?? {}), 'the element keeps no block field')
  assert.equal(made[0]?.buttonLabel, text('Go'))
  assert.is(made[0]?.logicFallback, 'q2')
  const rule = made[0]?.logic?.[0] as {
    conditions: { conditions: { leftOperand: { type: string } }[] }
    actions: { objective: string; target?: string }[]
  }
  assert.is(rule.conditions.conditions[0]?.leftOperand.type, 'element')
  assert.equal(rule.actions[0], { id: 'a1', objective: 'jumpToBlock', target: 'q3' })
  assert.is(rule.actions[1]?.objective, 'calculate', 'calculate actions are kept as they are')
  // And back: the same questions.
  assert.equal(questionsFromBlocks(made), questions)
})

test("blocks become their elements in order; the page's logic, fallback and labels go to its last element", () => {
  const questions = questionsFromBlocks(blocks)
  assert.equal(
    questions.map((q) => q.id),
    ['q1', 'q2', 'q3', 'q4'],
  )
  assert.not.ok('logic' in (questions[0] ?? {}))
  const last = questions[1] as Record<string, unknown>
  assert.is(last.logicFallback, 'end1', 'an ending stays an ending')
  assert.equal(last.buttonLabel, text('Continue'))
  const rule = (last.logic as { conditions: { conditions: { leftOperand: { type: string } }[] }; actions: unknown[] }[])[0]
  assert.is(rule?.conditions.conditions[0]?.leftOperand.type, 'question')
  assert.equal(
    rule?.actions[0],
    { id: 'a1', objective: 'jumpToQuestion', target: 'q4' },
    'a jump to a block is a jump to its first element',
  )
  assert.equal((questions[3] as Record<string, unknown>).backButtonLabel, text('Previous'))
})

test('a stored survey without blocks (written before them) answers blocks made from its questions', () => {
  assert.equal(surveyBlocks({ blocks: [], questions: [openText('q1')] }), [{ id: 'q1', name: 'Block 1', elements: [openText('q1')] }])
  assert.equal(surveyBlocks({ blocks, questions: [] }), blocks)
})

function refusal(run: () => unknown): Record<string, string> {
  try {
    run()
  } catch (error) {
    assert.instance(error, CanvassError)
    assert.is((error as CanvassError).status, 400)
    return (error as CanvassError).details as Record<string, string>
  }
  assert.unreachable('expected a 400')
  return {}
}

test('both structures: equal ones are accepted, others are a 400 naming the first field that differs', () => {
  const questions = questionsFromBlocks(blocks)
  assert.equal(bothStructures({ blocks, questions }).questions, questions)
  const changed = questions.map((q) => (q.id === 'q3' ? { ...q, headline: text('Other') } : q))
  assert.equal(Object.keys(refusal(() => bothStructures({ blocks, questions: changed }))), ['questions.2.headline.default'])
  assert.equal(Object.keys(refusal(() => bothStructures({ blocks, questions: questions.slice(0, 3) }))), ['questions.3'])
  assert.equal(Object.keys(refusal(() => bothStructures({ blocks: [], questions: [] }))), ['questions'])
  // An empty list is "not sent": the reference answers a survey of questions with `blocks: []`.
  assert.equal(
    bothStructures({ blocks: [], questions: [openText('q1')] }).blocks.map((b) => b.id),
    ['q1'],
  )
})

test('blocks without a name are named by their place', () => {
  const { blocks: named } = bothStructures({
    blocks: [
      { id: 'b1', elements: [openText('q1')] },
      { id: 'b2', name: 'Mine', elements: [openText('q2')] },
    ],
  })
  assert.equal(
    named.map((b) => b.name),
    ['Block 1', 'Mine'],
  )
})

const paths = (input: unknown) => {
  const result = v.safeParse(surveyCreateSchema, input)
  return result.success ? [] : result.issues.map((issue) => v.getDotPath(issue))
}

test('the block schema: ids, elements and the fields an element may not carry', () => {
  const survey = (b: unknown) => ({ name: 'S', blocks: b })
  assert.equal(paths(survey(blocks)), [])
  assert.equal(paths(survey([{ id: 'b1', elements: [] }])), ['blocks.0.elements'])
  assert.equal(
    paths(
      survey([
        { id: 'b1', elements: [openText('q1')] },
        { id: 'b1', elements: [openText('q2')] },
      ]),
    ),
    ['blocks.1.id'],
  )
  assert.equal(
    paths(
      survey([
        { id: 'b1', elements: [openText('q1')] },
        { id: 'b2', elements: [openText('q1')] },
      ]),
    ),
    ['blocks'],
  )
  assert.equal(paths(survey([{ id: 'b 1', elements: [openText('q1')] }])), ['blocks.0.id'])
  assert.equal(paths(survey([{ id: 'b1', elements: [{ ...openText('q1'), logic: [] }] }])), ['blocks.0.elements.0.logic'])
  assert.equal(paths(survey([{ id: 'b1', elements: [{ ...openText('q1'), buttonLabel: text('x') }] }])), [
    'blocks.0.elements.0.buttonLabel',
  ])
  assert.equal(
    paths(survey([{ id: 'b1', elements: [{ ...openText('userId') }] }])),
    ['blocks.0.elements.0.id'],
    'reserved ids as for questions',
  )
  assert.equal(paths({ name: 'S' }), ['questions'], 'neither structure')
  const kept = v.parse(surveyCreateSchema, {
    name: 'S',
    blocks: [
      {
        id: 'b',
        elements: [
          {
            id: 'm',
            type: 'multipleChoiceMulti',
            headline: text('M'),
            choices: [{ id: 'a', label: text('A') }],
            displayType: 'dropdown',
            validation: { rules: [{ id: 'r', type: 'minSelections', params: { min: 1 } }] },
          },
        ],
      },
    ],
  })
  assert.equal(
    kept.blocks?.[0]?.elements[0],
    {
      id: 'm',
      type: 'multipleChoiceMulti',
      headline: text('M'),
      required: true,
      choices: [{ id: 'a', label: text('A') }],
      shuffleOption: 'none',
      displayType: 'dropdown',
      validation: { rules: [{ id: 'r', type: 'minSelections', params: { min: 1 } }], logic: 'and' },
    },
    "the reference's element fields are kept, not dropped",
  )
  assert.equal(paths({ questions: [] }), ['name', 'questions'], 'listed with the other failing fields')
  const tooMany = Array.from({ length: 101 }, (_, i) => ({ id: `b${i}`, elements: [openText(`q${i}a`), openText(`q${i}b`)] }))
  assert.equal(paths(survey(tooMany)), ['blocks'], 'at most 200 elements in all')
})

test.run()
