import { suiteWithBed } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import * as assert from 'uvu/assert'

// Each list route of the management catalogues cuts pages with the one pagination (docs/design.md, "Lists"): a page of
// `limit` rows, and a `Link` whose cursor continues right after the page's last row, so that the pages put
// together are the whole list; `skip` starts further down.
const { test: pages, bed } = suiteWithBed('management list routes paginate', { publicUrl: 'https://feedback.example/base' })

const LISTS = [
  '/api/v1/management/attribute-classes',
  '/api/v1/management/action-classes',
  '/api/v1/management/contact-attribute-keys',
  '/api/v1/management/people',
  '/api/v1/management/contacts',
  '/api/v1/management/contact-attributes',
]

/** A project of the suite's own (made once, read by every test) with four rows of every catalogue (on top of what an environment starts with). */
async function seededProject(bed: TestCanvass) {
  const { environmentId, key } = await bed.newProject()
  const made = async (path: string, body: unknown, options: { key?: string } = { key }) => {
    const res = await bed.call('POST', path, { ...options, body })
    assert.ok(res.status < 300, `${path}: ${res.status} ${res.text}`)
  }
  for (const n of [1, 2, 3, 4]) {
    await made('/api/v1/management/attribute-classes', { environmentId, name: `class ${n}` })
    await made('/api/v1/management/action-classes', { environmentId, name: `action ${n}`, type: 'code', key: `action-${n}` })
    await made('/api/v1/management/contact-attribute-keys', { environmentId, key: `key-${n}` })
    await made(`/api/v1/client/${environmentId}/user`, { userId: `user-${n}`, attributes: { plan: `plan ${n}` } }, {})
  }
  return key
}

let seeded: Promise<string> | undefined
const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((item) => item.id)

for (const path of LISTS) {
  pages(path, async () => {
    const key = await (seeded ??= seededProject(bed()))
    const whole = await bed().call('GET', `${path}?limit=1000`, { key })
    assert.is(whole.status, 200)
    const all = ids(whole)
    assert.ok(all.length >= 4, `${path} lists ${all.length} rows`)
    const first = await bed().call('GET', `${path}?limit=2`, { key })
    assert.is(first.status, 200)
    assert.equal(ids(first), all.slice(0, 2))
    const link = /^<([^>]+)>; rel="next"$/.exec(first.headers.get('link') ?? '')?.[1]
    assert.ok(link, 'a Link to the next page')
    assert.ok(link.startsWith(`https://feedback.example/base${path}?limit=2&cursor=`), link)
    const next = await bed().call('GET', `${new URL(link).pathname.slice('/base'.length)}${new URL(link).search}`, { key })
    assert.is(next.status, 200)
    assert.equal(ids(next), all.slice(2, 4), 'the next page starts right after the last row of the first')
    const skipped = await bed().call('GET', `${path}?skip=3`, { key })
    assert.is(skipped.status, 200)
    assert.equal(ids(skipped), all.slice(3), 'skip=3 starts at the fourth row, 100 rows a page')
    assert.is(skipped.headers.get('link'), null)
    const refused = await bed().call('GET', `${path}?skip=1&cursor=abc`, { key })
    assert.is(refused.status, 400)
  })
}

pages.run()
