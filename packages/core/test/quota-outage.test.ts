/**
 * Issue 69, item 5: a client's write of a response whose screening against its survey's quotas failed (the
 * database dropped after the write and before the screening) was never screened again: the response stayed
 * finished and uncounted, and the quota could end over its limit. The write now marks the response unscreened,
 * its screening removes the mark, and the background work's quota screening (`createQuotaScreener`, a part of
 * `runBackgroundOnce`) screens what is still marked once the grace has passed. The failure is injected as the
 * database would cause it: the storage's `quotas.screen` throws. On PGlite, and on the Postgres server when
 * TEST_DATABASE_URL is set.
 */
import { availableBackends, createSurvey, createTestClock, suiteWithBed } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import * as assert from 'uvu/assert'

/** The quota screening's default grace: a write's own screening has this long before a pass screens instead. */
const GRACE_MS = 60_000

for (const backend of availableBackends()) {
  /** What Canvass logged as errors: every failed screening is said, none in silence. */
  const logged: string[] = []
  const { test, bed } = suiteWithBed(`quotas stay exact through a failed screening (${backend})`, () => ({
    backend,
    clock: createTestClock(),
    logger: { error: (message: string) => logged.push(message), warn() {} },
    // Only the quota screening, two responses a pass: `runBackgroundOnce` is one pass of it.
    background: { webhooks: false, retention: false, blobJanitor: false, auditLogPurge: false, quotaScreening: { batch: 2 } },
  }))

  /**
   * Runs `writes` while the bed's `quotas.screen` throws for its next `times` calls, as a dropped connection
   * makes it (the handler reads `storage.quotas` at each call), and puts it back after.
   */
  async function whileScreeningFails<T>(x: TestCanvass, times: number, writes: () => Promise<T>): Promise<T> {
    const quotas = x.storage.quotas
    const screen = quotas.screen
    let left = times
    quotas.screen = async (input) => {
      if (left-- > 0) throw new Error('Connection terminated unexpectedly')
      return screen.call(quotas, input)
    }
    try {
      return await writes()
    } finally {
      quotas.screen = screen
    }
  }

  async function quotaSurvey(x: TestCanvass, quota: Record<string, unknown>) {
    const survey = await createSurvey(x, {
      status: 'inProgress',
      endings: [{ id: 'full', type: 'endScreen', headline: { default: 'Thanks, we have enough' } }],
    })
    const created = await x.call('POST', `/api/v1/management/surveys/${survey.id}/quotas`, {
      key: x.keyA,
      body: { name: 'Everyone', logic: { connector: 'and', conditions: [] }, endingCardId: null, countPartialSubmissions: false, ...quota },
    })
    assert.is(created.status, 200, created.text)
    return { surveyId: survey.id as string, quotaId: created.body.data.id as string }
  }

  const respond = async (x: TestCanvass, surveyId: string, finished: boolean) => {
    const res = await x.call('POST', `/api/v2/client/${x.envA}/responses`, { body: { surveyId, finished, data: { q1: 'hi' } } })
    assert.is(res.status, 200, res.text)
    return res.body.data as { id: string; quotaFull: boolean }
  }
  const counted = (x: TestCanvass, surveyId: string) => x.storage.reporting.quotas.counts(x.envA, surveyId)
  const pass = async (x: TestCanvass) => (await x.canvass.runBackgroundOnce()).quotaScreening

  test('a finished response whose screening failed is screened by the next pass after the grace: the quota counts it', async () => {
    const x = bed()
    const { surveyId, quotaId } = await quotaSurvey(x, { limit: 2, action: 'continueSurvey' })
    const first = await whileScreeningFails(x, 1, () => respond(x, surveyId, true))
    assert.is(first.quotaFull, false, 'answered as stored, without a full quota')
    assert.ok(
      logged.some(
        (message) => message.includes(`Screening response ${first.id}`) && message.includes('the background work screens it later'),
      ),
      logged.join('\n'),
    )
    assert.equal(await counted(x, surveyId), {}, 'stored, finished and not counted')
    assert.equal((await respond(x, surveyId, true)).quotaFull, false)
    assert.equal(await counted(x, surveyId), { [quotaId]: 1 })
    assert.equal(await pass(x), { claimed: 0, screened: 0, failed: 0 }, 'within the grace, the write’s own screening may still come')
    x.clock!.advance(GRACE_MS + 1)
    assert.equal(await pass(x), { claimed: 1, screened: 1, failed: 0 })
    assert.equal(await counted(x, surveyId), { [quotaId]: 2 }, 'counted: the quota is exactly full')
    const third = await respond(x, surveyId, true)
    assert.is(third.quotaFull, true, 'the next finisher meets a full quota')
    assert.equal(await counted(x, surveyId), { [quotaId]: 2 })
    x.clock!.advance(GRACE_MS + 1)
    assert.equal(await pass(x), { claimed: 0, screened: 0, failed: 0 }, 'nothing is screened twice')
  })

  test('a response the quota filled meanwhile is screened out as its write would have: endSurvey ends it at the ending', async () => {
    const x = bed()
    const { surveyId, quotaId } = await quotaSurvey(x, { limit: 1, action: 'endSurvey', endingCardId: 'full' })
    const first = await whileScreeningFails(x, 1, () => respond(x, surveyId, false))
    assert.is(first.quotaFull, false)
    assert.is((await respond(x, surveyId, true)).quotaFull, false, 'the second fills the quota')
    assert.equal(await counted(x, surveyId), { [quotaId]: 1 })
    x.clock!.advance(GRACE_MS + 1)
    assert.equal(await pass(x), { claimed: 1, screened: 1, failed: 0 })
    const ended = await x.call('GET', `/api/v1/management/responses/${first.id}`, { key: x.keyA })
    assert.equal([ended.body.data.finished, ended.body.data.endingId], [true, 'full'], 'finished at the quota’s ending')
    assert.equal(await counted(x, surveyId), { [quotaId]: 1 }, 'never over its limit')
  })

  test('an update whose screening failed is screened by the pass; a failed create is screened by its next write', async () => {
    const x = bed()
    const { surveyId, quotaId } = await quotaSurvey(x, { limit: 5, action: 'continueSurvey' })
    const started = await respond(x, surveyId, false)
    x.clock!.advance(1000)
    const finishing = await whileScreeningFails(x, 1, () =>
      x.call('PUT', `/api/v1/client/${x.envA}/responses/${started.id}`, { body: { finished: true, data: { q1: 'done' } } }),
    )
    assert.equal([finishing.status, finishing.body.data], [200, { id: started.id }])
    assert.equal(await counted(x, surveyId), {}, 'finished by the update, not counted')
    // A create whose screening failed, then its next write: that write's screening counts it.
    const second = await whileScreeningFails(x, 1, () => respond(x, surveyId, false))
    x.clock!.advance(1000)
    const next = await x.call('PUT', `/api/v1/client/${x.envA}/responses/${second.id}`, { body: { finished: true, data: { q1: 'x' } } })
    assert.is(next.status, 200, next.text)
    assert.equal(await counted(x, surveyId), { [quotaId]: 1 }, 'the next write screened it')
    x.clock!.advance(GRACE_MS + 1)
    assert.equal(await pass(x), { claimed: 1, screened: 1, failed: 0 }, 'only the update whose screening failed is left')
    assert.equal(await counted(x, surveyId), { [quotaId]: 2 })
  })

  test('a pass whose screening fails again leaves the response marked; a later pass screens it', async () => {
    const x = bed()
    const { surveyId, quotaId } = await quotaSurvey(x, { limit: 3, action: 'continueSurvey' })
    await whileScreeningFails(x, 2, async () => {
      await respond(x, surveyId, true)
      x.clock!.advance(GRACE_MS + 1)
      assert.equal(await pass(x), { claimed: 1, screened: 0, failed: 1 })
      assert.match(
        logged.at(-1) ?? '',
        /^Quota screening: screening response \S+ against the quotas of survey \S+ failed; trying again in 60 s/,
      )
    })
    assert.equal(await pass(x), { claimed: 0, screened: 0, failed: 0 }, 'held by the failed pass’s claim until the grace passes again')
    x.clock!.advance(GRACE_MS + 1)
    assert.equal(await pass(x), { claimed: 1, screened: 1, failed: 0 })
    assert.equal(await counted(x, surveyId), { [quotaId]: 1 })
  })

  test('passes of two instances at once screen every response once, and the quota ends exactly at its limit', async () => {
    const x = bed()
    const other = x.instance()
    const { surveyId, quotaId } = await quotaSurvey(x, { limit: 4, action: 'continueSurvey' })
    await whileScreeningFails(x, 7, async () => {
      for (let i = 0; i < 7; i++) assert.is((await respond(x, surveyId, true)).quotaFull, false)
    })
    assert.equal(await counted(x, surveyId), {})
    x.clock!.advance(GRACE_MS + 1)
    let claimed = 0
    for (let round = 0; round < 10; round++) {
      const reports = await Promise.all([x.canvass.runBackgroundOnce(), other.canvass.runBackgroundOnce()])
      const now = reports.reduce((sum, report) => sum + (report.quotaScreening?.claimed ?? 0), 0)
      assert.ok(reports.every((report) => report.quotaScreening?.failed === 0))
      if (now === 0) break
      claimed += now
    }
    assert.is(claimed, 7, 'each response claimed once, by one of them')
    assert.equal(await counted(x, surveyId), { [quotaId]: 4 })
  })

  test.run()
}
