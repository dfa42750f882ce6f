/**
 * Core runs the loops of a response update, an import and the outbox's expansion over this storage's primitives
 * (docs/architecture.md, "A response write" and "Background work"). Each is driven here through a storage that
 * injects faults into the real one: a guard lost (by a real write in between), a lock's transaction failing, an
 * import lost to a concurrent create, a take of events failing. Core must retry or fall back as its loop says,
 * and nothing may be written by halves.
 */
import { expandOutbox, importResponses, outboxDeliveries, updateResponse, withOutboxExpansion } from '@canvass/core'
import type { CreateResponseCheck, ResponseStore, WebhookDeliveryStore, WebhookEvent } from '@canvass/core'
import { makeResponse, makeSurvey } from '@canvass/test-utils'
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createKyselyStorage } from '../src'
import type { KyselyStorage } from '../src'
import { backends } from './backends'

interface World {
  storage: KyselyStorage
  db: Kysely<unknown>
  environmentId: string
  surveyId: string
  webhookId: string
  check: CreateResponseCheck
}

async function world(db: Kysely<unknown>, survey: { autoComplete?: number } = {}): Promise<World> {
  const storage = createKyselyStorage({ db })
  const environments = { production: randomUUID(), development: randomUUID() }
  const organizationId = randomUUID()
  const createdAt = new Date()
  await storage.projects.createOrganization({ id: organizationId, name: 'org', createdAt })
  await storage.projects.create({ id: randomUUID(), organizationId, name: 'p', createdAt, environments, newId: randomUUID })
  const record = makeSurvey(environments.production, { autoComplete: survey.autoComplete ?? null })
  await storage.surveys.insert(record)
  const webhookId = randomUUID()
  await storage.webhooks.insert({
    id: webhookId,
    environmentId: environments.production,
    name: null,
    url: 'https://receiver.example/hook',
    source: 'user',
    triggers: ['responseCreated', 'responseUpdated', 'responseFinished'] as WebhookEvent[],
    surveyIds: [],
    createdAt,
    updatedAt: createdAt,
    secret: `whsec_${btoa(randomUUID())}`,
  })
  const check = { environmentId: environments.production, requireAccepting: false, checkEnvironment: false, pinProven: true }
  return { storage, db, environmentId: environments.production, surveyId: record.id, webhookId, check }
}

/** The events recorded for a response and not yet made into deliveries. */
async function queued(db: Kysely<unknown>, responseId: string): Promise<number> {
  const { rows } = await sql<{
    n: number
  }>`select count(*)::int as n from canvass.webhook_events where response_id = ${responseId}`.execute(db)
  return rows[0]?.n ?? 0
}

/** The deliveries made for a response, by event name. */
async function delivered(db: Kysely<unknown>, responseId: string): Promise<string[]> {
  const { rows } = await sql<{
    event: string
  }>`select event from canvass.webhook_deliveries where response_id = ${responseId} order by event`.execute(db)
  return rows.map((row) => row.event)
}

/** `responses` with `updateGuarded` making another write of the same response first, so that its guard is lost. */
function guardLostBy(responses: ResponseStore, times: number, write: (id: string) => Promise<unknown>): ResponseStore {
  let left = times
  return {
    ...responses,
    async updateGuarded(id, patch, guard) {
      if (left > 0) {
        left--
        await write(id)
      }
      return responses.updateGuarded(id, patch, guard)
    },
  }
}

