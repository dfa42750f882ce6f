import { createResponse, updateResponse } from '@canvass/core'
import type { ClaimedDelivery, CreateResponseResult, NewWebhook, Storage, WebhookEvent } from '@canvass/core'
import * as assert from 'uvu/assert'
import { freshId } from './fresh-id'
import { hooksOf, byListOrder, clientCheck, expectCreated, makeResponse, seedProject, seedResponse, seedSurvey, walkPages } from './seed'
import type { StorageTest } from './storage-test'

/** Webhook definitions, the outbox the response writes fill, and the dispatcher's claims. */
export const webhookTests: StorageTest[] = [
  {
    name: 'webhooks: insert, get, list and delete stay in their environment and never return the secret',
    needsWebhooks: true,
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const first = await seedWebhook(storage, production)
      const second = await seedWebhook(storage, production, { createdAt: new Date(first.createdAt.getTime() + 1000) })
      await seedWebhook(storage, development)
      const got = await hooksOf(storage).webhooks.get(first.id)
      const { secret, ...expected } = first
      assert.equal(got, { ...expected, disabledAt: null })
      assert.not.ok(JSON.stringify(got).includes(secret), 'no read returns the secret')
      assert.equal(
        (await hooksOf(storage).webhooks.list(production, { limit: 10 })).map((w) => w.id),
        [second.id, first.id],
      )
      assert.equal(await walkPages(1, (after) => hooksOf(storage).webhooks.list(production, after ? { limit: 1, after } : { limit: 1 })), [
        second.id,
        first.id,
      ])
      assert.is(await hooksOf(storage).webhooks.delete(development, first.id), null, 'another environment cannot delete it')
      assert.equal((await hooksOf(storage).webhooks.delete(production, first.id))?.id, first.id)
      assert.is(await hooksOf(storage).webhooks.get(first.id), null)
      assert.is(await hooksOf(storage).webhooks.get('no\u0000such'), null)
    },
  },
  {
    name: 'webhooks: update replaces the fields given in its environment, keeps the secret, and a concurrent delete gives null',
    needsWebhooks: true,
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const hook = await seedWebhook(storage, production)
      const { secret, ...before } = hook
      const later = new Date(hook.updatedAt.getTime() + 5000)
      assert.is(
        await hooksOf(storage).webhooks.update(development, hook.id, { name: 'x', updatedAt: later }),
        null,
        "another environment's",
      )
      assert.is(await hooksOf(storage).webhooks.update(production, 'no\u0000such', { name: 'x', updatedAt: later }), null)
      const renamed = await hooksOf(storage).webhooks.update(production, hook.id, { name: null, updatedAt: later })
      assert.equal(renamed, { ...before, name: null, updatedAt: later, disabledAt: null }, 'only the name and updatedAt change')
      const changes = {
        url: 'https://other.example/hook',
        source: 'zapier',
        triggers: ['responseFinished'] as WebhookEvent[],
        surveyIds: [survey.id],
        updatedAt: new Date(later.getTime() + 1000),
      }
      const updated = await hooksOf(storage).webhooks.update(production, hook.id, changes)
      assert.equal(updated, { ...before, name: null, ...changes, disabledAt: null })
      assert.equal(await hooksOf(storage).webhooks.get(hook.id), updated, 'a read sees the edit')
      assert.not.ok(JSON.stringify(updated).includes(secret), 'no answer holds the secret')
      assert.is(await hooksOf(storage).webhooks.secret(production, hook.id), secret, 'the secret stays')
      assert.is(await hooksOf(storage).webhooks.secret(development, hook.id), null, "not another environment's")
      // Events follow the edit: a create no longer matches, a finish of the named survey does.
      await seedResponse(storage, production, survey.id, { finished: true, data: { q1: 'yes' } })
      const events = (await claimAll(storage)).filter((d) => d.webhookId === hook.id).map((d) => `${d.event}:${d.url}`)
      assert.equal(events, ['responseFinished:https://other.example/hook'])
      // An edit and a delete at once: neither throws; an edit that comes second finds nothing.
      const [edited, deleted] = await Promise.all([
        hooksOf(storage).webhooks.update(production, hook.id, { name: 'racing', updatedAt: new Date() }),
        hooksOf(storage).webhooks.delete(production, hook.id),
      ])
      assert.equal(deleted?.id, hook.id)
      assert.ok(edited === null || edited.name === 'racing')
      assert.is(await hooksOf(storage).webhooks.update(production, hook.id, { name: 'late', updatedAt: new Date() }), null)
      assert.is(await hooksOf(storage).webhooks.secret(production, hook.id), null)
    },
  },
  {
    name: 'outbox: a response create writes one delivery per matching webhook (trigger, surveyIds, environment)',
    needsWebhooks: true,
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const survey = await seedSurvey(storage, production, { name: 'Outbox survey' })
      const otherSurvey = await seedSurvey(storage, production)
      const all = await seedWebhook(storage, production, { triggers: ['responseCreated', 'responseFinished'] })
      const onlySurvey = await seedWebhook(storage, production, { triggers: ['responseCreated'], surveyIds: [survey.id] })
      const otherOnly = await seedWebhook(storage, production, { triggers: ['responseCreated'], surveyIds: [otherSurvey.id] })
      const updatesOnly = await seedWebhook(storage, production, { triggers: ['responseUpdated'] })
      const elsewhere = await seedWebhook(storage, development, { triggers: ['responseCreated'] })
      const ours = new Set([all.id, onlySurvey.id, otherOnly.id, updatesOnly.id, elsewhere.id])

      const responseId = await seedResponse(storage, production, survey.id, { finished: true, data: { q1: 'yes' } })
      const claimed = (await claimAll(storage)).filter((d) => ours.has(d.webhookId))
      const got = claimed.map((d) => `${d.webhookId === all.id ? 'all' : 'onlySurvey'}:${d.event}`).sort()
      assert.equal(got, ['all:responseCreated', 'all:responseFinished', 'onlySurvey:responseCreated'])

      const delivery = claimed.find((d) => d.webhookId === all.id && d.event === 'responseCreated') as ClaimedDelivery
      assert.is(delivery.url, all.url)
      assert.is(delivery.secret, all.secret)
      assert.is(delivery.attempts, 0)
      const body = JSON.parse(delivery.body)
      assert.equal(Object.keys(body).sort(), ['data', 'event', 'webhookId'])
      assert.is(body.webhookId, all.id)
      assert.is(body.event, 'responseCreated')
      const stored = await storage.responses.get(responseId)
      assert.ok(stored)
      assert.equal(body.data, {
        id: stored.id,
        createdAt: stored.createdAt.toISOString(),
        updatedAt: stored.updatedAt.toISOString(),
        surveyId: survey.id,
        finished: true,
        data: { q1: 'yes' },
        variables: stored.variables,
        ttc: stored.ttc,
        meta: stored.meta,
        language: null,
        singleUseId: stored.singleUseId,
        displayId: stored.displayId,
        endingId: null,
        notes: [],
        tags: [],
        person: null,
        personAttributes: null,
        contact: null,
        contactAttributes: null,
        // The reference's fields, then Canvass's own (docs/webhooks-and-uploads.md, "What a delivery holds").
        survey: {
          title: 'Outbox survey',
          type: survey.type,
          status: 'inProgress',
          createdAt: survey.createdAt.toISOString(),
          updatedAt: survey.updatedAt.toISOString(),
          id: survey.id,
          name: 'Outbox survey',
        },
      })
    },
  },
  {
    name: 'outbox: an event reaches the webhooks as they were at the write, not as edited or added before its deliveries are made',
    needsWebhooks: true,
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const created = await seedWebhook(storage, production, { triggers: ['responseCreated'] })
      const finished = await seedWebhook(storage, production, { triggers: ['responseFinished'] })
      // Nothing reads the outbox between the write and the edits: the write alone decides what the event reaches.
      await seedResponse(storage, production, survey.id, { finished: false })
      await hooksOf(storage).webhooks.update(production, created.id, { triggers: ['responseFinished'], updatedAt: new Date() })
      await hooksOf(storage).webhooks.update(production, finished.id, { triggers: ['responseCreated'], updatedAt: new Date() })
      const added = await seedWebhook(storage, production, { triggers: ['responseCreated'] })
      const ours = new Set([created.id, finished.id, added.id])
      const claimed = (await claimAll(storage)).filter((d) => ours.has(d.webhookId))
      assert.equal(
        claimed.map((d) => `${d.webhookId === created.id ? 'created' : d.webhookId === finished.id ? 'finished' : 'added'}:${d.event}`),
        ['created:responseCreated'],
      )
    },
  },
  {
    name: 'outbox: the payload of a response with a contact carries its person as a read shows it',
    needsWebhooks: true,
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production, { status: 'inProgress' })
      const webhook = await seedWebhook(storage, production, { triggers: ['responseCreated'] })
      const response = makeResponse(survey.id, { userId: `user-${freshId()}` })
      expectCreated(await createResponse(storage.responses, response, clientCheck(production)), response)
      const [delivery, ...more] = (await claimAll(storage)).filter((d) => d.webhookId === webhook.id)
      assert.is(more.length, 0)
      const stored = await storage.responses.get(response.id)
      assert.ok(stored?.person, 'the response is linked to its contact')
      const { person, contact, contactAttributes } = JSON.parse((delivery as ClaimedDelivery).body).data
      assert.equal(person, {
        ...stored.person,
        createdAt: stored.person.createdAt.toISOString(),
        updatedAt: stored.person.updatedAt.toISOString(),
      })
      assert.is(person.userId, response.userId)
      // The reference's current names of the same contact.
      assert.equal(contact, { id: stored.person.id, userId: response.userId })
      assert.equal(contactAttributes, stored.personAttributes)
    },
  },
  {
    name: 'outbox: an update writes responseUpdated, and responseFinished only when it finishes the response',
    needsWebhooks: true,
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const webhook = await seedWebhook(storage, production, { triggers: ['responseUpdated', 'responseFinished'] })
      const responseId = await seedResponse(storage, production, survey.id)
      const events = async () =>
        (await claimAll(storage))
          .filter((d) => d.webhookId === webhook.id)
          .map((d) => d.event)
          .sort()
      assert.equal(await events(), [], 'a create of an unfinished response is neither an update nor a finish')
      await updateResponse(storage.responses, responseId, () => null)
      assert.equal(await events(), [], 'an update that changes nothing records no event')
      await updateResponse(storage.responses, responseId, () => ({ updatedAt: new Date(), data: { q1: 'a' } }))
      assert.equal(await events(), ['responseUpdated'])
      await updateResponse(storage.responses, responseId, () => ({ updatedAt: new Date(), finished: true }))
      assert.equal(await events(), ['responseFinished', 'responseUpdated'])
      await updateResponse(storage.responses, responseId, () => ({ updatedAt: new Date(), finished: true, data: { q1: 'b' } }))
      assert.equal(await events(), ['responseUpdated'], 'already finished: no second responseFinished')
    },
  },
  {
    name: 'outbox: responses written together each get deliveries with their own payload and their own webhooks',
    needsWebhooks: true,
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production, { status: 'inProgress' })
      const other = await seedSurvey(storage, production, { status: 'inProgress' })
      const webhooks = [
        await seedWebhook(storage, production, { triggers: ['responseCreated'] }),
        await seedWebhook(storage, production, { triggers: ['responseCreated', 'responseFinished'], surveyIds: [survey.id] }),
      ]
      // Concurrent client creates, of two surveys, finished and not: a storage that writes them in one
      // statement must still keep them apart, each with the webhooks that match it.
      const responses = Array.from({ length: 24 }, (_, i) =>
        makeResponse(i % 3 === 2 ? other.id : survey.id, { finished: i % 2 === 0, data: { q1: `answer ${i}` } }),
      )
      const results = await Promise.all(responses.map((r) => createResponse(storage.responses, r, clientCheck(production))))
      responses.forEach((r, i) => expectCreated(results[i] as CreateResponseResult, r))
      const ours = new Set(webhooks.map((w) => w.id))
      const claimed = (await claimAll(storage)).filter((d) => ours.has(d.webhookId))
      // The first webhook: every create. The second, of the first survey only: its creates and finishes.
      const expectedFor = (r: (typeof responses)[number]) => [
        '0:responseCreated',
        ...(r.surveyId === survey.id ? ['1:responseCreated', ...(r.finished ? ['1:responseFinished'] : [])] : []),
      ]
      assert.is(
        claimed.length,
        responses.reduce((n, r) => n + expectedFor(r).length, 0),
      )
      for (const response of responses) {
        const mine = claimed.filter((d) => JSON.parse(d.body).data.id === response.id)
        const got = mine.map((d) => `${webhooks.findIndex((w) => w.id === d.webhookId)}:${d.event}`).sort()
        assert.equal(got, expectedFor(response), response.id)
        for (const delivery of mine) {
          const body = JSON.parse(delivery.body)
          assert.equal([body.webhookId, body.event], [delivery.webhookId, delivery.event])
          assert.equal([body.data.data, body.data.finished, body.data.surveyId], [response.data, response.finished, response.surveyId])
        }
      }
      assert.is(new Set(claimed.map((d) => d.id)).size, claimed.length, 'every delivery has its own id')
    },
  },
  {
    name: 'deliveries: a claim with perWebhook takes at most that many of each webhook, less those in flight, oldest first',
    needsWebhooks: true,
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const busy = await seedWebhook(storage, production, { triggers: ['responseCreated'] })
      const quiet = await seedWebhook(storage, production, { triggers: ['responseCreated'] })
      for (let i = 0; i < 5; i++) await seedResponse(storage, production, survey.id)
      const now = new Date(Date.now() + 1000)
      const mine = (claimed: ClaimedDelivery[], webhook: { id: string }) => claimed.filter((d) => d.webhookId === webhook.id)
      const first = await hooksOf(storage).webhookDeliveries.claim({
        now,
        limit: 5000,
        leaseMs: 60_000,
        claimToken: freshId(),
        perWebhook: 3,
        inFlight: { [busy.id]: 2 },
      })
      assert.is(mine(first, busy).length, 1, 'three slots, two in flight: one')
      assert.is(mine(first, quiet).length, 3, 'three slots, none in flight: three')
      const listed = await hooksOf(storage).webhookDeliveries.list(production, quiet.id, { limit: 100 })
      const oldest = listed
        .map((d) => d.id)
        .reverse()
        .slice(0, 3)
        .sort()
      assert.equal(
        mine(first, quiet)
          .map((d) => d.id)
          .sort(),
        oldest,
        'the oldest due first',
      )
      const rest = await hooksOf(storage).webhookDeliveries.claim({
        now,
        limit: 5000,
        leaseMs: 60_000,
        claimToken: freshId(),
        perWebhook: 10,
      })
      assert.equal([mine(rest, busy).length, mine(rest, quiet).length], [4, 2], 'the rest, none twice')
    },
  },
  {
    name: 'deliveries: standing counts what a claim holds and, per webhook waiting longest first, what is due and pending',
    needsWebhooks: true,
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const first = await seedWebhook(storage, production, { triggers: ['responseCreated'] })
      const responses = []
      for (let i = 0; i < 4; i++) responses.push(await seedResponse(storage, production, survey.id))
      // Written after the first four: the second webhook's deliveries are all younger than the first's.
      const second = await seedWebhook(storage, production, { triggers: ['responseCreated'] })
      for (let i = 0; i < 2; i++) await seedResponse(storage, production, survey.id)
      const now = new Date(Date.now() + 1000)
      const before = await hooksOf(storage).webhookDeliveries.standing(now, 1000)
      const mine = (standing: typeof before) => standing.webhooks.filter((w) => w.webhookId === first.id || w.webhookId === second.id)
      assert.equal(
        mine(before).map((w) => [w.webhookId === first.id ? 'first' : 'second', w.environmentId, w.due, w.pending]),
        [
          ['first', production, 6, 6],
          ['second', production, 2, 2],
        ],
        'the one waiting longest first',
      )
      const oldest = mine(before)[0]?.oldestDueAt
      assert.ok(oldest instanceof Date && oldest.getTime() <= now.getTime())
      const claimToken = freshId()
      const claimed = await hooksOf(storage).webhookDeliveries.claim({ now, limit: 5000, leaseMs: 60_000, claimToken, perWebhook: 3 })
      const held = claimed.filter((d) => d.webhookId === first.id || d.webhookId === second.id)
      assert.is(held.length, 5, 'three of the first, two of the second')
      const during = await hooksOf(storage).webhookDeliveries.standing(now, 1000)
      assert.ok(during.sending >= 5, `${during.sending} held by a claim`)
      assert.equal(
        mine(during).map((w) => [w.webhookId === first.id ? 'first' : 'second', w.due, w.pending]),
        [['first', 3, 6]],
        'what a claim holds is pending but not due; a webhook with nothing due is not listed',
      )
      const delivered = held[0] as ClaimedDelivery
      const at = new Date(now.getTime() + 10)
      await hooksOf(storage).webhookDeliveries.record([
        {
          id: delivered.id,
          claimToken,
          attempt: { at: at.toISOString(), status: 200, durationMs: 5, errorClass: null },
          next: { status: 'delivered' },
          now: at,
        },
      ])
      const after = await hooksOf(storage).webhookDeliveries.standing(now, 1000)
      assert.ok(after.lastDeliveredAt !== null && after.lastDeliveredAt.getTime() >= at.getTime(), 'when a delivery was last delivered')
      assert.is((await hooksOf(storage).webhookDeliveries.standing(now, 1)).webhooks.length, 1, 'at most limit webhooks')
    },
  },
  {
    name: 'deliveries: a claim with limits gives the webhooks it names their own limit, less those in flight, the others perWebhook',
    needsWebhooks: true,
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const paced = await seedWebhook(storage, production, { triggers: ['responseCreated'] })
      const held = await seedWebhook(storage, production, { triggers: ['responseCreated'] })
      const plain = await seedWebhook(storage, production, { triggers: ['responseCreated'] })
      for (let i = 0; i < 8; i++) await seedResponse(storage, production, survey.id)
      const now = new Date(Date.now() + 1000)
      const count = (claimed: ClaimedDelivery[], webhook: { id: string }) => claimed.filter((d) => d.webhookId === webhook.id).length
      const claimed = await hooksOf(storage).webhookDeliveries.claim({
        now,
        limit: 5000,
        leaseMs: 60_000,
        claimToken: freshId(),
        perWebhook: 2,
        limits: { [paced.id]: 6, [held.id]: 1 },
        inFlight: { [paced.id]: 1 },
      })
      assert.equal(
        [count(claimed, paced), count(claimed, held), count(claimed, plain)],
        [5, 1, 2],
        'six less one in flight; its own limit of one, under perWebhook; perWebhook for the one not named',
      )
    },
  },
  {
    name: 'deliveries: concurrent claims are disjoint, a lease expires, a stale claim cannot record',
    needsWebhooks: true,
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const webhook = await seedWebhook(storage, production, { triggers: ['responseCreated'] })
      for (let i = 0; i < 12; i++) await seedResponse(storage, production, survey.id)
      const now = new Date(Date.now() + 1000)
      const claims = await Promise.all(
        [1, 2, 3, 4].map(() => hooksOf(storage).webhookDeliveries.claim({ now, limit: 5000, leaseMs: 60_000, claimToken: freshId() })),
      )
      const ids = claims
        .flat()
        .filter((d) => d.webhookId === webhook.id)
        .map((d) => d.id)
      assert.is(ids.length, 12, 'every delivery claimed')
      assert.is(new Set(ids).size, 12, 'none claimed twice')
      const again = await hooksOf(storage).webhookDeliveries.claim({ now, limit: 5000, leaseMs: 60_000, claimToken: freshId() })
      assert.is(again.filter((d) => d.webhookId === webhook.id).length, 0, 'claimed ones wait for their lease')

      const later = new Date(now.getTime() + 61_000)
      const staleToken = freshId()
      const reclaimed = (
        await hooksOf(storage).webhookDeliveries.claim({ now: later, limit: 5000, leaseMs: 60_000, claimToken: staleToken })
      ).filter((d) => d.webhookId === webhook.id)
      assert.is(reclaimed.length, 12, 'after the lease, a dead claimer’s deliveries are claimed again')
      const [one] = reclaimed as [ClaimedDelivery]
      const attempt = { at: later.toISOString(), status: 200, durationMs: 3, errorClass: null }
      await hooksOf(storage).webhookDeliveries.record([
        { id: one.id, claimToken: 'not-the-claim', attempt, next: { status: 'delivered' }, now: later },
      ])
      let listed = await hooksOf(storage).webhookDeliveries.list(production, webhook.id, { limit: 100 })
      assert.is(listed.find((d) => d.id === one.id)?.status, 'pending', 'a stale claim changes nothing')
      await hooksOf(storage).webhookDeliveries.record([
        { id: one.id, claimToken: staleToken, attempt, next: { status: 'delivered' }, now: later },
      ])
      listed = await hooksOf(storage).webhookDeliveries.list(production, webhook.id, { limit: 100 })
      const recorded = listed.find((d) => d.id === one.id)
      assert.is(recorded?.status, 'delivered')
      assert.equal(recorded?.attempts, [attempt])
      assert.is(recorded?.nextAttemptAt, null)
      const rest = reclaimed.slice(1)
      await hooksOf(storage).webhookDeliveries.record(
        rest.map((d, i) => ({
          id: d.id,
          claimToken: staleToken,
          attempt: { ...attempt, status: 200 + i },
          next: { status: 'delivered' as const },
          now: later,
        })),
      )
      listed = await hooksOf(storage).webhookDeliveries.list(production, webhook.id, { limit: 100 })
      assert.equal(
        listed.map((d) => d.status),
        Array(12).fill('delivered'),
        'outcomes recorded together',
      )
      assert.equal(
        rest.map((d) => listed.find((l) => l.id === d.id)?.attempts[0]?.status),
        rest.map((_, i) => 200 + i),
        'each outcome went to its own delivery',
      )
    },
  },
  {
    name: 'deliveries: retry reschedules, disable fails the webhook’s pending ones, delete drops them; lists are scoped',
    needsWebhooks: true,
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const gone = await seedWebhook(storage, production, { triggers: ['responseCreated'] })
      const deleted = await seedWebhook(storage, production, { triggers: ['responseCreated'] })
      for (let i = 0; i < 3; i++) await seedResponse(storage, production, survey.id)
      const claimToken = freshId()
      const now = new Date(Date.now() + 1000)
      const claimed = (await hooksOf(storage).webhookDeliveries.claim({ now, limit: 5000, leaseMs: 60_000, claimToken })).filter(
        (d) => d.webhookId === gone.id,
      )
      const [first, second] = claimed as [ClaimedDelivery, ClaimedDelivery]
      const retryAt = new Date(now.getTime() + 5000)
      await hooksOf(storage).webhookDeliveries.record([
        {
          id: first.id,
          claimToken,
          now,
          next: { status: 'retry', at: retryAt },
          attempt: { at: now.toISOString(), status: 503, durationMs: 1, errorClass: null },
        },
      ])
      let listed = await hooksOf(storage).webhookDeliveries.list(production, gone.id, { limit: 100 })
      assert.equal(listed.find((d) => d.id === first.id)?.nextAttemptAt, retryAt)
      assert.is(listed.find((d) => d.id === first.id)?.attempts.length, 1)
      await hooksOf(storage).webhookDeliveries.record([
        {
          id: second.id,
          claimToken,
          now,
          next: { status: 'disable' },
          attempt: { at: now.toISOString(), status: 410, durationMs: 1, errorClass: null },
        },
      ])
      listed = await hooksOf(storage).webhookDeliveries.list(production, gone.id, { limit: 100 })
      assert.equal(
        listed.map((d) => d.status),
        ['failed', 'failed', 'failed'],
        'every pending delivery of a gone webhook fails',
      )
      assert.ok((await hooksOf(storage).webhooks.get(gone.id))?.disabledAt, 'the webhook is disabled')
      await seedResponse(storage, production, survey.id)
      assert.is(
        (await hooksOf(storage).webhookDeliveries.list(production, gone.id, { limit: 100 })).length,
        3,
        'a disabled webhook gets no more',
      )

      assert.equal(await hooksOf(storage).webhookDeliveries.list(development, deleted.id, { limit: 100 }), [], 'scoped to the environment')
      const before = await hooksOf(storage).webhookDeliveries.list(production, deleted.id, { limit: 100 })
      assert.is(before.length, 4)
      assert.equal(
        before.map((d) => d.id),
        [...before].sort(byListOrder).map((d) => d.id),
        'newest first',
      )
      await hooksOf(storage).webhooks.delete(production, deleted.id)
      const after = await claimAll(storage)
      assert.is(after.filter((d) => d.webhookId === deleted.id).length, 0, 'a deleted webhook’s deliveries are gone')
    },
  },
  {
    name: 'deliveries: purgeEnded deletes those that ended before a time, never a pending one, each once under concurrency',
    needsWebhooks: true,
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const webhook = await seedWebhook(storage, production, { triggers: ['responseCreated'] })
      for (let i = 0; i < 3; i++) await seedResponse(storage, production, survey.id)
      // What earlier tests left ended goes first, so that the counts below are this test's.
      const far = new Date(Date.now() + 365 * 86_400_000)
      while ((await hooksOf(storage).webhookDeliveries.purgeEnded({ before: far, limit: 5000 })) > 0) {}
      const claimToken = freshId()
      const now = new Date(Date.now() + 1000)
      const claimed = (await hooksOf(storage).webhookDeliveries.claim({ now, limit: 5000, leaseMs: 60_000, claimToken })).filter(
        (d) => d.webhookId === webhook.id,
      )
      assert.is(claimed.length, 3)
      const [delivered, failed, retried] = claimed as [ClaimedDelivery, ClaimedDelivery, ClaimedDelivery]
      const attempt = { at: now.toISOString(), status: 500, durationMs: 1, errorClass: null }
      await hooksOf(storage).webhookDeliveries.record([
        { id: delivered.id, claimToken, now, next: { status: 'delivered' }, attempt: { ...attempt, status: 200 } },
        { id: failed.id, claimToken, now, next: { status: 'failed' }, attempt },
        { id: retried.id, claimToken, now, next: { status: 'retry', at: new Date(now.getTime() + 5000) }, attempt },
      ])
      const statuses = async () =>
        (await hooksOf(storage).webhookDeliveries.list(production, webhook.id, { limit: 100 })).map((d) => d.status).sort()
      assert.is(await hooksOf(storage).webhookDeliveries.purgeEnded({ before: now, limit: 100 }), 0, 'ended at `before`, not before it')
      assert.equal(await statuses(), ['delivered', 'failed', 'pending'])
      const after = new Date(now.getTime() + 1)
      const purged = await Promise.all([
        hooksOf(storage).webhookDeliveries.purgeEnded({ before: after, limit: 1 }),
        hooksOf(storage).webhookDeliveries.purgeEnded({ before: after, limit: 1 }),
        hooksOf(storage).webhookDeliveries.purgeEnded({ before: after, limit: 1 }),
      ])
      assert.is(
        purged.reduce((a, b) => a + b, 0),
        2,
        `each ended delivery counted once: ${purged}`,
      )
      assert.ok(
        purged.every((n) => n <= 1),
        'at most `limit` each',
      )
      assert.is(await hooksOf(storage).webhookDeliveries.purgeEnded({ before: far, limit: 100 }), 0)
      assert.equal(await statuses(), ['pending'], 'a pending delivery stays, whatever its age')
    },
  },
]

/** A webhook with a fresh id and secret; `overrides` replace fields. */
export async function seedWebhook(storage: Storage, environmentId: string, overrides: Partial<NewWebhook> = {}): Promise<NewWebhook> {
  const now = new Date()
  const webhook: NewWebhook = {
    id: freshId(),
    environmentId,
    name: 'Conformance webhook',
    url: 'https://receiver.example/hook',
    source: 'user',
    triggers: ['responseCreated', 'responseUpdated', 'responseFinished'] as WebhookEvent[],
    surveyIds: [],
    createdAt: now,
    updatedAt: now,
    secret: `whsec_${btoa(freshId())}`,
    ...overrides,
  }
  await hooksOf(storage).webhooks.insert(webhook)
  return webhook
}

/** Claims every delivery due now (other tests' too: each test only looks at its own webhooks). */
export function claimAll(storage: Storage): Promise<ClaimedDelivery[]> {
  return hooksOf(storage).webhookDeliveries.claim({
    now: new Date(Date.now() + 1000),
    limit: 5000,
    leaseMs: 3_600_000,
    claimToken: freshId(),
  })
}
