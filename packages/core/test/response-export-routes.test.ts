/**
 * The streamed export on the test bed (docs/api.md, "Responses"): `GET /api/v1/management/responses/export` as CSV and NDJSON, a
 * column per question (per matrix row, address and contact info field), metadata, hidden fields and
 * variables; cells safe from spreadsheet formulas; the list's filters and order; bad parameters a 400 naming
 * them; another environment's survey refused. On PGlite, and on the Postgres server when TEST_DATABASE_URL is
 * set.
 */
import * as assert from 'uvu/assert'
import { TEST_ORIGIN, availableBackends, suiteWithBed } from '@canvass/test-bed'
import type { Backend, TestCanvass } from '@canvass/test-bed'
import { GRID_QUESTION, parseCsv, t } from './helpers'

for (const backend of availableBackends()) {
  const { test, bed } = suiteWithBed(`response export (${backend})`, { backend })

  async function surveyOf(x: Backend) {
    const res = await x.call('POST', '/api/v1/management/surveys', {
      key: x.keyA,
      body: {
        environmentId: x.envA,
        name: 'Export',
        status: 'inProgress',
        hiddenFields: { enabled: true, fieldIds: ['plan'] },
        variables: [{ id: 'vscore', name: 'score', type: 'number', value: 0 }],
        questions: [
          { id: 'why', type: 'openText', headline: t('Why?'), required: false },
          {
            id: 'tools',
            type: 'multipleChoiceMulti',
            headline: t('Tools'),
            required: false,
            choices: [
              { id: 'a', label: t('Alpha') },
              { id: 'b', label: t('Beta') },
            ],
          },
          GRID_QUESTION,
          { id: 'home', type: 'address', headline: t('Address'), required: false },
          { id: 'who', type: 'contactInfo', headline: t('Contact'), required: false },
        ],
      },
    })
    assert.is(res.status, 200, res.text)
    return res.body.data.id as string
  }

  const exportOf = async (x: TestCanvass, query: string, key = x.keyA) => {
    const res = await x.fetch(new Request(`${TEST_ORIGIN}/api/v1/management/responses/export?${query}`, { headers: { 'x-api-key': key } }))
    // Keeping a byte-order mark, which `res.text()` would drop.
    return { status: res.status, headers: res.headers, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer()) }
  }

  test('CSV: a column per question field, metadata, hidden fields, variables; formulas defused', async () => {
    const x = bed()
    const surveyId = await surveyOf(x)
    const answers = {
      why: '=HYPERLINK("http://example.invalid","click"), then\nmore',
      tools: ['Alpha', 'Beta'],
      grid: { Speed: 'Good', Price: 'Bad' },
      home: ['1 Main St', '', 'Springfield', 'IL', '62701', 'USA'],
      who: ['Ada', 'Lovelace', 'ada@example.com', '+1 555', 'Engines'],
      plan: 'pro',
    }
    const first = await x.call('POST', `/api/v1/client/${x.envA}/responses`, {
      body: { surveyId, finished: true, data: answers, userId: 'ada', variables: { vscore: 3, extra: 'x' }, meta: { source: 'email' } },
    })
    assert.is(first.status, 200, first.text)
    const second = await x.call('POST', `/api/v1/client/${x.envA}/responses`, {
      body: { surveyId, finished: false, data: { why: '@SUM(A1)' } },
    })

    const res = await exportOf(x, `surveyId=${surveyId}&order=asc`)
    assert.is(res.status, 200, res.text)
    assert.match(res.headers.get('content-type') ?? '', /^text\/csv/)
    assert.match(
      res.headers.get('content-disposition') ?? '',
      /^attachment; filename="responses-[a-z0-9]+\.csv"; filename\*=UTF-8''Export%20responses%20\d{4}-\d{2}-\d{2}\.csv$/,
    )
    assert.ok(res.text.startsWith('\uFEFF'), 'a byte-order mark for spreadsheets')
    const [header, ...rows] = parseCsv(res.text.slice(1))
    assert.is(rows.length, 2)
    const cell = (row: string[], name: string) => {
      const index = header!.indexOf(name)
      assert.ok(index >= 0, `a column ${name}: ${header!.join(' | ')}`)
      return row[index]
    }
    const [ada, other] = rows as [string[], string[]]
    assert.is(cell(ada, 'Response ID'), first.body.data.id)
    assert.is(cell(ada, 'Finished'), 'true')
    assert.is(cell(ada, 'User ID'), 'ada')
    assert.is(cell(ada, 'Source'), 'email')
    assert.is(cell(ada, 'Why?'), `'${answers.why}`, 'a formula is text')
    assert.is(cell(other, 'Why?'), "'@SUM(A1)")
    assert.is(cell(ada, 'Tools'), 'Alpha; Beta')
    assert.is(cell(ada, 'Rate - Speed'), 'Good')
    assert.is(cell(ada, 'Rate - Price'), 'Bad')
    assert.is(cell(ada, 'Address - City'), 'Springfield')
    assert.is(cell(ada, 'Address - Country'), 'USA')
    assert.is(cell(ada, 'Contact - Email'), 'ada@example.com')
    assert.is(cell(ada, 'Contact - Company'), 'Engines')
    assert.is(cell(ada, 'Hidden: plan'), 'pro')
    assert.is(cell(ada, 'Variable: score'), '3')
    assert.equal(JSON.parse(cell(ada, 'Other Variables')!), { extra: 'x' })
    assert.is(cell(other, 'Other Variables'), '')
    assert.is(cell(other, 'Finished'), 'false')
    assert.is(second.status, 200)

    const finishedOnly = parseCsv((await exportOf(x, `surveyId=${surveyId}&finished=true`)).text.slice(1))
    assert.is(finishedOnly.length, 2, 'the header and the finished response')
  })

  test('NDJSON: each line is the response as the API reads it, in the chosen order, across many pages', async () => {
    const x = bed()
    const surveyId = await surveyOf(x)
    const ids: string[] = []
    for (let i = 0; i < 60; i++) {
      const res = await x.call('POST', '/api/v1/management/responses', {
        key: x.keyA,
        body: { surveyId, finished: i % 2 === 0, data: { why: `r${i}` }, createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString() },
      })
      ids.push(res.body.data.id)
    }
    const res = await exportOf(x, `surveyId=${surveyId}&format=ndjson`)
    assert.is(res.status, 200, res.text)
    assert.match(res.headers.get('content-type') ?? '', /^application\/x-ndjson/)
    const lines = res.text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line))
    assert.equal(
      lines.map((line) => line.id),
      [...ids].reverse(),
      'newest first, as the list',
    )
    const read = await x.call('GET', `/api/v1/management/responses/${ids[0]}`, { key: x.keyA })
    assert.equal(lines[lines.length - 1], read.body.data)
    const ascending = (await exportOf(x, `surveyId=${surveyId}&format=ndjson&order=asc&finished=false`)).text.trimEnd().split('\n')
    assert.equal(
      ascending.map((line) => JSON.parse(line).id),
      ids.filter((_, i) => i % 2 === 1),
    )
  })

  test("bad parameters are a 400 naming them; another environment's survey is refused", async () => {
    const x = bed()
    const surveyId = await surveyOf(x)
    for (const [query, field] of [
      ['', 'surveyId'],
      [`surveyId=${surveyId}&format=xml`, 'format'],
      [`surveyId=${surveyId}&limit=10`, 'limit'],
      [`surveyId=${surveyId}&cursor=abc`, 'cursor'],
      [`surveyId=${surveyId}&sortBy=name`, 'sortBy'],
      [`surveyId=${surveyId}&startDate=soon`, 'startDate'],
    ]) {
      const res = await exportOf(x, query!)
      assert.is(res.status, 400, `${query}: ${res.text}`)
      assert.ok(field! in JSON.parse(res.text.replace(/^\uFEFF/, '')).details, `${query} names ${field}: ${res.text}`)
    }
    assert.is((await exportOf(x, `surveyId=${surveyId}`, x.keyB)).status, 401)
    assert.is((await exportOf(x, 'surveyId=nope')).status, 404)
    assert.is((await exportOf(x, `surveyId=${surveyId}`, 'cvs_wrong')).status, 401)
  })

  test.run()
}
