/**
 * One answer, whatever the language (issue 84): a survey in English and German, answered in both. The
 * management summary and the shared page's summary merge the German answers into the English choices, matrix
 * rows and columns (default labels, survey order), count "other" once, and count an unknown matrix row as
 * unmatched rather than as a row; a filter on a choice finds both languages in the list, the count, the summary
 * and v3; the CSV fills the German respondent's cells with the default labels; v3 `answers[]` resolves German
 * labels to their ids. On PGlite and (with TEST_DATABASE_URL) Postgres.
 */
import { availableBackends, createTestClock, suiteWithBed } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import { parseCsv } from './helpers'

const both = (en: string, de: string) => ({ default: en, de })

const SURVEY = {
  name: 'Both languages',
  status: 'inProgress',
  type: 'link',
  languages: [
    { default: true, enabled: true, language: { code: 'en', alias: null } },
    { default: false, enabled: true, language: { code: 'de', alias: null } },
  ],
  questions: [
    {
      id: 'feel',
      type: 'multipleChoiceSingle',
      headline: both('How would you feel?', 'Wie wäre es?'),
      required: false,
      choices: [
        { id: 'very', label: both('Very disappointed', 'Sehr enttäuscht') },
        { id: 'some', label: both('Somewhat disappointed', 'Etwas enttäuscht') },
        { id: 'not', label: both('Not disappointed', 'Nicht enttäuscht') },
      ],
    },
    {
      id: 'tools',
      type: 'multipleChoiceMulti',
      headline: both('Tools', 'Werkzeuge'),
      required: false,
      choices: [
        { id: 'a', label: both('Alpha', 'Alfa') },
        { id: 'b', label: both('Beta', 'Beta') },
        { id: 'other', label: both('Something else', 'Etwas anderes') },
      ],
    },
    {
      id: 'rank',
      type: 'ranking',
      headline: both('Order', 'Reihenfolge'),
      required: false,
      choices: [
        { id: 'speed', label: both('Speed', 'Tempo') },
        { id: 'price', label: both('Price', 'Preis') },
      ],
    },
    {
      id: 'grid',
      type: 'matrix',
      headline: both('Rate', 'Bewerte'),
      required: false,
      rows: [
        { id: 'r1', label: both('Speed', 'Geschwindigkeit') },
        { id: 'r2', label: both('Price', 'Preis') },
      ],
      columns: [
        { id: 'c1', label: both('Unhappy', 'Unzufrieden') },
        { id: 'c2', label: both('Happy', 'Zufrieden') },
      ],
    },
    // The older form: rows and columns as bare labels.
    {
      id: 'old',
      type: 'matrix',
      headline: both('Old grid', 'Altes Raster'),
      required: false,
      rows: [both('Looks', 'Aussehen')],
      columns: [both('Bad', 'Schlecht'), both('Good', 'Gut')],
    },
  ],
}

const RESPONSES = [
  {
    language: 'en',
    data: {
      feel: 'Somewhat disappointed',
      tools: ['Alpha', 'my own tool'],
      rank: ['Speed', 'Price'],
      grid: { Speed: 'Happy', Price: 'Unhappy' },
      old: { Looks: 'Good' },
    },
  },
  {
    language: 'de',
    data: {
      feel: 'Etwas enttäuscht',
      tools: ['Alfa', 'Beta'],
      rank: ['Preis', 'Tempo'],
      grid: { Geschwindigkeit: 'Zufrieden' },
      old: { Aussehen: 'Gut' },
    },
  },
  { language: 'de', data: { feel: 'Sehr enttäuscht', tools: ['Mein Werkzeug'], grid: { Unbekannt: 'Zufrieden' } } },
]

/** The summary's questions by id, with the fields these tests read. */
const byId = (summary: any) => Object.fromEntries(summary.questions.map((question: any) => [question.questionId, question]))

