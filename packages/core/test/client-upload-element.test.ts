/**
 * Issue 69, item 6: a respondent's upload names a survey of the environment and one of its `fileUpload`
 * elements, and that element's own limits (`maxSizeInMB`, `allowedFileExtensions`) apply, at presign and at
 * upload (docs/api.md, "Uploads and files"). Before, the client routes signed and stored a private file of any
 * environment for anyone, with no survey or for a survey without a file-upload question. Management routes,
 * with a key, keep their behaviour.
 */
import { createSurvey, errorOf, fileUploadQuestion, notFoundBody, signedUploadHeaders, suiteWithBed } from '@canvass/test-bed'
import type { ApiResult, TestCanvass } from '@canvass/test-bed'
import * as assert from 'uvu/assert'

const MiB = 1024 * 1024

const { test, bed } = suiteWithBed('client uploads name a survey and its file-upload element, whose limits apply')

const badRequest = (message: string, details: Record<string, string> = {}) => ({
  status: 400,
  body: { code: 'bad_request', message, details },
})
const uploadRefusal = (status: number, message: string) => ({ status, body: { error: message, message } })

/** A survey of environment A with a `fileUpload` question `doc` (its `limits`) and an open-text `q1`. */
async function fileSurvey(x: TestCanvass, limits: Record<string, unknown> = {}): Promise<string> {
  const survey = await createSurvey(x, {
    questions: [
      { id: 'q1', type: 'openText', inputType: 'text', headline: { default: 'Why?' }, required: false },
      fileUploadQuestion('doc', limits),
    ],
  })
  return survey.id as string
}

const presign = (x: TestCanvass, body: Record<string, unknown>, version: 'v1' | 'v2' = 'v1') =>
  x.call('POST', `/api/${version}/client/${x.envA}/storage`, { body })

/** The signing headers of a PDF's upload, from a presign's answer. */
const signedHeaders = (presigned: ApiResult): Record<string, string> => signedUploadHeaders(presigned.body.data, 'application/pdf')

/** Uploads `bytes` (base64 JSON) with a presign's headers, naming `names` (survey and element, or fewer). */
function upload(x: TestCanvass, presigned: ApiResult, bytes: number, names: Record<string, string>) {
  return x.call('POST', `/api/v1/client/${x.envA}/storage/local`, {
    headers: { ...signedHeaders(presigned), ...names },
    body: { fileBase64String: Buffer.alloc(bytes, 1).toString('base64') },
  })
}

/** Whether the presigned file is stored (read back with a key of the environment). */
async function stored(x: TestCanvass, presigned: ApiResult): Promise<boolean> {
  const path = new URL(presigned.body.data.fileUrl, 'http://canvass.test').pathname
  return (await x.call('GET', path, { key: x.keyA })).status === 200
}

test('a presign without surveyId or elementId is a 400 naming each, on v1 and v2; nothing is signed', async () => {
  const x = bed()
  const surveyId = await fileSurvey(x)
  for (const version of ['v1', 'v2'] as const) {
    const neither = await presign(x, { fileName: 'a.pdf', fileType: 'application/pdf' }, version)
    assert.equal(errorOf(neither), {
      status: 400,
      body: {
        code: 'bad_request',
        message: 'Fields are missing or incorrectly formatted',
        details: {
          surveyId: 'Required: the survey whose file-upload question the file answers',
          elementId: 'Required: the file-upload question (element) of the survey that the file answers',
        },
      },
    })
    const noElement = await presign(x, { fileName: 'a.pdf', fileType: 'application/pdf', surveyId }, version)
    assert.equal(Object.keys(noElement.body.details), ['elementId'], `${version}: ${noElement.text}`)
    const noSurvey = await presign(x, { fileName: 'a.pdf', fileType: 'application/pdf', elementId: 'doc' }, version)
    assert.equal(Object.keys(noSurvey.body.details), ['surveyId'], `${version}: ${noSurvey.text}`)
  }
})

test("a survey without a file-upload question, an element that is not one, another environment's survey, an unknown one: refused", async () => {
  const x = bed()
  const surveyId = await fileSurvey(x)
  const noFiles = (await createSurvey(x)).id
  const foreign = (await createSurvey(x, { questions: [fileUploadQuestion('doc')] }, 'B')).id
  const body = { fileName: 'a.pdf', fileType: 'application/pdf' }
  for (const version of ['v1', 'v2'] as const) {
    assert.equal(
      errorOf(await presign(x, { ...body, surveyId: noFiles, elementId: 'q1' }, version)),
      badRequest('Survey does not allow file uploads'),
    )
    assert.equal(
      errorOf(await presign(x, { ...body, surveyId, elementId: 'q1' }, version)),
      badRequest('Element does not allow file uploads'),
    )
    assert.equal(
      errorOf(await presign(x, { ...body, surveyId, elementId: 'nope' }, version)),
      badRequest('Element does not allow file uploads'),
    )
    assert.equal(
      errorOf(await presign(x, { ...body, surveyId: foreign, elementId: 'doc' }, version)),
      badRequest('Survey is part of another environment'),
    )
    assert.equal(errorOf(await presign(x, { ...body, surveyId: 'clnosuchsurvey0000000000', elementId: 'doc' }, version)), {
      status: 404,
      body: notFoundBody('Survey', 'clnosuchsurvey0000000000'),
    })
    const named = await presign(x, { ...body, surveyId, elementId: 'doc' }, version)
    assert.is(named.status, 200, named.text)
    assert.equal([named.body.data.presignedFields.surveyId, named.body.data.presignedFields.elementId], [surveyId, 'doc'])
  }
})

