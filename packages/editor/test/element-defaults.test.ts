/**
 * The editor's new elements and type changes against the server's own rules: a survey of one new element of
 * each of the 17 types (its headline filled in) is valid for `POST /api/v3/surveys/validate`, and so is one
 * whose elements were each converted from an open text; a conversion keeps the id, headline and description.
 */
import { createTestCanvass } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { ELEMENT_TYPES, convertElement, newElement } from '../src/elements/types'

const test = suite('new and converted elements of every type are valid v3 elements')
let bed: TestCanvass

test.before(async () => {
  bed = await createTestCanvass({ widgetBundles: false })
})
test.after(async () => {
  await bed?.close()
})

const validate = async (elements: Record<string, unknown>[]) => {
  const res = await bed.call('POST', '/api/v3/surveys/validate', {
    headers: { authorization: `Bearer ${bed.keyA}` },
    body: {
      operation: 'create',
      data: {
        workspaceId: bed.projectId,
        name: 'Every type',
        defaultLanguage: 'en-US',
        blocks: elements.map((element, index) => ({ id: `block-${index + 1}`, name: `Block ${index + 1}`, elements: [element] })),
      },
    },
  })
  assert.is(res.status, 200, res.text)
  return res.body.data as { valid: boolean; invalid_params: { name: string; reason: string }[] }
}

test('there are 17 types', () => {
  assert.is(ELEMENT_TYPES.length, 17)
})

test('a new element of each type, with a headline, is valid', async () => {
  const elements = ELEMENT_TYPES.map((type, index) => ({
    ...newElement(type, `question-${index + 1}`, 'en-US'),
    headline: { 'en-US': `A ${type}` },
  }))
  const result = await validate(elements)
  assert.equal(result.invalid_params, [])
  assert.ok(result.valid)
})

test('an open text converted to each type keeps its id, headline and description, and is valid', async () => {
  const start = {
    ...newElement('openText', 'q', 'en-US'),
    headline: { 'en-US': 'Hi' },
    subheader: { 'en-US': 'More' },
    placeholder: { 'en-US': 'x' },
  }
  const converted: Record<string, unknown>[] = ELEMENT_TYPES.map((type, index) => ({
    ...convertElement(start, type, 'en-US'),
    id: `q${index}`,
  }))
  for (const element of converted) {
    assert.equal(element.headline, { 'en-US': 'Hi' })
    assert.equal(element.subheader, { 'en-US': 'More' })
  }
  assert.is(convertElement(start, 'nps', 'en-US').placeholder, undefined, "an open text's own field does not go with it")
  const result = await validate(converted)
  assert.equal(result.invalid_params, [])
})

test('a headline cleared (the editor then leaves it out) is a problem named at its path', async () => {
  const { headline: _cleared, ...element } = newElement('openText', 'question-1', 'en-US')
  const result = await validate([element])
  assert.not.ok(result.valid)
  assert.ok(
    result.invalid_params.some((param) => param.name.replace(/\[(\d+)\]/g, '.$1').startsWith('blocks.0.elements.0.headline')),
    JSON.stringify(result.invalid_params),
  )
})

test.run()
