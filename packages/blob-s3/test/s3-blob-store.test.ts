import { testBlobStore } from '@canvass/test-utils'
import * as assert from 'uvu/assert'
import { createS3BlobStore } from '../src'
import { loopbackFetch } from './loopback-fetch'
import { startS3rver } from '@canvass/test-bed/s3rver'
import type { S3rverProcess } from '@canvass/test-bed/s3rver'

// The shared conformance suite against a real S3-compatible server (s3rver) on a loopback port, once with
// path-style addressing and once virtual-hosted (`canvass-test.s3.localhost`, sent to 127.0.0.1).

const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }
const skip = [
  {
    reason: 's3rver rewrites an object file in place, so its concurrent writers and readers mix (S3 replaces objects atomically)',
    tests: [
      'concurrent puts of one key leave one whole body with its own content type',
      'a get that answered before a replacement reads the old object whole',
    ],
  },
]

let pathStyle: S3rverProcess | undefined
testBlobStore({
  name: 'blob-s3 on s3rver, path-style',
  async create() {
    pathStyle = await startS3rver(['canvass-test'])
    const { endpoint } = pathStyle
    return createS3BlobStore({
      bucket: 'canvass-test',
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      partSize: 5 * 1024 * 1024,
      ...credentials,
    })
  },
  cleanup: async () => pathStyle?.stop(),
  skip,
})

let virtualHosted: S3rverProcess | undefined
const hosts: string[] = []
testBlobStore({
  name: 'blob-s3 on s3rver, virtual-hosted',
  async create() {
    virtualHosted = await startS3rver(['canvass-test'])
    const { port } = virtualHosted
    return createS3BlobStore({
      bucket: 'canvass-test',
      region: 'us-east-1',
      endpoint: `http://s3.localhost:${port}`,
      partSize: 5 * 1024 * 1024,
      fetch: loopbackFetch(port, hosts),
      ...credentials,
    })
  },
  async cleanup() {
    await virtualHosted?.stop()
    assert.ok(
      hosts.length > 0 && hosts.every((host) => host === `canvass-test.s3.localhost:${virtualHosted?.port}`),
      'every request named the bucket host',
    )
  },
  skip,
})
