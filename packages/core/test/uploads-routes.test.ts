/**
 * File uploads (docs/design.md, "Uploads") on the test bed, Request→Response: presign, upload (multipart and base64), read
 * back, and every refusal, with the folder store and again on S3 (s3rver on loopback). The real
 * `@formbricks/api` client calls the bed served over loopback HTTP (`listen()`).
 */
import { createHmac, randomBytes } from 'node:crypto'
import { readdir } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import { TEST_ORIGIN, closedPort, createSurvey, fileUploadQuestion, startTestS3BlobStore, suiteWithBed } from '@canvass/test-bed'
import type { TestCanvass, TestS3BlobStore } from '@canvass/test-bed'
import { FormbricksAPI } from '@formbricks/api'
import * as assert from 'uvu/assert'

const SECRET = 'e2e-upload-secret-0123456789abcdef'
const MAX_BYTES = 256 * 1024
const MiB = 1024 * 1024

/** A test bed and the origin of its requests. */
type UploadBackend = TestCanvass & { url: string }

interface Presigned {
  signedUrl: string
  signingData: { signature: string; timestamp: number; uuid: string }
  updatedFileName: string
  fileUrl: string
  presignedFields: Record<string, string>
}

const bytesOf = (length: number, seed = 7): Uint8Array<ArrayBuffer> => {
  const bytes = new Uint8Array(length)
  let state = seed
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) >>> 0
    bytes[i] = state >>> 24
  }
  return bytes
}

/**
 * The headers the reference client sends, from a presign (management callers add their key), with the survey and
 * file-upload element the presign named (a client upload must name both).
 */
function uploadHeaders(p: Presigned, fileType: string, extra: Record<string, string> = {}): Record<string, string> {
  const { surveyId, elementId } = p.presignedFields
  return {
    'X-File-Type': fileType,
    'X-File-Name': encodeURIComponent(p.updatedFileName),
    'X-Signature': p.signingData.signature,
    'X-Timestamp': String(p.signingData.timestamp),
    'X-UUID': p.signingData.uuid,
    ...(surveyId ? { 'X-Survey-ID': surveyId } : {}),
    ...(elementId ? { 'X-Element-ID': elementId } : {}),
    ...extra,
  }
}

/**
 * Headers signed with the test's own copy of the server secret, for names and times a presign never gives;
 * private, as the client upload route stores every file.
 */
function forgedHeaders(o: { uuid: string; fileName: string; environmentId: string; fileType: string; timestamp: number }) {
  const signature = createHmac('sha256', SECRET)
    .update(`${o.uuid}:${o.fileName}:${o.environmentId}:${o.fileType}:${o.timestamp}:private`)
    .digest('hex')
  return {
    'X-File-Type': o.fileType,
    'X-File-Name': encodeURIComponent(o.fileName),
    'X-Signature': signature,
    'X-Timestamp': String(o.timestamp),
    'X-UUID': o.uuid,
  }
}

function multipartBody(bytes: Uint8Array<ArrayBuffer>, fileName = 'upload.bin', type = 'application/octet-stream'): FormData {
  const form = new FormData()
  form.append('note', 'a field before the file')
  form.append('file', new Blob([bytes], { type }), fileName)
  return form
}

