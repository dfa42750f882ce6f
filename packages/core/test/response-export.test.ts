import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { ResponseExportRow, SurveyRecord } from '../src/ports/storage'
import { EXPORT_ROWS, csvField, exportStream } from '../src/domain/responses/response-export'
import { parseCsv, t } from './helpers'

// How an export reads: page sizes that follow the rows' size, one page per pull, nothing read after a cancel.
const survey = {
  id: 's1',
  questions: [{ id: 'why', type: 'openText', headline: { default: 'Why?' } }],
  hiddenFields: null,
  variables: [],
} as unknown as SurveyRecord

function rowsOf(count: number, answerBytes: number): ResponseExportRow[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `r${String(index).padStart(7, '0')}`,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, index)),
    updatedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, index)),
    finished: true,
    data: { why: 'x'.repeat(answerBytes) },
    meta: {},
    ttc: {},
    variables: {},
    language: null,
    singleUseId: null,
    displayId: null,
    endingId: null,
    contactId: null,
    userId: null,
    tagNames: [],
  }))
}

/** A source over `rows` that records each read's limit. */
function source(rows: ResponseExportRow[]) {
  const limits: number[] = []
  return {
    limits,
    read: async (after: ResponseExportRow | undefined, limit: number) => {
      limits.push(limit)
      const start = after ? rows.findIndex((row) => row.id === after.id) + 1 : 0
      return rows.slice(start, start + limit)
    },
  }
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text()
}

const test = suite('export stream')

test('small rows: a first page of 20, then pages of the most', async () => {
  const rows = rowsOf(700, 10)
  const from = source(rows)
  const text = await readAll(exportStream(survey, { format: 'csv', rows: from }))
  assert.is(text.split('\r\n').length - 2, 700, 'a line per row after the header')
  // 20 + 250 + 250 + 180 rows, then the read that finds the end.
  assert.equal(from.limits, [EXPORT_ROWS.first, EXPORT_ROWS.most, EXPORT_ROWS.most, EXPORT_ROWS.most, EXPORT_ROWS.most])
})

test('rows of 100 KiB: pages of about a MiB; rows of a MiB: pages of the fewest', async () => {
  const mid = source(rowsOf(60, 100 * 1024))
  await readAll(exportStream(survey, { format: 'csv', rows: mid }))
  assert.is(mid.limits[0], EXPORT_ROWS.first)
  assert.is(mid.limits[1], EXPORT_ROWS.first, 'ten rows would fit; never fewer than the first page')
  const large = source(rowsOf(45, 1024 * 1024))
  await readAll(exportStream(survey, { format: 'csv', rows: large }))
  assert.equal(large.limits, [EXPORT_ROWS.first, EXPORT_ROWS.first, EXPORT_ROWS.first, EXPORT_ROWS.first])
  const small = source(rowsOf(300, 8 * 1024))
  await readAll(exportStream(survey, { format: 'csv', rows: small }))
  assert.ok(small.limits[1]! > EXPORT_ROWS.first && small.limits[1]! < EXPORT_ROWS.most, `rows of 8 KiB: ${small.limits.join(', ')}`)
  assert.ok(small.limits[1]! * 8 * 1024 <= EXPORT_ROWS.bytes, 'a page fits in the byte budget')
})

test('one page per pull, and no read after the client cancels', async () => {
  const from = source(rowsOf(1000, 10))
  const reader = exportStream(survey, { format: 'csv', rows: from }).getReader()
  await reader.read()
  await reader.read()
  await reader.cancel()
  const reads = from.limits.length
  assert.ok(reads <= 2, `at most the page read and the one queued behind it: ${reads}`)
  // The stream and the source run on promises alone: by the next turn of the event loop, any read queued
  // behind the cancel has been made.
  await new Promise((resolve) => setImmediate(resolve))
  assert.is(from.limits.length, reads, 'nothing read after the cancel')
})

