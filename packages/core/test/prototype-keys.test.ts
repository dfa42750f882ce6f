/**
 * Names an object's prototype already has (`constructor`, `__proto__`, `toString`, …) are names like any
 * other when a client sends them: a segment filter's `root.type`, operator or connector, a question, hidden
 * field or variable id, an attribute key, a query parameter. Each is either refused by a 400 naming the field
 * or stored and shown as sent; never a 500, never a function's text in an answer. A table of such keys
 * across the routes that look them up, on PGlite and (with TEST_DATABASE_URL) the Postgres server.
 */
import { availableBackends, createSurvey, suiteWithBed } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import { importFromStandIn } from './helpers'

const KEYS = [
  '__proto__',
  'constructor',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupGetter__',
  'prototype',
] as const

/** Text only a built-in function's source or an object's default string gives. */
const LEAKED = /\[native code\]|\[object Object\]/

const leaf = (root: Record<string, unknown>, operator = 'equals', value: unknown = 'x') => ({
  id: 'f',
  connector: null,
  resource: { id: 'r', root, qualifier: { operator }, value },
})

/** Filter trees with `key` where a client names something: each must be a 400 naming that place. */
function badTrees(key: string): Array<{ filters: unknown; field: RegExp }> {
  return [
    { filters: [leaf({ type: key })], field: /^filters\.0\.resource\.root\.type$/ },
    { filters: [leaf({ type: 'attribute', contactAttributeKey: 'plan' }, key)], field: /^filters\.0\.resource\.qualifier\.operator$/ },
    { filters: [leaf({ type: 'device', deviceType: key })], field: /^filters\.0\.resource\.root\.deviceType$/ },
    { filters: [leaf({ type: 'person', personIdentifier: key })], field: /^filters\.0\.resource\.root\.personIdentifier$/ },
    { filters: [leaf({ type: 'segment', segmentId: key }, 'userIsIn', null)], field: /^filters\.0\.resource\.root\.segmentId$/ },
    {
      filters: [
        leaf({ type: 'attribute', contactAttributeKey: 'plan' }),
        { ...leaf({ type: 'attribute', contactAttributeKey: 'plan' }), connector: key },
      ],
      field: /^filters\.1\.connector$/,
    },
  ]
}

function assertNo500(res: { status: number; text: string }, what: string) {
  assert.ok(res.status < 500, `${what}: ${res.status} ${res.text.slice(0, 300)}`)
  assert.not.match(res.text, LEAKED, `${what}: no function's text in the answer`)
}

