/**
 * The blob janitor (`createBlobJanitor`) on the test bed: a delete the blob store refuses is tried again after
 * a backoff on the janitor's clock and then finishes; a started janitor woken by Canvass (`onBlobDeletions`)
 * removes a deleted response's file without being run by hand; bad options are refused.
 */
import * as assert from 'uvu/assert'
import { createBlobJanitor } from '@canvass/core'
import type { BlobStore } from '@canvass/core'
import { createTestClock, suiteWithBed, uploadFile } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import { t } from './helpers'

let wake: () => void = () => {}
const { test, bed } = suiteWithBed('blob janitor', { onBlobDeletions: () => wake() })
const quiet = { error: console.error, warn: () => {} }

/** A response of a new survey naming a file uploaded through the routes; returns the response and the blob key. */
async function responseWithFile(x: TestCanvass, name: string) {
  const survey = await x.call('POST', '/api/v1/management/surveys', {
    key: x.keyA,
    body: {
      environmentId: x.envA,
      name: 'Janitor',
      status: 'inProgress',
      questions: [{ id: 'doc', type: 'fileUpload', headline: t('File'), required: false, allowMultipleFiles: false }],
    },
  })
  assert.is(survey.status, 200, survey.text)
  const surveyId = survey.body.data.id as string
  const { presigned: p, upload } = await uploadFile(x.call, {
    environmentId: x.envA,
    surveyId,
    elementId: 'doc',
    fileName: name,
    text: name,
  })
  assert.is(upload.status, 200, upload.text)
  const created = await x.call('POST', `/api/v1/client/${x.envA}/responses`, {
    body: { surveyId, finished: true, data: { doc: [p.fileUrl] } },
  })
  assert.is(created.status, 200, created.text)
  return { responseId: created.body.data.id as string, key: `${x.envA}/private/${p.updatedFileName}` }
}

test('a refused delete is tried again after its backoff, then finished', async () => {
  const x = bed()
  const { responseId, key } = await responseWithFile(x, 'refused.txt')
  let refuse = true
  const deletes: string[] = []
  const flaky: BlobStore = {
    ...x.blobStore!,
    async delete(blobKey) {
      deletes.push(blobKey)
      if (refuse) throw new Error('the store is down')
      return x.blobStore!.delete(blobKey)
    },
  }
  const clock = createTestClock()
  const janitor = createBlobJanitor({ storage: x.storage, blobs: flaky, clock: clock.now, logger: quiet })
  assert.is((await x.call('DELETE', `/api/v1/management/responses/${responseId}`, { key: x.keyA })).status, 200)
  assert.equal(await janitor.runOnce(), { deleted: 0, failed: 1 })
  assert.ok(await x.blobStore!.head(key), 'still there')
  assert.equal(await janitor.runOnce(), { deleted: 0, failed: 0 }, 'not due before its backoff')
  refuse = false
  clock.advance(10_000)
  assert.equal(await janitor.runOnce(), { deleted: 1, failed: 0 })
  assert.is(await x.blobStore!.head(key), null)
  assert.equal(deletes, [key, key])
  assert.is(await x.storage.blobDeletions.pending(), 0)
})

test('a started janitor is woken by a delete and removes the file', async () => {
  const x = bed()
  const { responseId, key } = await responseWithFile(x, 'woken.txt')
  const runs: number[] = []
  // A long interval: only the wake-up can make it run again in time.
  const janitor = createBlobJanitor({
    storage: x.storage,
    blobs: x.blobStore!,
    intervalMs: 3_600_000,
    logger: quiet,
    observe: { run: (r) => runs.push(r.deleted) },
  })
  wake = () => janitor.wake()
  janitor.start()
  try {
    assert.is((await x.call('DELETE', `/api/v1/management/responses/${responseId}`, { key: x.keyA })).status, 200)
    // The blob is gone before the run that deleted it ends and reports: wait for both.
    const end = Date.now() + 10_000
    while (((await x.blobStore!.head(key)) !== null || !runs.includes(1)) && Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    assert.is(await x.blobStore!.head(key), null, 'removed after the wake-up')
    assert.ok(runs.includes(1), `a run reported the delete: ${runs.join(',')}`)
  } finally {
    wake = () => {}
    await janitor.stop()
  }
})

test('options out of range are refused', () => {
  const x = bed()
  for (const options of [{ batch: 0 }, { intervalMs: -1 }, { leaseMs: 1.5 }, { maxBackoffMs: Number.NaN }]) {
    assert.throws(() => createBlobJanitor({ storage: x.storage, blobs: x.blobStore!, ...options }), /must be a positive integer/)
  }
})

test.run()
