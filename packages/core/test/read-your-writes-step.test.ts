import { suiteWithBed } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import type { RouteDoc } from '../src/http/route-doc'
import { readingOwnWrites } from '../src/http/read-your-writes'
import type { Storage } from '../src/ports/storage'
import { contextFor, routeCallOf } from './pipeline-helpers'

const { test, bed } = suiteWithBed('route step: reading one’s own writes')
const doc: RouteDoc = { summary: 'A management route', auth: 'apiKey' }
const PATH = '/api/v1/management/surveys'

test('a caller that wrote reads the primary for the storage’s window; another caller reads the replicas', async () => {
  const storage: Storage = { ...bed().storage, laggingReads: { primary: bed().storage, staleForMs: 15_000 } }
  const ctx = contextFor(storage)
  const withKey = (key: string, method: string) =>
    routeCallOf(new Request(`http://canvass.test${PATH}`, { method, headers: { 'x-api-key': key } }), ctx, PATH)
  const write = readingOwnWrites('POST', doc)
  const read = readingOwnWrites('GET', doc)
  assert.ok(write && read)
  await write(withKey(bed().keyA, 'POST'), async () => new Response(null, { status: 201 }))
  const storageRead = async (key: string) => {
    const call = withKey(key, 'GET')
    let seen: Storage | undefined
    await read(call, async () => {
      seen = call.ctx.storage
      return new Response('read')
    })
    return seen
  }
  assert.is(await storageRead(bed().keyA), bed().storage)
  assert.is(await storageRead(bed().keyB), storage)
})

test('a route with no caller to remember has no such step', () => {
  assert.is(readingOwnWrites('POST', { summary: 'A client route', auth: 'none' }), undefined)
  assert.is(readingOwnWrites('POST', { ...doc, readOnly: true }), undefined)
})

test.run()
