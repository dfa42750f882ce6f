import { createDisplay } from '@canvass/core'
import type { RetentionBatch, Storage } from '@canvass/core'
import * as assert from 'uvu/assert'
import { freshId } from './fresh-id'
import { IMPOSSIBLE_IDS, groupOf, seedProject, seedResponse, seedSurvey } from './seed'
import type { StorageTest } from './storage-test'

const DAY = 86_400_000

/**
 * Runs `deleteExpired` until a batch deletes nothing; returns every batch. The suite's storage is shared, so
 * callers look only at their own environments' counts.
 */
async function deleteAll(storage: Storage, now: Date, limit: number): Promise<RetentionBatch[]> {
  const batches: RetentionBatch[] = []
  for (let round = 0; round < 1000; round++) {
    const batch = await groupOf(storage, 'retention').deleteExpired({ now, limit })
    batches.push(batch)
    if (batch.responses === 0 && batch.displays === 0) return batches
  }
  throw new Error('deleteExpired never ran out')
}

/** What the batches deleted in one environment. */
function deletedIn(batches: RetentionBatch[], environmentId: string) {
  const total = { responses: 0, displays: 0 }
  for (const batch of batches) {
    for (const entry of batch.environments) {
      if (entry.environmentId !== environmentId) continue
      total.responses += entry.responses
      total.displays += entry.displays
    }
  }
  return total
}

/** A display of the survey at `createdAt`, naming `responseId` when given. */
async function display(storage: Storage, environmentId: string, surveyId: string, createdAt: Date, responseId: string | null = null) {
  const id = freshId()
  const result = await createDisplay(storage, { id, environmentId, surveyId, userId: null, responseId, createdAt, newId: freshId })
  assert.equal(result, { outcome: 'created', id })
  return id
}

async function exists(storage: Storage, environmentId: string, responseId: string) {
  return (await storage.responses.get(responseId))?.environmentId === environmentId
}

