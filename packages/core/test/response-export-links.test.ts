/**
 * Exports through signed links (docs/api.md, "Exporting responses"): `POST /api/v1/management/responses/export-links`
 * mints a link for a survey, a format and the list's filters; the link downloads CSV, NDJSON or XLSX (read back
 * with ExcelJS) without a key, with the same columns in the same order, filtered; it works until it expires
 * (five minutes), refuses a changed or forged link, never reaches another environment, stops with its key or
 * person, and each download is in the audit log. One backend: the links and formats do not depend on it (the
 * export's reads are tested on both in response-export-routes.test.ts).
 */
import ExcelJS from 'exceljs'
import { unzipSync, strFromU8 } from 'fflate'
import * as assert from 'uvu/assert'
import { TEST_ORIGIN, createTestClock, suiteWithBed } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import { GRID_QUESTION, parseCsv, t } from './helpers'
import { asConsole, signedIn } from './console-sessions'

const clock = createTestClock('2026-03-02T10:00:00Z')
const { test, bed } = suiteWithBed('response export links', { clock })

async function surveyWithResponses(x: TestCanvass) {
  const created = await x.call('POST', '/api/v1/management/surveys', {
    key: x.keyA,
    body: {
      environmentId: x.envA,
      name: 'Kundenumfrage: Q1/2026',
      status: 'inProgress',
      hiddenFields: { enabled: true, fieldIds: ['plan'] },
      questions: [
        { id: 'why', type: 'openText', headline: t('Why?'), required: false },
        {
          id: 'pick',
          type: 'multipleChoiceSingle',
          headline: t('Pick one'),
          required: false,
          choices: [
            { id: 'a', label: t('Alpha') },
            { id: 'b', label: t('Beta') },
          ],
        },
        GRID_QUESTION,
        { id: 'score', type: 'rating', headline: t('Score'), required: false, scale: 'number', range: 5 },
      ],
    },
  })
  assert.is(created.status, 200, created.text)
  const surveyId = created.body.data.id as string
  const answers = [
    { why: '=HYPERLINK("http://example.invalid","x")', pick: 'Alpha', grid: { Speed: 'Good', Price: 'Bad' }, score: 5, plan: 'pro' },
    { why: 'Fine <b>&</b> "quoted"\nsecond line', pick: 'Beta', score: 2 },
    { why: 'Third', pick: 'Alpha', grid: { Speed: 'Bad' } },
  ]
  for (const [index, data] of answers.entries()) {
    const res = await x.call('POST', '/api/v1/management/responses', {
      key: x.keyA,
      body: { surveyId, finished: index !== 2, data, createdAt: new Date(Date.UTC(2026, 0, 1 + index)).toISOString() },
    })
    assert.is(res.status, 200, res.text)
  }
  return surveyId
}

const mint = (x: TestCanvass, body: unknown, key = x.keyA) => x.call('POST', '/api/v1/management/responses/export-links', { key, body })

/** Fetches a link as a browser navigating to it would: no key, no console header. */
async function open(x: TestCanvass, url: string) {
  const res = await x.fetch(new Request(url.replace(/^https?:\/\/[^/]+/, TEST_ORIGIN)))
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) }
}

const csvOf = (bytes: Uint8Array) => parseCsv(new TextDecoder().decode(bytes))

async function sheetOf(bytes: Uint8Array): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer)
  const sheet = workbook.worksheets[0]
  assert.ok(sheet, 'a sheet')
  const rows: string[][] = []
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const cells: string[] = []
    for (let column = 1; column <= sheet.columnCount; column++) {
      const value = row.getCell(column).value
      cells.push(value === null || value === undefined ? '' : String(value))
    }
    rows.push(cells)
  })
  return rows
}

