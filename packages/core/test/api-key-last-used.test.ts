import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { ApiKeyRecord, Storage } from '../src'
import { createCanvass, generateApiKey } from '../src'

const lastUsed = suite('API key last use')

/** A canvass whose only key was last used at `lastUsedAt`; records the `markUsed` calls. */
function canvassWithKey(lastUsedAt: Date | null, now: Date) {
  const marks: [string, Date][] = []
  const record: ApiKeyRecord = { id: 'key1', environmentId: 'env1', hash: 'h', label: null, createdAt: now, revokedAt: null, prefix: null, lastUsedAt }
  const storage = {
    apiKeys: {
      findByHash: async () => record,
      markUsed: async (id: string, at: Date) => {
        marks.push([id, at])
      },
    },
    attributeClasses: { list: async () => [] },
  } as unknown as Storage
  const canvass = createCanvass({ storage, logger: { error() {}, warn() {} } })
  return { canvass, marks }
}

const request = () =>
  new Request('http://h/api/v1/management/attribute-classes', { headers: { 'x-api-key': generateApiKey() } })

lastUsed('a key never used, or last used a minute ago or more, is marked used', async () => {
  for (const ago of [null, 60_000, 3_600_000]) {
    const now = new Date()
    const { canvass, marks } = canvassWithKey(ago === null ? null : new Date(now.getTime() - ago), now)
    assert.is((await canvass.fetch(request())).status, 200)
    assert.is(marks.length, 1, String(ago))
    assert.is(marks[0]?.[0], 'key1')
  }
})

lastUsed('a key used within the minute is not written again', async () => {
  const now = new Date()
  const { canvass, marks } = canvassWithKey(new Date(now.getTime() - 59_000), now)
  assert.is((await canvass.fetch(request())).status, 200)
  assert.equal(marks, [])
})

lastUsed('a failed last-use write is logged and the request still answered', async () => {
  const warnings: string[] = []
  const storage = {
    apiKeys: {
      findByHash: async () => ({ id: 'key1', environmentId: 'env1', revokedAt: null, lastUsedAt: null }),
      markUsed: async () => {
        throw new Error('read-only')
      },
    },
    attributeClasses: { list: async () => [] },
  } as unknown as Storage
  const canvass = createCanvass({ storage, logger: { error() {}, warn: (message) => warnings.push(message) } })
  assert.is((await canvass.fetch(request())).status, 200)
  assert.equal(warnings, ['Could not record the last use of API key key1: read-only'])
})

lastUsed.run()
