import type { ResponseRecord, Storage } from '@canvass/core'
import * as assert from 'uvu/assert'
import { freshId } from './fresh-id'
import { identity, seedDisplay, seedProject, seedResponse, seedSurvey, setAttributes } from './seed'
import type { StorageTest } from './storage-test'

/** A response of a contact with attributes, a display of that contact and every kind of `meta`. */
async function seedPersonal(storage: Storage, environmentId: string, surveyId: string, userId: string, overrides = {}) {
  await setAttributes(storage, identity(environmentId, userId), { email: `${userId}@example.com` })
  const displayId = await seedDisplay(storage, environmentId, surveyId, userId)
  return seedResponse(storage, environmentId, surveyId, {
    userId,
    displayId,
    finished: true,
    data: { q1: `answer of ${userId}` },
    ttc: { q1: 1200, _total: 1200 },
    variables: { score: 3 },
    language: 'de',
    meta: {
      source: 'link',
      action: 'New Session',
      url: `https://example.com/?email=${userId}`,
      userAgent: { browser: 'Firefox', os: 'Linux', device: 'desktop' },
      country: 'DE',
      city: 'Berlin',
      region: 'BE',
      ipAddress: '203.0.113.9',
    },
    ...overrides,
  })
}

/** What anonymizing keeps of a response, and what it leaves of the rest. */
function assertAnonymized(after: ResponseRecord | null, before: ResponseRecord | null, label: string) {
  assert.ok(after && before, label)
  assert.is(after.person, null, `${label}: contact detached`)
  assert.is(after.personAttributes, null, `${label}: attributes dropped`)
  assert.equal(after.meta, { source: 'link', action: 'New Session' }, `${label}: only source and action stay in meta`)
  assert.is(after.displayId, null, `${label}: the contact's display no longer named`)
  const kept = ({ id, data, ttc, variables, language, finished, createdAt, updatedAt, surveyId, endingId }: ResponseRecord) => ({
    id,
    data,
    ttc,
    variables,
    language,
    finished,
    createdAt,
    updatedAt,
    surveyId,
    endingId,
  })
  assert.equal(kept(after), kept(before), `${label}: answers and dates kept`)
}

/** `ResponseStore.anonymize`: by ids and by filter, in batches, within one environment, idempotent. */
export const anonymizeTests: StorageTest[] = [
  {
    name: 'anonymizeResponses by ids: detaches the contact and drops its traces, keeps the answers, one environment',
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const chosen = await seedPersonal(storage, production, survey.id, `u-${freshId()}`)
      const untouched = await seedPersonal(storage, production, survey.id, `u-${freshId()}`)
      const devSurvey = await seedSurvey(storage, development)
      const elsewhere = await seedPersonal(storage, development, devSurvey.id, `u-${freshId()}`)
      const before = await storage.responses.get(chosen)
      assert.ok(before?.person && before.personAttributes && before.displayId, 'seeded with a contact, attributes and a display')
      const others = [await storage.responses.get(untouched), await storage.responses.get(elsewhere)]
      const unknown = freshId()

      const result = await storage.responses.anonymize(production, { ids: [chosen, elsewhere, unknown, chosen] })
      assert.equal(result, { anonymized: 1, missing: [elsewhere, unknown] })
      assertAnonymized(await storage.responses.get(chosen), before, 'chosen')
      assert.equal([await storage.responses.get(untouched), await storage.responses.get(elsewhere)], others, 'the rest untouched')

      const again = await storage.responses.anonymize(production, { ids: [chosen] })
      assert.equal(again, { anonymized: 1, missing: [] }, 'a repeated call reports the same response')
      assertAnonymized(await storage.responses.get(chosen), before, 'repeated')
      assert.equal(await storage.responses.anonymize(production, { ids: ['', 'x'.repeat(5000)] }), {
        anonymized: 0,
        missing: ['', 'x'.repeat(5000)],
      })
    },
  },
  {
    name: "anonymizeResponses by filter: exactly the filter's responses, in batches",
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const other = await seedSurvey(storage, production)
      const chosen: string[] = []
      for (let i = 0; i < 5; i++) chosen.push(await seedPersonal(storage, production, survey.id, `u-${freshId()}`))
      const unfinished = await seedPersonal(storage, production, survey.id, `u-${freshId()}`, { finished: false })
      const otherSurvey = await seedPersonal(storage, production, other.id, `u-${freshId()}`)
      const before = await Promise.all(chosen.map((id) => storage.responses.get(id)))
      const kept = [await storage.responses.get(unfinished), await storage.responses.get(otherSurvey)]

      const result = await storage.responses.anonymize(production, { filter: { surveyId: survey.id, finished: true } }, { batchSize: 2 })
      assert.equal(result, { anonymized: 5, missing: [] })
      for (const [i, id] of chosen.entries()) assertAnonymized(await storage.responses.get(id), before[i] ?? null, `response ${i}`)
      assert.equal(
        [await storage.responses.get(unfinished), await storage.responses.get(otherSurvey)],
        kept,
        'outside the filter untouched',
      )
      assert.equal(await storage.responses.anonymize(production, { filter: { surveyId: survey.id, finished: true } }, { batchSize: 5 }), {
        anonymized: 5,
        missing: [],
      })
      assert.equal(await storage.responses.anonymize(production, { filter: { surveyId: 'no such survey' } }), {
        anonymized: 0,
        missing: [],
      })
    },
  },
]
