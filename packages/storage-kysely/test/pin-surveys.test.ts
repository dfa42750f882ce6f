/**
 * Surveys with a PIN, in process on this storage (PGlite always, the Postgres server too when
 * TEST_DATABASE_URL is set): wrong PINs on the link page are limited per client address and per survey
 * (429 with `Retry-After`, right or wrong, until the window ends; counted in the shared Postgres rate
 * limiter), and a respondent's response create or update of such a survey needs the proof the link page
 * hands out once the right PIN was entered (403 without it).
 */
import type { Canvass, RateLimiter } from '@canvass/core'
import { createCanvass } from '@canvass/core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createKyselyStorage, createPostgresRateLimiter, migrate } from '../src'
import { backends } from './backends'
import type { OpenBackend } from './backends'

const MINUTE = 60_000

for (const backend of backends()) {
  const test = suite(`PIN surveys on ${backend.name}`)
  let open: OpenBackend
  let canvass: Canvass
  let key: string
  let environmentId: string
  /** Added to the time the rate limiter is told: a test moves it to end a window. */
  let later = 0
  let addresses = 0

  test.before(async () => {
    open = await backend.open({ migrated: true })
    await migrate(open.db)
    const shared = createPostgresRateLimiter({ db: open.db })
    const limiter: RateLimiter = { hit: (checks, now) => shared.hit(checks, new Date(now.getTime() + later)) }
    canvass = createCanvass({
      storage: createKyselyStorage({ db: open.db }),
      secret: 'pin-surveys-test-secret',
      widget: { formbricks: '', surveys: '' },
      // No `rateLimits`: PIN attempts are limited all the same. The survey's limit is lowered from 100 to keep
      // the test short; the address keeps its default of 10.
      pinAttempts: { limiter, survey: { limit: 24, windowMs: 60 * MINUTE } },
    })
    const project = await canvass.admin.createProject({ name: 'PIN' })
    environmentId = project.environments.production
    key = (await canvass.admin.createApiKey({ environmentId })).key
  })
  test.after(async () => {
    await open?.close()
  })

  /** A fresh client address: each test's traffic counts apart from the others'. */
  const newAddress = () => `192.0.2.${++addresses % 250}:${backend.name}:${addresses}`

  async function call(method: string, path: string, options: { body?: unknown; key?: boolean; address?: string } = {}) {
    const headers: Record<string, string> = {}
    if (options.body !== undefined) headers['content-type'] = 'application/json'
    if (options.key) headers['x-api-key'] = key
    const response = await canvass.fetch(
      new Request(`http://localhost${path}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      }),
      { clientAddress: options.address ?? newAddress() },
    )
    const text = await response.text()
    let body: any
    try {
      body = JSON.parse(text)
    } catch {}
    return { status: response.status, headers: response.headers, text, body }
  }

  async function pinSurvey(pin: string): Promise<string> {
    const res = await call('POST', '/api/v1/management/surveys', {
      key: true,
      body: {
        environmentId,
        name: 'Protected',
        type: 'link',
        status: 'inProgress',
        pin,
        questions: [{ id: 'q1', type: 'openText', headline: { default: 'Why?' }, required: true }],
      },
    })
    assert.is(res.status, 200, res.text)
    return res.body.data.id
  }

  /** The link page with a PIN: its status, `Retry-After`, and the proof its boot JSON carries. */
  async function enter(surveyId: string, pin: string, address = newAddress()) {
    const res = await call('GET', `/s/${surveyId}?pin=${pin}`, { address })
    const boot = /<script id="canvass-boot" type="application\/json">(.*?)<\/script>/s.exec(res.text)?.[1]
    return {
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      proof: boot === undefined ? undefined : (JSON.parse(boot).pinAuthToken as string | undefined),
    }
  }

  const createBody = (surveyId: string, extra: Record<string, unknown> = {}) => ({
    surveyId,
    finished: false,
    data: { q1: 'because' },
    ...extra,
  })

  test('a response without the proof is refused with 403 on every client route; with the link page’s proof it is accepted', async () => {
    const surveyId = await pinSurvey('4821')
    const otherId = await pinSurvey('1111')
    const { status, proof } = await enter(surveyId, '4821')
    assert.is(status, 200)
    assert.type(proof, 'string', 'the page hands the renderer a proof')
    const otherProof = (await enter(otherId, '1111')).proof as string

    for (const path of [`/api/v1/client/${environmentId}/responses`, `/api/v2/client/${environmentId}/responses`]) {
      for (const pinAuthToken of [undefined, null, '', 'made-up', otherProof, `${proof}x`, (proof as string).replace(/^\d/, '9')]) {
        const refused = await call('POST', path, { body: createBody(surveyId, pinAuthToken === undefined ? {} : { pinAuthToken }) })
        assert.is(refused.status, 403, `${path} with ${pinAuthToken}`)
        assert.equal(
          [refused.body.code, refused.body.message, refused.body.details.surveyId],
          ['forbidden', 'Survey is protected by a PIN', surveyId],
        )
      }
    }
    const list = await call('GET', `/api/v1/management/responses?surveyId=${surveyId}`, { key: true })
    assert.equal(list.body.data, [], 'nothing was written')

    const created = await call('POST', `/api/v1/client/${environmentId}/responses`, { body: createBody(surveyId, { pinAuthToken: proof }) })
    assert.is(created.status, 200, created.text)
    const id = created.body.data.id
    const createdV2 = await call('POST', `/api/v2/client/${environmentId}/responses`, {
      body: createBody(surveyId, { pinAuthToken: proof }),
    })
    assert.is(createdV2.status, 200, createdV2.text)

    for (const path of [
      `/api/v1/client/${environmentId}/responses/${id}`,
      `/api/v1/client/responses/${id}`,
      `/api/v2/client/${environmentId}/responses/${id}`,
    ]) {
      for (const pinAuthToken of [undefined, 'made-up', otherProof]) {
        const refused = await call('PUT', path, {
          body: { finished: false, data: { q1: 'changed' }, ...(pinAuthToken === undefined ? {} : { pinAuthToken }) },
        })
        assert.is(refused.status, 403, `${path} with ${pinAuthToken}`)
        assert.is(refused.body.message, 'Survey is protected by a PIN')
      }
    }
    assert.equal(
      (await call('GET', `/api/v1/management/responses/${id}`, { key: true })).body.data.data,
      { q1: 'because' },
      'no refused update was written',
    )
    const updated = await call('PUT', `/api/v1/client/${environmentId}/responses/${id}`, {
      body: { finished: true, data: { q1: 'done' }, pinAuthToken: proof },
    })
    assert.is(updated.status, 200, updated.text)
    assert.equal((await call('GET', `/api/v1/management/responses/${id}`, { key: true })).body.data.data, { q1: 'done' })

    // The management API needs no proof: its key is enough.
    assert.is((await call('POST', '/api/v1/management/responses', { key: true, body: createBody(surveyId) })).status, 200)
  })

  test('a survey without a PIN takes responses without a proof, and ignores one', async () => {
    const res = await call('POST', '/api/v1/management/surveys', {
      key: true,
      body: {
        environmentId,
        name: 'Open',
        type: 'link',
        status: 'inProgress',
        questions: [{ id: 'q1', type: 'openText', headline: { default: 'Why?' }, required: true }],
      },
    })
    const surveyId = res.body.data.id
    assert.is((await call('POST', `/api/v1/client/${environmentId}/responses`, { body: createBody(surveyId) })).status, 200)
    assert.is(
      (await call('POST', `/api/v1/client/${environmentId}/responses`, { body: createBody(surveyId, { pinAuthToken: 'anything' }) }))
        .status,
      200,
    )
  })

  test('one address guessing PINs is locked out after 10 wrong ones: 429 with Retry-After, even for the right PIN; others are not', async () => {
    const surveyId = await pinSurvey('7305')
    const guesser = newAddress()
    for (let guess = 0; guess < 10; guess++) assert.is((await enter(surveyId, String(1000 + guess), guesser)).status, 403, `guess ${guess}`)
    const locked = await enter(surveyId, '2000', guesser)
    assert.is(locked.status, 429)
    const retryAfter = Number(locked.retryAfter)
    assert.ok(retryAfter >= 1 && retryAfter <= 15 * 60, `Retry-After ${locked.retryAfter}`)
    const right = await enter(surveyId, '7305', guesser)
    assert.equal([right.status, right.proof], [429, undefined], 'the right PIN is refused too: the lockout tells nothing')
    // The address is locked for every survey, and the survey is not locked for anyone else.
    const otherSurvey = await pinSurvey('1234')
    assert.is((await enter(otherSurvey, '1234', guesser)).status, 429)
    assert.is((await enter(surveyId, '7305')).status, 200)
  })

  test('guesses from many addresses lock out the survey for everyone; another survey is not', async () => {
    const surveyId = await pinSurvey('5150')
    // 24 wrong PINs, each from an address of its own, all counted.
    for (let round = 0; round < 6; round++) {
      const statuses = await Promise.all(
        Array.from({ length: 4 }, (_, i) => enter(surveyId, String(6000 + round * 4 + i)).then((r) => r.status)),
      )
      assert.equal(statuses, [403, 403, 403, 403], `round ${round}`)
    }
    const locked = await enter(surveyId, '5150')
    assert.is(locked.status, 429, 'the right PIN from a new address')
    assert.ok(Number(locked.retryAfter) >= 1 && Number(locked.retryAfter) <= 60 * 60, `Retry-After ${locked.retryAfter}`)
    assert.is((await enter(surveyId, '0000')).status, 429)
    const other = await pinSurvey('5150')
    assert.is((await enter(other, '5150')).status, 200)
    later += 60 * MINUTE
    try {
      assert.is((await enter(surveyId, '5150')).status, 200, 'the window ended')
    } finally {
      later -= 60 * MINUTE
    }
  })

  test('an address locked out adds nothing to the survey’s count', async () => {
    const surveyId = await pinSurvey('8642')
    const guesser = newAddress()
    // 10 judged, then 20 refused: only the 10 count towards the survey's 24.
    for (let guess = 0; guess < 30; guess++) await enter(surveyId, String(1000 + guess), guesser)
    for (let guess = 0; guess < 13; guess++) assert.is((await enter(surveyId, String(3000 + guess))).status, 403, `guess ${guess}`)
    assert.is((await enter(surveyId, '8642')).status, 200)
  })

  test('concurrent wrong PINs from one address: exactly 10 are judged, the rest locked out', async () => {
    const surveyId = await pinSurvey('9753')
    const guesser = newAddress()
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => enter(surveyId, String(1000 + i), guesser).then((r) => r.status)),
    )
    assert.equal([statuses.filter((s) => s === 403).length, statuses.filter((s) => s === 429).length], [10, 10])
  })

  test.run()
}
