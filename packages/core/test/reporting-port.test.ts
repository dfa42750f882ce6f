/**
 * The reporting port is optional: on a storage without `storage.reporting` every write and every read of one
 * resource still works, and the routes that report (counts, summaries, exports, the audit log) answer 501
 * `not_implemented` naming the missing port, on the v1 and the v3 API alike.
 */
import { TEST_ORIGIN, suiteWithBed } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import { createCanvass } from '../src'

const { test, bed } = suiteWithBed('a storage without the reporting port')

/** A Canvass on the bed's database whose storage has no reporting port. */
function withoutReporting() {
  const { reporting: _, ...storage } = bed().storage
  const canvass = createCanvass({ storage })
  return (method: string, path: string, body?: unknown) =>
    canvass.fetch(
      new Request(`${TEST_ORIGIN}${path}`, {
        method,
        headers: { 'x-api-key': bed().keyA, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    )
}

test('writes and reads of one resource work; the reports answer 501 not_implemented naming storage.reporting', async () => {
  const call = withoutReporting()
  const question = { id: 'q1', type: 'openText', headline: { default: 'Why?' }, required: true, inputType: 'text' }
  const created = await call('POST', '/api/v1/management/surveys', {
    environmentId: bed().envA,
    name: 'No reports',
    type: 'link',
    status: 'inProgress',
    questions: [question],
  })
  assert.is(created.status, 200, await created.clone().text())
  const surveyId = ((await created.json()) as { data: { id: string } }).data.id
  assert.is((await call('GET', `/api/v1/management/surveys/${surveyId}`)).status, 200)
  const listed = await call('GET', `/api/v1/management/responses?surveyId=${surveyId}`)
  assert.is(listed.status, 200, 'a list of responses is no report')
  for (const path of [
    `/api/v1/management/surveys/${surveyId}/summary`,
    '/api/v1/management/audit-log',
    `/api/v1/management/responses/export?surveyId=${surveyId}`,
  ]) {
    const answer = await call('GET', path)
    assert.is(answer.status, 501, path)
    const text = await answer.text()
    assert.ok(text.includes('not_implemented'), `${path}: ${text}`)
    assert.ok(text.includes('storage.reporting'), `${path}: ${text}`)
  }
  const v3 = await call('GET', `/api/v3/surveys?workspaceId=${bed().envA}`)
  assert.is(v3.status, 501)
  assert.ok((await v3.text()).includes('storage.reporting'))
})

test.run()
