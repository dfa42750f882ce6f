import { createResponse, updateResponse } from '@canvass/core'
import type { QuotaRecord, QuotaScreening, Storage } from '@canvass/core'
import * as assert from 'uvu/assert'
import { freshId } from './fresh-id'
import {
  quotaStoreOf,
  clientCheck,
  makeResponse,
  managementCheck,
  rejection,
  reportsOf,
  seedProject,
  seedResponse,
  seedSurvey,
} from './seed'
import type { StorageTest } from './storage-test'

/** A quota of `surveyId` (no conditions: core judges them), `overrides` replacing fields. */
export function makeQuota(environmentId: string, surveyId: string, overrides: Partial<QuotaRecord> = {}): QuotaRecord {
  const now = new Date()
  return {
    id: freshId(),
    environmentId,
    surveyId,
    name: `quota ${freshId()}`,
    limit: 2,
    logic: { connector: 'and', conditions: [] },
    action: 'continueSurvey',
    endingCardId: null,
    countPartialSubmissions: false,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  }
}

/** Inserts the quota (at most 50 per survey). */
export async function seedQuota(storage: Storage, quota: QuotaRecord): Promise<QuotaRecord> {
  assert.is(await quotaStoreOf(storage).insert(quota, 50), 'created')
  return quota
}

/** A screening of `responseId` that meets `quota` (finished, nothing else met or unmet), `overrides` replacing fields. */
export const screening = (quota: QuotaRecord, responseId: string, overrides: Partial<QuotaScreening> = {}): QuotaScreening => ({
  environmentId: quota.environmentId,
  surveyId: quota.surveyId,
  responseId,
  finished: true,
  met: [quota.id],
  unmet: [],
  now: new Date(),
  ...overrides,
})

