/**
 * docs/configuration.md and docs/api.md agree on upload URLs, and say what the code does (issue 69, item 15):
 * configuration.md said presigned upload URLs are relative unless `PUBLIC_URL` or `CANVASS_ALLOWED_HOSTS` say
 * otherwise, api.md that they are always absolute. They are always absolute (SDKs fetch them as given), on
 * `publicUrl` or else the request's origin; only `Link` headers are relative for a host not allowed.
 */
import { readFileSync } from 'node:fs'
import { TEST_ORIGIN, suiteWithBed } from '@canvass/test-bed'
import * as assert from 'uvu/assert'

const page = (name: string) => readFileSync(new URL(`../../../docs/${name}`, import.meta.url), 'utf8')

const { test, bed } = suiteWithBed('upload URLs: what the docs say and what the server answers')

test('without publicUrl, for a host not in allowedHosts: signedUrl and fileUrl absolute on the request origin, Link relative', async () => {
  const x = bed()
  const signed = await x.call('POST', '/api/v1/management/storage', {
    key: x.keyA,
    body: { fileName: 'notes.txt', fileType: 'text/plain' },
  })
  assert.is(signed.status, 200, signed.text)
  assert.ok(String(signed.body.data.signedUrl).startsWith(`${TEST_ORIGIN}/api/v1/management/storage/local`), signed.body.data.signedUrl)
  assert.ok(String(signed.body.data.fileUrl).startsWith(`${TEST_ORIGIN}/storage/${x.envA}/public/`), signed.body.data.fileUrl)
  for (const name of ['a', 'b']) {
    const made = await x.call('POST', '/api/v1/management/action-classes', { key: x.keyA, body: { name, type: 'code', key: name } })
    assert.is(made.status, 200, made.text)
  }
  const listed = await x.call('GET', '/api/v1/management/action-classes?limit=1', { key: x.keyA })
  assert.match(listed.headers.get('link') ?? '', /^<\/api\/v1\/management\/action-classes\?/)
})

test('no line of configuration.md or api.md calls presigned or upload URLs relative; both say they are always absolute', () => {
  for (const name of ['configuration.md', 'api.md']) {
    const text = page(name)
    const wrong = text
      .split('\n')
      .filter((line) => /presigned|upload URL|signedUrl/i.test(line) && /relative/i.test(line) && !/always absolute/i.test(line))
    assert.equal(wrong, [], `${name}: lines that make upload URLs relative`)
    assert.match(text, /`signedUrl` and `fileUrl` are always absolute/, `${name} says so`)
  }
})

test.run()
