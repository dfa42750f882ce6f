/**
 * Issue 58, item 5: deleting a response, erasing its contact or expiring it by retention removes only the files
 * a respondent uploaded for that survey's responses (or for no survey) that nothing staying names. Before, any
 * file of the environment a `fileUpload` answer named went: a manager's public upload an anonymous respondent
 * pasted in, another survey's respondent file, a file another response or the survey itself still names. Each
 * path on PGlite, and on the Postgres server when TEST_DATABASE_URL is set.
 */
import { randomUUID } from 'node:crypto'
import * as assert from 'uvu/assert'
import { createBlobJanitor, createRetention } from '@canvass/core'
import { availableBackends, sql, suiteWithBed, uploadFile } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import { t } from './helpers'

const DAY = 86_400_000

for (const backend of availableBackends()) {
  const { test, bed } = suiteWithBed(`files of responses (${backend})`, { backend })

  async function fileSurvey(x: TestCanvass, extra: Record<string, unknown> = {}, headline = 'Your files') {
    const res = await x.call('POST', '/api/v1/management/surveys', {
      key: x.keyA,
      body: {
        name: 'Files',
        status: 'inProgress',
        questions: [{ id: 'doc', type: 'fileUpload', headline: t(headline), required: false, allowMultipleFiles: true }],
        ...extra,
      },
    })
    assert.is(res.status, 200, res.text)
    return res.body.data.id as string
  }

  /** A file uploaded through the client route (a respondent's) or the management route (a manager's). */
  async function upload(x: TestCanvass, route: 'client' | 'management', surveyId: string | null) {
    const { presigned, upload } = await uploadFile(x.call, {
      fileName: `${route}.txt`,
      text: `bytes of ${route}`,
      ...(route === 'management' ? { key: x.keyA } : { environmentId: x.envA, elementId: 'doc' }),
      ...(surveyId ? { surveyId } : {}),
    })
    assert.is(upload.status, 200, upload.text)
    return presigned.fileUrl
  }

  /**
   * A respondent's file that names no survey, as the client routes stored them before a respondent's upload had
   * to name its survey and question: uploaded for `surveyId`, then its survey taken off.
   */
  async function uploadWithoutSurvey(x: TestCanvass, surveyId: string) {
    const url = await upload(x, 'client', surveyId)
    const fileName = decodeURIComponent(new URL(url, 'http://canvass.test').pathname.split('/').pop() as string)
    await sql`update canvass.files set survey_id = null where file_name = ${fileName}`.execute(x.db)
    return url
  }

  const fileStatus = async (x: TestCanvass, url: string) =>
    (await x.call('GET', new URL(url, 'http://canvass.test').pathname, { key: x.keyA })).status

  /**
   * A response of survey `S` whose `fileUpload` answer names eight files; of them only its respondent's own
   * uploads for `S` (one naming the survey, one naming none) may go. Returns the files by what they are, the
   * response, and a function that checks, after the path under test and a janitor run, which are left.
   */
  async function plant(x: TestCanvass, responseBody: Record<string, unknown> = {}) {
    const other = await fileSurvey(x)
    const inDefinition = await uploadWithoutSurvey(x, other)
    const survey = await fileSurvey(x, {}, `Like this one: ${inDefinition}`)
    const files = {
      own: await upload(x, 'client', survey),
      ownWithoutSurvey: await uploadWithoutSurvey(x, other),
      managersPublic: await upload(x, 'management', null),
      managersForSurvey: await upload(x, 'management', survey),
      otherSurveys: await upload(x, 'client', other),
      sharedWithAnotherResponse: await upload(x, 'client', survey),
      namedByAnotherSurveysResponse: await upload(x, 'client', survey),
      inDefinition,
    }
    const create = await x.call('POST', `/api/v1/client/${x.envA}/responses`, {
      body: { surveyId: survey, finished: true, data: { doc: Object.values(files) }, ...responseBody },
    })
    assert.is(create.status, 200, create.text)
    const keeper = await x.call('POST', `/api/v1/client/${x.envA}/responses`, {
      body: { surveyId: survey, finished: true, data: { doc: [files.sharedWithAnotherResponse] } },
    })
    assert.is(keeper.status, 200, keeper.text)
    const elsewhere = await x.call('POST', `/api/v1/client/${x.envA}/responses`, {
      body: { surveyId: other, finished: true, data: { doc: [files.namedByAnotherSurveysResponse] } },
    })
    assert.is(elsewhere.status, 200, elsewhere.text)
    for (const [what, url] of Object.entries(files)) assert.is(await fileStatus(x, url), 200, `${what} uploaded`)
    const janitor = createBlobJanitor({ storage: x.storage, blobs: x.blobStore!, logger: { error: console.error, warn: () => {} } })
    return {
      survey,
      responseId: create.body.data.id as string,
      async assertOnlyOwnGone(label: string) {
        const run = await janitor.runOnce()
        assert.is(run.failed, 0, `${label}: janitor`)
        const left = Object.fromEntries(
          await Promise.all(Object.entries(files).map(async ([what, url]) => [what, await fileStatus(x, url)])),
        )
        assert.equal(
          left,
          {
            own: 404,
            ownWithoutSurvey: 404,
            managersPublic: 200,
            managersForSurvey: 200,
            otherSurveys: 200,
            sharedWithAnotherResponse: 200,
            namedByAnotherSurveysResponse: 200,
            inDefinition: 200,
          },
          label,
        )
      },
    }
  }

  test('deleting a response removes only its respondent’s files for that survey that nothing else names', async () => {
    const x = bed()
    const planted = await plant(x)
    const deleted = await x.call('DELETE', `/api/v1/management/responses/${planted.responseId}`, { key: x.keyA })
    assert.is(deleted.status, 200, deleted.text)
    await planted.assertOnlyOwnGone('delete')
  })

  test('erasing the contact removes only its files for that survey that nothing else names', async () => {
    const x = bed()
    const userId = `files-${randomUUID()}`
    const planted = await plant(x, { userId })
    const contacts = await x.call('GET', `/api/v1/management/contacts?userId=${userId}`, { key: x.keyA })
    const contactId = contacts.body.data[0].id as string
    const erased = await x.call('DELETE', `/api/v1/management/contacts/${contactId}?erase=true`, { key: x.keyA })
    assert.is(erased.status, 200, erased.text)
    assert.is(erased.body.data.files, 2, 'the count names only the files that went')
    await planted.assertOnlyOwnGone('erase')
  })

  test('retention removes only the expired response’s files for that survey that nothing else names', async () => {
    const x = bed()
    const planted = await plant(x)
    const set = await x.call('PUT', `/api/v1/management/surveys/${planted.survey}`, { key: x.keyA, body: { responseRetentionDays: 1 } })
    assert.is(set.status, 200, set.text)
    // Only the planted response is old enough; the other response of the survey is younger than a day.
    const now = Date.now()
    await sql`update canvass.responses set created_at = ${new Date(now - 3 * DAY)} where id = ${planted.responseId}`.execute(x.db)
    const report = await createRetention({ storage: x.storage }).runOnce(new Date(now))
    assert.is(report.responses, 1, JSON.stringify(report))
    assert.is(report.files, 2, JSON.stringify(report))
    await planted.assertOnlyOwnGone('retention')
  })

  test.run()
}