/** Quotas: CRUD scoped to survey and environment, and exact counting of the responses screened into them. */
export const quotaTests: StorageTest[] = [
  {
    name: 'quotas: insert, get, list, update and delete, scoped to the survey and its environment',
    needsQuotas: true,
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const other = await seedSurvey(storage, production)
      const quota = await seedQuota(
        storage,
        makeQuota(production, survey.id, {
          logic: { connector: 'or', conditions: [{ id: 'c', operator: 'isSubmitted', leftOperand: { type: 'element', value: 'q1' } }] },
        }),
      )
      assert.equal(await quotaStoreOf(storage).get(production, survey.id, quota.id), quota)
      assert.is(await quotaStoreOf(storage).get(development, survey.id, quota.id), null)
      assert.is(await quotaStoreOf(storage).get(production, other.id, quota.id), null)
      assert.equal(
        (await quotaStoreOf(storage).list(production, survey.id, { limit: 10 })).map((row) => row.id),
        [quota.id],
      )
      assert.equal(await quotaStoreOf(storage).list(development, survey.id, { limit: 10 }), [])
      assert.is(await quotaStoreOf(storage).insert(makeQuota(production, survey.id, { name: quota.name }), 50), 'name_taken')
      assert.is(await quotaStoreOf(storage).insert(makeQuota(development, survey.id), 50), 'survey_not_found')
      const changed = {
        ...quota,
        limit: 7,
        action: 'endSurvey' as const,
        endingCardId: 'end1',
        updatedAt: new Date(quota.updatedAt.getTime() + 1000),
      }
      assert.equal(
        await quotaStoreOf(storage).update(production, survey.id, quota.id, (current) => {
          assert.equal(current, quota)
          return changed
        }),
        changed,
      )
      assert.is(
        await quotaStoreOf(storage).update(development, survey.id, quota.id, () => {
          throw new Error('change is not called for a quota of another environment')
        }),
        null,
      )
      const refused = await rejection(
        quotaStoreOf(storage).update(production, survey.id, quota.id, () => {
          throw new Error('refused')
        }),
      )
      assert.is((refused as Error).message, 'refused')
      assert.equal(await quotaStoreOf(storage).get(production, survey.id, quota.id), changed, 'a change that throws writes nothing')
      const second = await seedQuota(storage, makeQuota(production, survey.id))
      assert.is(
        await quotaStoreOf(storage).update(production, survey.id, second.id, (current) => ({ ...current, name: quota.name })),
        'name_taken',
      )
      const oldestFirst = [changed, second].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
      assert.equal(
        (await quotaStoreOf(storage).listAll(production, survey.id)).map((row) => row.id),
        oldestFirst.map((row) => row.id),
      )
      assert.is(await quotaStoreOf(storage).delete(development, survey.id, quota.id), null)
      assert.equal(await quotaStoreOf(storage).delete(production, survey.id, quota.id), changed)
      assert.is(await quotaStoreOf(storage).get(production, survey.id, quota.id), null)
      for (const id of ['', '\u0000', 'x'.repeat(300)]) assert.is(await quotaStoreOf(storage).get(production, survey.id, id), null)
    },
  },
  {
    name: 'quotas: every create path and update says whether the survey has quotas (hasQuotas), so that core screens only then',
    needsQuotas: true,
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const plain = await seedSurvey(storage, production)
      const withQuota = await seedSurvey(storage, production)
      const autoComplete = await seedSurvey(storage, production, { autoComplete: 100 })
      await seedQuota(storage, makeQuota(production, withQuota.id))
      await seedQuota(storage, makeQuota(production, autoComplete.id))
      // One create of each kind: client and management checks, unfinished and finished, with a userId, a lone
      // create and concurrent ones, an `autoComplete` survey (the survey's lock).
      const kinds = (surveyId: string) => [
        { response: makeResponse(surveyId), check: clientCheck(production) },
        { response: makeResponse(surveyId, { finished: true }), check: clientCheck(production) },
        { response: makeResponse(surveyId, { userId: `user-${freshId()}` }), check: clientCheck(production) },
        { response: makeResponse(surveyId, { userId: `user-${freshId()}`, finished: true }), check: clientCheck(production) },
        { response: makeResponse(surveyId, { finished: true }), check: managementCheck(production) },
        { response: makeResponse(surveyId, { singleUseId: freshId() }), check: clientCheck(production) },
      ]
      for (const [survey, hasQuotas] of [
        [plain, false],
        [withQuota, true],
        [autoComplete, true],
      ] as const) {
        const created = (id: string) => (hasQuotas ? { outcome: 'created', id, hasQuotas: true } : { outcome: 'created', id })
        for (const { response, check } of kinds(survey.id)) {
          assert.equal(
            await createResponse(storage.responses, response, check),
            created(response.id),
            `${survey.id}: ${JSON.stringify(response)}`,
          )
        }
        const concurrent = Array.from({ length: 6 }, () => makeResponse(survey.id))
        const results = await Promise.all(
          concurrent.map((response) => createResponse(storage.responses, response, clientCheck(production))),
        )
        assert.equal(
          results,
          concurrent.map((response) => created(response.id)),
          'concurrent creates',
        )
        // Each call of `change` (a finishing update of an `autoComplete` survey calls it again under the lock).
        const seen: boolean[] = []
        for (const finished of [false, true]) {
          const id = concurrent[Number(finished)]!.id
          await updateResponse(storage.responses, id, (_response, fields) => {
            seen.push(fields.hasQuotas)
            return { updatedAt: new Date(), finished }
          })
        }
        assert.ok(seen.length >= 2, 'change is called')
        assert.equal(
          seen,
          seen.map(() => hasQuotas),
          'updates, unfinished and finishing',
        )
      }
      const later = await seedResponse(storage, production, plain.id)
      await seedQuota(storage, makeQuota(production, plain.id))
      const seen: boolean[] = []
      await updateResponse(storage.responses, later, (_response, fields) => {
        seen.push(fields.hasQuotas)
        return { updatedAt: new Date() }
      })
      assert.equal(seen, [true], 'a quota added after the create counts at the next update')
    },
  },
  {
    name: 'quotas: 10 concurrent read-modify-write updates each see the one before (none is lost)',
    needsQuotas: true,
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const quota = await seedQuota(storage, makeQuota(production, survey.id, { limit: 1 }))
      await Promise.all(
        Array.from({ length: 10 }, () =>
          quotaStoreOf(storage).update(production, survey.id, quota.id, (current) => ({ ...current, limit: current.limit + 1 })),
        ),
      )
      assert.is((await quotaStoreOf(storage).get(production, survey.id, quota.id))?.limit, 11)
    },
  },
  {
    name: 'quotas: listAll asked for several surveys at once answers each with its own quotas, oldest first',
    needsQuotas: true,
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const surveys = await Promise.all([
        seedSurvey(storage, production),
        seedSurvey(storage, production),
        seedSurvey(storage, development),
      ])
      const quotas: QuotaRecord[] = []
      for (const [i, survey] of surveys.entries()) {
        for (let n = 0; n <= i; n++)
          quotas.push(await seedQuota(storage, makeQuota(survey.environmentId, survey.id, { createdAt: new Date(Date.now() + n) })))
      }
      const asked = await Promise.all([
        ...surveys.map((survey) => quotaStoreOf(storage).listAll(survey.environmentId, survey.id)),
        quotaStoreOf(storage).listAll(development, surveys[0]!.id),
      ])
      const expected = surveys.map((survey) => quotas.filter((quota) => quota.surveyId === survey.id).map((quota) => quota.id))
      assert.equal(
        asked.map((list) => list.map((quota) => quota.id)),
        [...expected, []],
      )
    },
  },
  {
    name: 'quotas: at most maxPerSurvey per survey, also under concurrent inserts',
    needsQuotas: true,
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const outcomes = await Promise.all(Array.from({ length: 8 }, () => quotaStoreOf(storage).insert(makeQuota(production, survey.id), 3)))
      assert.is(outcomes.filter((outcome) => outcome === 'created').length, 3)
      assert.is(outcomes.filter((outcome) => outcome === 'limit').length, 5)
      assert.is((await quotaStoreOf(storage).listAll(production, survey.id)).length, 3)
    },
  },
  {
    name: 'quotas: screen counts finished responses up to the limit, then screens out and ends the survey (endSurvey)',
    needsQuotas: true,
    needsReporting: true,
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const quota = await seedQuota(storage, makeQuota(production, survey.id, { action: 'endSurvey', endingCardId: 'end1' }))
      const ids = []
      for (let i = 0; i < 3; i++) ids.push(await seedResponse(storage, production, survey.id, { finished: i < 2 }))
      assert.is(await quotaStoreOf(storage).screen(screening(quota, ids[0]!)), null)
      assert.is(await quotaStoreOf(storage).screen(screening(quota, ids[0]!)), null, 'a response counted once stays counted')
      assert.is(await quotaStoreOf(storage).screen(screening(quota, ids[1]!)), null)
      assert.equal(await reportsOf(storage).quotas.counts(production, survey.id), { [quota.id]: 2 })
      const full = await quotaStoreOf(storage).screen(screening(quota, ids[2]!, { finished: false }))
      assert.is(full?.id, quota.id)
      const ended = await storage.responses.get(ids[2]!)
      assert.is(ended?.finished, true)
      assert.is(ended?.endingId, 'end1')
      assert.equal(await reportsOf(storage).quotas.counts(production, survey.id), { [quota.id]: 2 })
      assert.equal(await reportsOf(storage).quotas.namesByResponse(production, ids), { [ids[0]!]: [quota.name], [ids[1]!]: [quota.name] })
    },
  },
  {
    name: 'quotas: screen leaves unfinished responses out unless the quota counts partial submissions; unmet quotas lose the response',
    needsQuotas: true,
    needsReporting: true,
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const finishedOnly = await seedQuota(storage, makeQuota(production, survey.id))
      const partial = await seedQuota(storage, makeQuota(production, survey.id, { countPartialSubmissions: true }))
      const id = await seedResponse(storage, production, survey.id)
      const both = { met: [finishedOnly.id, partial.id], finished: false }
      assert.is(await quotaStoreOf(storage).screen(screening(finishedOnly, id, both)), null)
      assert.equal(await reportsOf(storage).quotas.counts(production, survey.id), { [partial.id]: 1 })
      assert.is(
        await quotaStoreOf(storage).screen(screening(finishedOnly, id, { met: [finishedOnly.id], unmet: [partial.id], finished: false })),
        null,
      )
      assert.equal(await reportsOf(storage).quotas.counts(production, survey.id), {})
      assert.is(await quotaStoreOf(storage).screen({ ...screening(finishedOnly, id), environmentId: development }), null)
      assert.equal(await reportsOf(storage).quotas.counts(production, survey.id), {}, 'another environment changes nothing')
    },
  },
  {
    name: 'quotas: 20 concurrent screenings of finished responses against limit 5 count exactly 5',
    needsQuotas: true,
    needsReporting: true,
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const quota = await seedQuota(storage, makeQuota(production, survey.id, { limit: 5 }))
      const ids = await Promise.all(Array.from({ length: 20 }, () => seedResponse(storage, production, survey.id, { finished: true })))
      const results = await Promise.all(ids.map((id) => quotaStoreOf(storage).screen(screening(quota, id))))
      assert.is(results.filter((result) => result === null).length, 5)
      assert.is(results.filter((result) => result?.id === quota.id).length, 15)
      assert.equal(await reportsOf(storage).quotas.counts(production, survey.id), { [quota.id]: 5 })
    },
  },
]