test('an export that ends early says so once, with its reason and the rows written; a whole export says nothing', async () => {
  const ends: unknown[] = []
  const whole = await readAll(exportStream(survey, { format: 'csv', rows: source(rowsOf(30, 10)) }, (end) => ends.push(end)))
  assert.is(whole.split('\r\n').length - 2, 30)
  assert.equal(ends, [], 'a whole export is no early end')

  const reader = exportStream(survey, { format: 'csv', rows: source(rowsOf(1000, 10)) }, (end) => ends.push(end)).getReader()
  await reader.read()
  await reader.read()
  await reader.cancel(new Error('socket hang up'))
  assert.equal(
    ends.map((end: any) => [end.reason, end.rows, end.cause?.message]),
    [['cancelled', 20, 'socket hang up']],
  )

  ends.length = 0
  const down = new Error('Connection terminated unexpectedly')
  let reads = 0
  const failing = {
    read: async (after: ResponseExportRow | undefined, limit: number) => {
      if (++reads === 2) throw down
      return source(rowsOf(100, 10)).read(after, limit)
    },
  }
  const failed = exportStream(survey, { format: 'csv', rows: failing }, (end) => ends.push(end))
  const outcome = await readAll(failed).then(
    () => 'read whole',
    (error: unknown) => error,
  )
  assert.is(outcome, down, 'the stream errors with the failure')
  assert.equal(ends, [{ reason: 'failed', rows: 20, cause: down }])
})

test.run()

const formulas = suite("CSV cells never start a formula, whatever the answer's type")
const FORMULA_LEAD = /^[=+\-@\t\r]/

formulas('list, object, matrix, address, hidden-field and variable values are escaped by the text they end as', async () => {
  const planted = {
    ...survey,
    questions: [
      { id: 'tools', type: 'multipleChoiceMulti', headline: t('Tools') },
      { id: 'order', type: 'ranking', headline: t('Order') },
      { id: 'grid', type: 'matrix', headline: t('Rate'), rows: [t('Speed')], columns: [t('Good')] },
      { id: 'home', type: 'address', headline: t('Address') },
      { id: 'blob', type: 'openText', headline: t('Blob') },
    ],
    hiddenFields: { enabled: true, fieldIds: ['ref'] },
    // A text variable can hold what a respondent typed (`concat` of an answer).
    variables: [{ id: 'v1', name: 'echo', type: 'text', value: '' }],
  } as unknown as SurveyRecord
  const leads = ['=', '+', '-', '@', '\t', '\r']
  const rows = rowsOf(leads.length, 0)
  leads.forEach((lead, index) => {
    const formula = `${lead}HYPERLINK("http://example.invalid","x")`
    rows[index]!.data = {
      tools: [formula, 'Beta'],
      order: [formula],
      grid: { Speed: [formula] },
      home: [[formula], '', '', '', '', ''],
      blob: [{ a: 1 }, formula],
      ref: [formula, 'b'],
    }
    rows[index]!.variables = { v1: formula, v2: [formula] }
  })
  const text = await readAll(exportStream(planted, { format: 'csv', rows: source(rows) }))
  const [header, ...cells] = parseCsv(text.slice(1))
  assert.is(cells.length, 6)
  for (const row of cells) {
    for (const name of ['Tools', 'Order', 'Rate - Speed', 'Address - Address Line 1', 'Hidden: ref', 'Variable: echo']) {
      const cell = row[header!.indexOf(name)]!
      assert.not.match(cell, FORMULA_LEAD, `${name}: ${JSON.stringify(cell)}`)
      assert.ok(cell.startsWith("'") && cell.includes('HYPERLINK'), `${name} keeps the answer as text: ${JSON.stringify(cell)}`)
    }
  }
})

formulas('every kind of value: no cell starts with what starts a formula', () => {
  const values: unknown[] = ['=1', ['-1', 2], [null, '=x'], { '=k': '=v' }, [{ a: '=b' }], true, '', 'plain', ['a', '=b']]
  for (const value of values) {
    const cell = csvField(value).replace(/^"|"$/g, '').replace(/""/g, '"')
    assert.not.match(cell, FORMULA_LEAD, JSON.stringify(value))
  }
  assert.is(csvField(['-1', 2]), "'-1; 2")
  assert.is(csvField(['a', '=b']), 'a; =b', 'only the start of the cell matters')
  assert.is(csvField(-5), '-5', 'a number is a number, never a formula')
  assert.is(csvField(1.5e-7), '1.5e-7')
})

formulas.run()
