/**
 * The server's side of the survey editor's "load, save, compare" (issue 71): every survey of the docs and
 * every template (`roundTripFixtures`), created, read as a v3 document, sent back unchanged with
 * `PATCH /api/v3/surveys/{id}` (the whole GET answer: server-owned fields are taken back as echoes), and read
 * again, is the same document but for `updatedAt`.
 */
import { suiteWithBed } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import { roundTripFixtures } from './round-trip-fixtures'

const { test, bed } = suiteWithBed('v3 round trip of every docs survey and template')

const call = (method: string, path: string, body?: unknown) =>
  bed().call(method, path, { key: bed().keyA, ...(body !== undefined ? { body } : {}) })

test('the fixtures are there: the docs examples, the question examples and every template', () => {
  const names = roundTripFixtures().map((fixture) => fixture.name)
  assert.ok(names.filter((name) => name.startsWith('docs/surveys.md')).length >= 2, names.join())
  assert.ok(names.includes('docs/api.md question examples'))
  assert.ok(names.filter((name) => name.startsWith('template ')).length >= 3, names.join())
})

for (const fixture of roundTripFixtures()) {
  test(`${fixture.name}: GET, PATCH the same document back, GET again: equal but for updatedAt`, async () => {
    const created = await call('POST', '/api/v1/management/surveys', fixture.body)
    assert.is(created.status, 200, `${fixture.name}: ${created.text}`)
    const id = created.body.data.id
    const first = await call('GET', `/api/v3/surveys/${id}`)
    assert.is(first.status, 200, first.text)
    const patched = await call('PATCH', `/api/v3/surveys/${id}`, first.body.data)
    assert.is(patched.status, 200, `${fixture.name}: ${patched.text}`)
    const second = await call('GET', `/api/v3/surveys/${id}`)
    assert.is(second.status, 200, second.text)
    const { updatedAt: _before, ...before } = first.body.data
    const { updatedAt: _after, ...after } = second.body.data
    assert.equal(after, before, fixture.name)
    // The PATCH answers the document it stored.
    const { updatedAt: _answered, ...answered } = patched.body.data
    assert.equal(answered, after, fixture.name)
  })
}

test('a v3 document of two languages, logic, recall, variables and hidden fields round-trips too', async () => {
  const text = (en: string, de: string) => ({ 'en-US': en, 'de-DE': de })
  const created = await call('POST', '/api/v3/surveys', {
    workspaceId: bed().projectId,
    name: 'Two languages',
    defaultLanguage: 'en-US',
    languages: [{ code: 'de-DE', enabled: true }],
    welcomeCard: { enabled: true, headline: text('Welcome', 'Willkommen') },
    blocks: [
      {
        name: 'First',
        elements: [{ id: 'q1', type: 'openText', headline: text('Your name?', 'Dein Name?'), required: true }],
        logic: [
          {
            id: 'rule1',
            conditions: {
              id: 'group1',
              connector: 'and',
              conditions: [{ id: 'cond1', leftOperand: { type: 'element', value: 'q1' }, operator: 'isSubmitted' }],
            },
            actions: [{ id: 'act1', objective: 'calculate', variableId: 'score', operator: 'add', value: { type: 'static', value: 1 } }],
          },
        ],
      },
      {
        name: 'Second',
        elements: [{ id: 'q2', type: 'openText', headline: text('Thanks #recall:q1/fallback:you#', 'Danke #recall:q1/fallback:dir#') }],
      },
    ],
    endings: [{ id: 'end1', type: 'endScreen', headline: text('Done', 'Fertig') }],
    hiddenFields: { enabled: true, fieldIds: ['campaign'] },
    variables: [{ id: 'score', name: 'score', type: 'number', value: 0 }],
    metadata: { title: text('Feedback', 'Rückmeldung') },
  })
  assert.is(created.status, 201, created.text)
  const id = created.body.data.id
  const first = await call('GET', `/api/v3/surveys/${id}`)
  const patched = await call('PATCH', `/api/v3/surveys/${id}`, first.body.data)
  assert.is(patched.status, 200, patched.text)
  const second = await call('GET', `/api/v3/surveys/${id}`)
  const { updatedAt: _before, ...before } = first.body.data
  const { updatedAt: _after, ...after } = second.body.data
  assert.equal(after, before)
})

test.run()
