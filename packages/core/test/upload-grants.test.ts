/**
 * What a presign grants and how the upload routes refuse, on the test bed (Request→Response; the database
 * plays no part): the access type chosen at presign is the one the file gets, whatever the upload request says
 * (the signature covers it); refusals carry `error` and `message` with the same text (docs/design.md, "Uploads"), so that the
 * real `@formbricks/api` client, which reports `message`, says why (it calls the bed over loopback HTTP).
 */
import { FormbricksAPI } from '@formbricks/api'
import { TEST_ORIGIN, closedPort, createSurvey, fileUploadQuestion, suiteWithBed } from '@canvass/test-bed'
import type { TestCanvass, TestCanvassOptions } from '@canvass/test-bed'
import * as assert from 'uvu/assert'

const MAX_BYTES = 64 * 1024

interface Presigned {
  signedUrl: string
  signingData: { signature: string; timestamp: number; uuid: string }
  updatedFileName: string
  fileUrl: string
  presignedFields: Record<string, string>
}

/** A test bed and the origin of its requests (presigned URLs are absolute for it: its host is allowed). */
type Backend = TestCanvass & { url: string }

/**
 * A bed whose presigned URLs are absolute (the host of its requests, and of `listen(port)`, are allowed), with
 * a small upload limit.
 */
function uploadBed(name: string, wrap?: TestCanvassOptions['wrap']) {
  let port = 0
  const suite = suiteWithBed(name, async () => {
    port = await closedPort()
    return {
      uploads: { maxBytes: MAX_BYTES },
      allowedHosts: [new URL(TEST_ORIGIN).host, `127.0.0.1:${port}`],
      ...(wrap ? { wrap } : {}),
    }
  })
  return {
    test: suite.test,
    x: (): Backend => Object.assign(suite.bed(), { url: TEST_ORIGIN }),
    /** Serves the bed on the port its allowed hosts name; answers its origin. */
    listen: () => suite.bed().listen(port),
  }
}

/** A survey of the bed's environment A with a `fileUpload` question `file`, which client presigns name. */
async function fileSurvey(x: Backend): Promise<string> {
  return (await createSurvey(x, { questions: [fileUploadQuestion('file')] })).id
}

async function presigned(x: Backend, route: 'management' | 'client', body: Record<string, unknown>): Promise<Presigned> {
  const path = route === 'management' ? '/api/v1/management/storage' : `/api/v1/client/${x.envA}/storage`
  const named = route === 'client' ? { surveyId: await fileSurvey(x), elementId: 'file', ...body } : body
  const res = await x.call('POST', path, { ...(route === 'management' ? { key: x.keyA } : {}), body: named })
  if (res.status !== 200) throw new Error(`presign failed: ${res.status} ${res.text}`)
  return res.body.data as Presigned
}

/** Uploads `text` as the reference client does (JSON `fileBase64String`) to `url` with the presign's headers. */
function upload(x: Backend, url: string, p: Presigned, text: string, key: string | null = x.keyA) {
  return x.call('POST', url.startsWith('http') ? url.slice(x.url.length) : url, {
    ...(key ? { key } : {}),
    rawBody: JSON.stringify({ fileBase64String: Buffer.from(text).toString('base64') }),
    headers: {
      'content-type': 'application/json',
      'x-file-type': 'text/plain',
      'x-file-name': encodeURIComponent(p.updatedFileName),
      'x-signature': p.signingData.signature,
      'x-timestamp': String(p.signingData.timestamp),
      'x-uuid': p.signingData.uuid,
      // A client presign's survey and file-upload element, which its upload names too.
      ...(p.presignedFields.surveyId ? { 'x-survey-id': p.presignedFields.surveyId } : {}),
      ...(p.presignedFields.elementId ? { 'x-element-id': p.presignedFields.elementId } : {}),
    },
  })
}

/** Where a presigned file could land: the status of each, public read without a key, private with one. */
async function landed(x: Backend, p: Presigned): Promise<{ public: number; private: number }> {
  const name = encodeURIComponent(p.updatedFileName)
  return {
    public: (await x.call('GET', `/storage/${x.envA}/public/${name}`)).status,
    private: (await x.call('GET', `/storage/${x.envA}/private/${name}`, { key: x.keyA })).status,
  }
}

const NOT_AUTHENTICATED = { error: 'Not authenticated', message: 'Not authenticated' }

const accessBed = uploadBed("uploads: the access type is the presign's, whatever the upload says")
const access = accessBed.test
let a: Backend
access.before(() => {
  a = accessBed.x()
})

access(
  'a private presign uploaded without its ?accessType=private, or with public, is refused and lands nowhere; its signed URL stores it private',
  async () => {
    const p = await presigned(a, 'management', { fileName: 'secret.txt', fileType: 'text/plain', accessType: 'private' })
    assert.is(p.signedUrl, `${a.url}/api/v1/management/storage/local?accessType=private`)
    for (const path of ['/api/v1/management/storage/local', '/api/v1/management/storage/local?accessType=public']) {
      const res = await upload(a, path, p, 'private notes')
      assert.equal([res.status, res.body], [401, NOT_AUTHENTICATED], path)
      assert.equal(await landed(a, p), { public: 404, private: 404 }, `${path}: nothing stored`)
    }
    const res = await upload(a, p.signedUrl, p, 'private notes')
    assert.is(res.status, 200, res.text)
    assert.equal(await landed(a, p), { public: 404, private: 200 })
    assert.is((await a.call('GET', new URL(p.fileUrl).pathname, { key: a.keyA })).text, 'private notes', 'the file URL points at it')
  },
)

