/**
 * The document store and the document helpers, in Node: edits copy only what they touch and keep every other
 * field; undo and redo walk the history, keystrokes into one field within a second are one step; new
 * questions and blocks go where the focus is, with readable unique ids.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { addBlock, addQuestion } from '../src/blocks'
import { readableId, setIn, usedIds } from '../src/doc'
import { blockField, surveyField } from '../src/doc-field'
import { addEditorLanguage, editorTexts } from '../src/i18n'
import { createEditorStore } from '../src/store'
import { plainProblem, problemPlace } from '../src/ui/problem-place'

const doc = () => ({
  name: 'S',
  distribution: { displayOption: 'displayOnce', unknownToTheEditor: [1, 2] },
  blocks: [
    {
      id: 'b1',
      name: 'Block 1',
      logic: [{ id: 'l', kept: true }],
      elements: [{ id: 'q1', type: 'openText', headline: { 'en-US': 'One' } }],
    },
    { id: 'b2', name: 'Block 2', elements: [{ id: 'q2', type: 'nps', headline: { 'en-US': 'Two' } }] },
  ],
})

const test = suite('the editor store and document helpers')

test('setIn copies the path it changes and shares the rest; undefined removes a key', () => {
  const before = doc()
  const after = setIn(before, ['blocks', 0, 'elements', 0, 'headline', 'de-DE'], 'Eins')
  assert.equal(after.blocks[0]?.elements[0]?.headline, { 'en-US': 'One', 'de-DE': 'Eins' })
  assert.is(after.distribution, before.distribution)
  assert.is(after.blocks[1], before.blocks[1])
  assert.equal(before.blocks[0]?.elements[0]?.headline, { 'en-US': 'One' }, 'the old document is untouched')
  const removed = setIn(after, ['blocks', 0, 'name'], undefined)
  assert.not.ok('name' in (removed.blocks[0] as object))
})

test('undo and redo; keystrokes into one field within a second are one step', () => {
  let now = 0
  const store = createEditorStore(doc(), () => now)
  store.set(surveyField('name'), 'A', 'name')
  now += 100
  store.set(surveyField('name'), 'AB', 'name')
  now += 2000
  store.set(surveyField('name'), 'ABC', 'name')
  store.set(blockField(0, 'name'), 'First', 'blocks.0.name')
  assert.ok(store.undo())
  assert.is(store.doc.name, 'ABC')
  assert.ok(store.undo())
  assert.is(store.doc.name, 'AB')
  assert.ok(store.undo())
  assert.is(store.doc.name, 'S')
  assert.not.ok(store.undo())
  assert.ok(store.redo())
  assert.is(store.doc.name, 'AB')
  store.set(surveyField('name'), 'X')
  assert.not.ok(store.canRedo, 'a new change forgets what was undone')
})

test('Add question goes after the focused question, in its block; Add block after its block', () => {
  const start = doc()
  const added = addQuestion(start, { block: 0, element: 0 }, 'en-US')
  assert.equal(added.place, { block: 0, element: 1 })
  const elements = (added.doc.blocks as any[])[0].elements
  assert.equal(
    elements.map((e: any) => e.id),
    ['q1', 'question-1'],
  )
  assert.is(elements[1].type, 'openText')
  assert.equal((added.doc.blocks as any[])[0].logic, [{ id: 'l', kept: true }])
  const atEnd = addQuestion(start, undefined, 'en-US')
  assert.equal(atEnd.place, { block: 1, element: 1 })
  const block = addBlock(start, 0, 'en-US')
  assert.equal(
    (block.doc.blocks as any[]).map((b) => b.id),
    ['b1', 'block-1', 'b2'],
  )
  assert.equal(addQuestion({ name: 'empty' }, undefined, 'de-DE').doc.blocks, [
    {
      id: 'block-1',
      name: 'Block 1',
      elements: [
        {
          id: 'question-1',
          type: 'openText',
          headline: { 'de-DE': '' },
          required: false,
          inputType: 'text',
          charLimit: { enabled: false },
        },
      ],
    },
  ])
})

test('readable ids skip every id in use', () => {
  const ids = usedIds({ blocks: [{ id: 'block-1', elements: [{ id: 'question-1' }] }], endings: [{ id: 'question-2' }] })
  assert.is(readableId('question', ids), 'question-3')
  assert.is(readableId('block', ids), 'block-2')
})

test('a problem path in words; UI text in German, a language added, English where it leaves a text out', () => {
  assert.is(problemPlace('blocks.1.elements.0.choices.2.label', editorTexts('en')), 'Block 2 › Question 1 › Choice 3 › Label')
  assert.is(problemPlace('welcomeCard.headline', editorTexts('de-DE')), 'Willkommenskarte › Überschrift')
  assert.is(
    problemPlace('blocks.0.logic.0.conditions.conditions.0.rightOperand', editorTexts('en')),
    'Block 1 › Rule 1 › Condition 1 › Value',
  )
  const plain = (path: string, message: string) => plainProblem({ path, message }, editorTexts('en')).message
  assert.is(plain('blocks.1.elements.0.maxSizeInMB', 'Invalid value: Expected >=0 but received -3'), 'Largest file must be 0 MB or more')
  assert.is(plain('name', 'Invalid length: Expected >=1 but received 0'), 'Name must not be empty')
  assert.is(
    plain('status', 'Invalid type: Expected ("draft" | "inProgress") but received "scheduled"'),
    'Status: choose one of the values offered',
  )
  assert.is(plain('languages', 'Language de-DE is listed more than once'), 'Language de-DE is listed more than once')
  addEditorLanguage('fr', { save: 'Enregistrer' })
  assert.is(editorTexts('fr').save, 'Enregistrer')
  assert.is(editorTexts('fr').undo, 'Undo')
  assert.is(editorTexts('xx').save, 'Save')
})

test.run()
