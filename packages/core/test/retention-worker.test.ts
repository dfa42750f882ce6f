/**
 * The retention worker's run over the bed's storage, on the bed's clock: a run that deleted something says so
 * in one line of the log it was given (counts and environment ids, nothing a response held; issue 58, item
 * 28), a run that deleted nothing says nothing; and ended webhook deliveries (payload included) go once they
 * ended more than `webhookDeliveryRetentionDays` ago, pending ones stay (issue 58, item 10). On PGlite, and on
 * the Postgres server when TEST_DATABASE_URL is set.
 */
import { createRetention } from '@canvass/core'
import type { Logger } from '@canvass/core'
import { availableBackends, createResponse, createSurvey, createTestClock, suiteWithBed, webhookDeliveries } from '@canvass/test-bed'
import * as assert from 'uvu/assert'

const DAY = 86_400_000

/** A logger that keeps its lines, by level. */
function capturedLog() {
  const lines = { info: [] as string[], warn: [] as string[], error: [] as string[] }
  const logger: Logger = {
    info: (message) => lines.info.push(message),
    warn: (message) => lines.warn.push(message),
    error: (message) => lines.error.push(message),
  }
  return { lines, logger }
}

for (const backend of availableBackends()) {
  const { test, bed } = suiteWithBed(`retention worker (${backend})`, { backend, clock: createTestClock() })
  const clock = () => bed().clock!

  test('a run that deleted responses logs one line of counts and environment ids; a run that deleted nothing logs none', async () => {
    const x = bed()
    const project = await x.newProject('Logged retention')
    const set = await x.call('PUT', '/api/v1/management/environment', { key: project.key, body: { responseRetentionDays: 30 } })
    assert.is(set.status, 200, set.text)
    const inProject = { call: x.call, keyA: project.key, envA: project.environmentId, keyB: project.devKey, envB: project.devEnvironmentId }
    const survey = await createSurvey(inProject, {
      name: 'Kept a month',
      status: 'inProgress',
      questions: [{ id: 'q1', type: 'openText', headline: { default: 'Q' }, required: false, inputType: 'text' }],
    })
    for (const answer of ['secret answer one', 'secret answer two'])
      await createResponse(inProject, survey.id, { finished: true, data: { q1: answer }, userId: 'ada@example.com' })
    const { lines, logger } = capturedLog()
    const retention = createRetention({ storage: x.storage, clock: clock().now, logger })
    const now = new Date(clock().now().getTime() + 31 * DAY)
    const report = await retention.runOnce(now)
    assert.is(report.environments.find((entry) => entry.environmentId === project.environmentId)?.responses, 2)
    assert.is(lines.info.length, 1, lines.info.join('\n'))
    const line = lines.info[0] ?? ''
    assert.match(
      line,
      /^Retention: deleted \d+ responses, \d+ displays?, \d+ files? and \d+ ended webhook deliver(y|ies) \(older than 7 days\)/,
    )
    assert.ok(line.includes(`${project.environmentId} 2 responses`), line)
    for (const personal of ['secret answer', 'ada@example.com', survey.name]) assert.not.ok(line.includes(personal), personal)
    assert.equal([lines.warn, lines.error], [[], []])

    assert.is((await retention.runOnce(now)).responses, 0)
    assert.is(lines.info.length, 1, 'a run that deleted nothing says nothing')
  })

  test('ended webhook deliveries go after webhookDeliveryRetentionDays, with their payloads; pending ones stay', async () => {
    const x = bed()
    const survey = await createSurvey(x, { status: 'inProgress' })
    const hook = async (url: string) => {
      const created = await x.call('POST', '/api/v1/webhooks', {
        key: x.keyA,
        body: { url, triggers: ['responseCreated'], surveyIds: [survey.id] },
      })
      assert.is(created.status, 200, created.text)
      return created.body.data.id as string
    }
    const delivered = await hook('https://example.com/up')
    const failing = await hook('https://example.com/down')
    x.receiver.answer((request) => (request.url.endsWith('/down') ? { status: 500 } : { status: 200 }))
    const created = await x.call('POST', `/api/v1/client/${x.envA}/responses`, {
      body: { surveyId: survey.id, finished: false, data: { q1: 'hi' } },
    })
    assert.is(created.status, 200, created.text)
    await x.deliverWebhooks()
    const statuses = async (hookId: string) => (await webhookDeliveries(x.call, x.keyA, hookId)).map((d: { status: string }) => d.status)
    assert.equal(await statuses(delivered), ['delivered'])
    assert.equal(await statuses(failing), ['pending'], 'waiting for its retry')

    const { logger } = capturedLog()
    const retention = createRetention({ storage: x.storage, clock: clock().now, logger })
    const ended = clock().now().getTime()
    const early = await retention.runOnce(new Date(ended + 6 * DAY))
    assert.equal(await statuses(delivered), ['delivered'], 'kept for a week')
    const late = await retention.runOnce(new Date(ended + 7 * DAY + 1000))
    assert.equal(await statuses(delivered), [], 'gone once it ended more than a week ago')
    assert.equal(await statuses(failing), ['pending'], 'a pending delivery stays, whatever its age')
    assert.equal([early.webhookDeliveries, late.webhookDeliveries], [0, 1], 'the reports count them')

    const shorter = createRetention({ storage: x.storage, clock: clock().now, logger, webhookDeliveryRetentionDays: 1 })
    assert.is((await shorter.runOnce(new Date(ended + 2 * DAY))).webhookDeliveries, 0, 'nothing else has ended')
    assert.throws(() => createRetention({ storage: x.storage, webhookDeliveryRetentionDays: 0 }), /webhookDeliveryRetentionDays/)
  })

  test.run()
}