test('one link per format: CSV, NDJSON and XLSX hold the filtered responses, with the same columns in the same order', async () => {
  const x = bed()
  const surveyId = await surveyWithResponses(x)
  const filters = { finished: 'true', order: 'asc', 'filter[data.pick][in]': ['Alpha', 'Beta'] }
  const links: Record<string, { url: string; expiresAt: string }> = {}
  for (const format of ['csv', 'ndjson', 'xlsx']) {
    const res = await mint(x, { surveyId, format, filters })
    assert.is(res.status, 200, res.text)
    links[format] = res.body.data
    assert.is(res.body.data.expiresAt, new Date(clock.now().getTime() + 5 * 60 * 1000).toISOString(), 'five minutes')
    assert.match(res.body.data.url, /\/api\/v1\/management\/responses\/export\/download\?/)
  }

  const csv = await open(x, links.csv!.url)
  assert.is(csv.status, 200)
  assert.match(csv.headers.get('content-type') ?? '', /^text\/csv/)
  const disposition = csv.headers.get('content-disposition') ?? ''
  assert.match(disposition, /^attachment; filename="responses-[a-z0-9]+\.csv"; filename\*=UTF-8''/)
  assert.is(
    decodeURIComponent(disposition.split("UTF-8''")[1] ?? ''),
    `Kundenumfrage Q1 2026 responses ${clock.now().toISOString().slice(0, 10)}.csv`,
    "the survey's name and the day",
  )
  const [header, ...rows] = csvOf(csv.bytes.subarray(3))
  assert.is(rows.length, 2, 'the unfinished response is filtered out')
  const questions = header!.filter((name) => ['Why?', 'Pick one', 'Rate - Speed', 'Rate - Price', 'Score', 'Hidden: plan'].includes(name))
  assert.equal(questions, ['Why?', 'Pick one', 'Rate - Speed', 'Rate - Price', 'Score', 'Hidden: plan'], 'survey order')
  assert.ok(header!.indexOf('Response ID') < header!.indexOf('Why?'), 'metadata first, as the export has it')

  const xlsx = await open(x, links.xlsx!.url)
  assert.is(xlsx.status, 200)
  assert.is(xlsx.headers.get('content-type'), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
  assert.match(xlsx.headers.get('content-disposition') ?? '', /\.xlsx$/)
  const sheet = await sheetOf(xlsx.bytes)
  assert.equal(sheet[0], header, 'the XLSX header row is the CSV one')
  assert.is(sheet.length, 3)
  const column = (name: string) => header!.indexOf(name)
  for (const [index, row] of rows.entries()) {
    const cells = sheet[index + 1]!
    for (const [at, text] of row.entries()) {
      // CSV defuses a formula with a leading `'`; XLSX keeps the text and marks the cell quote-prefixed.
      const expected = text.startsWith("'=") ? text.slice(1) : text
      assert.is(cells[at], expected, `${header![at]} of row ${index + 1}`)
    }
  }
  assert.is(sheet[1]![column('Why?')], '=HYPERLINK("http://example.invalid","x")', 'text, never a formula')
  assert.is(sheet[2]![column('Why?')], 'Fine <b>&</b> "quoted"\nsecond line', 'escaped and read back whole')
  assert.is(sheet[1]![column('Score')], '5')
  const sheetXml = strFromU8(unzipSync(xlsx.bytes)['xl/worksheets/sheet1.xml']!)
  assert.not.match(sheetXml, /<f>/, 'no formula in the sheet')
  assert.match(
    sheetXml,
    /<c r="[A-Z]+2" s="2" t="inlineStr"><is><t xml:space="preserve">=HYPERLINK/,
    'the formula-like cell is quote-prefixed',
  )

  const ndjson = await open(x, links.ndjson!.url)
  assert.is(ndjson.status, 200)
  const lines = new TextDecoder()
    .decode(ndjson.bytes)
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))
  assert.equal(
    lines.map((line) => line.id),
    rows.map((row) => row[column('Response ID')]),
    'the same responses in the same order',
  )
})

test('a link works until it expires; a changed, forged or expired link is a 401; each download is audited', async () => {
  const x = bed()
  const surveyId = await surveyWithResponses(x)
  const res = await mint(x, { surveyId, format: 'csv', filters: { finished: 'true' } })
  assert.is(res.status, 200, res.text)
  const url: string = res.body.data.url
  assert.is((await open(x, url)).status, 200)
  assert.is((await open(x, url)).status, 200, 'again, within its five minutes')

  const refused = async (changed: string, why: string) => {
    const answer = await open(x, changed)
    assert.is(answer.status, 401, why)
    assert.is(JSON.parse(new TextDecoder().decode(answer.bytes)).code, 'not_authenticated', why)
  }
  await refused(url.replace('finished=true', 'finished=false'), 'a changed filter')
  await refused(`${url}&filter%5Bdata.pick%5D%5Beq%5D=Beta`, 'an added filter')
  await refused(url.replace('format=csv', 'format=ndjson'), 'another format')
  const token = new URL(url).searchParams.get('token') as string
  const last = token.at(-1) === 'A' ? 'B' : 'A'
  await refused(url.replace(token, token.slice(0, -1) + last), 'a forged signature')
  await refused(url.replace(/&?token=[^&]*/, ''), 'no token')

  const log = await x.call('GET', `/api/v1/management/audit-log?resourceId=${surveyId}&action=export`, { key: x.keyA })
  assert.is(log.status, 200, log.text)
  const downloads = log.body.data.filter((entry: any) => entry.route === '/api/v1/management/responses/export/download')
  assert.is(downloads.length, 2, 'each download, not the refusals')
  assert.is(downloads[0].apiKeyId !== null, true, 'under the key that minted the link')

  clock.advance(5 * 60 * 1000)
  await refused(url, 'an expired link')
})

