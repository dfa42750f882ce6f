import { createHash, createHmac } from 'node:crypto'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createS3Client } from '../src/s3-client'

// s3rver does not check SigV4 signatures, so signing is checked here, without any network: against AWS's
// published example, and against SigV4 recomputed from its definition with node:crypto.

function authorizationParts(header: string | null): Record<string, string> {
  assert.ok(header?.startsWith('AWS4-HMAC-SHA256 '), 'a SigV4 Authorization header')
  return Object.fromEntries(
    header!
      .slice('AWS4-HMAC-SHA256 '.length)
      .split(/,\s*/)
      .map((part) => part.split('=') as [string, string]),
  )
}

/** RFC 3986 percent-encoding of UTF-8 bytes, everything but unreserved characters: SigV4's URI encoding. */
function uriEncode(value: string): string {
  let out = ''
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte)
    out += /[A-Za-z0-9\-._~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
  }
  return out
}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex')
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest()

interface Expected {
  method: string
  /** Canonical URI: already encoded. */
  path: string
  query: Array<[string, string]>
  headers: Record<string, string>
  body: Uint8Array
  datetime: string
  region: string
  accessKeyId: string
  secretAccessKey: string
}

/** SigV4 for S3, straight from its definition. */
function expectedAuthorization(e: Expected): string {
  const names = Object.keys(e.headers)
    .map((name) => name.toLowerCase())
    .sort()
  const lower = Object.fromEntries(
    Object.entries(e.headers).map(([name, value]) => [name.toLowerCase(), value.trim().replace(/\s+/g, ' ')]),
  )
  const query = e.query
    .map(([k, v]) => [uriEncode(k), uriEncode(v)])
    .sort(([a], [b]) => (a! < b! ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&')
  const canonical = [
    e.method,
    e.path,
    query,
    names.map((name) => `${name}:${lower[name]}\n`).join(''),
    names.join(';'),
    sha256(e.body),
  ].join('\n')
  const date = e.datetime.slice(0, 8)
  const scope = `${date}/${e.region}/s3/aws4_request`
  const stringToSign = ['AWS4-HMAC-SHA256', e.datetime, scope, sha256(canonical)].join('\n')
  const key = hmac(hmac(hmac(hmac(`AWS4${e.secretAccessKey}`, date), e.region), 's3'), 'aws4_request')
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex')
  return `AWS4-HMAC-SHA256 Credential=${e.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`
}

const signing = suite('blob-s3 SigV4 signing')

signing("reproduces AWS's published GetObject example (examplebucket, 20130524)", async () => {
  const client = createS3Client({
    bucket: 'examplebucket',
    region: 'us-east-1',
    endpoint: 'https://s3.amazonaws.com',
    accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  })
  const url = client.objectUrl('test.txt')
  assert.is(url.href, 'https://examplebucket.s3.amazonaws.com/test.txt')
  const request = await client.sign('GET', url, { headers: { range: 'bytes=0-9' }, datetime: '20130524T000000Z' })
  assert.is(request.headers.get('x-amz-content-sha256'), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855')
  assert.equal(authorizationParts(request.headers.get('authorization')), {
    Credential: 'AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request',
    SignedHeaders: 'host;range;x-amz-content-sha256;x-amz-date',
    Signature: 'f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
  })
})

signing('a path-style PutObject with an awkward key, a signed payload and a session token matches SigV4 recomputed', async () => {
  const credentials = { accessKeyId: 'AKIDCANVASSTEST', secretAccessKey: 'c2VjcmV0/+with=symbols', sessionToken: 'session/token+==' }
  const client = createS3Client({
    bucket: 'canvass-test',
    region: 'eu-central-1',
    endpoint: 'http://127.0.0.1:9000',
    forcePathStyle: true,
    ...credentials,
  })
  const key = "env/public/na me+\u00fc(1)~!*'$%2e.txt"
  const body = new TextEncoder().encode('the file \u00e9')
  const url = client.objectUrl(key)
  const encodedPath = `/canvass-test/${key.split('/').map(uriEncode).join('/')}`
  assert.is(url.href, `http://127.0.0.1:9000${encodedPath}`)
  const datetime = '20240229T235959Z'
  const request = await client.sign('PUT', url, { headers: { 'content-type': 'text/plain; charset=utf-8' }, body, datetime })
  assert.is(request.url, `http://127.0.0.1:9000${encodedPath}`)
  assert.is(request.headers.get('x-amz-content-sha256'), sha256(body), 'the payload hash is sent')
  assert.is(request.headers.get('x-amz-security-token'), credentials.sessionToken)
  assert.is(request.headers.get('x-amz-date'), datetime)
  const expected = expectedAuthorization({
    method: 'PUT',
    path: encodedPath,
    query: [],
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      Host: '127.0.0.1:9000',
      'X-Amz-Content-Sha256': sha256(body),
      'X-Amz-Date': datetime,
      'X-Amz-Security-Token': credentials.sessionToken,
    },
    body,
    datetime,
    region: 'eu-central-1',
    ...credentials,
  })
  assert.is(request.headers.get('authorization'), expected)
  assert.equal(new Uint8Array(await request.arrayBuffer()), body, 'the body is sent as signed')
})

signing('an UploadPart with query parameters to a virtual-hosted bucket matches SigV4 recomputed', async () => {
  const credentials = { accessKeyId: 'AKIDCANVASSTEST', secretAccessKey: 'another-secret' }
  const client = createS3Client({ bucket: 'canvass.uploads', region: 'us-west-2', ...credentials })
  const uploadId = 'Up/load+Id==~x'
  const url = client.objectUrl('env/private/big file.bin', { partNumber: '12', uploadId })
  assert.is(url.host, 'canvass.uploads.s3.us-west-2.amazonaws.com')
  assert.equal(
    [...url.searchParams],
    [
      ['partNumber', '12'],
      ['uploadId', uploadId],
    ],
  )
  const body = new Uint8Array(1000).map((_, i) => i % 251)
  const datetime = '20250101T000000Z'
  const request = await client.sign('PUT', url, { body, datetime })
  const expected = expectedAuthorization({
    method: 'PUT',
    path: '/env/private/big%20file.bin',
    query: [
      ['uploadId', uploadId],
      ['partNumber', '12'],
    ],
    headers: { host: 'canvass.uploads.s3.us-west-2.amazonaws.com', 'x-amz-content-sha256': sha256(body), 'x-amz-date': datetime },
    body,
    datetime,
    region: 'us-west-2',
    ...credentials,
  })
  assert.is(request.headers.get('authorization'), expected)
})

signing('a different secret, region or body gives a different signature', async () => {
  const base = {
    bucket: 'b-1',
    region: 'us-east-1',
    endpoint: 'http://127.0.0.1:9000',
    forcePathStyle: true,
    accessKeyId: 'A',
    secretAccessKey: 'S',
  }
  const sign = async (overrides: Partial<typeof base>, body = new Uint8Array([1])) => {
    const client = createS3Client({ ...base, ...overrides })
    const request = await client.sign('PUT', client.objectUrl('k'), { body, datetime: '20250101T000000Z' })
    return authorizationParts(request.headers.get('authorization')).Signature
  }
  const reference = await sign({})
  assert.is.not(await sign({ secretAccessKey: 'T' }), reference)
  assert.is.not(await sign({ region: 'eu-west-1' }), reference)
  assert.is.not(await sign({}, new Uint8Array([2])), reference)
  assert.is(await sign({}), reference, 'deterministic for a fixed clock')
})

signing.run()

const urls = suite('blob-s3 object URLs')
const credentials = { accessKeyId: 'A', secretAccessKey: 'S' }

urls('path-style puts the bucket in the path, after any endpoint prefix', () => {
  const plain = createS3Client({
    bucket: 'uploads',
    region: 'auto',
    endpoint: 'http://127.0.0.1:9000',
    forcePathStyle: true,
    ...credentials,
  })
  assert.is(plain.objectUrl('env/public/a b').href, 'http://127.0.0.1:9000/uploads/env/public/a%20b')
  const prefixed = createS3Client({
    bucket: 'Odd_Bucket',
    region: 'auto',
    endpoint: 'https://gateway.example/s3/',
    forcePathStyle: true,
    ...credentials,
  })
  assert.is(prefixed.objectUrl('k').href, 'https://gateway.example/s3/Odd_Bucket/k')
})

urls('virtual-hosted puts the bucket in the host name, on AWS by default', () => {
  const aws = createS3Client({ bucket: 'uploads', region: 'eu-west-1', ...credentials })
  assert.is(aws.objectUrl('env/public/x.png').href, 'https://uploads.s3.eu-west-1.amazonaws.com/env/public/x.png')
  const custom = createS3Client({ bucket: 'uploads', region: 'auto', endpoint: 'https://storage.example:8443', ...credentials })
  assert.is(custom.objectUrl('k').href, 'https://uploads.storage.example:8443/k')
})

urls('keys are encoded segment by segment and never reinterpreted', () => {
  const client = createS3Client({ bucket: 'b-1', region: 'auto', endpoint: 'http://127.0.0.1:9000', forcePathStyle: true, ...credentials })
  const cases: Array<[string, string]> = [
    ['%2e%2e/x', '/b-1/%252e%252e/x'],
    ['a%2Fb', '/b-1/a%252Fb'],
    ['a+b', '/b-1/a%2Bb'],
    ["!'()*~", '/b-1/%21%27%28%29%2A~'],
    ['caf\u00e9?#&=', '/b-1/caf%C3%A9%3F%23%26%3D'],
    ['..a/.b', '/b-1/..a/.b'],
  ]
  for (const [key, path] of cases) assert.is(client.objectUrl(key).pathname, path, key)
})

urls('refuses settings that cannot address a bucket', () => {
  const bad: Array<[Record<string, unknown>, RegExp]> = [
    [{ bucket: 'Odd_Bucket' }, /forcePathStyle/],
    [{ bucket: 'a/b', forcePathStyle: true }, /bucket/],
    [{ bucket: '' }, /bucket/],
    [{ bucket: 'ok-bucket', endpoint: 'ftp://example' }, /http/],
    [{ bucket: 'ok-bucket', endpoint: 'https://example/?x=1' }, /query/],
    [{ bucket: 'ok-bucket', region: '' }, /region/],
  ]
  for (const [overrides, message] of bad) {
    assert.throws(
      () => createS3Client({ bucket: 'x', region: 'auto', ...credentials, ...overrides } as never),
      message,
      JSON.stringify(overrides),
    )
  }
})

urls.run()
