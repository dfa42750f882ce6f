import ExcelJS from 'exceljs'
import { strFromU8, unzipSync } from 'fflate'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { ResponseExportRow, SurveyRecord } from '../src/ports/storage'
import { EXPORT_ROWS } from '../src/domain/responses/response-export'
import { xlsxExportStream } from '../src/domain/responses/response-export-xlsx'
import { XLSX_CUT_MARK, XLSX_MAX_CELL_CHARS, columnName } from '../src/domain/responses/xlsx-sheet'

// The XLSX export as a stream (docs/api.md, "Exporting responses"): written page by page as the client reads,
// so that a large export holds one page at a time; the sheet a spreadsheet reads back, whatever the text.
const survey = {
  id: 's1',
  questions: [
    { id: 'why', type: 'openText', headline: { default: 'Why?' } },
    { id: 'n', type: 'rating', headline: { default: 'Score' } },
  ],
  hiddenFields: null,
  variables: [],
} as unknown as SurveyRecord

function row(index: number, why: unknown, n: unknown = index): ResponseExportRow {
  return {
    id: `r${String(index).padStart(7, '0')}`,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, index)),
    updatedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, index)),
    finished: true,
    data: { why, n },
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
  }
}

/** `count` rows made as they are read (never all at once), recording each read's limit. */
function generated(count: number) {
  const limits: number[] = []
  return {
    limits,
    read: async (after: ResponseExportRow | undefined, limit: number) => {
      limits.push(limit)
      const start = after ? Number(after.id.slice(1)) + 1 : 0
      return Array.from({ length: Math.max(0, Math.min(limit, count - start)) }, (_, i) => row(start + i, `answer ${start + i}`))
    },
  }
}

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

async function sheetOf(bytes: Uint8Array) {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer)
  return workbook.worksheets[0] as ExcelJS.Worksheet
}

const test = suite('xlsx export stream')

test('column names run A … Z, AA …', () => {
  assert.equal([0, 25, 26, 51, 52, 701, 702].map(columnName), ['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA'])
})

test('a page is read only when the client has taken the one before: the server holds one page, whatever the size', async () => {
  const from = generated(100_000)
  const reader = xlsxExportStream(survey, { rows: from }).getReader()
  await reader.read()
  await reader.read()
  // Give the stream every chance to read ahead on its own.
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 0))
  assert.ok(from.limits.length <= 2, `read ${from.limits.length} pages ahead for two chunks taken`)
  await reader.cancel('enough')
  const reads = from.limits.length
  await new Promise((resolve) => setTimeout(resolve, 0))
  assert.is(from.limits.length, reads, 'nothing is read after a cancel')
})

test('20,000 rows: pages of at most the export page size, every row read back by a spreadsheet library', async () => {
  const from = generated(20_000)
  let largest = 0
  const chunks: Uint8Array[] = []
  const reader = xlsxExportStream(survey, { rows: from }).getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    largest = Math.max(largest, value.byteLength)
    chunks.push(value)
  }
  assert.ok(Math.max(...from.limits) <= EXPORT_ROWS.most, 'each read is a page')
  assert.ok(largest < 1024 * 1024, `each chunk is a deflated page (largest ${largest} bytes)`)
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0))
  let at = 0
  for (const chunk of chunks) {
    bytes.set(chunk, at)
    at += chunk.byteLength
  }
  const sheet = await sheetOf(bytes)
  assert.is(sheet.rowCount, 20_001)
  const header = sheet.getRow(1).values as unknown[]
  const why = header.indexOf('Why?')
  const score = header.indexOf('Score')
  assert.is(sheet.getRow(20_001).getCell(why).value, 'answer 19999')
  assert.is(sheet.getRow(20_001).getCell(score).value, 19999, 'numbers stay numbers')
  assert.ok(sheet.getRow(1).getCell(1).font?.bold, 'a bold header row')
})

test('text a sheet cannot hold as is: XML escaped, characters XML forbids replaced, a cell past 32,767 characters cut and marked', async () => {
  const rows = [
    row(0, 'a < b && c > "d" \'e\''),
    row(1, 'bell\u0007 and nul\u0000 and a lone \uD800 surrogate, an emoji 😀'),
    row(2, 'x'.repeat(XLSX_MAX_CELL_CHARS + 10)),
    row(3, ['one', 'two']),
    row(4, { street: '1 Main' }),
    row(5, '+1 555 0100', '-5'),
    row(6, 'line one\r\nline two', -5),
  ]
  const bytes = await bytesOf(
    xlsxExportStream(survey, { rows: { read: async (after, limit) => rows.slice(after ? rows.indexOf(after) + 1 : 0).slice(0, limit) } }),
  )
  const sheet = await sheetOf(bytes)
  const header = sheet.getRow(1).values as unknown[]
  const why = (index: number) => sheet.getRow(index + 2).getCell(header.indexOf('Why?')).value
  const score = (index: number) => sheet.getRow(index + 2).getCell(header.indexOf('Score')).value
  assert.is(why(0), 'a < b && c > "d" \'e\'')
  assert.is(why(1), 'bell\uFFFD and nul\uFFFD and a lone \uFFFD surrogate, an emoji 😀')
  const long = why(2) as string
  assert.is(long.length, XLSX_MAX_CELL_CHARS)
  assert.ok(long.endsWith(XLSX_CUT_MARK))
  assert.is(why(3), 'one; two', 'a list as the CSV export joins it')
  assert.is(why(4), '{"street":"1 Main"}')
  assert.is(why(5), '+1 555 0100', 'the text kept')
  assert.is(score(5), '-5', 'a text answer stays text')
  assert.is(why(6), 'line one\r\nline two', 'a carriage return kept')
  assert.is(score(6), -5)
  const xml = strFromU8(unzipSync(bytes)['xl/worksheets/sheet1.xml']!)
  assert.match(xml, /s="2" t="inlineStr"><is><t xml:space="preserve">\+1 555 0100/, 'formula-like text takes the quote-prefix style')
  assert.match(xml, /s="2" t="inlineStr"><is><t xml:space="preserve">-5</, 'a text that starts with - too')
})

test.run()
