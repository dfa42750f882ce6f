import { createResponse, updateResponse } from '@canvass/core'
import { freshId } from './fresh-id'
import type { ResponseFilter, ResponsePatch, ResponseRecord, ResponseSurveyFields } from '@canvass/core'
import * as assert from 'uvu/assert'
import {
  byListOrder,
  groupOf,
  makeResponse,
  managementCheck,
  rejection,
  reportsOf,
  seedProject,
  seedResponse,
  seedSurvey,
  walkPages,
} from './seed'
import type { StorageTest } from './storage-test'
import { claimAll, seedWebhook } from './webhook-tests'

/** Response reads, lists, updates and deletes. */
export const responseTests: StorageTest[] = [
  {
    name: 'listResponses lists one environment newest first, ties by id, with limit + 1, skip and after',
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const otherSurvey = await seedSurvey(storage, production)
      const tie = new Date()
      const times = [tie, tie, new Date(tie.getTime() - 1), tie, new Date(tie.getTime() + 2000), tie, tie]
      const created: { id: string; createdAt: Date }[] = []
      for (const [i, createdAt] of times.entries()) {
        const surveyId = i % 2 === 0 ? survey.id : otherSurvey.id
        created.push({ id: await seedResponse(storage, production, surveyId, { createdAt }), createdAt })
      }
      await seedResponse(storage, development, (await seedSurvey(storage, development)).id, { createdAt: tie })
      const expected = [...created].sort(byListOrder).map((row) => row.id)

      const all = await storage.responses.list(production, { limit: 100 })
      assert.equal(
        all.map((row) => row.id),
        expected,
        'newest first, ties by id descending, one environment',
      )
      assert.equal(all[0], await storage.responses.get(expected[0] ?? ''), 'list rows are full responses')
      assert.is((await storage.responses.list(production, { limit: 7 })).length, 7)
      assert.is((await storage.responses.list(production, { limit: 6 })).length, 7, 'limit + 1 rows tell of a next page')
      const skipped = await storage.responses.list(production, { limit: 3, skip: 2 })
      assert.equal(
        skipped.map((row) => row.id),
        expected.slice(2, 6),
      )
      for (const limit of [1, 2, 3]) {
        const walked = await walkPages(limit, (after) => storage.responses.list(production, after ? { limit, after } : { limit }))
        assert.equal(walked, expected, `keyset pages of ${limit}`)
      }
    },
  },
  {
    name: 'listResponses filters by surveyId within the environment',
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const other = await seedSurvey(storage, production)
      const base = Date.now()
      const ids: string[] = []
      for (let i = 0; i < 3; i++) {
        ids.push(await seedResponse(storage, production, survey.id, { createdAt: new Date(base + i) }))
        await seedResponse(storage, production, other.id, { createdAt: new Date(base + i) })
      }
      const listed = await storage.responses.list(production, { limit: 10, surveyId: survey.id })
      assert.equal(
        listed.map((row) => row.id),
        [...ids].reverse(),
      )
      const page = await storage.responses.list(production, {
        limit: 1,
        surveyId: survey.id,
        after: { createdAt: new Date(base + 2), id: ids[2] ?? '' },
      })
      assert.equal(
        page.map((row) => row.id),
        [ids[1], ids[0]],
      )
      assert.equal(await storage.responses.list(development, { limit: 10, surveyId: survey.id }), [], 'scoped to the environment')
    },
  },
  {
    name: 'listResponses filters by contact, userId, finished and dates, sorts by either date both ways, and counts',
    needsReporting: true,
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const other = await seedSurvey(storage, production)
      const base = Date.UTC(2026, 0, 1)
      const rows: Array<{ id: string; createdAt: Date; updatedAt: Date; finished: boolean; userId: string | null; surveyId: string }> = []
      for (let i = 0; i < 12; i++) {
        const createdAt = new Date(base + i * 60_000)
        // updatedAt in another order than createdAt, with ties.
        const updatedAt = new Date(base + 3_600_000 + ((i * 7) % 5) * 60_000)
        const userId = i % 3 === 0 ? 'alice' : i % 3 === 1 ? 'bob' : null
        const surveyId = i % 4 === 3 ? other.id : survey.id
        const finished = i % 2 === 0
        const id = await seedResponse(storage, production, surveyId, { createdAt, finished, userId })
        await updateResponse(storage.responses, id, () => ({ updatedAt }))
        rows.push({ id, createdAt, updatedAt, finished, userId, surveyId })
      }
      // The same user id in another environment is another contact.
      await seedResponse(storage, development, (await seedSurvey(storage, development)).id, { userId: 'alice' })
      const alice = (await storage.responses.get(rows[0]!.id))?.person?.id ?? ''
      assert.ok(alice, 'the response links a contact')

      const order =
        (field: 'createdAt' | 'updatedAt', direction: 'asc' | 'desc') => (a: (typeof rows)[number], b: (typeof rows)[number]) => {
          const diff = a[field].getTime() - b[field].getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
          return direction === 'asc' ? diff : -diff
        }
      const cases: Array<[string, Record<string, unknown>, (row: (typeof rows)[number]) => boolean]> = [
        ['everything', {}, () => true],
        ['surveyId', { surveyId: survey.id }, (row) => row.surveyId === survey.id],
        ['contactId', { contactId: alice }, (row) => row.userId === 'alice'],
        ['userId', { userId: 'bob' }, (row) => row.userId === 'bob'],
        ['finished', { finished: true }, (row) => row.finished],
        ['unfinished of a survey', { finished: false, surveyId: survey.id }, (row) => !row.finished && row.surveyId === survey.id],
        [
          'createdAt range',
          { startDate: new Date(base + 2 * 60_000), endDate: new Date(base + 6 * 60_000) },
          (row) => row.createdAt.getTime() >= base + 2 * 60_000 && row.createdAt.getTime() <= base + 6 * 60_000,
        ],
        [
          'updatedAt range',
          { dateField: 'updatedAt', startDate: new Date(base + 3_600_000 + 60_000), endDate: new Date(base + 3_600_000 + 3 * 60_000) },
          (row) => row.updatedAt.getTime() >= base + 3_600_000 + 60_000 && row.updatedAt.getTime() <= base + 3_600_000 + 3 * 60_000,
        ],
        ['userId of no contact', { userId: 'nobody' }, () => false],
      ]
      for (const [name, filter, keep] of cases) {
        assert.is(await reportsOf(storage).responses.count(production, filter), rows.filter(keep).length, `count: ${name}`)
        for (const sortBy of ['createdAt', 'updatedAt'] as const) {
          for (const direction of ['asc', 'desc'] as const) {
            const expected = rows
              .filter(keep)
              .sort(order(sortBy, direction))
              .map((row) => row.id)
            const all = await storage.responses.list(production, { limit: 100, ...filter, sortBy, order: direction })
            assert.equal(
              all.map((row) => row.id),
              expected,
              `${name} by ${sortBy} ${direction}`,
            )
            const walked = await walkPages(2, async (after) => {
              const page = await storage.responses.list(production, {
                limit: 2,
                ...filter,
                sortBy,
                order: direction,
                ...(after ? { after } : {}),
              })
              // The keyset position of a row is its sort field's value.
              return page.map((row) => ({ ...row, createdAt: row[sortBy] }))
            })
            assert.equal(walked, expected, `${name} by ${sortBy} ${direction}, pages of 2`)
          }
        }
      }
      assert.is(await reportsOf(storage).responses.count(development, { userId: 'bob' }), 0, 'scoped to the environment')
      assert.is(await reportsOf(storage).responses.count(production, { surveyId: 'no such survey' }), 0)
    },
  },
  {
    name: 'getResponse returns a response of any environment, without a person when it has no userId',
    async run({ storage }) {
      const { development } = await seedProject(storage)
      const survey = await seedSurvey(storage, development)
      const id = await seedResponse(storage, development, survey.id, { data: { q1: 'x' } })
      const response = await storage.responses.get(id)
      assert.is(response?.environmentId, development)
      assert.is(response?.person, null)
      assert.is(response?.personAttributes, null)
      assert.equal(response?.notes, [])
      assert.equal(response?.tags, [])
    },
  },
  {
    name: 'updateResponse writes the patch and returns the fresh response',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const id = await seedResponse(storage, production, survey.id, {
        data: { q1: 'a' },
        ttc: { q1: 10 },
        variables: { v: 1 },
        meta: { source: 'api' },
        language: 'en',
        endingId: 'end-a',
        userId: 'update-user',
      })
      const before = await storage.responses.get(id)
      assert.ok(before)
      const patch: ResponsePatch = {
        updatedAt: new Date(before.updatedAt.getTime() + 1234),
        finished: true,
        data: { q1: 'a', q2: ['b', 'c'] },
        ttc: { q1: 10, q2: 5, _total: 15 },
        variables: { v: 2 },
        meta: { source: 'api', url: 'https://example.com' },
        language: null,
        endingId: 'end-b',
      }
      const updated = await updateResponse(storage.responses, id, () => patch)
      const expected: ResponseRecord = {
        ...before,
        updatedAt: patch.updatedAt,
        finished: true,
        data: { q1: 'a', q2: ['b', 'c'] },
        ttc: { q1: 10, q2: 5, _total: 15 },
        variables: { v: 2 },
        meta: { source: 'api', url: 'https://example.com' },
        language: null,
        endingId: 'end-b',
      }
      assert.equal(updated, expected)
      assert.equal(await storage.responses.get(id), expected)
      assert.ok(updated?.person, 'the person stays linked')
    },
  },
  {
    name: 'updateResponse leaves the fields a patch omits unchanged',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const id = await seedResponse(storage, production, survey.id, {
        finished: false,
        data: { q1: 'a' },
        language: 'fr',
        endingId: 'end-a',
      })
      const before = await storage.responses.get(id)
      assert.ok(before)
      const updatedAt = new Date(before.updatedAt.getTime() + 1)
      assert.equal(await updateResponse(storage.responses, id, () => ({ updatedAt })), { ...before, updatedAt })
    },
  },
  {
    name: 'updateResponse writes nothing when change returns null, and returns the response as it is',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const id = await seedResponse(storage, production, survey.id, { finished: false, data: { q1: 'a' } })
      const before = await storage.responses.get(id)
      assert.ok(before)
      assert.equal(await updateResponse(storage.responses, id, () => null), before)
      assert.equal(await storage.responses.get(id), before, 'updatedAt and every field as they were')
    },
  },
  {
    name: "updateResponse hands change the current response and its survey's status fields",
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const runOnDate = new Date('2030-01-01T00:00:00.001Z')
      const closeOnDate = new Date('2031-01-01T00:00:00.002Z')
      const survey = await seedSurvey(storage, production, { status: 'scheduled', runOnDate, closeOnDate })
      const id = await seedResponse(storage, production, survey.id, { data: { q1: 'a' } })
      const current = await storage.responses.get(id)
      const seen: { response: ResponseRecord; survey: ResponseSurveyFields }[] = []
      await updateResponse(storage.responses, id, (response, surveyFields) => {
        seen.push({ response, survey: surveyFields })
        return { updatedAt: new Date() }
      })
      assert.equal(seen, [
        {
          response: current,
          survey: { environmentId: production, status: 'scheduled', runOnDate, closeOnDate, hasPin: false, hasQuotas: false },
        },
      ])
      const protectedSurvey = await seedSurvey(storage, production, { pin: '0000' })
      const protectedId = await seedResponse(storage, production, protectedSurvey.id, { data: { q1: 'a' } })
      const pins: boolean[] = []
      await updateResponse(storage.responses, protectedId, (_response, surveyFields) => {
        pins.push(surveyFields.hasPin)
        return { updatedAt: new Date() }
      })
      assert.equal(pins, [true], 'a survey with a PIN says so')
    },
  },
  {
    name: 'updateResponse writes nothing and rethrows when change throws',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const id = await seedResponse(storage, production, survey.id, { data: { q1: 'a' } })
      const before = await storage.responses.get(id)
      const failure = new Error('refused by change')
      const error = await rejection(
        updateResponse(storage.responses, id, () => {
          throw failure
        }),
      )
      assert.is(error, failure, 'the same error propagates')
      assert.equal(await storage.responses.get(id), before)
      // The storage is usable afterwards (no transaction or lock left behind).
      const updatedAt = new Date()
      assert.is((await updateResponse(storage.responses, id, () => ({ updatedAt, finished: true })))?.finished, true)
    },
  },
  {
    name: 'updateResponse serialises concurrent read-modify-writes: every change is kept (20 at once, 5 rounds)',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      for (let round = 0; round < 5; round++) {
        const id = await seedResponse(storage, production, survey.id, { data: {} })
        const keys = Array.from({ length: 20 }, (_, i) => `q${i}`)
        // Each change adds its own key to what it was handed: a write made from a stale read would drop others'.
        await Promise.all(
          keys.map((key) =>
            updateResponse(storage.responses, id, (current) => ({ updatedAt: new Date(), data: { ...current.data, [key]: round } })),
          ),
        )
        const stored = await storage.responses.get(id)
        assert.equal(Object.keys(stored?.data ?? {}).sort(), [...keys].sort(), `round ${round}: every key kept`)
      }
    },
  },
  {
    name: 'updateResponse returns null for an unknown response without calling change',
    async run({ storage }) {
      let called = false
      const result = await updateResponse(storage.responses, freshId(), () => {
        called = true
        return { updatedAt: new Date() }
      })
      assert.is(result, null)
      assert.is(called, false)
    },
  },
  {
    name: 'deleteResponse deletes a response of its environment only and returns it',
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const id = await seedResponse(storage, production, survey.id, { userId: 'delete-user', data: { q1: 'x' } })
      const before = await storage.responses.get(id)
      assert.is(await storage.responses.delete(development, id), null, 'another environment cannot delete it')
      assert.equal(await storage.responses.get(id), before)
      assert.equal(await storage.responses.delete(production, id), before)
      assert.is(await storage.responses.get(id), null)
      assert.is(await storage.responses.delete(production, id), null)
      // The contact outlives the response: the next response of that user links it again.
      const next = makeResponse(survey.id, { userId: 'delete-user' })
      await createResponse(storage.responses, next, managementCheck(production))
      assert.is((await storage.responses.get(next.id))?.person?.id, before?.person?.id)
    },
  },
  {
    name: 'deleteMany deletes all of its ids or, when one is not a response of the environment, none',
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const foreignSurvey = await seedSurvey(storage, development)
      const [a, b, c] = [
        await seedResponse(storage, production, survey.id, { data: { q1: 'a' } }),
        await seedResponse(storage, production, survey.id, { data: { q1: 'b' } }),
        await seedResponse(storage, production, survey.id, { data: { q1: 'c' } }),
      ]
      const foreign = await seedResponse(storage, development, foreignSurvey.id, { data: { q1: 'd' } })
      const unknown = freshId()
      assert.equal(await storage.responses.deleteMany(production, [a, foreign, b, unknown, 'nul\u0000id']), {
        missing: [foreign, unknown, 'nul\u0000id'],
      })
      for (const id of [a, b, foreign]) assert.ok(await storage.responses.get(id), 'nothing is deleted')
      assert.equal(await storage.responses.deleteMany(development, [foreign, a]), { missing: [a] })
      assert.equal(await storage.responses.deleteMany(production, [a, b, a]), { deleted: 2 }, 'a repeated id counts once')
      assert.is(await storage.responses.get(a), null)
      assert.is(await storage.responses.get(b), null)
      assert.ok(await storage.responses.get(c), 'an id not named stays')
      assert.ok(await storage.responses.get(foreign))
      assert.equal(await storage.responses.deleteMany(production, [a]), { missing: [a] }, 'a deleted id is missing')
      assert.equal(await storage.responses.deleteMany(production, []), { deleted: 0 })
    },
  },
  {
    name: 'listResponses and count take ids, languages and exclusive date bounds; deleteMany skipMissing deletes the rest',
    needsReporting: true,
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const at = new Date('2026-03-01T10:00:00.000Z')
      const later = new Date(at.getTime() + 1)
      const a = await seedResponse(storage, production, survey.id, { createdAt: at, language: 'de' })
      const b = await seedResponse(storage, production, survey.id, { createdAt: later, language: null })
      const c = await seedResponse(storage, production, survey.id, { createdAt: new Date(at.getTime() + 2), language: 'fr' })
      const foreign = await seedResponse(storage, development, (await seedSurvey(storage, development)).id, {})
      const ids = async (filter: ResponseFilter) =>
        (await storage.responses.list(production, { limit: 10, ...filter })).map((row) => row.id).sort()
      assert.equal(await ids({ ids: [a, c, foreign, 'nul\u0000id'] }), [a, c].sort(), 'another environment’s id is absent')
      assert.equal(await ids({ ids: ['nul\u0000id'] }), [])
      assert.is(await reportsOf(storage).responses.count(production, { ids: [a, b, foreign] }), 2)
      assert.equal(await ids({ languages: ['de', 'default'] }), [a, b].sort(), '`default` takes no language too')
      assert.equal(await ids({ languages: ['fr'] }), [c])
      assert.equal(await ids({ startDate: at, startExclusive: true }), [b, c].sort())
      assert.equal(await ids({ startDate: at }), [a, b, c].sort())
      assert.equal(await ids({ endDate: later, endExclusive: true }), [a])
      assert.equal(await ids({ endDate: later }), [a, b].sort())
      assert.equal(await storage.responses.deleteMany(production, [a, foreign, 'nul\u0000id', a], { skipMissing: true }), { deleted: 1 })
      assert.is(await storage.responses.get(a), null)
      assert.ok(await storage.responses.get(foreign), 'another environment’s response stays')
      assert.equal(await storage.responses.deleteMany(production, [a], { skipMissing: true }), { deleted: 0 })
    },
  },
  {
    name: 'tags given to a create and an update are written with the response, skipping ids of no tag of the environment, and its webhook events carry them',
    needsWebhooks: true,
    needs: 'imports',
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const webhook = await seedWebhook(storage, production, { triggers: ['responseCreated', 'responseUpdated'] })
      const other = await seedResponse(storage, production, survey.id, {})
      const foreign = await seedResponse(storage, development, (await seedSurvey(storage, development)).id, {})
      await groupOf(storage, 'imports').insertNotesAndTags(production, [{ responseId: other, notes: [], tags: ['a', 'b'] }])
      await groupOf(storage, 'imports').insertNotesAndTags(development, [{ responseId: foreign, notes: [], tags: ['x'] }])
      const tagOf = async (environmentId: string, name: string) =>
        (await storage.tags.list(environmentId, { limit: 10 })).find((tag) => tag.name === name)?.id ?? ''
      const [a, b, x] = [await tagOf(production, 'a'), await tagOf(production, 'b'), await tagOf(development, 'x')]
      const names = async (responseId: string) =>
        ((await storage.responses.get(responseId))?.tags as Array<{ name: string }>).map((tag) => tag.name)
      const eventTags = async () =>
        (await claimAll(storage))
          .filter((d) => d.webhookId === webhook.id)
          .map((d) => {
            const body = JSON.parse(d.body)
            return `${body.event}:${(body.data.tags as Array<{ name: string }>).map((tag) => tag.name).join(',')}`
          })
      await eventTags()

      assert.equal(
        (await storage.tags.existing(production, [b, x, 'nul\u0000id', a, 'missing', a])).sort(),
        [a, b].sort(),
        'existing: the environment’s tags among the ids, each once',
      )
      assert.equal(await storage.tags.existing(development, [a, b]), [])
      assert.equal(await storage.tags.existing(production, []), [])
      const id = await seedResponse(storage, production, survey.id, { tagIds: [a, x, 'nul\u0000id', a] })
      assert.equal(await names(id), ['a'], 'another environment’s tag is skipped')
      assert.equal(await eventTags(), ['responseCreated:a'], 'the create’s event carries its tags')

      const tagged = (tagIds: readonly string[]) => () => ({ updatedAt: new Date(), tagIds })
      await updateResponse(storage.responses, id, tagged([b, x]))
      assert.equal(await names(id), ['b'], 'replaced')
      assert.equal(await eventTags(), ['responseUpdated:b'], 'the update’s event carries the new tags')
      await updateResponse(storage.responses, id, () => ({ updatedAt: new Date(), data: { q: 'kept' } }))
      assert.equal(await names(id), ['b'], 'a patch without tags keeps them')
      await eventTags()
      await updateResponse(storage.responses, id, tagged([]))
      assert.equal(await names(id), [])
      assert.equal(await eventTags(), ['responseUpdated:'])
      assert.equal(await names(other), ['a', 'b'], 'other responses keep theirs')
      assert.equal(await names(foreign), ['x'])
    },
  },
  {
    name: 'concurrent updates with tags: the tags that stay are those of the write that stays',
    needs: 'imports',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const other = await seedResponse(storage, production, survey.id, {})
      const tagNames = Array.from({ length: 8 }, (_, i) => `t${i}`)
      await groupOf(storage, 'imports').insertNotesAndTags(production, [{ responseId: other, notes: [], tags: tagNames }])
      const tags = await storage.tags.list(production, { limit: 20 })
      const idOf = (name: string) => tags.find((tag) => tag.name === name)?.id ?? ''
      const id = await seedResponse(storage, production, survey.id, { data: { n: 0 } })
      await Promise.all(
        tagNames.map((name) =>
          updateResponse(storage.responses, id, (current) => ({
            updatedAt: new Date(),
            data: { n: Number(current.data.n) + 1, by: name },
            tagIds: [idOf(name)],
          })),
        ),
      )
      const stored = await storage.responses.get(id)
      assert.is(stored?.data.n, tagNames.length, 'each update saw the last write')
      assert.equal(
        (stored?.tags as Array<{ name: string }>).map((tag) => tag.name),
        [stored?.data.by],
      )
    },
  },
]
