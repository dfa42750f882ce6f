/**
 * Quotas on the test bed (docs/api.md, "Quotas"): the management routes under `/surveys/{id}/quotas` round-trip every field and
 * refuse bad quotas with a 400 naming the field; a survey of another environment is refused as on every
 * survey route; client writes are screened: responses that meet a quota are counted up to its limit, the rest
 * are told `quotaFull` (and, with `endSurvey`, finished at the quota's ending); the count holds exactly under
 * concurrent finishing responses; the summary and the CSV export show the quotas.
 * The routes and answers on PGlite; the count under concurrent finishing responses also on the Postgres server
 * when TEST_DATABASE_URL is set.
 */
import * as assert from 'uvu/assert'
import { UNAUTHORIZED, availableBackends, createSurvey, errorOf, notFoundBody, suiteWithBed } from '@canvass/test-bed'
import type { Backend } from '@canvass/test-bed'

const CHOICE_SURVEY = {
  status: 'inProgress',
  questions: [
    {
      id: 'plan',
      type: 'multipleChoiceSingle',
      headline: { default: 'Your plan?' },
      required: true,
      choices: [
        { id: 'pro', label: { default: 'Pro', de: 'Profi' } },
        { id: 'free', label: { default: 'Free' } },
      ],
    },
    { id: 'age', type: 'openText', inputType: 'number', headline: { default: 'Age?' }, required: false },
  ],
  endings: [{ id: 'full', type: 'endScreen', headline: { default: 'We have enough answers, thank you' } }],
  hiddenFields: { enabled: true, fieldIds: ['channel'] },
  variables: [{ id: 'score', name: 'score', type: 'number', value: 0 }],
}

/** `plan` answered Pro (in any language) and `age` at least 18. */
const PRO_ADULTS = {
  connector: 'and',
  conditions: [
    { id: 'c1', leftOperand: { type: 'element', value: 'plan' }, operator: 'equals', rightOperand: { type: 'static', value: 'pro' } },
    {
      id: 'c2',
      leftOperand: { type: 'element', value: 'age' },
      operator: 'isGreaterThanOrEqual',
      rightOperand: { type: 'static', value: 18 },
    },
  ],
}

const quotasPath = (surveyId: string) => `/api/v1/management/surveys/${surveyId}/quotas`

