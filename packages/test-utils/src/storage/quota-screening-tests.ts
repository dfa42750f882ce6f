import { createResponse, updateResponse } from '@canvass/core'
import type { CreateResponseCheck, Storage, UnscreenedResponse } from '@canvass/core'
import * as assert from 'uvu/assert'
import { makeQuota, screening, seedQuota } from './quota-tests'
import { quotaStoreOf, clientCheck, makeResponse, managementCheck, reportsOf, seedProject, seedResponse, seedSurvey } from './seed'
import type { StorageTest } from './storage-test'

/**
 * A time of this test's own, years in the past: marks are the writes' `updatedAt`, and a claim takes the marks
 * older than its `before`, of every test that ran before, so each test claims up to a time only its own reach
 * first, and reads only its own responses of what a claim returns.
 */
function pastTime(): Date {
  return new Date(Date.UTC(2001, 0, 1) + Math.floor(Math.random() * 3_000_000_000))
}

const later = (time: Date, ms = 1): Date => new Date(time.getTime() + ms)

/** A project, a survey of its production environment with one quota (`overrides`), and a time of the test's own. */
async function seedQuotaSurvey(storage: Storage, overrides: Parameters<typeof makeQuota>[2] = {}) {
  const { production, development } = await seedProject(storage)
  const survey = await seedSurvey(storage, production)
  const quota = await seedQuota(storage, makeQuota(production, survey.id, overrides))
  return { production, development, survey, quota, at: pastTime() }
}

/** The check of core's client routes, which screen what they write. */
const screened = (environmentId: string): CreateResponseCheck => ({ ...clientCheck(environmentId), screenQuotas: true })

/** Claims everything due by `before` (with a bound no test reaches) and keeps `ids`' responses, by id. */
async function claimOf(storage: Storage, ids: readonly string[], before: Date, now = new Date()): Promise<Map<string, UnscreenedResponse>> {
  const claimed = await quotaStoreOf(storage).claimUnscreened({ before, now, limit: 10_000 })
  const wanted = new Set(ids)
  return new Map(claimed.filter((row) => wanted.has(row.responseId)).map((row) => [row.responseId, row]))
}

/**
 * Quotas through outages (docs/architecture.md, "A response write"): a client's write of a response of a survey
 * with quotas marks it unscreened in the same write, the screening that counts it removes its own mark, and
 * claims hand out the marks that stay, once, for the background work to screen them.
 */
