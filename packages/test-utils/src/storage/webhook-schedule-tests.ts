import type { Storage } from '@canvass/core'
import * as assert from 'uvu/assert'
import { freshId } from './fresh-id'
import { hooksOf, seedProject, seedResponse, seedSurvey } from './seed'
import type { StorageTest } from './storage-test'
import { seedWebhook } from './webhook-tests'

/**
 * What the dispatcher sleeps on (`webhookDeliveries.nextDue` and `webhookDeliveries.onWritten`), and what
 * metrics read of the outbox (`webhookDeliveries.backlog`).
 */
export const webhookScheduleTests: StorageTest[] = [
  {
    name: 'deliveries: nextDue is the earliest pending delivery’s time, claimed ones included, and null when none is pending',
    needsWebhooks: true,
    async run({ storage }) {
      const deliveries = hooksOf(storage).webhookDeliveries
      // nextDue looks at the whole outbox: what earlier tests left pending is settled first, so only this test's count.
      await settleAll(storage)
      assert.is(await deliveries.nextDue(), null, 'nothing pending')
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const webhook = await seedWebhook(storage, production, { triggers: ['responseCreated'] })
      await seedResponse(storage, production, survey.id)
      const [written] = await deliveries.list(production, webhook.id, { limit: 10 })
      assert.ok(written?.nextAttemptAt, 'a new delivery is pending')
      assert.equal(await deliveries.nextDue(), written.nextAttemptAt, 'due when written')

      const now = new Date(Date.now() + 1000)
      const claimToken = freshId()
      const claimed = (await deliveries.claim({ now, limit: 5000, leaseMs: 60_000, claimToken })).filter((d) => d.webhookId === webhook.id)
      assert.equal(
        claimed.map((d) => d.id),
        [written.id],
      )
      assert.equal(await deliveries.nextDue(), new Date(now.getTime() + 60_000), 'a claimed delivery is due when its lease ends')
      const retryAt = new Date(now.getTime() + 5000)
      await deliveries.record([
        {
          id: written.id,
          claimToken,
          now,
          next: { status: 'retry', at: retryAt },
          attempt: { at: now.toISOString(), status: 503, durationMs: 1, errorClass: null },
        },
      ])
      assert.equal(await deliveries.nextDue(), retryAt, 'a retried delivery is due at its retry')
      assert.equal(await deliveries.nextDue(now), retryAt, 'after a time: the first due later')
      assert.is(await deliveries.nextDue(retryAt), null, 'nothing due later than the last')

      await seedResponse(storage, production, survey.id)
      const second = (await deliveries.list(production, webhook.id, { limit: 10 })).find((d) => d.id !== written.id)
      assert.ok(second?.nextAttemptAt && second.nextAttemptAt.getTime() < retryAt.getTime())
      assert.equal(await deliveries.nextDue(), second.nextAttemptAt, 'the earliest of several')
      assert.equal(await deliveries.nextDue(second.nextAttemptAt), retryAt, 'one due already does not hide a later one')

      await settleAll(storage)
      assert.is(await deliveries.nextDue(), null, 'failed and delivered ones are not pending')
      assert.equal(
        (await deliveries.list(production, webhook.id, { limit: 10 })).map((d) => [d.status, d.nextAttemptAt]),
        [
          ['failed', null],
          ['failed', null],
        ],
      )
    },
  },
  {
    name: 'deliveries: backlog counts the pending ones and those due and not claimed, from the write on, and none once settled',
    needsWebhooks: true,
    async run({ storage }) {
      const deliveries = hooksOf(storage).webhookDeliveries
      // backlog counts the whole outbox: what earlier tests left pending is settled first.
      await settleAll(storage)
      const soon = () => new Date(Date.now() + 1000)
      assert.equal(await deliveries.backlog(soon()), { pending: 0, due: 0 }, 'nothing pending')
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      await seedWebhook(storage, production, { triggers: ['responseCreated'] })
      await seedWebhook(storage, production, { triggers: ['responseCreated'] })
      await seedResponse(storage, production, survey.id)
      // Nothing read the outbox since the write: the deliveries count all the same.
      assert.equal(await deliveries.backlog(soon()), { pending: 2, due: 2 }, 'one per matching webhook, due once written')
      assert.equal(await deliveries.backlog(new Date(0)), { pending: 2, due: 0 }, 'not due before they were written')

      const now = soon()
      const claimToken = freshId()
      const [claimed] = await deliveries.claim({ now, limit: 1, leaseMs: 60_000, claimToken })
      assert.ok(claimed)
      assert.equal(await deliveries.backlog(now), { pending: 2, due: 1 }, 'a claimed delivery is pending but not due')
      const retryAt = new Date(now.getTime() + 5000)
      await deliveries.record([
        {
          id: claimed.id,
          claimToken,
          now,
          next: { status: 'retry', at: retryAt },
          attempt: { at: now.toISOString(), status: 503, durationMs: 1, errorClass: null },
        },
      ])
      assert.equal(await deliveries.backlog(now), { pending: 2, due: 1 }, 'a retry waits')
      assert.equal(await deliveries.backlog(retryAt), { pending: 2, due: 2 }, 'and is due at its time')

      await settleAll(storage)
      assert.equal(await deliveries.backlog(retryAt), { pending: 0, due: 0 }, 'failed and delivered ones do not wait')
    },
  },
  {
    name: 'deliveries: onWritten listeners run once a write that created deliveries is committed, until removed',
    needsWebhooks: true,
    async run({ storage }) {
      const deliveries = hooksOf(storage).webhookDeliveries
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const webhook = await seedWebhook(storage, production, { triggers: ['responseCreated'] })
      let calls = 0
      const found: Promise<number>[] = []
      const remove = deliveries.onWritten(() => {
        calls++
        // Read when the listener runs, as a woken dispatcher would: the delivery must be there already.
        found.push(deliveries.list(production, webhook.id, { limit: 10 }).then((list) => list.length))
      })
      try {
        await seedResponse(storage, production, survey.id)
        await until('the listener to run after the write', () => calls > 0)
        assert.ok(
          (await Promise.all(found)).every((count) => count >= 1),
          'the delivery was committed before the listener ran',
        )
      } finally {
        remove()
      }
      const before = calls
      // A listener still there says when the write's listeners have run: the removed one would have run with it.
      let witnessed = false
      const removeWitness = deliveries.onWritten(() => {
        witnessed = true
      })
      try {
        await seedResponse(storage, production, survey.id)
        await until('the listeners of the second write to run', () => witnessed)
      } finally {
        removeWitness()
      }
      assert.is(calls, before, 'a removed listener is not called')
      assert.is((await deliveries.list(production, webhook.id, { limit: 10 })).length, 2, 'the write still made its delivery')
    },
  },
]

/** Ends every pending delivery of the storage (as failed, without an attempt), claimed ones included. */
async function settleAll(storage: Storage): Promise<void> {
  const claimToken = freshId()
  const everything = new Date('2999-01-01T00:00:00.000Z')
  for (;;) {
    const claimed = await hooksOf(storage).webhookDeliveries.claim({ now: everything, limit: 1000, leaseMs: 1000, claimToken })
    if (claimed.length === 0) return
    await hooksOf(storage).webhookDeliveries.record(
      claimed.map((d) => ({ id: d.id, claimToken, next: { status: 'failed' as const }, now: new Date() })),
    )
  }
}

async function until(what: string, check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}
