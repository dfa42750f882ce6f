/**
 * The response filter examples of docs/api.md work as written (issue 69, item 15): the page filtered on
 * `hiddenFields.source`, an id no survey may give a hidden field (`source` is reserved), so the example could
 * only ever answer nothing. Each example is read from the page, and asked of a survey that has what it names:
 * its hidden fields, with a response that matches each hidden-field example and one that does not.
 */
import { readFileSync } from 'node:fs'
import { availableBackends, suiteWithBed } from '@canvass/test-bed'
import * as assert from 'uvu/assert'

const API_MD = readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8')

/** The request lines of the block of examples after the filter table: `GET /…?filter[…]…`. */
function examples(): string[] {
  const block = [...API_MD.matchAll(/^```([a-z]*)\n([\s\S]*?)^```$/gm)]
    .map((match) => match[2] as string)
    .find((text) => text.includes('filter[hiddenFields.'))
  return (block ?? '')
    .split('\n')
    .filter((line) => line.startsWith('GET '))
    .map((line) => line.slice('GET '.length))
}

/** The hidden-field filters the examples give: `filter[hiddenFields.<id>][eq]=<value>`. */
function hiddenFieldFilters(): { id: string; value: string; path: string }[] {
  return examples().flatMap((path) =>
    [...path.matchAll(/filter\[hiddenFields\.([^\]]+)\]\[eq\]=([^&]+)/g)].map((match) => ({
      id: match[1] as string,
      value: decodeURIComponent(match[2] as string),
      path,
    })),
  )
}

for (const backend of availableBackends()) {
  const { test, bed } = suiteWithBed(`docs/api.md: the response filter examples (${backend})`, () => ({ backend }))

  test('the page has examples, a hidden-field one among them (the reading can fail)', () => {
    assert.ok(examples().length >= 4, examples().join('\n'))
    assert.ok(hiddenFieldFilters().length >= 1, 'a filter[hiddenFields.<id>][eq]=… example')
  })

  test('a survey may have the hidden fields the examples filter on, and each example finds its response', async () => {
    const x = bed()
    const filters = hiddenFieldFilters()
    const created = await x.call('POST', '/api/v1/management/surveys', {
      key: x.keyA,
      body: {
        name: 'Filter examples',
        status: 'inProgress',
        questions: [{ id: 'nps', type: 'nps', headline: { default: 'How likely?' }, required: false }],
        hiddenFields: { enabled: true, fieldIds: [...new Set(filters.map(({ id }) => id))] },
      },
    })
    assert.is(created.status, 200, `the survey the examples need: ${created.text}`)
    const surveyId = created.body.data.id as string
    const respond = async (data: Record<string, unknown>) => {
      const res = await x.call('POST', '/api/v1/management/responses', { key: x.keyA, body: { surveyId, finished: true, data } })
      assert.is(res.status, 200, res.text)
      return res.body.data.id as string
    }
    const matching = await respond({ nps: 10, ...Object.fromEntries(filters.map(({ id, value }) => [id, value])) })
    await respond({ nps: 3, ...Object.fromEntries(filters.map(({ id }) => [id, 'elsewhere'])) })
    for (const { path } of filters) {
      const res = await x.call('GET', `${path}&surveyId=${surveyId}`, { key: x.keyA })
      assert.is(res.status, 200, `${path}: ${res.text}`)
      assert.equal(
        (res.body.data as Array<{ id: string }>).map((row) => row.id),
        [matching],
        path,
      )
    }
  })

  test('every management example is answered 200 as written, with its survey id filled in', async () => {
    const x = bed()
    const created = await x.call('POST', '/api/v1/management/surveys', {
      key: x.keyA,
      body: { name: 'Filter examples', questions: [{ id: 'nps', type: 'nps', headline: { default: 'How likely?' } }] },
    })
    assert.is(created.status, 200, created.text)
    for (const path of examples().filter((example) => example.startsWith('/api/v1/management/'))) {
      const res = await x.call('GET', path.replace('surveyId=…', `surveyId=${created.body.data.id}`), { key: x.keyA })
      assert.is(res.status, 200, `${path}: ${res.text.slice(0, 300)}`)
    }
  })

  test.run()
}