for (const backend of availableBackends()) {
  const { test, bed } = suiteWithBed(`prototype names as client keys (${backend})`, { backend })

  test('segment create, PUT and a survey PUT with its own segment: 400 naming the field, nothing written', async () => {
    const x = bed()
    const saved = await x.call('POST', '/api/v1/management/segments', {
      allow5xx: true,
      key: x.keyA,
      body: { title: 'Saved', filters: [leaf({ type: 'attribute', contactAttributeKey: 'plan' })] },
    })
    assert.is(saved.status, 200, saved.text)
    const survey = await createSurvey(x, { type: 'app' })
    for (const key of KEYS) {
      for (const { filters, field } of badTrees(key)) {
        const what = `${key} at ${field.source}`
        const created = await x.call('POST', '/api/v1/management/segments', {
          allow5xx: true,
          key: x.keyA,
          body: { title: `T ${key}`, filters },
        })
        assertNo500(created, `create, ${what}`)
        assert.is(created.status, 400, `create, ${what}`)
        assert.ok(
          Object.keys(created.body.details).some((name) => field.test(name)),
          `create, ${what}: ${created.text}`,
        )
        const updated = await x.call('PUT', `/api/v1/management/segments/${saved.body.data.id}`, {
          allow5xx: true,
          key: x.keyA,
          body: { filters },
        })
        assertNo500(updated, `PUT, ${what}`)
        assert.is(updated.status, 400, `PUT, ${what}`)
        assert.ok(
          Object.keys(updated.body.details).some((name) => field.test(name)),
          `PUT, ${what}: ${updated.text}`,
        )
        const own = await x.call('PUT', `/api/v1/management/surveys/${survey.id}`, {
          allow5xx: true,
          key: x.keyA,
          body: { segment: { isPrivate: true, filters } },
        })
        assertNo500(own, `survey PUT, ${what}`)
        assert.is(own.status, 400, `survey PUT, ${what}`)
        assert.ok(
          Object.keys(own.body.details).some((name) => field.test(name.replace(/^segment\./, ''))),
          `survey PUT, ${what}: ${own.text}`,
        )
      }
    }
    const list = await x.call('GET', '/api/v1/management/segments', { allow5xx: true, key: x.keyA })
    assert.equal(
      list.body.data.map((segment: { title: string }) => segment.title),
      ['Saved'],
      'no segment written',
    )
    assert.equal(list.body.data[0].filters, saved.body.data.filters, 'the saved one unchanged')
    const after = await x.call('GET', `/api/v1/management/surveys/${survey.id}`, { allow5xx: true, key: x.keyA })
    assert.is(after.body.data.segmentId, null)
  })

  test('a bad field named like a prototype member is named in the details', async () => {
    const x = bed()
    const res = await x.call('POST', '/api/v1/management/segments', {
      allow5xx: true,
      key: x.keyA,
      body: { title: 'T', filters: [leaf({ type: '__proto__' })] },
    })
    assert.is(res.status, 400)
    // The unknown type names the leaf's type; the details object keeps every name sent as its own.
    assert.equal(Object.keys(res.body.details), ['filters.0.resource.root.type'])
  })

  test('ids no answer can be stored under (__proto__, constructor, prototype) are a 400 naming the field', async () => {
    const x = bed()
    for (const id of ['__proto__', 'constructor', 'prototype']) {
      for (const [overrides, field] of [
        [{ questions: [{ id, type: 'openText', headline: { default: 'Q' }, required: false, inputType: 'text' }] }, 'questions.0.id'],
        [{ hiddenFields: { enabled: true, fieldIds: [id] } }, 'hiddenFields.fieldIds.0'],
        [{ variables: [{ id, name: 'v', type: 'number', value: 0 }] }, 'variables.0.id'],
      ] as const) {
        const res = await x.call('POST', '/api/v1/management/surveys', {
          allow5xx: true,
          key: x.keyA,
          body: JSON.parse(JSON.stringify({ environmentId: x.envA, name: 'S', ...overrides })),
        })
        assertNo500(res, `${field} ${id}`)
        assert.is(res.status, 400, `${field} ${id}: ${res.text}`)
        assert.ok(Object.keys(res.body.details).includes(field), `${field} ${id}: ${res.text}`)
      }
    }
  })

  test('questions, hidden fields and variables named like prototype members: responses, summary, share, export, link page', async () => {
    const x = bed()
    // Question ids of each kind the summary reads apart; `propertyIsEnumerable` is a hidden field and
    // `toLocaleString` a variable below.
    const choices = (...labels: string[]) => labels.map((label, index) => ({ id: `c${index}`, label: { default: label } }))
    const questions = [
      { id: 'toString', type: 'multipleChoiceSingle', choices: choices('Red', 'constructor') },
      { id: 'valueOf', type: 'rating', scale: 'number', range: 5 },
      { id: 'hasOwnProperty', type: 'nps' },
      { id: 'isPrototypeOf', type: 'ranking', choices: choices('toString', 'valueOf') },
      { id: '__defineGetter__', type: 'openText', inputType: 'text' },
      { id: '__lookupGetter__', type: 'multipleChoiceMulti', choices: choices('A', 'B') },
    ]
    const ids = questions.map((question) => question.id)
    const survey = await createSurvey(x, {
      type: 'link',
      status: 'inProgress',
      questions: [
        ...questions.map((question) => ({ headline: { default: `Q ${question.id}` }, required: false, ...question })),
        {
          id: 'grid',
          type: 'matrix',
          headline: { default: 'Grid' },
          required: false,
          rows: [{ default: 'toString' }, { default: 'valueOf' }],
          columns: [{ default: 'hasOwnProperty' }, { default: 'constructor' }],
        },
      ],
      hiddenFields: { enabled: true, fieldIds: ['propertyIsEnumerable'] },
      variables: [{ id: 'toLocaleString', name: 'tolocalestring', type: 'number', value: 0 }],
    })
    const env = x.envA
    // One answered response, one that answers nothing: the lookups of the unanswered ones must find nothing.
    // `constructor` and `__proto__` are sent too (as JSON sends them): dropped, never a 500.
    const answered = await x.call('POST', `/api/v1/client/${env}/responses`, {
      allow5xx: true,
      body: JSON.parse(
        `{"surveyId":"${survey.id}","finished":false,"data":{"constructor":"c","__proto__":"p","hasOwnProperty":9,"grid":{"toString":"constructor"}},"variables":{"toLocaleString":2,"__proto__":3}}`,
      ),
    })
    assertNo500(answered, 'client create')
    assert.is(answered.status, 200, answered.text)
    const updated = await x.call('PUT', `/api/v1/client/${env}/responses/${answered.body.data.id}`, {
      allow5xx: true,
      body: JSON.parse(
        '{"finished":true,"data":{"toString":"constructor","valueOf":3,"propertyIsEnumerable":"hidden","constructor":"c2"}}',
      ),
    })
    assertNo500(updated, 'client update')
    assert.is(updated.status, 200, updated.text)
    const empty = await x.call('POST', `/api/v1/client/${env}/responses`, {
      allow5xx: true,
      body: { surveyId: survey.id, finished: true, data: {} },
    })
    assert.is(empty.status, 200, empty.text)
    const stored = await x.call('GET', `/api/v1/management/responses/${answered.body.data.id}`, { allow5xx: true, key: x.keyA })
    assert.equal(
      Object.keys(stored.body.data.data).sort(),
      ['grid', 'hasOwnProperty', 'propertyIsEnumerable', 'toString', 'valueOf'],
      stored.text,
    )
    assert.equal(stored.body.data.variables, { toLocaleString: 2 })

    const summary = await x.call('GET', `/api/v1/management/surveys/${survey.id}/summary`, { allow5xx: true, key: x.keyA })
    assertNo500(summary, 'summary')
    assert.is(summary.status, 200)
    const byId = new Map(summary.body.data.questions.map((question: { questionId: string }) => [question.questionId, question]))
    for (const id of ids) assert.ok(byId.has(id), `summary of ${id}`)
    const answeredOf = (id: string) => (byId.get(id) as { answered: number }).answered
    assert.equal(
      ids.map((id) => [id, answeredOf(id)]),
      ids.map((id) => [id, ['toString', 'valueOf', 'hasOwnProperty'].includes(id) ? 1 : 0]),
      'each counts its own answers, and nothing for the unanswered',
    )
    assert.equal((byId.get('grid') as { rows: unknown }).rows, [{ row: 'toString', columns: [{ column: 'constructor', count: 1 }] }])

    const shared = await x.call('POST', `/api/v1/management/surveys/${survey.id}/share`, { allow5xx: true, key: x.keyA })
    const shareKey = shared.body.data.resultShareKey
    for (const path of [
      `/share/${shareKey}`,
      `/share/${shareKey}?tab=responses`,
      `/share/${shareKey}/summary.json`,
      ...ids.map((id) => `/share/${shareKey}?tab=answers&field=data:${id}`),
      `/share/${shareKey}?tab=answers&field=variables:toLocaleString`,
      `/api/v1/management/responses/export?surveyId=${survey.id}&format=csv`,
      `/api/v1/management/responses/export?surveyId=${survey.id}&format=ndjson`,
      `/s/${survey.id}?constructor=a&toString=b&__proto__=c&hasOwnProperty=d`,
    ]) {
      const res = await x.call('GET', path, { allow5xx: true, key: x.keyA })
      assertNo500(res, path)
      assert.is(res.status, 200, `${path}: ${res.text.slice(0, 300)}`)
    }
  })

  test('attribute keys, query names and body names like prototype members never make a 500', async () => {
    const x: TestCanvass = bed()
    const env = x.envA
    for (const key of KEYS) {
      const attributes = await x.call('PUT', `/api/v1/client/${env}/contacts/user-${key}/attributes`, {
        allow5xx: true,
        body: { attributes: { [key]: 'v', plan: 'pro' } },
      })
      assertNo500(attributes, `attributes ${key}`)
      const identify = await x.call('GET', `/api/v1/client/${env}/identify/contacts/user-${key}`, { allow5xx: true })
      assertNo500(identify, `identify ${key}`)
      for (const path of [
        '/api/v1/management/responses',
        '/api/v1/management/surveys',
        '/api/v1/management/contacts',
        '/api/v1/webhooks',
      ]) {
        const res = await x.call('GET', `${path}?${encodeURIComponent(key)}=1&limit=1`, { allow5xx: true, key: x.keyA })
        assertNo500(res, `${path}?${key}`)
      }
      const body = JSON.parse(`{"${key}": {"a": 1}, "title": "t ${key}", "filters": []}`)
      const created = await x.call('POST', '/api/v1/management/segments', { allow5xx: true, key: x.keyA, body })
      assertNo500(created, `segment body with ${key}`)
    }
  })

  test("import formbricks: a source survey's fields named like prototype members are reported as fields Canvass does not have", async () => {
    const x = bed()
    const survey = JSON.parse(
      '{"id":"clprotosurvey000000000000","name":"Proto","type":"link","status":"draft","questions":[{"id":"q1","type":"openText","headline":{"default":"Why?"},"required":false,"inputType":"text"}],"constructor":"x","toString":1,"__proto__":{"a":1}}',
    )
    const report = await importFromStandIn(x, { '/api/v1/management/surveys': [survey] })
    const dropped = report.droppedFields.filter((entry) => entry.resource === 'surveys')
    assert.equal(dropped.map((entry) => [entry.field, entry.reason]).sort(), [
      ['__proto__', 'Canvass has no such survey field'],
      ['constructor', 'Canvass has no such survey field'],
      ['toString', 'Canvass has no such survey field'],
    ])
    assert.not.match(JSON.stringify(report), LEAKED)
    assert.is(report.resources.find((row) => row.resource === 'surveys')?.created, 1, JSON.stringify(report.resources))
  })

  test.run()
}