test("the element's allowedFileExtensions apply at presign", async () => {
  const x = bed()
  const surveyId = await fileSurvey(x, { allowedFileExtensions: ['pdf', '.PNG'] })
  const refused = await presign(x, { fileName: 'notes.txt', fileType: 'text/plain', surveyId, elementId: 'doc' })
  assert.equal(errorOf(refused), badRequest('File extension is not allowed for this element'))
  for (const [fileName, fileType] of [
    ['report.pdf', 'application/pdf'],
    ['shot.png', 'image/png'],
  ]) {
    const allowed = await presign(x, { fileName, fileType, surveyId, elementId: 'doc' })
    assert.is(allowed.status, 200, `${fileName}: ${allowed.text}`)
  }
})

test("the element's maxSizeInMB applies at upload: a larger file is 413 and nothing is stored; the server's limit stays above", async () => {
  const x = bed()
  const small = await fileSurvey(x, { maxSizeInMB: 1 })
  const names = { 'X-Survey-ID': small, 'X-Element-ID': 'doc' }
  const tooLarge = await presign(x, { fileName: 'big.pdf', fileType: 'application/pdf', surveyId: small, elementId: 'doc' })
  assert.equal(errorOf(await upload(x, tooLarge, MiB + 1, names)), uploadRefusal(413, 'File is too large'))
  assert.not.ok(await stored(x, tooLarge), 'nothing stored')
  const fits = await presign(x, { fileName: 'fits.pdf', fileType: 'application/pdf', surveyId: small, elementId: 'doc' })
  const accepted = await upload(x, fits, MiB, names)
  assert.is(accepted.status, 200, accepted.text)
  assert.ok(await stored(x, fits))
  // An element allowing more than the server does gets the server's limit (10 MiB by default).
  const large = await fileSurvey(x, { maxSizeInMB: 50 })
  const over = await presign(x, { fileName: 'over.pdf', fileType: 'application/pdf', surveyId: large, elementId: 'doc' })
  assert.equal(
    errorOf(await upload(x, over, 10 * MiB + 1, { 'X-Survey-ID': large, 'X-Element-ID': 'doc' })),
    uploadRefusal(413, 'File is too large'),
  )
})

test('an upload must name the survey and element too; a refused one leaves its grant for the upload named right', async () => {
  const x = bed()
  const surveyId = await fileSurvey(x, { allowedFileExtensions: ['pdf'] })
  const pngsOnly = await fileSurvey(x, { allowedFileExtensions: ['png'] })
  const noFiles = (await createSurvey(x)).id
  const foreign = (await createSurvey(x, { questions: [fileUploadQuestion('doc')] }, 'B')).id
  const p = await presign(x, { fileName: 'a.pdf', fileType: 'application/pdf', surveyId, elementId: 'doc' })
  for (const [names, expected] of [
    [{}, uploadRefusal(400, 'surveyId is required')],
    [{ 'X-Survey-ID': surveyId }, uploadRefusal(400, 'elementId is required')],
    [{ 'X-Element-ID': 'doc' }, uploadRefusal(400, 'surveyId is required')],
    [{ 'X-Survey-ID': surveyId, 'X-Element-ID': 'q1' }, uploadRefusal(400, 'Element does not allow file uploads')],
    [{ 'X-Survey-ID': noFiles, 'X-Element-ID': 'q1' }, uploadRefusal(400, 'Survey does not allow file uploads')],
    [{ 'X-Survey-ID': pngsOnly, 'X-Element-ID': 'doc' }, uploadRefusal(400, 'File extension is not allowed for this element')],
    [{ 'X-Survey-ID': foreign, 'X-Element-ID': 'doc' }, uploadRefusal(400, 'Survey is part of another environment')],
    [{ 'X-Survey-ID': 'clnosuchsurvey0000000000', 'X-Element-ID': 'doc' }, uploadRefusal(404, 'Survey not found')],
  ] as const) {
    assert.equal(errorOf(await upload(x, p, 100, names)), expected, JSON.stringify(names))
    assert.not.ok(await stored(x, p), `${JSON.stringify(names)}: nothing stored`)
  }
  const named = await upload(x, p, 100, { 'X-Survey-ID': surveyId, 'X-Element-ID': 'doc' })
  assert.is(named.status, 200, named.text)
  assert.ok(await stored(x, p))
})

test('management presigns and uploads keep their behaviour: no survey or element needed', async () => {
  const x = bed()
  const signed = await x.call('POST', '/api/v1/management/storage', {
    key: x.keyA,
    body: { fileName: 'logo.pdf', fileType: 'application/pdf' },
  })
  assert.is(signed.status, 200, signed.text)
  const up = await x.call('POST', '/api/v1/management/storage/local', {
    key: x.keyA,
    headers: signedHeaders(signed),
    body: { fileBase64String: Buffer.from('%PDF').toString('base64') },
  })
  assert.is(up.status, 200, up.text)
})

test.run()
