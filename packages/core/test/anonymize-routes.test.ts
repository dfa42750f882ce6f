/**
 * `POST /api/v1/management/responses/anonymize` on the test bed: by ids and by survey and filters, exactly those
 * responses lose their contact and its traces (in the management GET and the CSV export), the answers stay,
 * another environment's responses are untouched, bad bodies are a 400 naming the field, a repeated call changes
 * nothing more, no webhook event is recorded, and the stored idempotent answers of anonymized responses become
 * erasure's tombstone (issue 58). On PGlite, and on the Postgres server when TEST_DATABASE_URL is set; there
 * also an anonymize and a client update of the same response, held at its row lock and released together,
 * both keep their effect.
 */
import * as assert from 'uvu/assert'
import { TEST_ORIGIN, availableBackends, createSurvey, errorOf, notFoundBody, sql, suiteWithBed, UNAUTHORIZED } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import { parseCsv } from './helpers'

const ANONYMIZE = '/api/v1/management/responses/anonymize'
const PERSONAL_META = { country: 'DE', city: 'Berlin', region: 'BE', ipAddress: '203.0.113.9' }

for (const backend of availableBackends()) {
  const { test, bed } = suiteWithBed(`anonymize responses (${backend})`, { backend, webhooks: { allowPrivateAddresses: true } })

  /** A response of contact `userId` (with an attribute), a user agent, a URL and the address fields of an import. */
  async function personalResponse(x: TestCanvass, surveyId: string, userId: string, side: 'A' | 'B' = 'A', finished = true) {
    const env = side === 'A' ? x.envA : x.envB
    const attributes = await x.call('PUT', `/api/v1/client/${env}/contacts/${userId}/attributes`, {
      body: { attributes: { email: `${userId}@example.com` } },
    })
    assert.is(attributes.status, 200, attributes.text)
    const res = await x.call('POST', `/api/v1/client/${env}/responses`, {
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0' },
      body: {
        surveyId,
        userId,
        finished,
        data: { q1: `answer of ${userId}` },
        ttc: { q1: 900, _total: 900 },
        language: 'de',
        meta: { source: 'link', url: `https://example.com/?email=${userId}`, action: 'New Session' },
      },
    })
    assert.is(res.status, 200, res.text)
    const id = res.body.data.id as string
    await sql`update canvass.responses set meta = meta || ${JSON.stringify(PERSONAL_META)}::jsonb where id = ${id}`.execute(x.db)
    return id
  }

  const read = async (x: TestCanvass, id: string, key = x.keyA) => {
    const res = await x.call('GET', `/api/v1/management/responses/${id}`, { key })
    assert.is(res.status, 200, res.text)
    return res.body.data
  }

  /** What anonymizing keeps, and that the contact's traces are gone. */
  function assertAnonymous(after: any, before: any, label: string) {
    assert.ok(
      before.contact && before.personAttributes && before.meta.url && before.meta.userAgent && before.meta.country,
      `${label}: seeded`,
    )
    assert.is(after.contact, null, `${label}: contact`)
    assert.is(after.personAttributes, null, `${label}: personAttributes`)
    assert.is(after.contactAttributes, null, `${label}: contactAttributes`)
    assert.equal(after.meta, { source: 'link', action: 'New Session' }, `${label}: meta`)
    for (const field of ['id', 'data', 'ttc', 'variables', 'language', 'finished', 'createdAt', 'updatedAt', 'surveyId', 'tags', 'notes'])
      assert.equal(after[field], before[field], `${label}: ${field} kept`)
  }

  const inProgress = (x: TestCanvass, side: 'A' | 'B' = 'A') => createSurvey(x, { status: 'inProgress' }, side)

  test('by ids: exactly those responses, answers kept; unknown and other environments listed as missing, untouched', async () => {
    const x = bed()
    const survey = await inProgress(x)
    const chosen = await personalResponse(x, survey.id, 'ann-1')
    const kept = await personalResponse(x, survey.id, 'ann-2')
    const elsewhere = await personalResponse(x, (await inProgress(x, 'B')).id, 'ann-3', 'B')
    const before = { chosen: await read(x, chosen), kept: await read(x, kept), elsewhere: await read(x, elsewhere, x.keyB) }

    const res = await x.call('POST', ANONYMIZE, { key: x.keyA, body: { responseIds: [chosen, elsewhere, 'no-such-response'] } })
    assert.equal([res.status, res.body], [200, { data: { anonymized: 1, missing: [elsewhere, 'no-such-response'] } }])
    assertAnonymous(await read(x, chosen), before.chosen, 'chosen')
    assert.equal(await read(x, kept), before.kept, 'the other response of the survey')
    assert.equal(await read(x, elsewhere, x.keyB), before.elsewhere, "the other environment's")

    const again = await x.call('POST', ANONYMIZE, { key: x.keyA, body: { responseIds: [chosen] } })
    assert.equal([again.status, again.body], [200, { data: { anonymized: 1, missing: [] } }], 'idempotent')
    assertAnonymous(await read(x, chosen), before.chosen, 'repeated')
  })

  test('by survey and filters: the filtered responses, also gone from the CSV export; no webhook event', async () => {
    const x = bed()
    const survey = await inProgress(x)
    const other = await inProgress(x)
    const hook = await x.call('POST', '/api/v1/webhooks', {
      key: x.keyA,
      body: { url: 'http://127.0.0.1:9/hook', triggers: ['responseUpdated', 'responseFinished'] },
    })
    assert.is(hook.status, 200, hook.text)
    const finished = [await personalResponse(x, survey.id, 'flt-1'), await personalResponse(x, survey.id, 'flt-2')]
    const unfinished = await personalResponse(x, survey.id, 'flt-3', 'A', false)
    const otherSurvey = await personalResponse(x, other.id, 'flt-4')
    const before = await Promise.all(finished.map((id) => read(x, id)))
    const untouched = [await read(x, unfinished), await read(x, otherSurvey)]
    const events = async () =>
      Number((await sql<{ n: number }>`select count(*)::int as n from canvass.webhook_events`.execute(x.db)).rows[0]?.n)
    const eventsBefore = await events()

    const res = await x.call('POST', ANONYMIZE, { key: x.keyA, body: { surveyId: survey.id, finished: true, startDate: '2000-01-01' } })
    assert.equal([res.status, res.body], [200, { data: { anonymized: 2, missing: [] } }])
    for (const [i, id] of finished.entries()) assertAnonymous(await read(x, id), before[i], `finished ${i}`)
    assert.equal([await read(x, unfinished), await read(x, otherSurvey)], untouched, 'outside the filter')
    assert.is(await events(), eventsBefore, 'no webhook event')
    const update = await x.call('PUT', `/api/v1/client/${x.envA}/responses/${unfinished}`, { body: { finished: true, data: { q1: 'x' } } })
    assert.is(update.status, 200, update.text)
    assert.ok((await events()) > eventsBefore, 'an update of the same survey does record one (the check can fail)')

    const csv = await x.fetch(
      new Request(`${TEST_ORIGIN}/api/v1/management/responses/export?surveyId=${survey.id}`, { headers: { 'x-api-key': x.keyA } }),
    )
    const [header, ...rows] = parseCsv(await csv.text())
    const column = (name: string) => header!.indexOf(name)
    for (const id of finished) {
      const row = rows.find((cells) => cells[column('Response ID')] === id)!
      for (const name of ['Contact ID', 'User ID', 'URL', 'Device', 'Browser', 'OS'])
        assert.is(row[column(name)], '', `${id}: ${name} empty`)
      assert.is(row[column('Source')], 'link')
      assert.ok(
        row.some((cell) => cell.startsWith('answer of flt-')),
        'the answer stays',
      )
    }
    const still = rows.find((cells) => cells[column('Response ID')] === unfinished)!
    assert.is(still[column('User ID')], 'flt-3', 'an unselected response keeps its contact')

    // Again: the two already anonymous, and the response the update finished meanwhile.
    const twice = await x.call('POST', ANONYMIZE, { key: x.keyA, body: { surveyId: survey.id, finished: true } })
    assert.equal(twice.body, { data: { anonymized: 3, missing: [] } })
    for (const [i, id] of finished.entries()) assertAnonymous(await read(x, id), before[i], `repeated ${i}`)
    assert.is((await read(x, unfinished)).contact, null)
  })

  test("bad bodies are a 400 naming the field; another environment's survey 401, an unknown one 404", async () => {
    const x = bed()
    const survey = await inProgress(x)
    const bad: Array<[unknown, string]> = [
      [{}, 'surveyId'],
      [{ responseIds: [] }, 'responseIds'],
      [{ responseIds: Array.from({ length: 1001 }, (_, i) => `r${i}`) }, 'responseIds'],
      [{ responseIds: [42] }, 'responseIds.0'],
      [{ responseIds: ['a'], surveyId: survey.id }, 'surveyId'],
      [{ surveyId: survey.id, finished: 'true' }, 'finished'],
      [{ surveyId: survey.id, startDate: 'yesterday' }, 'startDate'],
      [{ surveyId: survey.id, startDate: '2026-02-01', endDate: '2026-01-01' }, 'endDate'],
      [{ surveyId: survey.id, finishd: true }, 'finishd'],
      [[], ''],
    ]
    for (const [body, field] of bad) {
      const res = await x.call('POST', ANONYMIZE, { key: x.keyA, body })
      assert.is(res.status, 400, JSON.stringify(body))
      assert.is(res.body.code, 'bad_request')
      assert.ok(field in res.body.details, `${JSON.stringify(body).slice(0, 80)} names ${field}: ${res.text}`)
    }
    const foreign = await inProgress(x, 'B')
    assert.equal(errorOf(await x.call('POST', ANONYMIZE, { key: x.keyA, body: { surveyId: foreign.id } })), {
      status: 401,
      body: UNAUTHORIZED,
    })
    assert.equal(errorOf(await x.call('POST', ANONYMIZE, { key: x.keyA, body: { surveyId: 'nope' } })), {
      status: 404,
      body: notFoundBody('Survey', 'nope'),
    })
  })

  test("issue 58: a stored idempotent answer of an anonymized response becomes erasure's tombstone; others still replay", async () => {
    const x = bed()
    const survey = await inProgress(x)
    const marker = `ANONME${Date.now().toString(36)}`
    const create = (userId: string, key: string) => ({
      key: x.keyA,
      headers: { 'idempotency-key': key },
      body: {
        surveyId: survey.id,
        userId,
        finished: true,
        data: { q1: 'kept' },
        meta: { source: 'api', url: `https://example.com/?who=${marker}` },
      },
    })
    for (const userId of [`${marker}-ada`, `${marker}-bob`]) {
      const attributes = await x.call('PUT', `/api/v1/client/${x.envA}/contacts/${userId}/attributes`, {
        body: { attributes: { email: `${userId}@example.com` } },
      })
      assert.is(attributes.status, 200, attributes.text)
    }
    const ada = await x.call('POST', '/api/v1/management/responses', create(`${marker}-ada`, `${marker}-key-ada`))
    const bob = await x.call('POST', '/api/v1/management/responses', create(`${marker}-bob`, `${marker}-key-bob`))
    assert.is(ada.status, 200, ada.text)
    assert.ok(ada.body.data.contact && ada.text.includes(`${marker}-ada@example.com`), 'the answer holds the contact and attributes')
    const replayed = await x.call('POST', '/api/v1/management/responses', create(`${marker}-ada`, `${marker}-key-ada`))
    assert.equal(replayed.body, ada.body, 'replayed before')

    const done = await x.call('POST', ANONYMIZE, { key: x.keyA, body: { responseIds: [ada.body.data.id] } })
    assert.is(done.status, 200, done.text)
    const retried = await x.call('POST', '/api/v1/management/responses', create(`${marker}-ada`, `${marker}-key-ada`))
    assert.is(retried.status, 410, retried.text)
    assert.equal(retried.body, { code: 'gone', message: 'The data this request created or returned was erased', details: {} })
    const { rows } = await sql<{ key: string; body: string | null }>`
      select key, body from canvass.idempotency_keys where key like ${`${marker}-key-%`} order by key`.execute(x.db)
    assert.equal(
      rows.map((row) => [row.key, row.body?.includes(`${marker}-ada`) || row.body?.includes('example.com/?who')]),
      [
        [`${marker}-key-ada`, false],
        [`${marker}-key-bob`, true],
      ],
      "no contact, attribute or URL of Ada left in a stored answer; Bob's is as it was",
    )
    const bobAgain = await x.call('POST', '/api/v1/management/responses', create(`${marker}-bob`, `${marker}-key-bob`))
    assert.equal(bobAgain.body, bob.body, 'a response not anonymized still replays')
  })

  if (backend === 'postgres')
    test('an anonymize and a client update of the same response, released together, both take effect', async () => {
      const x = bed()
      const survey = await inProgress(x)
      for (let round = 0; round < 3; round++) {
        const id = await personalResponse(x, survey.id, `race-${round}`, 'A', false)
        let release!: () => void
        const released = new Promise<void>((resolve) => {
          release = resolve
        })
        let locked!: () => void
        const holding = new Promise<void>((resolve) => {
          locked = resolve
        })
        const holder = x.db.transaction().execute(async (trx) => {
          await sql`select 1 from canvass.responses where id = ${id} for update`.execute(trx)
          locked()
          await released
        })
        await holding
        const anonymize = x.call('POST', ANONYMIZE, { key: x.keyA, body: { responseIds: [id] } })
        const update = x.call('PUT', `/api/v1/client/${x.envA}/responses/${id}`, {
          body: { finished: true, data: { q2: `later ${round}` } },
        })
        // Both wait at the row lock before it is released (waiting on the database's own state, not on time).
        for (;;) {
          const waiting = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`.execute(x.db)
          if ((waiting.rows[0]?.n ?? 0) >= 2) break
          await new Promise((resolve) => setImmediate(resolve))
        }
        release()
        await holder
        const [a, u] = await Promise.all([anonymize, update])
        assert.is(a.status, 200, a.text)
        assert.is(u.status, 200, u.text)
        const after = await read(x, id)
        assert.equal(after.data, { q1: `answer of race-${round}`, q2: `later ${round}` }, 'the update kept')
        assert.is(after.finished, true)
        assert.is(after.contact, null, 'the anonymization kept')
        assert.equal(after.meta, { source: 'link', action: 'New Session' })
      }
    })

  test.run()
}
