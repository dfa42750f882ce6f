import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Storage } from '../src'
import { createCanvass, generateApiKey } from '../src'

// Each list route of the management catalogues cuts pages with the one pagination (contract §5): the storage
// is asked for `limit` (+1 read), the extra row becomes a `Link` whose cursor continues after the last row.
const pages = suite('management list routes paginate')

const LISTS: [path: string, group: string, method: string][] = [
  ['/api/v1/management/attribute-classes', 'attributeClasses', 'list'],
  ['/api/v1/management/action-classes', 'actionClasses', 'list'],
  ['/api/v1/management/contact-attribute-keys', 'contactAttributeKeys', 'list'],
  ['/api/v1/management/people', 'contacts', 'list'],
  ['/api/v1/management/contacts', 'contacts', 'list'],
  ['/api/v1/management/contact-attributes', 'contacts', 'listAttributes'],
]

/** Rows with every field any of these outputs reads. */
const row = (i: number) => ({
  id: `row${i}`,
  environmentId: 'env1',
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 10 - i)),
  updatedAt: new Date(Date.UTC(2026, 0, 1)),
  name: `n${i}`,
  type: 'code',
  description: null,
  archived: false,
  key: `k${i}`,
  noCodeConfig: null,
  isUnique: false,
  userId: null,
  attributes: {},
  contactId: 'c',
  attributeKeyId: 'a',
  value: 'v',
})

for (const [path, group, method] of LISTS) {
  pages(path, async () => {
    const calls: unknown[] = []
    const storage = new Proxy({} as Storage, {
      get: (_target, name) =>
        name === 'apiKeys'
          ? { findByHash: async () => ({ id: 'k', environmentId: 'env1', revokedAt: null, lastUsedAt: new Date() }) }
          : name === group
            ? {
                [method]: async (environmentId: string, page: { limit: number }) => {
                  calls.push([environmentId, page])
                  return [0, 1, 2].slice(0, page.limit + 1).map(row)
                },
              }
            : {},
    })
    const canvass = createCanvass({ storage, logger: { error() {}, warn() {} }, publicUrl: 'https://feedback.example/base' })
    const headers = { 'x-api-key': generateApiKey() }
    const first = await canvass.fetch(new Request(`http://h${path}?limit=2`, { headers }))
    assert.is(first.status, 200)
    assert.equal(((await first.json()) as { data: { id: string }[] }).data.map((item) => item.id), ['row0', 'row1'])
    const link = /^<([^>]+)>; rel="next"$/.exec(first.headers.get('link') ?? '')?.[1]
    assert.ok(link, 'a Link to the next page')
    assert.ok(link.startsWith(`https://feedback.example/base${path}?limit=2&cursor=`), link)
    const next = await canvass.fetch(new Request(`http://h${new URL(link).pathname.slice('/base'.length)}${new URL(link).search}`, { headers }))
    assert.is(next.status, 200)
    assert.equal(calls, [
      ['env1', { limit: 2 }],
      ['env1', { limit: 2, after: { createdAt: row(1).createdAt, id: 'row1' } }],
    ])
    const skipped = await canvass.fetch(new Request(`http://h${path}?skip=3`, { headers }))
    assert.is(skipped.status, 200)
    assert.equal(calls.at(-1), ['env1', { limit: 100, skip: 3 }])
    assert.is(skipped.headers.get('link'), null)
    const refused = await canvass.fetch(new Request(`http://h${path}?skip=1&cursor=abc`, { headers }))
    assert.is(refused.status, 400)
  })
}

pages.run()