for (const backend of backends()) {
  const test = suite(`core's loops over storage-kysely on ${backend.name}`)
  let open: Awaited<ReturnType<typeof backend.open>>
  test.before(async () => {
    open = await backend.open({ migrated: true })
  })
  test.after(async () => {
    await open.close()
  })

  test('an update whose guard is lost is decided again under the lock, on the response as the other write left it', async () => {
    const w = await world(open.db)
    const response = makeResponse(w.surveyId, { data: { q1: 'first' } })
    await importResponses(w.storage.responses, [response], w.check, { webhooks: false })
    const other = (id: string) =>
      updateResponse(w.storage.responses, id, (current) => ({ updatedAt: new Date(), data: { ...current.data, q2: 'other' } }))
    const seen: unknown[] = []
    const updated = await updateResponse(guardLostBy(w.storage.responses, 1, other), response.id, (current) => {
      seen.push(current.data)
      return { updatedAt: new Date(), data: { ...current.data, q3: 'mine' } }
    })
    assert.equal(seen, [{ q1: 'first' }, { q1: 'first', q2: 'other' }], 'decided again on the row the other write left')
    assert.equal(updated?.data, { q1: 'first', q2: 'other', q3: 'mine' })
    assert.is(await queued(w.db, response.id), 2, 'one event for each write that was written, none for the lost one')
  })

  test('a finishing update that learns it finishes only under the response lock runs again with the survey lock, and core completes the survey', async () => {
    const w = await world(open.db, { autoComplete: 1 })
    const response = makeResponse(w.surveyId)
    await importResponses(w.storage.responses, [response], w.check, { webhooks: false })
    const other = (id: string) => updateResponse(w.storage.responses, id, () => ({ updatedAt: new Date(), data: { q1: 'answered' } }))
    // Finishes once it sees the answer the other write made: not on the first read, so the guarded path is taken.
    const change = (current: { data: Record<string, unknown> }) =>
      current.data.q1 === 'answered' ? { updatedAt: new Date(), finished: true } : { updatedAt: new Date(), data: { q0: 'x' } }
    const updated = await updateResponse(guardLostBy(w.storage.responses, 1, other), response.id, change)
    assert.is(updated?.finished, true)
    assert.is((await w.storage.surveys.get(w.surveyId))?.status, 'completed', "core's autoCompletes, judged under the survey's lock")
  })

  test('a locked update whose transaction fails writes nothing and the error reaches the caller', async () => {
    const w = await world(open.db)
    const response = makeResponse(w.surveyId, { data: { q1: 'kept' } })
    await importResponses(w.storage.responses, [response], w.check, { webhooks: false })
    const failing: ResponseStore = {
      ...w.storage.responses,
      updateLocked: (id, options, decide) =>
        w.storage.responses.updateLocked(id, options, {
          ...decide,
          patch(current, survey) {
            const patch = decide.patch(current, survey)
            // The lock is lost with the connection after the decision: the transaction rolls back.
            throw Object.assign(new Error('connection lost'), { patch })
          },
        }),
    }
    const tagged = () => ({ updatedAt: new Date(), data: { q1: 'changed' }, tagIds: [] })
    await updateResponse(failing, response.id, tagged).then(
      () => assert.unreachable('the failure propagates'),
      (error: Error) => assert.is(error.message, 'connection lost'),
    )
    assert.equal((await w.storage.responses.get(response.id))?.data, { q1: 'kept' })
    assert.is(await queued(w.db, response.id), 0, 'no event of a write that did not happen')
  })

  test('an import lost to a concurrent create runs again, and after the last attempt nothing of it is written', async () => {
    const w = await world(open.db)
    const lostThen = (times: number): Pick<ResponseStore, 'importLocked'> => {
      let left = times
      return {
        importLocked: (...args) => {
          if (left-- > 0) return Promise.resolve({ outcome: 'lost', cause: new Error('single-use id taken meanwhile') })
          return w.storage.responses.importLocked(...args)
        },
      }
    }
    const again = makeResponse(w.surveyId)
    assert.equal(await importResponses(lostThen(2), [again], w.check, { webhooks: true }), [{ outcome: 'created', id: again.id }])
    assert.is(await queued(w.db, again.id), 1, 'its event recorded once')

    const never = makeResponse(w.surveyId)
    await importResponses(lostThen(3), [never], w.check, { webhooks: true }).then(
      () => assert.unreachable('three losses give up'),
      (error: Error) => assert.is(error.message, 'single-use id taken meanwhile'),
    )
    assert.is(await w.storage.responses.get(never.id), null)
  })

  test('a take of events that fails leaves them queued, and the next expansion makes each delivery once', async () => {
    const w = await world(open.db)
    const response = makeResponse(w.surveyId, { finished: true })
    await importResponses(w.storage.responses, [response], w.check, { webhooks: true })
    const deliveries = w.storage.webhookDeliveries
    // Core's build fails inside the adapter's transaction: the events it took go back.
    await deliveries
      .expandEvents({ limit: 1000, from: 'head' }, () => {
        throw new Error('take failed')
      })
      .then(
        () => assert.unreachable('the failure propagates'),
        (error: Error) => assert.is(error.message, 'take failed'),
      )
    assert.is(await queued(w.db, response.id), 1)
    assert.equal(await delivered(w.db, response.id), [])

    const failingOnce: WebhookDeliveryStore = {
      ...deliveries,
      expandEvents: () => Promise.reject(new Error('connection lost')),
    }
    await withOutboxExpansion({ webhookDeliveries: failingOnce })
      .webhookDeliveries.list(w.environmentId, w.webhookId, { limit: 10 })
      .then(
        () => assert.unreachable('a read of deliveries waits for the expansion'),
        (error: Error) => assert.is(error.message, 'connection lost'),
      )
    assert.is(await queued(w.db, response.id), 1)

    // Two expanders at once: each event is taken by one of them.
    await Promise.all([expandOutbox(deliveries, true), expandOutbox(deliveries, true)])
    assert.equal(await delivered(w.db, response.id), ['responseCreated', 'responseFinished'])
    assert.is(await queued(w.db, response.id), 0)
    await expandOutbox(deliveries, true)
    assert.equal(await delivered(w.db, response.id), ['responseCreated', 'responseFinished'], 'no second delivery')
  })

  test("the deliveries are core's: outboxDeliveries decides what expandEvents inserts", async () => {
    const w = await world(open.db)
    const response = makeResponse(w.surveyId)
    await importResponses(w.storage.responses, [response], w.check, { webhooks: true })
    const built: string[] = []
    while (
      (await w.storage.webhookDeliveries.expandEvents({ limit: 1000, from: 'head' }, (events) => {
        const made = outboxDeliveries(events)
        built.push(...made.filter((delivery) => delivery.responseId === response.id).map((delivery) => delivery.event))
        return made
      })) >= 1000
    ) {}
    assert.equal(built, ['responseCreated'])
    assert.equal(await delivered(w.db, response.id), ['responseCreated'])
  })

  test.run()
}