/** A multipart body sent chunked, without Content-Length, so the server must count while streaming. */
function chunkedMultipart(bytes: Uint8Array): { body: ReadableStream<Uint8Array>; contentType: string } {
  const boundary = `----canvass${randomBytes(8).toString('hex')}`
  const head = new TextEncoder().encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  )
  const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`)
  const parts = [
    head,
    ...Array.from({ length: Math.ceil(bytes.length / 65536) }, (_, i) => bytes.subarray(i * 65536, (i + 1) * 65536)),
    tail,
  ]
  let index = 0
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = parts[index++]
      if (next) controller.enqueue(next)
      else controller.close()
    },
  })
  return { body, contentType: `multipart/form-data; boundary=${boundary}` }
}

/** The handler of the running suite's bed: absolute URLs (presigned, file URLs) are answered in-process. */
let handler: (request: Request) => Promise<Response> = () => Promise.reject(new Error('no test bed'))
const fetchIn = (url: string, init?: RequestInit) => handler(new Request(url, init))

async function post(
  url: string,
  headers: Record<string, string>,
  body: BodyInit,
): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await fetchIn(url, { method: 'POST', headers, body, duplex: 'half' } as RequestInit)
  const text = await response.text()
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    parsed = text
  }
  if (response.status >= 500) throw new Error(`POST ${url} answered ${response.status}: ${text}`)
  return { status: response.status, body: parsed, headers: response.headers }
}

async function getFile(url: string, key?: string, headers: Record<string, string> = {}) {
  const response = await fetchIn(url, { headers: key ? { ...headers, 'x-api-key': key } : headers })
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) }
}

/** Every file under a folder, as paths relative to it. */
async function filesUnder(root: string): Promise<string[]> {
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true })
    return entries.filter((e) => e.isFile()).map((e) => relative(root, join(e.parentPath, e.name)))
  } catch {
    return []
  }
}

function defineSuites(label: string, s3 = false) {
  let port = 0
  let s3Store: TestS3BlobStore | undefined
  // Presigned URLs are absolute only for an allowed host (or a public URL): allow the bed's requests' host and
  // the port it listens on for the real client.
  const { test: uploads, bed } = suiteWithBed(`${label}: upload round trips and refusals`, async () => {
    port = await closedPort()
    if (s3) s3Store = await startTestS3BlobStore('canvass-e2e')
    return {
      secret: SECRET,
      uploads: { maxBytes: MAX_BYTES },
      allowedHosts: [new URL(TEST_ORIGIN).host, `127.0.0.1:${port}`],
      ...(s3Store ? { blobStore: s3Store.blobStore } : {}),
    }
  })
  uploads.before(() => {
    handler = (request) => bed().fetch(request)
  })
  uploads.after(async () => {
    await s3Store?.stop()
    s3Store = undefined
  })
  const b = (): UploadBackend => Object.assign(bed(), { url: TEST_ORIGIN })

  /** Per bed and side, the survey client presigns name unless the test names one: a file question without limits. */
  const uploadSurveys = new Map<string, Promise<string>>()
  const uploadSurvey = (x: UploadBackend, side: 'A' | 'B') => {
    const key = `${side === 'A' ? x.envA : x.envB}`
    let survey = uploadSurveys.get(key)
    if (!survey) {
      survey = createSurvey(x, { questions: [fileUploadQuestion('files')] }, side).then((created) => created.id as string)
      uploadSurveys.set(key, survey)
    }
    return survey
  }
  async function presign(
    x: UploadBackend,
    body: Record<string, unknown>,
    route: 'management' | 'client' = 'management',
    side: 'A' | 'B' = 'A',
  ) {
    const environmentId = side === 'A' ? x.envA : x.envB
    const path = route === 'management' ? '/api/v1/management/storage' : `/api/v1/client/${environmentId}/storage`
    const named = route === 'client' ? { surveyId: await uploadSurvey(x, side), elementId: 'files', ...body } : body
    const res = await x.call('POST', path, { key: route === 'management' ? (side === 'A' ? x.keyA : x.keyB) : undefined, body: named })
    return res
  }
  async function presigned(x: UploadBackend, body: Record<string, unknown>, route: 'management' | 'client' = 'management') {
    const res = await presign(x, body, route)
    if (res.status !== 200) throw new Error(`presign failed: ${res.status} ${res.text}`)
    return res.body.data as Presigned
  }

  // Round trips and refusals share a bed: each test makes presigns and files of its own.
  uploads('management: presign, multipart upload, public GET returns the same bytes', async () => {
    const x = b()
    const p = await presigned(x, { fileName: 'Café photo.png', fileType: 'image/png' })
    assert.match(p.updatedFileName, new RegExp(`^Café photo--fid--${p.signingData.uuid}\\.png$`))
    assert.is(p.signedUrl, `${x.url}/api/v1/management/storage/local`)
    assert.is(p.fileUrl, `${x.url}/storage/${x.envA}/public/${encodeURIComponent(p.updatedFileName)}`)
    const bytes = bytesOf(100_000)
    const up = await post(p.signedUrl, uploadHeaders(p, 'image/png', { 'x-api-key': x.keyA }), multipartBody(bytes))
    assert.equal([up.status, up.body], [200, { data: { message: 'File uploaded successfully' } }])
    const got = await getFile(p.fileUrl)
    assert.is(got.status, 200)
    assert.equal(got.bytes, bytes)
    assert.is(got.headers.get('content-type'), 'image/png')
    assert.is(got.headers.get('x-content-type-options'), 'nosniff')
    assert.match(got.headers.get('content-disposition') ?? '', /^inline; /)
    const range = await getFile(p.fileUrl, undefined, { range: 'bytes=10-19' })
    assert.equal(
      [range.status, range.headers.get('content-range'), range.bytes],
      [206, `bytes 10-19/${bytes.length}`, bytes.subarray(10, 20)],
    )
  })
  uploads('client: presign, base64 data-URL upload, private GET only with a key of the environment', async () => {
    const x = b()
    const p = await presigned(x, { fileName: 'report.pdf', fileType: 'application/pdf' }, 'client')
    assert.is(p.signedUrl, `${x.url}/api/v1/client/${x.envA}/storage/local`)
    assert.match(p.fileUrl, `/storage/${x.envA}/private/`)
    const bytes = bytesOf(70_001, 3)
    const body = JSON.stringify({ fileBase64String: `data:application/pdf;base64,${Buffer.from(bytes).toString('base64')}` })
    const up = await post(p.signedUrl, uploadHeaders(p, 'application/pdf'), body)
    assert.equal([up.status, up.body], [200, { data: { message: 'File uploaded successfully' } }])
    assert.is(up.headers.get('access-control-allow-origin'), '*')
    const got = await getFile(p.fileUrl, x.keyA)
    assert.is(got.status, 200)
    assert.equal(got.bytes, bytes)
    assert.match(got.headers.get('content-disposition') ?? '', /^attachment; /)
    assert.is((await getFile(p.fileUrl)).status, 401, 'no key')
    assert.is((await getFile(p.fileUrl, x.keyB)).status, 401, 'a key of another environment')
  })
  uploads('management: a private presign uploads where its file URL points, plain base64 too', async () => {
    const x = b()
    const p = await presigned(x, { fileName: 'notes.txt', fileType: 'text/plain', accessType: 'private' })
    const bytes = new TextEncoder().encode('private notes\n')
    const up = await post(
      p.signedUrl,
      uploadHeaders(p, 'text/plain', { 'x-api-key': x.keyA }),
      JSON.stringify({ fileBase64String: Buffer.from(bytes).toString('base64') }),
    )
    assert.is(up.status, 200, JSON.stringify(up.body))
    assert.equal((await getFile(p.fileUrl, x.keyA)).bytes, bytes)
    assert.is((await getFile(p.fileUrl)).status, 401)
  })
  uploads('an upload of exactly the limit is stored', async () => {
    const x = b()
    const p = await presigned(x, { fileName: 'full.pdf', fileType: 'application/pdf' })
    const bytes = bytesOf(MAX_BYTES, 11)
    const up = await post(p.signedUrl, uploadHeaders(p, 'application/pdf', { 'x-api-key': x.keyA }), multipartBody(bytes))
    assert.is(up.status, 200, JSON.stringify(up.body))
    assert.equal((await getFile(p.fileUrl)).bytes, bytes)
  })
  uploads('the @formbricks/api 3.0 client, which names no file-upload element, is refused at presign and stores nothing', async () => {
    // As by the reference's client route today: a respondent's file names the survey and its fileUpload element.
    const x = b()
    const survey = await createSurvey(x, { questions: [fileUploadQuestion('files')] })
    const url = await x.listen(port)
    const api = new FormbricksAPI({ apiHost: url, environmentId: x.envA })
    const bytes = bytesOf(5000, 5)
    const failure = await api.client.storage
      .uploadFile(
        { name: 'answer.png', type: 'image/png', base64: `data:image/png;base64,${Buffer.from(bytes).toString('base64')}` },
        { surveyId: survey.id, allowedFileExtensions: ['png', 'jpg'] },
      )
      .then(
        () => undefined,
        (error: unknown) => error as Error,
      )
    assert.is(failure?.message, 'Upload failed with status: 400')
    if (x.blobDir)
      assert.equal(
        (await filesUnder(x.blobDir)).filter((f) => f.includes('answer--fid--')),
        [],
      )
  })

  uploads("the reference's renderer: presignedFields and the file as one form POSTed to signedUrl, no headers", async () => {
    const x = b()
    const survey = await createSurvey(x, {
      questions: [
        { id: 'q1', type: 'openText', inputType: 'text', headline: { default: 'Name?' }, required: false },
        { id: 'photo', type: 'fileUpload', headline: { default: 'A photo?' }, required: false, allowMultipleFiles: false },
      ],
    })
    const NOT_AUTH = { error: 'Not authenticated', message: 'Not authenticated' }
    // As the reference's packages/surveys api-client: POST …/storage with `elementId`, then a FormData of every
    // presigned field followed by `file` (a Blob, so its part's file name is "blob").
    const sign = async (version: 'v1' | 'v2', elementId: string) =>
      x.call('POST', `/api/${version}/client/${x.envA}/storage`, {
        body: { fileName: 'Fotó.png', fileType: 'image/png', surveyId: survey.id, elementId },
      })
    const formOf = (fields: Record<string, string>, bytes: Uint8Array<ArrayBuffer>) => {
      const form = new FormData()
      for (const [key, value] of Object.entries(fields)) form.append(key, value)
      form.append('file', new Blob([bytes], { type: 'image/png' }))
      return form
    }
    for (const version of ['v1', 'v2'] as const) {
      const signed = await sign(version, 'photo')
      assert.is(signed.status, 200, signed.text)
      const p = signed.body.data as Presigned
      assert.equal(Object.keys(p.presignedFields).sort(), [
        'elementId',
        'environmentId',
        'fileName',
        'fileType',
        'signature',
        'surveyId',
        'timestamp',
        'uuid',
      ])
      assert.is(p.presignedFields.fileName, p.updatedFileName)
      const bytes = bytesOf(20_000, version === 'v1' ? 21 : 22)
      const tampered = await fetchIn(p.signedUrl, { method: 'POST', body: formOf({ ...p.presignedFields, fileType: 'image/jpeg' }, bytes) })
      assert.equal([tampered.status, await tampered.json()], [401, NOT_AUTH], 'a changed field')
      const up = await fetchIn(p.signedUrl, { method: 'POST', body: formOf(p.presignedFields, bytes) })
      assert.equal([up.status, await up.json()], [200, { data: { message: 'File uploaded successfully' } }], version)
      assert.is(up.headers.get('access-control-allow-origin'), '*')
      const got = await getFile(p.fileUrl, x.keyA)
      assert.equal([got.status, got.bytes], [200, bytes])
      const again = await fetchIn(p.signedUrl, { method: 'POST', body: formOf(p.presignedFields, bytes) })
      assert.equal([again.status, await again.json()], [401, NOT_AUTH], 'a field set is used once')
    }
    // The management route takes the same fields beside its key; a private grant still needs its `?accessType`.
    const m = await presigned(x, { fileName: 'notes.txt', fileType: 'text/plain', accessType: 'private' })
    const text = new TextEncoder().encode('form-signed notes')
    const form = new FormData()
    for (const [key, value] of Object.entries(m.presignedFields)) form.append(key, value)
    form.append('file', new Blob([text], { type: 'text/plain' }))
    const managed = await fetchIn(m.signedUrl, { method: 'POST', headers: { 'x-api-key': x.keyA }, body: form })
    assert.is(managed.status, 200, await managed.clone().text())
    assert.equal((await getFile(m.fileUrl, x.keyA)).bytes, text)
    const notUpload = await sign('v1', 'q1')
    assert.equal([notUpload.status, notUpload.body.message], [400, 'Element does not allow file uploads'])
    assert.is((await sign('v2', 'nope')).status, 400, 'an element the survey does not have')
  })
  uploads('missing X-File-Type is 400 fileType is required; missing X-File-Name 400', async () => {
    const x = b()
    const p = await presigned(x, { fileName: 'a.png', fileType: 'image/png' }, 'client')
    const { 'X-File-Type': _type, ...noType } = uploadHeaders(p, 'image/png')
    const res = await post(p.signedUrl, noType, multipartBody(bytesOf(10)))
    assert.equal([res.status, res.body], [400, { error: 'fileType is required', message: 'fileType is required' }])
    const { 'X-File-Name': _name, ...noName } = uploadHeaders(p, 'image/png')
    assert.equal((await post(p.signedUrl, noName, multipartBody(bytesOf(10)))).status, 400)
  })
  uploads('bad signature, bad key, expired, future and replayed uploads are 401 Not authenticated', async () => {
    const x = b()
    const NOT_AUTH = { error: 'Not authenticated', message: 'Not authenticated' }
    const p = await presigned(x, { fileName: 'a.png', fileType: 'image/png' })
    const flipped = p.signingData.signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))
    for (const headers of [
      uploadHeaders(p, 'image/png', { 'x-api-key': x.keyA, 'X-Signature': flipped }),
      uploadHeaders(p, 'image/png', { 'x-api-key': x.keyA, 'X-Signature': '' }),
      uploadHeaders(p, 'image/png', { 'x-api-key': x.keyA, 'X-Timestamp': String(p.signingData.timestamp + 1) }),
      uploadHeaders(p, 'image/jpeg', { 'x-api-key': x.keyA }),
      uploadHeaders(p, 'image/png', { 'x-api-key': `cvs_${'A'.repeat(43)}` }),
      uploadHeaders(p, 'image/png'),
    ]) {
      const res = await post(p.signedUrl, headers, multipartBody(bytesOf(10)))
      assert.equal([res.status, res.body], [401, NOT_AUTH], JSON.stringify(headers))
    }
    const name = (uuid: string) => `old--fid--${uuid}.png`
    for (const timestamp of [Date.now() - 5 * 60_000 - 5000, Date.now() + 90_000]) {
      const uuid = crypto.randomUUID()
      const headers = forgedHeaders({ uuid, fileName: name(uuid), environmentId: x.envA, fileType: 'image/png', timestamp })
      const res = await post(`${x.url}/api/v1/client/${x.envA}/storage/local`, headers, multipartBody(bytesOf(10)))
      assert.equal([res.status, res.body], [401, NOT_AUTH], `timestamp ${timestamp}`)
    }
    // Signed with the right secret, but the uuid is not one a presign makes (the signed text is `:`-joined).
    const notUuid = forgedHeaders({
      uuid: 'u:1',
      fileName: 'x--fid--u:1.png',
      environmentId: x.envA,
      fileType: 'image/png',
      timestamp: Date.now(),
    })
    const odd = await post(`${x.url}/api/v1/client/${x.envA}/storage/local`, notUuid, multipartBody(bytesOf(10)))
    assert.equal([odd.status, odd.body], [401, NOT_AUTH], 'not a uuid')
    const first = await post(p.signedUrl, uploadHeaders(p, 'image/png', { 'x-api-key': x.keyA }), multipartBody(bytesOf(10)))
    assert.is(first.status, 200)
    const replay = await post(p.signedUrl, uploadHeaders(p, 'image/png', { 'x-api-key': x.keyA }), multipartBody(bytesOf(20)))
    assert.equal([replay.status, replay.body], [401, NOT_AUTH])
    assert.equal((await getFile(p.fileUrl)).bytes, bytesOf(10), 'the replay changed nothing')
  })
  uploads('two concurrent uploads with one uuid: exactly one succeeds', async () => {
    const x = b()
    for (let round = 0; round < 3; round++) {
      const p = await presigned(x, { fileName: 'race.png', fileType: 'image/png' }, 'client')
      const results = await Promise.all(
        [1, 2].map((seed) => post(p.signedUrl, uploadHeaders(p, 'image/png'), multipartBody(bytesOf(50_000, seed)))),
      )
      assert.equal(results.map((r) => r.status).sort(), [200, 401], `round ${round}`)
      const winner = results.findIndex((r) => r.status === 200) + 1
      assert.equal((await getFile(p.fileUrl, x.keyA)).bytes, bytesOf(50_000, winner))
    }
  })
  uploads('another environment cannot use a presign', async () => {
    const x = b()
    const p = await presigned(x, { fileName: 'a.png', fileType: 'image/png' }, 'client')
    const other = await post(`${x.url}/api/v1/client/${x.envB}/storage/local`, uploadHeaders(p, 'image/png'), multipartBody(bytesOf(10)))
    assert.equal([other.status, other.body], [401, { error: 'Not authenticated', message: 'Not authenticated' }])
    const claimed = await post(p.signedUrl, uploadHeaders(p, 'image/png', { 'X-Environment-ID': x.envB }), multipartBody(bytesOf(10)))
    assert.is(claimed.status, 401)
    const m = await presigned(x, { fileName: 'a.png', fileType: 'image/png' })
    const withKeyB = await post(m.signedUrl, uploadHeaders(m, 'image/png', { 'x-api-key': x.keyB }), multipartBody(bytesOf(10)))
    assert.is(withKeyB.status, 401)
    const mismatch = await presign(x, { fileName: 'a.png', fileType: 'image/png', environmentId: x.envB })
    assert.is(mismatch.status, 401)
    const foreignSurvey = await createSurvey(x, {}, 'B')
    assert.is((await presign(x, { fileName: 'a.png', fileType: 'image/png', surveyId: foreignSurvey.id }, 'client')).status, 400)
    assert.is((await getFile(p.fileUrl, x.keyA)).status, 404, 'nothing was stored')
  })
  uploads('over the limit is 413 File is too large and stores nothing (multipart, chunked, base64)', async () => {
    const x = b()
    const tooLarge = bytesOf(MAX_BYTES + 1, 9)
    const attempts: Array<(p: Presigned) => Promise<{ status: number; body: any }>> = [
      (p) => post(p.signedUrl, uploadHeaders(p, 'application/pdf'), multipartBody(tooLarge)),
      (p) => {
        const { body, contentType } = chunkedMultipart(tooLarge)
        return post(p.signedUrl, { ...uploadHeaders(p, 'application/pdf'), 'content-type': contentType }, body)
      },
      (p) =>
        post(
          p.signedUrl,
          uploadHeaders(p, 'application/pdf'),
          JSON.stringify({ fileBase64String: Buffer.from(tooLarge).toString('base64') }),
        ),
      (p) => post(p.signedUrl, uploadHeaders(p, 'application/pdf'), multipartBody(bytesOf(4 * MiB))),
    ]
    for (const [i, attempt] of attempts.entries()) {
      const p = await presigned(x, { fileName: 'big.pdf', fileType: 'application/pdf' }, 'client')
      const res = await attempt(p)
      assert.equal([res.status, res.body], [413, { error: 'File is too large', message: 'File is too large' }], `attempt ${i}`)
      assert.is((await getFile(p.fileUrl, x.keyA)).status, 404, `attempt ${i}: nothing stored`)
      if (x.blobDir) {
        const left = (await filesUnder(x.blobDir)).filter((f) => f.includes(p.signingData.uuid) || f.includes('.tmp'))
        assert.equal(left, [], `attempt ${i}: no file, no temporary file`)
      }
    }
  })
  uploads('disallowed and mismatched types are refused at presign and at upload', async () => {
    const x = b()
    for (const [fileName, fileType] of [
      ['page.html', 'text/html'],
      ['image.svg', 'image/svg+xml'],
      ['photo.png', 'application/pdf'],
      ['noextension', 'image/png'],
      ['photo.png', 'not a type'],
    ]) {
      const res = await presign(x, { fileName, fileType })
      assert.is(res.status, 400, `${fileName} ${fileType}: ${res.text}`)
      assert.is(res.body.code, 'bad_request')
    }
    const ext = await presign(x, { fileName: 'a.png', fileType: 'image/png', allowedFileExtensions: ['pdf'] }, 'client')
    assert.equal([ext.status, ext.body.message], [400, 'File extension is not allowed'])
    const uuid = crypto.randomUUID()
    const headers = forgedHeaders({
      uuid,
      fileName: `x--fid--${uuid}.html`,
      environmentId: x.envA,
      fileType: 'text/html',
      timestamp: Date.now(),
    })
    const res = await post(`${x.url}/api/v1/client/${x.envA}/storage/local`, headers, multipartBody(bytesOf(10)))
    assert.equal([res.status, res.body], [400, { error: 'File type is not allowed', message: 'File type is not allowed' }])
  })
  uploads('names that try to escape are refused and nothing lands outside the environment prefix', async () => {
    const x = b()
    for (const fileName of ['../x.png', '../../etc/x.png', '/etc/x.png', 'a\\..\\x.png', 'a/b.png', '..']) {
      const res = await presign(x, { fileName, fileType: 'image/png' }, 'client')
      assert.is(res.status, 400, `${fileName}: ${res.text}`)
    }
    assert.is((await presign(x, { fileName: 'a\u0000b.png', fileType: 'image/png' }, 'client')).status, 400, 'NUL')
    const control = await presigned(x, { fileName: 'a\u0007b\u001b\u0085.png', fileType: 'image/png' }, 'client')
    assert.match(control.updatedFileName, /^ab--fid--/, 'control characters are stripped')
    const decomposed = await presigned(x, { fileName: 'Cafe\u0301.png', fileType: 'image/png' }, 'client')
    assert.match(decomposed.updatedFileName, /^Café--fid--/, 'NFC')
    // Names a presign never makes, signed with the server's secret all the same: still refused.
    for (const name of ['../', '../../', '/', '..%2F', '%2e%2e/', 'a\u0000/', 'sub/']) {
      const uuid = crypto.randomUUID()
      const fileName = `${name}x--fid--${uuid}.png`
      const headers = forgedHeaders({ uuid, fileName, environmentId: x.envA, fileType: 'image/png', timestamp: Date.now() })
      const res = await post(`${x.url}/api/v1/client/${x.envA}/storage/local`, headers, multipartBody(bytesOf(10)))
      assert.is(res.status, 400, `${JSON.stringify(fileName)}: ${JSON.stringify(res.body)}`)
    }
    for (const [path, fileName] of [
      [`/storage/${x.envA}/public/..%2F..%2Fsecret`, '../../secret'],
      [`/storage/${x.envA}/other/x.png`, 'x.png'],
      [`/storage/${x.envA}/public/%00`, '\u0000'],
    ] as const) {
      const res = await getFile(x.url + path, x.keyA)
      assert.equal(
        { status: res.status, body: JSON.parse(new TextDecoder().decode(res.bytes)) },
        { status: 404, body: { code: 'not_found', message: 'File not found', details: { resource_id: fileName, resource_type: 'File' } } },
        path,
      )
    }
    if (x.blobDir) {
      for (const file of await filesUnder(x.blobDir)) {
        const [environment, access] = file.split(sep)
        assert.ok([x.envA, x.envB].includes(environment ?? '') && ['public', 'private'].includes(access ?? ''), file)
      }
    }
  })

  uploads.run()
}

defineSuites('folder store')
// The blob store is what this file tests: the same suites on S3 (s3rver).
defineSuites('S3', true)