test('a link never reaches another environment, and stops with the key that minted it', async () => {
  const x = bed()
  const surveyId = await surveyWithResponses(x)
  const fromOther = await mint(x, { surveyId, format: 'csv' }, x.keyB)
  assert.is(fromOther.status, 401, "a key of another environment mints no link to this one's survey")

  const other = await x.call('POST', '/api/v1/management/surveys', {
    key: x.keyB,
    body: {
      environmentId: x.envB,
      name: 'Other',
      status: 'inProgress',
      questions: [{ id: 'q', type: 'openText', headline: t('Q'), required: false }],
    },
  })
  const res = await mint(x, { surveyId, format: 'csv' })
  const url: string = res.body.data.url
  assert.is((await open(x, url.replace(surveyId, other.body.data.id))).status, 401, "a link's token names its survey")

  const key = await x.call('POST', '/api/v1/management/api-keys', { key: x.keyA, body: { label: 'short-lived' } })
  assert.is(key.status, 200, key.text)
  const byKey = await mint(x, { surveyId, format: 'xlsx' }, key.body.data.key)
  assert.is(byKey.status, 200, byKey.text)
  assert.is((await open(x, byKey.body.data.url)).status, 200)
  const revoked = await x.call('DELETE', `/api/v1/management/api-keys/${key.body.data.id}`, { key: x.keyA })
  assert.is(revoked.status, 200, revoked.text)
  assert.is((await open(x, byKey.body.data.url)).status, 401, 'the key was revoked')
})

test('bad input: unknown filters, paging, a bad format and filters that name the survey are 400s naming them', async () => {
  const x = bed()
  const surveyId = await surveyWithResponses(x)
  const unknown = await mint(x, { surveyId, filters: { colour: 'red' } })
  assert.is(unknown.status, 400, unknown.text)
  assert.ok(unknown.body.details.colour, unknown.text)
  const field = await mint(x, { surveyId, filters: { 'filter[nope][eq]': 'x' } })
  assert.is(field.status, 400, field.text)
  assert.ok(field.body.details['filter[nope][eq]'], field.text)
  const paging = await mint(x, { surveyId, filters: { limit: '5' } })
  assert.is(paging.status, 400, paging.text)
  const format = await mint(x, { surveyId, format: 'pdf' })
  assert.is(format.status, 400, format.text)
  const clash = await mint(x, { surveyId, filters: { surveyId: 'other' } })
  assert.is(clash.status, 400, clash.text)
  assert.ok(clash.body.details['filters.surveyId'], clash.text)
  assert.is((await mint(x, { surveyId: 'nosuchsurvey00000000000000' })).status, 404)
})

test('the console: a viewer mints a link with their session; it downloads under their name, and stops when they are removed', async () => {
  const x = bed()
  const surveyId = await surveyWithResponses(x)
  const viewer = await signedIn(x, 'viewer')
  const owner = await signedIn(x, 'owner')
  const res = await asConsole(x, viewer, 'POST', '/api/v1/management/responses/export-links', { surveyId, format: 'xlsx' })
  assert.is(res.status, 200, res.text)
  const file = await open(x, res.body.data.url)
  assert.is(file.status, 200)
  assert.is((await sheetOf(file.bytes)).length, 4, 'the header and three responses')
  const log = await x.call('GET', `/api/v1/management/audit-log?resourceId=${surveyId}&action=export`, { key: x.keyA })
  assert.is(log.body.data[0].apiKeyLabel, `console: ${viewer.email}`)

  const contact = await asConsole(x, viewer, 'POST', '/api/v1/management/responses/export-links', {
    surveyId,
    filters: { 'filter[contactAttributes.email][eq]': 'a@example.com' },
  })
  assert.is(contact.status, 403, 'a viewer does not filter by contact attributes')

  const removed = await asConsole(x, owner, 'DELETE', `/api/v1/console/people/${viewer.id}`)
  assert.is(removed.status, 200, removed.text)
  assert.is((await open(x, res.body.data.url)).status, 401, 'the person who minted it is gone')
})

test.run()