for (const backend of availableBackends()) {
  const { test: quotas, bed } = suiteWithBed(`${backend}: quotas`, { backend })
  // The routes and the screening are the same code on both databases (the store's SQL runs on both in the
  // conformance suite); what only the Postgres server shows is counting under real concurrency.
  const functional = backend === 'pglite' ? quotas : () => {}
  let x: Backend
  quotas.before.each(() => {
    x = bed()
  })

  const postQuota = (surveyId: string, body: Record<string, unknown>, key = x.keyA) => x.call('POST', quotasPath(surveyId), { key, body })
  async function createQuota(surveyId: string, body: Record<string, unknown>): Promise<Record<string, any>> {
    const res = await postQuota(surveyId, {
      name: 'Pro adults',
      limit: 2,
      logic: PRO_ADULTS,
      action: 'endSurvey',
      endingCardId: 'full',
      ...body,
    })
    if (res.status !== 200) throw new Error(`quota create failed: ${res.status} ${res.text}`)
    return res.body.data
  }
  const respondV2 = async (surveyId: string, data: Record<string, unknown>, finished = true) => {
    const res = await x.call('POST', `/api/v2/client/${x.envA}/responses`, { body: { surveyId, finished, data } })
    assert.is(res.status, 200, res.text)
    return res.body.data
  }

  functional('a quota round-trips every field: create, get, list, update, delete', async () => {
    const survey = await createSurvey(x, CHOICE_SURVEY)
    const created = await createQuota(survey.id, { countPartialSubmissions: true, surveyId: survey.id })
    assert.equal(
      { ...created, id: undefined, createdAt: undefined, updatedAt: undefined },
      {
        id: undefined,
        createdAt: undefined,
        updatedAt: undefined,
        surveyId: survey.id,
        name: 'Pro adults',
        limit: 2,
        logic: PRO_ADULTS,
        action: 'endSurvey',
        endingCardId: 'full',
        countPartialSubmissions: true,
      },
    )
    assert.equal(
      (await x.call('GET', `${quotasPath(survey.id)}/${created.id}`, { key: x.keyA })).body.data,
      { ...created, count: 0 },
      'a read adds the responses counted so far',
    )
    const second = await createQuota(survey.id, {
      name: 'Anyone',
      logic: { conditions: [] },
      action: 'continueSurvey',
      endingCardId: null,
      limit: 1000,
    })
    assert.equal(second.logic, { connector: 'and', conditions: [] })
    const list = await x.call('GET', `${quotasPath(survey.id)}?limit=1`, { key: x.keyA })
    assert.equal(list.body.data, [{ ...second, count: 0 }])
    assert.ok(list.headers.get('link')?.includes('rel="next"'))
    const hidden = {
      connector: 'or',
      conditions: [
        {
          id: 'h',
          leftOperand: { type: 'hiddenField', value: 'channel' },
          operator: 'equals',
          rightOperand: { type: 'variable', value: 'score' },
        },
      ],
    }
    const updated = await x.call('PUT', `${quotasPath(survey.id)}/${created.id}`, {
      key: x.keyA,
      body: { limit: 3, logic: hidden, action: 'continueSurvey' },
    })
    assert.is(updated.status, 200, updated.text)
    assert.equal(
      { ...updated.body.data, updatedAt: undefined },
      { ...created, limit: 3, logic: hidden, action: 'continueSurvey', updatedAt: undefined },
    )
    const deleted = await x.call('DELETE', `${quotasPath(survey.id)}/${created.id}`, { key: x.keyA })
    assert.equal(deleted.body.data, updated.body.data)
    assert.equal(errorOf(await x.call('GET', `${quotasPath(survey.id)}/${created.id}`, { key: x.keyA })), {
      status: 404,
      body: notFoundBody('Quota', created.id),
    })
    assert.equal(errorOf(await x.call('DELETE', `${quotasPath(survey.id)}/${created.id}`, { key: x.keyA })), {
      status: 404,
      body: notFoundBody('Quota', created.id),
    })
  })

  functional('bad quotas get a 400 naming the field', async () => {
    const survey = await createSurvey(x, CHOICE_SURVEY)
    const base = { name: 'Q', limit: 1, logic: PRO_ADULTS, action: 'endSurvey', endingCardId: 'full' }
    const condition = (leftOperand: unknown, extra: Record<string, unknown> = {}) => ({
      ...base,
      logic: { connector: 'and', conditions: [{ id: 'c', leftOperand, operator: 'isSubmitted', ...extra }] },
    })
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, endingCardId: null }, 'endingCardId'],
      [{ ...base, endingCardId: 'nope' }, 'endingCardId'],
      [{ ...base, limit: 0 }, 'limit'],
      [{ ...base, limit: 2 ** 31 }, 'limit'],
      [{ ...base, limit: 1.5 }, 'limit'],
      [{ ...base, action: 'stop' }, 'action'],
      [{ ...base, name: '' }, 'name'],
      [{ ...base, color: 'red' }, 'color'],
      [{ ...base, surveyId: 'another' }, 'surveyId'],
      [condition({ type: 'element', value: 'nope' }), 'logic.conditions.0.leftOperand.value'],
      [condition({ type: 'hiddenField', value: 'nope' }), 'logic.conditions.0.leftOperand.value'],
      [condition({ type: 'variable', value: 'nope' }), 'logic.conditions.0.leftOperand.value'],
      [
        condition({ type: 'element', value: 'plan' }, { rightOperand: { type: 'static', value: 'pro' } }),
        'logic.conditions.0.rightOperand',
      ],
      [condition({ type: 'element', value: 'plan' }, { operator: 'equals' }), 'logic.conditions.0.rightOperand'],
      [condition({ type: 'element', value: 'plan' }, { operator: 'near' }), 'logic.conditions.0.operator'],
      [{ ...base, logic: { connector: 'xor', conditions: [] } }, 'logic.connector'],
      [
        {
          ...base,
          logic: {
            conditions: Array.from({ length: 51 }, (_, i) => ({
              id: `c${i}`,
              leftOperand: { type: 'element', value: 'plan' },
              operator: 'isSubmitted',
            })),
          },
        },
        'logic.conditions',
      ],
    ]
    for (const [body, field] of cases) {
      const res = await postQuota(survey.id, body)
      assert.is(res.status, 400, `${JSON.stringify(body)}: ${res.text}`)
      assert.is(res.body.code, 'bad_request')
      assert.ok(field in res.body.details, `${field} named in ${res.text}`)
    }
    await createQuota(survey.id, { name: 'Taken' })
    const taken = await postQuota(survey.id, { ...base, name: 'Taken' })
    assert.equal(errorOf(taken).body.details, { name: 'Another quota of this survey has this name' })
    assert.equal((await x.call('GET', quotasPath(survey.id), { key: x.keyA })).body.data.length, 1, 'nothing else was stored')
  })

  functional('a survey of another environment is refused as on every survey route; a quota of another survey is a 404', async () => {
    const mine = await createSurvey(x, CHOICE_SURVEY)
    const theirs = await createSurvey(x, CHOICE_SURVEY, 'B')
    const quota = await createQuota(mine.id, {})
    for (const [method, path] of [
      ['GET', quotasPath(mine.id)],
      ['POST', quotasPath(mine.id)],
      ['GET', `${quotasPath(mine.id)}/${quota.id}`],
      ['PUT', `${quotasPath(mine.id)}/${quota.id}`],
      ['DELETE', `${quotasPath(mine.id)}/${quota.id}`],
    ] as const) {
      const res = await x.call(method, path, {
        key: x.keyB,
        body:
          method === 'POST' || method === 'PUT' ? { name: 'B', limit: 1, logic: { conditions: [] }, action: 'continueSurvey' } : undefined,
      })
      assert.equal(errorOf(res), { status: 401, body: UNAUTHORIZED }, `${method} ${path}`)
    }
    const other = await createSurvey(x, CHOICE_SURVEY)
    assert.equal(errorOf(await x.call('GET', `${quotasPath(other.id)}/${quota.id}`, { key: x.keyA })), {
      status: 404,
      body: notFoundBody('Quota', quota.id),
    })
    assert.equal(errorOf(await x.call('GET', quotasPath('no-such-survey'), { key: x.keyA })), {
      status: 404,
      body: notFoundBody('Survey', 'no-such-survey'),
    })
    assert.equal((await x.call('GET', quotasPath(theirs.id), { key: x.keyB })).body.data, [])
    assert.equal(
      (await x.call('GET', `${quotasPath(mine.id)}/${quota.id}`, { key: x.keyA })).body.data,
      { ...quota, count: 0 },
      'unchanged',
    )
  })

  functional('a survey change that takes away a part a quota names is a 400 naming the survey field', async () => {
    const survey = await createSurvey(x, CHOICE_SURVEY)
    await createQuota(survey.id, {})
    const put = (body: Record<string, unknown>) => x.call('PUT', `/api/v1/management/surveys/${survey.id}`, { key: x.keyA, body })
    const noEnding = await put({ endings: [] })
    assert.equal([noEnding.status, Object.keys(noEnding.body.details)], [400, ['endings']])
    const noAge = await put({ questions: CHOICE_SURVEY.questions.slice(0, 1) })
    assert.equal([noAge.status, Object.keys(noAge.body.details)], [400, ['questions']])
    assert.match(noAge.body.details.questions, /Quota "Pro adults" uses question age/)
    const renamed = await put({
      name: 'Renamed',
      endings: [...CHOICE_SURVEY.endings, { id: 'more', type: 'endScreen', headline: { default: 'More' } }],
    })
    assert.is(renamed.status, 200, renamed.text)
  })

  functional(
    'responses are counted up to the limit; the next ones are screened out to the ending; summary and export show it',
    async () => {
      const survey = await createSurvey(x, CHOICE_SURVEY)
      const quota = await createQuota(survey.id, {})
      const counted = [await respondV2(survey.id, { plan: 'Pro', age: '30' }), await respondV2(survey.id, { plan: 'Profi', age: 18 })]
      assert.equal(
        counted.map((answer) => answer.quotaFull),
        [false, false],
      )
      assert.equal((await respondV2(survey.id, { plan: 'Free', age: '30' })).quotaFull, false, 'another plan meets no quota')
      const full = await respondV2(survey.id, { plan: 'Pro', age: '40' })
      assert.equal(full, { id: full.id, quotaFull: true, quota: { id: quota.id, action: 'endSurvey', endingCardId: 'full' } })
      // A v1 respondent still answering meets the full quota too: finished at the quota's ending.
      const v1 = await x.call('POST', `/api/v1/client/${x.envA}/responses`, {
        body: { surveyId: survey.id, finished: false, data: { plan: 'Pro', age: '50' } },
      })
      assert.equal(v1.body.data, {
        id: v1.body.data.id,
        quotaFull: true,
        quota: { id: quota.id, action: 'endSurvey', endingCardId: 'full' },
      })
      const ended = await x.call('GET', `/api/v1/management/responses/${v1.body.data.id}`, { key: x.keyA })
      assert.equal([ended.body.data.finished, ended.body.data.endingId], [true, 'full'])
      // Below the quota, v1 answers are the specification's `{id}`.
      const plain = await x.call('POST', `/api/v1/client/${x.envA}/responses`, {
        body: { surveyId: survey.id, finished: false, data: { plan: 'Free' } },
      })
      assert.equal(Object.keys(plain.body.data), ['id'])
      const finishing = await x.call('PUT', `/api/v2/client/${x.envA}/responses/${plain.body.data.id}`, {
        body: { finished: true, data: { plan: 'Pro', age: '20' } },
      })
      assert.equal(finishing.body.data, {
        id: plain.body.data.id,
        quotaFull: true,
        quota: { id: quota.id, action: 'endSurvey', endingCardId: 'full' },
      })

      const summary = await x.call('GET', `/api/v1/management/surveys/${survey.id}/summary`, { key: x.keyA })
      assert.equal(summary.body.data.quotas, [{ id: quota.id, name: 'Pro adults', limit: 2, count: 2, percentage: 100 }])
      const csv = await x.call('GET', `/api/v1/management/responses/export?format=csv&surveyId=${survey.id}&order=asc`, { key: x.keyA })
      const lines = csv.text
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')
      assert.is(lines[0]!.split(',').at(-1), 'Quotas')
      assert.equal(
        lines.slice(1).map((line) => line.split(',').at(-1)),
        ['Pro adults', 'Pro adults', '', '', '', ''],
      )
    },
  )

  functional('continueSurvey: a full quota says so and the response goes on; partial submissions count when asked', async () => {
    const survey = await createSurvey(x, CHOICE_SURVEY)
    const quota = await createQuota(survey.id, { action: 'continueSurvey', endingCardId: null, limit: 1, countPartialSubmissions: true })
    const first = await respondV2(survey.id, { plan: 'Pro', age: 20 }, false)
    assert.is(first.quotaFull, false)
    const second = await respondV2(survey.id, { plan: 'Pro', age: 21 }, false)
    assert.equal(second, { id: second.id, quotaFull: true, quota: { id: quota.id, action: 'continueSurvey' } })
    const going = await x.call('PUT', `/api/v1/client/${x.envA}/responses/${second.id}`, { body: { finished: false, data: { age: '22' } } })
    assert.is(going.status, 200, 'the response is still open')
    const summary = await x.call('GET', `/api/v1/management/surveys/${survey.id}/summary`, { key: x.keyA })
    assert.equal(summary.body.data.quotas, [{ id: quota.id, name: 'Pro adults', limit: 1, count: 1, percentage: 100 }])
    const listed = await x.call('GET', quotasPath(survey.id), { key: x.keyA })
    assert.equal(
      listed.body.data.map((q: any) => [q.id, q.count]),
      [[quota.id, 1]],
      'the list counts as the summary does',
    )
  })

  quotas('30 concurrent finishing responses against a limit of 5: exactly 5 counted, 25 told quotaFull', async () => {
    const survey = await createSurvey(x, CHOICE_SURVEY)
    const quota = await createQuota(survey.id, { limit: 5 })
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => respondV2(survey.id, { plan: 'Pro', age: 20 + i })))
    assert.is(answers.filter((answer) => answer.quotaFull === false).length, 5)
    assert.is(answers.filter((answer) => answer.quotaFull === true && answer.quota.id === quota.id).length, 25)
    const summary = await x.call('GET', `/api/v1/management/surveys/${survey.id}/summary`, { key: x.keyA })
    assert.equal(summary.body.data.quotas, [{ id: quota.id, name: 'Pro adults', limit: 5, count: 5, percentage: 100 }])
  })

  quotas.run()
}
