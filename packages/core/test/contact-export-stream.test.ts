import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { DisplayRecord, PersonRecord, ResponseRecord } from '../src/ports/storage'
import { contactExportStream, namedFiles } from '../src/domain/contacts/contact-export'
import type { ContactExportSource } from '../src/domain/contacts/contact-export'
import type { ExportEarlyEnd } from '../src/domain/responses/response-export'

// How a contact's export reads: valid JSON however many rows, pages bounded, nothing read after a cancel, a
// failed read reported and the document cut off.
const contact: PersonRecord = {
  id: 'c1',
  userId: 'ada',
  environmentId: 'e1',
  attributes: { email: 'ada@example.com' },
  createdAt: new Date('2026-01-01T00:00:00.000Z'),
  updatedAt: new Date('2026-01-02T00:00:00.000Z'),
}
const at = (index: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, index))

function responses(count: number, answerBytes = 10): ResponseRecord[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `r${String(index).padStart(7, '0')}`,
    createdAt: at(index),
    updatedAt: at(index),
    environmentId: 'e1',
    surveyId: index % 2 ? 's-files' : 's-plain',
    finished: true,
    data: { why: 'x'.repeat(answerBytes), doc: [`https://f.example/${index}`, 7, ''] },
    meta: {},
    ttc: {},
    variables: {},
    language: null,
    singleUseId: null,
    displayId: null,
    endingId: null,
    personAttributes: null,
    person: contact,
    notes: [],
    tags: [],
  }))
}

function displays(count: number): DisplayRecord[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `d${String(index).padStart(7, '0')}`,
    surveyId: 's-plain',
    contactId: 'c1',
    responseId: null,
    createdAt: at(index),
    updatedAt: at(index),
  }))
}

/** Reads over `rows` as storage does (`limit + 1`, after the keyset position), recording each read's limit. */
function pages<Row extends { id: string }>(rows: Row[], limits: number[]) {
  return {
    read: async (after: Row | undefined, limit: number) => {
      limits.push(limit)
      const start = after ? rows.findIndex((row) => row.id === after.id) + 1 : 0
      return rows.slice(start, start + limit + 1)
    },
  }
}

function sourceOf(displayRows: DisplayRecord[], responseRows: ResponseRecord[]) {
  const limits = { displays: [] as number[], responses: [] as number[], surveys: [] as string[] }
  const source: ContactExportSource = {
    displays: pages(displayRows, limits.displays),
    responses: pages(responseRows, limits.responses),
    fileQuestions: async (surveyId) => {
      limits.surveys.push(surveyId)
      return surveyId === 's-files' ? ['doc'] : []
    },
  }
  return { source, limits }
}

const readAll = async (stream: ReadableStream<Uint8Array>) => new Response(stream).text()

const test = suite('contact export stream')

test('no displays, no responses: a whole document', async () => {
  const { source } = sourceOf([], [])
  const doc = JSON.parse(await readAll(contactExportStream(contact, source, at(99))))
  assert.equal(doc, {
    exportedAt: at(99).toISOString(),
    contact: { id: 'c1', userId: 'ada', environmentId: 'e1', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-02T00:00:00.000Z' },
    attributes: { email: 'ada@example.com' },
    displays: [],
    responses: [],
    files: [],
  })
})

test('many rows: every one once, in order, in bounded pages; files of fileUpload questions only, strings only', async () => {
  const { source, limits } = sourceOf(displays(600), responses(1001, 5000))
  const doc = JSON.parse(await readAll(contactExportStream(contact, source, at(0))))
  assert.is(doc.displays.length, 600)
  assert.equal(
    doc.displays.map((d: { id: string }) => d.id),
    displays(600).map((d) => d.id),
  )
  assert.equal(
    doc.responses.map((r: { id: string }) => r.id),
    responses(1001).map((r) => r.id),
  )
  assert.equal(doc.responses[0].files, [])
  assert.equal(doc.responses[1].files, [{ questionId: 'doc', url: 'https://f.example/1' }])
  assert.is(doc.files.length, 500)
  assert.equal(doc.files[0], { responseId: 'r0000001', questionId: 'doc', url: 'https://f.example/1' })
  assert.ok(Math.max(...limits.displays, ...limits.responses) <= 250, 'pages of at most 250')
  // Two passes over 1,001 responses of about 5 KB: pages of about 200 (1 MiB), not one read.
  assert.ok(limits.responses.length >= 10, limits.responses.join(','))
  assert.equal(limits.surveys.sort(), ['s-files', 's-plain'], "each survey's questions read once")
})

test('one page per pull, nothing read after a cancel, which is reported', async () => {
  const { source, limits } = sourceOf([], responses(1000))
  const ends: ExportEarlyEnd[] = []
  const reader = contactExportStream(contact, source, at(0), (end) => ends.push(end)).getReader()
  await reader.read()
  await reader.read()
  await reader.read()
  const reads = limits.responses.length
  await reader.cancel('gone')
  assert.ok(reads <= 2, `at most the page read and the one queued behind it (the first pull writes the head): ${reads}`)
  // The stream and the source run on promises alone: by the next turn of the event loop, any read queued
  // behind the cancel has been made.
  await new Promise((resolve) => setImmediate(resolve))
  assert.is(limits.responses.length, reads, 'nothing read after the cancel')
  assert.equal(
    ends.map((end) => end.reason),
    ['cancelled'],
  )
})

test('a failed read errors the stream (a cut-off document) and is reported with the rows written', async () => {
  const { source } = sourceOf([], responses(100))
  const down = new Error('database down')
  let calls = 0
  const read = source.responses.read
  source.responses.read = async (after, limit) => {
    if (++calls === 2) throw down
    return read(after, limit)
  }
  const ends: ExportEarlyEnd[] = []
  const outcome = await readAll(contactExportStream(contact, source, at(0), (end) => ends.push(end))).then(
    () => 'read',
    (error: unknown) => error,
  )
  assert.is(outcome, down)
  assert.equal(ends, [{ reason: 'failed', rows: 20, cause: down }])
})

test('namedFiles: a URL or a list of them per question, as stored; other values left out', () => {
  assert.equal(namedFiles({ a: 'https://x/1', b: ['https://x/2', null, 3, ''], c: { url: 'no' } }, ['a', 'b', 'c', 'missing']), [
    { questionId: 'a', url: 'https://x/1' },
    { questionId: 'b', url: 'https://x/2' },
  ])
})

test.run()