for (const backend of availableBackends()) {
  const { test, bed } = suiteWithBed(`answers in every language (${backend})`, () => ({
    backend,
    clock: createTestClock('2026-11-20T10:00:00.000Z'),
  }))

  let seeded: Promise<{ surveyId: string; shareKey: string; ids: string[] }> | undefined
  /** The survey and its three responses, made once per backend. */
  const seed = () =>
    (seeded ??= (async () => {
      const x = bed()
      const created = await x.call('POST', '/api/v1/management/surveys', { key: x.keyA, body: { environmentId: x.envA, ...SURVEY } })
      assert.is(created.status, 200, created.text)
      const surveyId = created.body.data.id as string
      const ids: string[] = []
      for (const response of RESPONSES) {
        const res = await x.call('POST', '/api/v1/management/responses', { key: x.keyA, body: { surveyId, finished: true, ...response } })
        assert.is(res.status, 200, res.text)
        ids.push(res.body.data.id)
        x.clock?.advance(1000)
      }
      const shared = await x.call('POST', `/api/v1/management/surveys/${surveyId}/share`, { key: x.keyA })
      assert.is(shared.status, 200, shared.text)
      return { surveyId, shareKey: shared.body.data.resultShareKey as string, ids }
    })())

  test('the summary merges both languages, counts "other" once and an unknown row as unmatched; the shared page agrees', async () => {
    const x = bed()
    const { surveyId, shareKey } = await seed()
    const managed = await x.call('GET', `/api/v1/management/surveys/${surveyId}/summary`, { key: x.keyA })
    assert.is(managed.status, 200, managed.text)
    const questions = byId(managed.body.data)
    assert.equal(
      questions.feel.choices.map((choice: any) => [choice.id, choice.label, choice.count]),
      [
        ['very', 'Very disappointed', 1],
        ['some', 'Somewhat disappointed', 2],
        ['not', 'Not disappointed', 0],
      ],
    )
    assert.equal(questions.feel.other, { label: null, count: 0, percentage: 0, values: [] })
    assert.equal(
      questions.tools.choices.map((choice: any) => [choice.id, choice.count]),
      [
        ['a', 2],
        ['b', 1],
      ],
      'the "other" choice is not listed as a choice',
    )
    assert.equal(questions.tools.other.label, 'Something else')
    assert.is(questions.tools.other.count, 2)
    assert.equal(questions.tools.other.values.map((entry: any) => entry.value).sort(), ['Mein Werkzeug', 'my own tool'])
    assert.equal(
      questions.rank.choices.map((choice: any) => [choice.id, choice.label, choice.count, choice.averagePosition]),
      [
        ['speed', 'Speed', 2, 1.5],
        ['price', 'Price', 2, 1.5],
      ],
    )
    assert.equal(questions.grid.rows, [
      { row: 'Speed', columns: [{ column: 'Happy', count: 2 }] },
      { row: 'Price', columns: [{ column: 'Unhappy', count: 1 }] },
    ])
    assert.is(questions.grid.unmatched, 1, 'the unknown row is counted, not shown as a row')
    assert.equal(questions.old.rows, [{ row: 'Looks', columns: [{ column: 'Good', count: 2 }] }])
    assert.is(questions.old.unmatched, 0)

    const shared = await x.call('GET', `/share/${shareKey}/summary.json`)
    assert.is(shared.status, 200, shared.text)
    assert.equal(shared.body.data.questions, managed.body.data.questions, 'the shared page shows the same merged counts')
    const page = await x.call('GET', `/share/${shareKey}`)
    assert.not.ok(page.text.includes('Geschwindigkeit'), 'no German row beside the English one')
    assert.ok(page.text.includes('Something else'), 'the "other" bucket carries its label')
  })

  test('a filter on a choice finds both languages: list, count, summary, shared summary and v3 agree', async () => {
    const x = bed()
    const { surveyId, shareKey, ids } = await seed()
    for (const value of ['Somewhat disappointed', 'Etwas enttäuscht', 'some']) {
      const filter = `filter[data.feel][eq]=${encodeURIComponent(value)}`
      const list = await x.call('GET', `/api/v1/management/responses?surveyId=${surveyId}&count=true&${filter}`, { key: x.keyA })
      assert.is(list.status, 200, list.text)
      assert.equal(list.body.data.map((row: any) => row.id).sort(), [ids[0], ids[1]].sort(), value)
      assert.is(list.headers.get('x-total-count'), '2')
      const summary = await x.call('GET', `/api/v1/management/surveys/${surveyId}/summary?${filter}`, { key: x.keyA })
      assert.is(summary.body.data.responses.started, 2, `${value}: the summary counts what the list finds`)
      assert.is(byId(summary.body.data).feel.choices[1].count, 2)
      const shared = await x.call('GET', `/share/${shareKey}/summary.json?${filter}`)
      assert.is(shared.body.data.responses.started, 2, `${value}: shared`)
      const v3 = await x.call('GET', `/api/v3/responses/count?workspaceId=${x.projectId}&surveyId=${surveyId}&${filter}`, { key: x.keyA })
      assert.is(v3.body.data.count, 2, `${value}: v3 count: ${v3.text}`)
    }
    const listed = async (filter: string) => {
      const res = await x.call('GET', `/api/v1/management/responses?surveyId=${surveyId}&${filter}`, { key: x.keyA })
      assert.is(res.status, 200, res.text)
      return res.body.data.map((row: any) => row.id).sort()
    }
    assert.equal(await listed('filter[data.tools][in]=Alpha'), [ids[0], ids[1]].sort(), 'includes "Alpha" finds "Alfa"')
    for (const filter of [
      'filter[data.grid.Speed][eq]=Happy',
      'filter[data.grid.Geschwindigkeit][eq]=Zufrieden',
      'filter[data.grid.r1][eq]=c2',
    ])
      assert.equal(await listed(filter), [ids[0], ids[1]].sort(), `a matrix row in either language: ${filter}`)
    assert.equal(await listed('filter[data.old.Aussehen][in]=Good'), [ids[0], ids[1]].sort(), 'the older matrix form')
  })

  test("the CSV fills the German respondent's cells with the default labels; v3 answers[] resolves them to ids", async () => {
    const x = bed()
    const { surveyId, ids } = await seed()
    const csv = await x.call('GET', `/api/v1/management/responses/export?surveyId=${surveyId}&format=csv`, { key: x.keyA })
    assert.is(csv.status, 200, csv.text)
    const [header, ...rows] = parseCsv(csv.text.slice(1))
    const cellOf = (id: string, name: string) => rows.find((row) => row[0] === id)?.[header!.indexOf(name)]
    const german = ids[1] as string
    assert.is(cellOf(german, 'Language'), 'de')
    assert.is(cellOf(german, 'How would you feel?'), 'Somewhat disappointed')
    assert.is(cellOf(german, 'Tools'), 'Alpha; Beta')
    assert.is(cellOf(german, 'Order'), 'Price; Speed')
    assert.is(cellOf(german, 'Rate - Speed'), 'Happy')
    assert.is(cellOf(german, 'Rate - Price'), '')
    assert.is(cellOf(german, 'Old grid - Looks'), 'Good')
    assert.is(cellOf(ids[0] as string, 'Tools'), 'Alpha; my own tool', 'what was typed into "other" as typed')
    assert.not.ok(header!.some((name) => name.includes('Geschwindigkeit')))

    const v3 = await x.call('GET', `/api/v3/responses/${german}`, { key: x.keyA })
    assert.is(v3.status, 200, v3.text)
    const answers = Object.fromEntries(v3.body.data.answers.map((answer: any) => [answer.elementId, answer]))
    assert.equal(answers.feel.selections, [
      { optionId: 'some', optionLabel: 'Etwas enttäuscht', rawValue: 'Etwas enttäuscht', match: 'label' },
    ])
    assert.equal(
      answers.rank.selections.map((selection: any) => [selection.optionId, selection.rank]),
      [
        ['price', 1],
        ['speed', 2],
      ],
    )
    assert.equal(
      answers.grid.rows.map((row: any) => [row.rowId, row.columnId, row.match]),
      [['r1', 'c2', 'label']],
    )
    assert.equal(
      answers.old.rows.map((row: any) => [row.rowId, row.rowLabel, row.columnLabel, row.match]),
      [[null, 'Aussehen', 'Gut', 'label']],
    )
    const third = await x.call('GET', `/api/v3/responses/${ids[2]}`, { key: x.keyA })
    const grid = third.body.data.answers.find((answer: any) => answer.elementId === 'grid')
    assert.equal(grid.rows, [
      {
        rawKey: 'Unbekannt',
        rowId: null,
        rowLabel: 'Unbekannt',
        columnId: 'c2',
        columnLabel: 'Zufrieden',
        rawValue: 'Zufrieden',
        match: 'label',
      },
    ])
  })

  test.run()
}
