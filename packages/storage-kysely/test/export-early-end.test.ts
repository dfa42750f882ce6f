/**
 * A streamed export answers 200 before its first row, so an export cut off later (the client went away, the
 * database failed mid-way) was invisible: a CSV export cut by an instance's freeze logged nothing (issue 40,
 * item 18). Each early end is logged with its reason. In process on PGlite; the read fault is injected into
 * a real storage.
 */
import { createCanvass } from '@canvass/core'
import type { Canvass, ReportingStorage, Storage } from '@canvass/core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createKyselyStorage, migrate } from '../src'
import { backends } from './backends'
import type { OpenBackend } from './backends'

const [pglite] = backends()
const test = suite('an export that ends early is logged with its reason')
let open: OpenBackend | undefined
let canvass: Canvass
let key = ''
let surveyId = ''
let failExportReads = false
const logged: { level: 'error' | 'warn'; message: string; cause?: any; context?: any }[] = []

test.before(async () => {
  open = await pglite!.open({ migrated: true })
  await migrate(open.db)
  const storage = createKyselyStorage({ db: open.db })
  let reads = 0
  const faulty: Storage = {
    ...storage,
    reporting: {
      ...storage.reporting,
      responses: {
        ...storage.reporting.responses,
        listForExport: async (...args: Parameters<ReportingStorage['responses']['listForExport']>) => {
          // The first page goes out; the second read fails, as a query on a lost connection does.
          if (failExportReads && ++reads === 2) throw Object.assign(new Error('Connection terminated unexpectedly'), { code: '57P01' })
          return storage.reporting.responses.listForExport(...args)
        },
      },
    },
  }
  canvass = createCanvass({
    storage: faulty,
    logger: {
      error: (message: string, cause?: unknown, context?: unknown) => logged.push({ level: 'error', message, cause, context }),
      warn: (message: string) => logged.push({ level: 'warn', message }),
    },
  })
  const project = await canvass.admin.createProject({ name: 'p' })
  key = (await canvass.admin.createApiKey({ environmentId: project.environments.production })).key
  const survey = await call('POST', '/api/v1/management/surveys', {
    name: 'Exported',
    questions: [{ id: 'q1', type: 'openText', headline: { default: 'Q' }, required: false }],
  })
  surveyId = (await survey.json()).data.id
  const imported = await call('POST', '/api/v1/management/responses/bulk', {
    responses: Array.from({ length: 60 }, (_, i) => ({ surveyId, finished: true, data: { q1: `answer ${i}` } })),
  })
  assert.is((await imported.json()).data.created, 60)
})
test.after(async () => {
  await open?.close()
})
test.before.each(() => {
  logged.length = 0
  failExportReads = false
})

function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return canvass.fetch(
    new Request(`http://localhost${path}`, {
      method,
      headers: { 'x-api-key': key, 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    { requestId: 'export-test-1' },
  )
}

test('a whole export logs nothing', async () => {
  const res = await call('GET', `/api/v1/management/responses/export?surveyId=${surveyId}&format=csv`)
  assert.is(res.status, 200)
  assert.is((await res.text()).split('\r\n').length - 2, 60)
  assert.equal(logged, [])
})

test('a failed read mid-export: an error with the survey, the rows written, the cause and the request id', async () => {
  failExportReads = true
  const res = await call('GET', `/api/v1/management/responses/export?surveyId=${surveyId}&format=csv`)
  assert.is(res.status, 200, 'the answer started before the failure')
  const outcome = await res.text().then(
    () => 'whole',
    () => 'cut off',
  )
  assert.is(outcome, 'cut off', 'the client sees the body fail, not a file that looks whole')
  assert.equal(
    logged.map(({ level, message }) => [level, message]),
    [['error', `The CSV export of survey ${surveyId} ended early after 20 rows: reading or writing its rows failed`]],
  )
  assert.equal([logged[0]!.cause.code, logged[0]!.cause.message], ['57P01', 'Connection terminated unexpectedly'])
  assert.equal(logged[0]!.context, { requestId: 'export-test-1' })
})

test('a client that stops reading: a warning with the survey, the rows written and the request id', async () => {
  const res = await call('GET', `/api/v1/management/responses/export?surveyId=${surveyId}&format=ndjson`)
  const reader = res.body!.getReader()
  let received = ''
  while (!received.includes('\n')) received += new TextDecoder().decode((await reader.read()).value)
  await reader.cancel(new Error('aborted'))
  assert.equal(
    logged.map(({ level }) => level),
    ['warn'],
  )
  // The stream may have read a page ahead of what this reader took: the count is of rows read, not taken.
  const rows = Number(/ended early after (\d+) rows/.exec(logged[0]!.message)?.[1])
  assert.ok(rows >= 20 && rows < 60, logged[0]!.message)
  assert.is(
    logged[0]!.message.replace(/after \d+ rows/, 'after N rows'),
    `The NDJSON export of survey ${surveyId} ended early after N rows (request export-test-1): the client stopped reading (the connection closed or the stream was cancelled: aborted)`,
  )
})

test.run()