export const quotaScreeningTests: StorageTest[] = [
  {
    name: 'quota screening: a write with screenQuotas to a survey with quotas marks the response, on every create path and the update',
    needsQuotas: true,
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const withQuota = await seedSurvey(storage, production)
      const autoComplete = await seedSurvey(storage, production, { autoComplete: 100 })
      const plain = await seedSurvey(storage, production)
      await seedQuota(storage, makeQuota(production, withQuota.id))
      await seedQuota(storage, makeQuota(production, autoComplete.id))
      const at = pastTime()
      const marked: Array<{ id: string; mark: Date; data: Record<string, unknown>; finished: boolean }> = []
      const unmarked: string[] = []
      const create = async (surveyId: string, check: CreateResponseCheck, overrides: Parameters<typeof makeResponse>[1] = {}) => {
        const response = makeResponse(surveyId, {
          createdAt: later(at, marked.length + unmarked.length),
          data: { q1: surveyId },
          ...overrides,
        })
        const result = await createResponse(storage.responses, response, check)
        assert.is(result.outcome, 'created', JSON.stringify(result))
        return response
      }
      // Marked: a lone create, one with a contact, a finished one of an `autoComplete` survey (the survey's lock).
      for (const [surveyId, overrides] of [
        [withQuota.id, {}],
        [withQuota.id, { userId: `user-${at.getTime()}` }],
        [autoComplete.id, { finished: true }],
      ] as const) {
        const response = await create(surveyId, screened(production), overrides)
        marked.push({ id: response.id, mark: response.createdAt, data: response.data, finished: response.finished })
      }
      // Marked too: creates that arrive together (a storage may write them as one statement).
      const together = Array.from({ length: 6 }, (_, i) =>
        makeResponse(withQuota.id, { createdAt: later(at, 100 + i), data: { q1: `together ${i}` } }),
      )
      const results = await Promise.all(together.map((response) => createResponse(storage.responses, response, screened(production))))
      assert.equal(
        results,
        together.map((response) => ({ outcome: 'created', id: response.id, hasQuotas: true })),
      )
      for (const response of together) marked.push({ id: response.id, mark: response.createdAt, data: response.data, finished: false })
      // Not marked: a survey without quotas, a client write that does not screen, a management write.
      const notScreened = await Promise.all([
        create(plain.id, screened(production)),
        create(withQuota.id, clientCheck(production)),
        create(withQuota.id, managementCheck(production)),
      ])
      unmarked.push(...notScreened.map((response) => response.id))
      // The update: marked with its patch's `updatedAt` when it screens and the survey has quotas.
      const updatedAt = later(at, 1000)
      const byManager = await seedResponse(storage, production, withQuota.id, { createdAt: at })
      const update = (id: string, options: { screenQuotas?: boolean }) =>
        updateResponse(storage.responses, id, () => ({ updatedAt, data: { q1: 'updated' } }), options)
      await update(byManager, { screenQuotas: true })
      marked.push({ id: byManager, mark: updatedAt, data: { q1: 'updated' }, finished: false })
      for (const id of [await seedResponse(storage, production, withQuota.id, { createdAt: at }), notScreened[0]!.id]) {
        await update(id, { screenQuotas: id === notScreened[0]!.id })
        await update(id, {})
        unmarked.push(id)
      }

      const claimed = await claimOf(storage, [...marked.map((row) => row.id), ...unmarked], later(at, 2000))
      assert.equal([...claimed.keys()].sort(), marked.map((row) => row.id).sort(), 'the marked responses, and only they')
      for (const row of marked) {
        const got = claimed.get(row.id)!
        const survey = row.id === marked[2]!.id ? autoComplete.id : withQuota.id
        assert.equal(
          { ...got, mark: undefined },
          {
            environmentId: production,
            surveyId: survey,
            responseId: row.id,
            finished: row.finished,
            data: row.data,
            variables: {},
            mark: undefined,
          },
          row.id,
        )
      }
    },
  },
  {
    name: 'quota screening: a claim moves the mark to its now, so concurrent claims and later ones take a response once until it is due again',
    needsQuotas: true,
    async run({ storage }) {
      const { production, survey, at } = await seedQuotaSurvey(storage)
      const responses = Array.from({ length: 20 }, (_, i) => makeResponse(survey.id, { createdAt: later(at, i) }))
      await Promise.all(responses.map((response) => createResponse(storage.responses, response, screened(production))))
      const ids = responses.map((response) => response.id)
      const wanted = new Set(ids)
      const now = new Date()
      const claims = await Promise.all(
        Array.from({ length: 4 }, () => quotaStoreOf(storage).claimUnscreened({ before: later(at, 20), now, limit: 10_000 })),
      )
      const all = claims.flat().map((row) => row.responseId)
      assert.is(new Set(all).size, all.length, 'no response in two claims')
      const mine = claims.flat().filter((row) => wanted.has(row.responseId))
      assert.equal(mine.map((row) => row.responseId).sort(), [...ids].sort(), 'every one of them once')
      assert.ok(
        mine.every((row) => row.mark.getTime() === now.getTime()),
        'each mark is the claim’s now',
      )
      assert.equal([...(await claimOf(storage, ids, later(at, 20))).keys()], [], 'not due again before its new mark')
      const limited = await quotaStoreOf(storage).claimUnscreened({ before: later(now), now: later(now, 5), limit: 3 })
      assert.is(limited.length, 3, 'a claim takes at most limit')
      const taken = limited.filter((row) => wanted.has(row.responseId)).length
      assert.is((await claimOf(storage, ids, later(now))).size, 20 - taken, 'due again after it: those the limited claim left')
    },
  },
  {
    name: 'quota screening: a screening removes the mark it answers for, not a later write’s, and only for the response’s environment',
    needsQuotas: true,
    needsReporting: true,
    async run({ storage }) {
      const { production, development, survey, quota, at } = await seedQuotaSurvey(storage, { limit: 10 })
      const response = makeResponse(survey.id, { createdAt: at })
      await createResponse(storage.responses, response, screened(production))
      const updatedAt = later(at, 10)
      await updateResponse(storage.responses, response.id, () => ({ updatedAt, finished: true }), { screenQuotas: true })
      // The create's screening comes after the update: it counts, but the update's mark stays for its own.
      assert.is(await quotaStoreOf(storage).screen(screening(quota, response.id, { mark: at })), null)
      assert.equal(await reportsOf(storage).quotas.counts(production, survey.id), { [quota.id]: 1 })
      const now = new Date()
      const claimed = await claimOf(storage, [response.id], later(updatedAt), now)
      assert.equal([...claimed.keys()], [response.id], 'the later mark stayed')
      // Without a mark, or in another environment, nothing is removed.
      assert.is(await quotaStoreOf(storage).screen(screening(quota, response.id)), null)
      assert.is(await quotaStoreOf(storage).screen({ ...screening(quota, response.id, { mark: now }), environmentId: development }), null)
      assert.equal([...(await claimOf(storage, [response.id], later(now), later(now, 1))).keys()], [response.id], 'still marked')
      assert.is(await quotaStoreOf(storage).screen(screening(quota, response.id, { mark: later(now, 1) })), null)
      assert.equal([...(await claimOf(storage, [response.id], later(now, 10_000))).keys()], [], 'screened: no mark left')
      assert.equal(await reportsOf(storage).quotas.counts(production, survey.id), { [quota.id]: 1 }, 'counted once')
    },
  },
  {
    name: 'quota screening: concurrent screenings of claimed responses count each once and no quota over its limit',
    needsQuotas: true,
    needsReporting: true,
    async run({ storage }) {
      const { production, survey, quota, at } = await seedQuotaSurvey(storage, { limit: 5 })
      const responses = Array.from({ length: 12 }, (_, i) => makeResponse(survey.id, { createdAt: later(at, i), finished: true }))
      await Promise.all(responses.map((response) => createResponse(storage.responses, response, screened(production))))
      const now = new Date()
      const claims = await Promise.all(
        [0, 1].map(() => quotaStoreOf(storage).claimUnscreened({ before: later(at, 12), now, limit: 10_000 })),
      )
      const wanted = new Set(responses.map((response) => response.id))
      const mine = claims.flat().filter((row) => wanted.has(row.responseId))
      assert.is(mine.length, 12)
      // Each screened three times at once: by the write that marked it (its own mark), and twice by a pass.
      const screenings = mine.flatMap((row) => [
        screening(quota, row.responseId, { mark: at }),
        screening(quota, row.responseId, { mark: row.mark }),
        screening(quota, row.responseId, { mark: row.mark }),
      ])
      await Promise.all(screenings.map((input) => quotaStoreOf(storage).screen(input)))
      assert.equal(await reportsOf(storage).quotas.counts(production, survey.id), { [quota.id]: 5 })
      assert.equal([...(await claimOf(storage, [...wanted], later(now, 10_000))).keys()], [], 'every mark removed')
    },
  },
  {
    name: 'quota screening: a response deleted while marked takes its mark with it',
    needsQuotas: true,
    async run({ storage }) {
      const { production, survey, at } = await seedQuotaSurvey(storage)
      const response = makeResponse(survey.id, { createdAt: at })
      await createResponse(storage.responses, response, screened(production))
      assert.ok(await storage.responses.delete(production, response.id))
      assert.equal([...(await claimOf(storage, [response.id], later(at))).keys()], [])
    },
  },
]
