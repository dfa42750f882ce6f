/**
 * The upkeep groups of the storage port are optional: on a storage without `storage.imports`,
 * `storage.retention` and `storage.blobDeletions` every request still works, an import answers 501
 * `not_implemented` naming `storage.imports`, the retention worker and the blob janitor do not start (said once
 * through the logger), and settings given for either worker are refused when the instance is made.
 */
import { TEST_ORIGIN, TEST_SECRET, suiteWithBed } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import { CanvassError, createCanvass } from '../src'
import type { CanvassOptions, Logger } from '../src'

const { test, bed } = suiteWithBed('a storage without the upkeep groups')

/** The bed's storage without `imports`, `retention` and `blobDeletions`. */
function upkeepless(): CanvassOptions['storage'] {
  const { imports: _i, retention: _r, blobDeletions: _b, ...storage } = bed().storage
  return storage
}

/** A logger that keeps what is warned. */
function keptLogger(): Logger & { warned: string[] } {
  const warned: string[] = []
  return { warned, info() {}, warn: (message: string) => void warned.push(message), error() {} }
}

test('requests work: a survey is made and read, a response is created and listed', async () => {
  const canvass = createCanvass({ storage: upkeepless(), background: false })
  const call = (method: string, path: string, body?: unknown, key = true) =>
    canvass.fetch(
      new Request(`${TEST_ORIGIN}${path}`, {
        method,
        headers: { ...(key ? { 'x-api-key': bed().keyA } : {}), 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    )
  const question = { id: 'q1', type: 'openText', headline: { default: 'Why?' }, required: true, inputType: 'text' }
  const created = await call('POST', '/api/v1/management/surveys', {
    environmentId: bed().envA,
    name: 'No upkeep',
    type: 'link',
    status: 'inProgress',
    questions: [question],
  })
  assert.is(created.status, 200, await created.clone().text())
  const surveyId = ((await created.json()) as { data: { id: string } }).data.id
  assert.is((await call('GET', `/api/v1/management/surveys/${surveyId}`)).status, 200)
  const response = await call('POST', `/api/v1/client/${bed().envA}/responses`, { surveyId, finished: true, data: { q1: 'x' } }, false)
  assert.is(response.status, 200, await response.clone().text())
  const responseId = ((await response.json()) as { data: { id: string } }).data.id
  const listed = await call('GET', `/api/v1/management/responses?surveyId=${surveyId}`)
  assert.is(listed.status, 200)
  assert.ok((await listed.text()).includes(responseId))
})

test('an import answers not_implemented naming storage.imports', async () => {
  const canvass = createCanvass({ storage: upkeepless(), background: false })
  const error = await canvass.admin.importFormbricks({ url: 'http://127.0.0.1:9/', apiKey: 'fbk_unused', environmentId: bed().envA }).then(
    () => undefined,
    (error: unknown) => error,
  )
  assert.ok(error instanceof CanvassError, String(error))
  assert.is(error.code, 'not_implemented')
  assert.ok(error.message.includes('storage.imports'), error.message)
})

test('the retention worker and the blob janitor do not start, and say so once; the rest of the background work runs', async () => {
  const logger = keptLogger()
  const blobStore = bed().blobStore
  assert.ok(blobStore, 'the bed has a blob store')
  const canvass = createCanvass({ storage: upkeepless(), blobStore, secret: TEST_SECRET, logger, background: { webhooks: false } })
  await canvass.start()
  try {
    const report = await canvass.runBackgroundOnce()
    assert.is(report.retention, undefined)
    assert.is(report.blobJanitor, undefined)
    assert.is((await canvass.health()).background, 'running')
  } finally {
    await canvass.close()
  }
  assert.is(logger.warned.filter((message) => message.includes('storage.retention')).length, 1, logger.warned.join('\n'))
  assert.is(logger.warned.filter((message) => message.includes('storage.blobDeletions')).length, 1, logger.warned.join('\n'))
})

test('settings given for a worker the storage cannot run are refused at construction, naming the group', () => {
  assert.throws(
    () => createCanvass({ storage: upkeepless(), background: { retention: { intervalMs: 60_000 } } }),
    (error: unknown) => error instanceof TypeError && error.message.includes('storage.retention'),
  )
  assert.throws(
    () =>
      createCanvass({ storage: upkeepless(), blobStore: bed().blobStore, secret: TEST_SECRET, background: { blobJanitor: { batch: 10 } } }),
    (error: unknown) => error instanceof TypeError && error.message.includes('storage.blobDeletions'),
  )
  // Left to their defaults, the workers are only not started.
  createCanvass({ storage: upkeepless() })
})

test.run()
