/**
 * The responses the filter tests of every route tell apart (the v1 routes' and the v3 routes'), and each filter
 * kind with the responses it takes: one table, so that every route is asked the same questions.
 */
import { createSurvey, sql } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import { MAX_FILTER_VALUE_LENGTH } from '../src/http/response-filters'

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0'

/** Makes one response through the route a test drives (v1 or v3); its id. */
export type CreateResponse = (surveyId: string, body: Record<string, unknown>, headers?: Record<string, string>) => Promise<string>

/** r1 … r3 in one survey that every kind of filter tells apart; r4 in another survey; r1 screened into a quota. */
export async function seedFilterResponses(x: TestCanvass, create: CreateResponse) {
  const survey = await createSurvey(x, { status: 'inProgress' })
  const other = await createSurvey(x, { status: 'inProgress' })
  const user = `u-${Math.random().toString(36).slice(2)}`
  const put = await x.call('PUT', `/api/v1/client/${x.envA}/contacts/${user}/attributes`, { body: { attributes: { plan: 'pro' } } })
  assert.is(put.status, 200, put.text)
  const r1 = await create(
    survey.id,
    {
      finished: true,
      userId: user,
      language: 'de',
      data: { q1: 'Yes', nps: 9, txt: 'Hello 50% off_now', h: "it's" },
      variables: { score: 10 },
      meta: { url: 'https://example.com/pricing', source: 'link' },
    },
    { 'user-agent': FIREFOX },
  )
  const r2 = await create(survey.id, {
    finished: false,
    data: { q1: 'No', nps: 4, txt: 'plain' },
    variables: { score: 3 },
    meta: { source: 'app' },
  })
  const r3 = await create(survey.id, { finished: true, language: 'fr', data: { q1: '', nps: 4 } })
  const r4 = await create(other.id, { finished: true, data: { q1: 'Yes' } })
  await x.storage.imports.insertNotesAndTags(x.envA, [{ responseId: r1, notes: [], tags: ['vip'] }])
  const now = x.clock?.now() ?? new Date()
  const quotaId = `quota-${Math.random().toString(36).slice(2)}`
  const quota = {
    id: quotaId,
    environmentId: x.envA,
    surveyId: survey.id,
    name: quotaId,
    limit: 5,
    logic: { connector: 'and' as const, conditions: [] },
    action: 'continueSurvey' as const,
    endingCardId: null,
    countPartialSubmissions: false,
    createdAt: now,
    updatedAt: now,
  }
  assert.is(await x.storage.quotas.insert(quota, 50), 'created')
  await x.storage.quotas.screen({
    environmentId: x.envA,
    surveyId: survey.id,
    responseId: r1,
    finished: true,
    met: [quotaId],
    unmet: [],
    now,
  })
  return { survey, other, ids: { r1, r2, r3, r4 }, quotaId }
}

export type SeededFilterResponses = Awaited<ReturnType<typeof seedFilterResponses>>

/** Each filter kind with the responses of the seeded survey it takes. */
export const filterCases = ({ ids: { r1, r2, r3 }, quotaId }: SeededFilterResponses): Array<[string, string[]]> => [
  ['filter[data.q1][eq]=Yes', [r1]],
  ['filter[data.q1][in]=Yes,No', [r1, r2]],
  ['filter[data.q1][in]=Yes&filter[data.q1][in]=No', [r1, r2]],
  ['filter[data.nps][gte]=5', [r1]],
  ['filter[data.nps][lte]=4', [r2, r3]],
  ['filter[data.nps][gt]=4', [r1]],
  ['filter[data.nps][lt]=9', [r2, r3]],
  ['filter[data.txt][contains]=50%25', [r1]],
  ['filter[data.txt][contains]=o_f', []],
  ['filter[data.q1][exists]=true', [r1, r2]],
  ['filter[data.q1][exists]=false', [r3]],
  [`filter[hiddenFields.h][eq]=${encodeURIComponent("it's")}`, [r1]],
  ['filter[variables.score][lt]=5', [r2]],
  ['filter[meta.url][contains]=pricing', [r1]],
  ['filter[meta.source][in]=app,email', [r2]],
  ['filter[meta.userAgent.browser][eq]=Firefox', [r1]],
  ['filter[contactAttributes.plan][eq]=pro', [r1]],
  ['filter[language][in]=de,fr', [r1, r3]],
  ['filter[language][eq]=default', [r2]],
  ['filter[tags][in]=vip', [r1]],
  ['filter[tags][nin]=vip', [r2, r3]],
  [`filter[quota.${quotaId}][eq]=screenedIn`, [r1]],
  ['filter[finished][eq]=false', [r2]],
  ['filter[data.q1][in]=Yes,No&filter[finished][eq]=true', [r1]],
]

/** Values a filter must take as values: SQL, wildcards, an escape, unicode, one at the length bound, JSON. */
export const HOSTILE_FILTER_VALUES = [
  "'; drop table responses; --",
  "Yes' or '1'='1",
  '%',
  '_',
  '\\',
  'Grüße 🎉',
  'x'.repeat(MAX_FILTER_VALUE_LENGTH),
  '{"q1":"Yes"}',
]

/** The queries that put `value` in a filter's value and (cut to a field id's 255 characters) in its field. */
export function hostileFilterQueries(value: string): string[] {
  const v = encodeURIComponent(value)
  const k = encodeURIComponent(value.slice(0, 255))
  return [
    `filter[data.q1][eq]=${v}`,
    `filter[data.${k}][eq]=Yes`,
    `filter[contactAttributes.${k}][contains]=${v}`,
    `filter[tags][in]=${v}`,
    `filter[quota.${k}][eq]=screenedIn`,
    `filter[language][eq]=${v}`,
  ]
}

/**
 * A survey just past the 10,000 that counts stay exact to (docs/api.md, `count=true`): two responses written through the
 * bulk route, one answering `nps` 10 and one answering 1, then 9,999 copies of the second made by one SQL
 * statement, for 10,000 answering 1 in all. Ten thousand creates through the API took most of the time of the
 * files that test the cap; the bulk route's own tests cover what it writes.
 */
export async function seedPastCountCap(x: TestCanvass, surveyId: string): Promise<void> {
  const res = await x.call('POST', '/api/v1/management/responses/bulk', {
    key: x.keyA,
    body: { responses: [10, 1].map((nps) => ({ surveyId, finished: true, data: { nps } })) },
  })
  assert.is(res.status, 200, res.text)
  assert.is(res.body.data.failed, 0, res.text)
  const copied = await sql`
    insert into canvass.responses (id, survey_id, environment_id, created_at, updated_at, finished, data, meta, ttc, variables)
    select r.id || '-' || copy, r.survey_id, r.environment_id, r.created_at, r.updated_at, r.finished, r.data, r.meta, r.ttc, r.variables
    from canvass.responses r, generate_series(1, 9999) as copy
    where r.survey_id = ${surveyId} and r.data ->> 'nps' = '1'
  `.execute(x.db)
  assert.is(Number(copied.numAffectedRows), 9999)
}