access('a public presign uploaded with ?accessType=private is refused; as signed it stores public', async () => {
  const p = await presigned(a, 'management', { fileName: 'logo.txt', fileType: 'text/plain' })
  assert.is(p.signedUrl, `${a.url}/api/v1/management/storage/local`)
  const res = await upload(a, '/api/v1/management/storage/local?accessType=private', p, 'public text')
  assert.equal([res.status, res.body], [401, NOT_AUTHENTICATED])
  assert.equal(await landed(a, p), { public: 404, private: 404 })
  assert.is((await upload(a, p.signedUrl, p, 'public text')).status, 200)
  assert.equal(await landed(a, p), { public: 200, private: 404 })
})

access("a respondent's file is private whatever the client upload's query says, and a management presign does not sign it", async () => {
  const p = await presigned(a, 'client', { fileName: 'answer.txt', fileType: 'text/plain' })
  const res = await upload(a, `/api/v1/client/${a.envA}/storage/local?accessType=public`, p, 'answer', null)
  assert.is(res.status, 200, res.text)
  assert.equal(await landed(a, p), { public: 404, private: 200 })
  const m = await presigned(a, 'management', { fileName: 'm.txt', fileType: 'text/plain' })
  const crossed = await upload(a, `/api/v1/client/${a.envA}/storage/local`, m, 'crossed', null)
  assert.equal([crossed.status, crossed.body], [401, NOT_AUTHENTICATED], 'a public grant does not become a private file')
  assert.equal(await landed(a, m), { public: 404, private: 404 })
})

/** The survey whose `fileUpload` question `file` the @formbricks/api client's uploads answer (`namingTheElement`). */
let apiSurveyId = ''
/**
 * @formbricks/api 3.0 names no file-upload element, which a client presign and upload must (as the reference's
 * current clients do): around the bed, its presign and upload are given the survey and element it would name.
 */
const namingTheElement: TestCanvassOptions['wrap'] = (canvass) => async (request, info) => {
  const path = new URL(request.url).pathname
  if (request.method !== 'POST' || !/^\/api\/v1\/client\/[^/]+\/storage(\/local)?$/.test(path)) return canvass.fetch(request, info)
  const headers = new Headers(request.headers)
  if (path.endsWith('/local')) {
    headers.set('x-survey-id', apiSurveyId)
    headers.set('x-element-id', 'file')
    return canvass.fetch(new Request(request, { headers }), info)
  }
  const body = { ...(await request.json()), surveyId: apiSurveyId, elementId: 'file' }
  headers.delete('content-length')
  return canvass.fetch(new Request(request.url, { method: 'POST', headers, body: JSON.stringify(body) }), info)
}

const errorsBed = uploadBed('uploads: refusals readable by @formbricks/api', namingTheElement)
const errors = errorsBed.test
let e: Backend
errors.before(async () => {
  e = errorsBed.x()
  apiSurveyId = await fileSurvey(e)
})

errors("uploadFile of a file over the limit throws FileTooLargeError with the server's message", async () => {
  const api = new FormbricksAPI({ apiHost: await errorsBed.listen(), environmentId: e.envA })
  const base64 = Buffer.alloc(MAX_BYTES + 1, 7).toString('base64')
  const failure = await api.client.storage
    .uploadFile({ name: 'big.pdf', type: 'application/pdf', base64: `data:application/pdf;base64,${base64}` })
    .then(
      () => undefined,
      (error: unknown) => error as Error,
    )
  assert.ok(failure, 'the upload was refused')
  assert.equal([failure!.name, failure!.message], ['FileTooLargeError', 'File is too large'])
})

errors('every refusal of both upload routes carries error and message with the same text', async () => {
  const p = await presigned(e, 'management', { fileName: 'a.txt', fileType: 'text/plain' })
  const refusals = [
    { what: 'a bad key', res: await upload(e, p.signedUrl, p, 'x', `cvs_${'A'.repeat(43)}`), status: 401, text: 'Not authenticated' },
    {
      what: 'a repeated accessType',
      res: await upload(e, `${p.signedUrl}?accessType=public&accessType=private`, p, 'x'),
      status: 400,
      text: 'accessType must be given once',
    },
    {
      what: 'an unknown accessType',
      res: await upload(e, `${p.signedUrl}?accessType=PUBLIC`, p, 'x'),
      status: 400,
      text: 'accessType must be "public" or "private"',
    },
    {
      what: 'a changed signature',
      res: await upload(e, p.signedUrl, { ...p, signingData: { ...p.signingData, signature: '0'.repeat(64) } }, 'x'),
      status: 401,
      text: 'Not authenticated',
    },
    {
      what: 'a client upload without X-File-Type',
      res: await e.call('POST', `/api/v1/client/${e.envA}/storage/local`, { rawBody: '{}' }),
      status: 400,
      text: 'fileType is required',
    },
  ]
  for (const { what, res, status, text } of refusals) {
    assert.equal([res.status, res.body], [status, { error: text, message: text }], what)
    assert.is(res.headers.get('cache-control'), 'private, no-store', what)
  }
})

for (const s of [access, errors]) s.run()
