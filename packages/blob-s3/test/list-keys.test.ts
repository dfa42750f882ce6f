import { readAll, streamOf } from '@canvass/test-utils'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { S3Error, createS3BlobStore } from '../src'
import type { S3BlobStoreOptions } from '../src'
import { startS3rver } from '@canvass/test-bed/s3rver'
import type { S3rverProcess } from '@canvass/test-bed/s3rver'

// listKeys: ListObjectsV2 page by page on a real S3-compatible server (s3rver on loopback), and the decoding of
// keys a store sends URL-encoded (which s3rver does not do, so those answers are written here, as S3 sends them).

let server: S3rverProcess | undefined
const requested: URL[] = []

function store(options: Partial<S3BlobStoreOptions> = {}) {
  return createS3BlobStore({
    bucket: 'canvass-list',
    region: 'us-east-1',
    endpoint: server!.endpoint,
    forcePathStyle: true,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    async fetch(request) {
      const url = new URL(request.url)
      assert.is(url.hostname, '127.0.0.1', 'only loopback')
      requested.push(url)
      return fetch(request)
    },
    ...options,
  })
}

async function listed(keys: AsyncIterable<string>): Promise<string[]> {
  const all: string[] = []
  for await (const key of keys) all.push(key)
  return all
}

const text = new TextEncoder()
// Spaces, a plus, characters a URL or XML escapes, a literal percent sequence, non-ASCII, deeper folders.
const KEYS = [
  'env1/public/hello world.txt',
  'env1/public/Grüße 🎉.png',
  'env1/private/a+b=c&d<e>.pdf',
  'env1/private/deep/er/100%41.txt',
  'env2/public/ünï cödé/x.txt',
]

const listing = suite('blob-s3 listKeys')
listing.before(async () => {
  server = await startS3rver(['canvass-list'])
  for (const [i, key] of KEYS.entries()) {
    await store().put(key, streamOf(text.encode(`object ${i}`)).stream, { contentType: 'text/plain', maxBytes: 100 })
  }
})
listing.after(async () => {
  await server?.stop()
})
listing.before.each(() => {
  requested.length = 0
})

listing('five keys in pages of two: three ListObjectsV2 requests, each key once, each readable as listed', async () => {
  const s3 = store()
  const keys = await listed(s3.listKeys({ pageSize: 2 }))
  assert.equal([...keys].sort(), [...KEYS].sort())
  assert.is(requested.length, 3)
  for (const [i, url] of requested.entries()) {
    assert.is(url.searchParams.get('list-type'), '2')
    assert.is(url.searchParams.get('max-keys'), '2')
    assert.is(url.searchParams.get('encoding-type'), 'url')
    assert.is(url.searchParams.has('continuation-token'), i > 0, 'every page after the first continues the one before')
  }
  for (const key of keys) {
    const object = await s3.get(key)
    assert.ok(object, `${key} is found under the listed key`)
    assert.is(new TextDecoder().decode(await readAll(object.body)), `object ${KEYS.indexOf(key)}`)
  }
})

listing('a prefix lists only the keys under it; the default page is one request', async () => {
  assert.equal((await listed(store().listKeys({ prefix: 'env1/private/' }))).sort(), [KEYS[2], KEYS[3]].sort())
  assert.equal(await listed(store().listKeys({ prefix: 'env3/' })), [])
  requested.length = 0
  assert.is((await listed(store().listKeys())).length, KEYS.length)
  assert.is(requested.length, 1)
  assert.is(requested[0]!.searchParams.get('max-keys'), '1000')
})

listing('URL-encoded keys are decoded (a + is a space, %2B a plus); the continuation token is sent back as it came', async () => {
  const pages = [
    `<ListBucketResult><Name>canvass-list</Name><EncodingType>url</EncodingType><IsTruncated>true</IsTruncated>
      <Contents><Key>env1/public/hello+world%2B1.txt</Key><Size>1</Size></Contents>
      <Contents><Key>env1/public/Gr%C3%BC%C3%9Fe+%F0%9F%8E%89%3C%26%3E.png</Key><Size>2</Size></Contents>
      <NextContinuationToken>1/a+b%2F==</NextContinuationToken></ListBucketResult>`,
    `<ListBucketResult><EncodingType>url</EncodingType><IsTruncated>false</IsTruncated>
      <Contents><Key>env1/private/100%2541.txt</Key></Contents></ListBucketResult>`,
  ]
  const tokens: (string | null)[] = []
  const s3 = store({
    async fetch(request) {
      tokens.push(new URL(request.url).searchParams.get('continuation-token'))
      return new Response(pages[tokens.length - 1], { headers: { 'content-type': 'application/xml' } })
    },
  })
  assert.equal(await listed(s3.listKeys()), ['env1/public/hello world+1.txt', 'env1/public/Grüße 🎉<&>.png', 'env1/private/100%41.txt'])
  assert.equal(tokens, [null, '1/a+b%2F=='])
})

listing('a truncated page without a new token, a missing bucket and a page size out of range are errors', async () => {
  const stuck = store({
    fetch: async () =>
      new Response('<ListBucketResult><IsTruncated>true</IsTruncated><Contents><Key>a</Key></Contents></ListBucketResult>'),
  })
  try {
    await listed(stuck.listKeys())
    assert.unreachable('a listing that cannot go on must not end as if whole')
  } catch (error) {
    assert.match(String(error), /truncated page without a new NextContinuationToken/)
  }
  try {
    await listed(store({ bucket: 'no-such-bucket' }).listKeys())
    assert.unreachable('a missing bucket is not an empty one')
  } catch (error) {
    assert.instance(error, S3Error)
    assert.is((error as S3Error).code, 'NoSuchBucket')
  }
  for (const pageSize of [0, 1001, 1.5]) {
    try {
      await listed(store().listKeys({ pageSize }))
      assert.unreachable(`pageSize ${pageSize}`)
    } catch (error) {
      assert.instance(error, RangeError)
    }
  }
})

listing.run()