/** `storage.retention` and the retention settings of surveys and environments. */
export const retentionTests: StorageTest[] = [
  {
    name: 'surveys store responseRetentionDays; environments set theirs in one call, scoped to the id',
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const kept = await seedSurvey(storage, production)
      const limited = await seedSurvey(storage, production, { responseRetentionDays: 30 })
      assert.is((await storage.surveys.get(kept.id))?.responseRetentionDays, null)
      assert.is((await storage.surveys.get(limited.id))?.responseRetentionDays, 30)
      const updated = await storage.surveys.update(limited.id, (current) => ({ ...current, responseRetentionDays: 7 }))
      assert.is(updated?.responseRetentionDays, 7)
      assert.is((await storage.surveys.get(limited.id))?.responseRetentionDays, 7)

      assert.is((await storage.environments.get(production))?.responseRetentionDays, null, 'an environment keeps responses by default')
      const at = new Date(Date.now() + 1000)
      const set = await storage.environments.setResponseRetentionDays(production, 90, at)
      assert.is(set?.responseRetentionDays, 90)
      assert.is(set?.id, production)
      assert.is(set?.updatedAt.getTime(), at.getTime())
      assert.ok(set?.projectName, 'answered with its project, as get')
      assert.is((await storage.environments.get(production))?.responseRetentionDays, 90)
      assert.is((await storage.environments.get(development))?.responseRetentionDays, null, 'the other environment is untouched')
      assert.is((await storage.environments.setResponseRetentionDays(production, null, at))?.responseRetentionDays, null)
      for (const id of IMPOSSIBLE_IDS)
        assert.is(await storage.environments.setResponseRetentionDays(id, 5, at), null, `unknown id ${JSON.stringify(id)}`)
    },
  },
  {
    name: 'retention lease: one holder at a time, renewed by its holder, free once ended or released',
    needs: 'retention',
    async run({ storage }) {
      const name = `lease-${freshId()}`
      const now = new Date()
      const later = (ms: number) => new Date(now.getTime() + ms)
      const [a, b] = ['holder-a', 'holder-b']
      const claims = await Promise.all([
        groupOf(storage, 'retention').acquireLease(name, a, later(60_000), now),
        groupOf(storage, 'retention').acquireLease(name, b, later(60_000), now),
      ])
      assert.is(claims.filter(Boolean).length, 1, 'two concurrent claims: exactly one gets the lease')
      const [holder, other] = claims[0] ? [a, b] : [b, a]
      assert.is(await groupOf(storage, 'retention').acquireLease(name, other, later(60_000), later(1000)), false, 'held: refused')
      assert.is(await groupOf(storage, 'retention').acquireLease(name, holder, later(120_000), later(1000)), true, 'renewed by its holder')
      assert.is(await groupOf(storage, 'retention').acquireLease(name, other, later(180_000), later(61_000)), false, 'the renewal counts')
      assert.is(await groupOf(storage, 'retention').acquireLease(name, other, later(200_000), later(120_000)), true, 'free once it ended')
      await groupOf(storage, 'retention').releaseLease(name, holder)
      assert.is(
        await groupOf(storage, 'retention').acquireLease(name, holder, later(300_000), later(121_000)),
        false,
        "a release by a former holder leaves the new one's lease",
      )
      await groupOf(storage, 'retention').releaseLease(name, other)
      assert.is(await groupOf(storage, 'retention').acquireLease(name, holder, later(300_000), later(121_000)), true, 'free once released')
      await groupOf(storage, 'retention').releaseLease(name, holder)
      // Names Postgres text cannot hold are never held.
      for (const id of ['\u0000', 'a\u0000b']) assert.is(await groupOf(storage, 'retention').acquireLease(id, a, later(1000), now), false)
    },
  },
  {
    name: 'deleteExpired: the survey limit beats the environment default, null keeps, the boundary is createdAt against now minus the days',
    needs: 'retention',
    async run({ storage }) {
      const { production: withDefault, development: withoutDefault } = await seedProject(storage)
      await storage.environments.setResponseRetentionDays(withDefault, 30, new Date())
      const now = new Date()
      const ago = (days: number, ms = 0) => new Date(now.getTime() - days * DAY + ms)
      const byDefault = await seedSurvey(storage, withDefault)
      const shorter = await seedSurvey(storage, withDefault, { responseRetentionDays: 10 })
      const longer = await seedSurvey(storage, withDefault, { responseRetentionDays: 100 })
      const keptAll = await seedSurvey(storage, withoutDefault)
      const ownOnly = await seedSurvey(storage, withoutDefault, { responseRetentionDays: 5 })
      const at = (surveyId: string, environmentId: string, createdAt: Date) => seedResponse(storage, environmentId, surveyId, { createdAt })

      const expired = [
        await at(byDefault.id, withDefault, ago(30, -1)),
        await at(byDefault.id, withDefault, ago(400)),
        await at(shorter.id, withDefault, ago(10, -1)),
        await at(shorter.id, withDefault, ago(20)),
        await at(longer.id, withDefault, ago(100, -1)),
        await at(ownOnly.id, withoutDefault, ago(5, -1)),
      ]
      const kept = [
        await at(byDefault.id, withDefault, ago(30, 1)),
        await at(byDefault.id, withDefault, ago(29)),
        await at(shorter.id, withDefault, ago(10, 1)),
        await at(longer.id, withDefault, ago(99)),
        await at(longer.id, withDefault, ago(40)),
        await at(keptAll.id, withoutDefault, ago(3000)),
        await at(ownOnly.id, withoutDefault, ago(5, 1)),
      ]
      const batches = await deleteAll(storage, now, 1000)
      for (const id of expired) assert.is(await storage.responses.get(id), null, `expired ${id} deleted`)
      for (const id of kept) assert.ok(await storage.responses.get(id), `kept ${id}`)
      assert.equal(deletedIn(batches, withDefault), { responses: 5, displays: 0 })
      assert.equal(deletedIn(batches, withoutDefault), { responses: 1, displays: 0 })
      assert.equal(
        deletedIn(await deleteAll(storage, now, 1000), withDefault),
        { responses: 0, displays: 0 },
        'a second pass finds nothing',
      )
    },
  },
  {
    name: 'deleteExpired: the displays of expired responses and unanswered expired displays go, the rest stay',
    needs: 'retention',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const now = new Date()
      const ago = (days: number) => new Date(now.getTime() - days * DAY)
      const survey = await seedSurvey(storage, production, { responseRetentionDays: 30 })
      const other = await seedSurvey(storage, production)
      // A display the expired response names, and one made later that names the expired response.
      const named = await display(storage, production, survey.id, ago(41))
      const old = await seedResponse(storage, production, survey.id, { createdAt: ago(40), displayId: named })
      const naming = await display(storage, production, survey.id, ago(2), old)
      const unanswered = await display(storage, production, survey.id, ago(31))
      const recentUnanswered = await display(storage, production, survey.id, ago(29))
      // An old display whose response is recent: it stays with its response.
      const liveDisplay = await display(storage, production, survey.id, ago(35))
      const live = await seedResponse(storage, production, survey.id, { createdAt: ago(1), displayId: liveDisplay })
      const otherSurvey = await display(storage, production, other.id, ago(400))

      const batches = await deleteAll(storage, now, 1000)
      assert.equal(deletedIn(batches, production), { responses: 1, displays: 3 })
      assert.is(await storage.responses.get(old), null)
      assert.ok(await exists(storage, production, live))
      const left = await storage.displays.responseOf(production, liveDisplay)
      assert.equal(left, { responseId: live }, 'the live response keeps its display')
      for (const id of [named, naming, unanswered])
        assert.is(await storage.displays.responseOf(production, id), null, `display ${id} deleted`)
      for (const id of [recentUnanswered, otherSurvey]) assert.ok(await storage.displays.responseOf(production, id), `display ${id} kept`)
    },
  },
  {
    name: 'deleteExpired: batches of at most limit responses, oldest first, each response counted once',
    needs: 'retention',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const now = new Date()
      const survey = await seedSurvey(storage, production, { responseRetentionDays: 1 })
      const ids: string[] = []
      for (let i = 0; i < 7; i++)
        ids.push(await seedResponse(storage, production, survey.id, { createdAt: new Date(now.getTime() - (10 - i) * DAY) }))
      const first = await groupOf(storage, 'retention').deleteExpired({ now, limit: 3 })
      const mine = first.environments.find((entry) => entry.environmentId === production)
      assert.ok(first.responses <= 3, 'at most limit')
      // Other tests' rows never expire (only this suite's surveys have limits, and each test deletes its own).
      assert.is(mine?.responses, 3)
      for (const id of ids.slice(0, 3)) assert.is(await storage.responses.get(id), null, 'the oldest go first')
      for (const id of ids.slice(3)) assert.ok(await storage.responses.get(id))
      const rest = await deleteAll(storage, now, 3)
      assert.equal(deletedIn(rest, production), { responses: 4, displays: 0 })
      for (const id of ids) assert.is(await storage.responses.get(id), null)
    },
  },
]
