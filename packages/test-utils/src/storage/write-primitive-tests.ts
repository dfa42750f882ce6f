import { createResponse, outboxDeliveries } from '@canvass/core'
import type { LockedUpdateDecision, OutboxEvent, ResponsePatch, Storage } from '@canvass/core'
import * as assert from 'uvu/assert'
import { hooksOf, IMPOSSIBLE_IDS, expectCreated, makeResponse, managementCheck, rejection, seedProject, seedSurvey } from './seed'
import type { StorageTest } from './storage-test'
import { seedWebhook } from './webhook-tests'

/** A response of a new survey (with `autoComplete` when given), created through core. */
async function seeded(storage: Storage, autoComplete: number | null = null) {
  const { production } = await seedProject(storage)
  const survey = await seedSurvey(storage, production, { status: 'inProgress', autoComplete })
  const response = makeResponse(survey.id, { data: { q1: 'first' } })
  expectCreated(await createResponse(storage.responses, response, managementCheck(production)), response)
  return { production, survey, response }
}

/** A locked decision that writes `patch` and records what `completes` was asked. */
function deciding(patch: ResponsePatch | null | 'lock_survey', completes = true) {
  const asked: number[] = []
  const decide: LockedUpdateDecision = {
    patch: () => patch,
    completes: (_survey, finished) => {
      asked.push(finished)
      return completes
    },
  }
  return { decide, asked }
}

/**
 * The write primitives core's loops run over (docs/architecture.md, "A response write" and "Background work"),
 * each alone: what it reads, what its guard refuses, what it writes and what it reports. The rules are core's
 * and tested there; these decisions are scripted.
 */
export const writePrimitiveTests: StorageTest[] = [
  {
    name: 'readForUpdate reads the response, its survey fields, autoComplete and a version; null for an unknown id',
    async run({ storage }) {
      const { production, survey, response } = await seeded(storage, 3)
      const read = await storage.responses.readForUpdate(response.id)
      assert.ok(read)
      assert.is(read.response.id, response.id)
      assert.equal(read.response.data, { q1: 'first' })
      assert.is(read.survey.environmentId, production)
      assert.is(read.survey.status, 'inProgress')
      assert.is(read.survey.answerScales, undefined, 'scales only when asked')
      assert.is(read.autoComplete, 3)
      assert.type(read.version, 'string')
      assert.ok((await storage.responses.readForUpdate(response.id, { answerScales: true }))?.survey.answerScales)
      assert.is(survey.id, read.response.surveyId)
      for (const id of IMPOSSIBLE_IDS) assert.is(await storage.responses.readForUpdate(id), null, JSON.stringify(id))
    },
  },
  {
    name: 'updateGuarded writes only at the version read and reports a lost guard without writing',
    async run({ storage }) {
      const { response } = await seeded(storage)
      const read = await storage.responses.readForUpdate(response.id)
      assert.ok(read)
      const guard = { version: read.version, wasFinished: false, screenQuotas: false }
      const written = await storage.responses.updateGuarded(response.id, { updatedAt: new Date(), data: { q1: 'second' } }, guard)
      assert.equal(written?.data, { q1: 'second' })
      const stale = await storage.responses.updateGuarded(response.id, { updatedAt: new Date(), data: { q1: 'third' } }, guard)
      assert.is(stale, null, 'the row changed since that version')
      assert.equal((await storage.responses.get(response.id))?.data, { q1: 'second' })
    },
  },
  {
    name: "updateGuarded refuses a patch that finishes a response of a survey with autoComplete (the survey's lock counts it)",
    async run({ storage }) {
      const { response } = await seeded(storage, 5)
      const read = await storage.responses.readForUpdate(response.id)
      assert.ok(read)
      const guard = { version: read.version, wasFinished: false, screenQuotas: false }
      assert.is(await storage.responses.updateGuarded(response.id, { updatedAt: new Date(), finished: true }, guard), null)
      assert.is((await storage.responses.get(response.id))?.finished, false)
    },
  },
  {
    name: 'updateLocked hands the decision the response, writes its patch, and writes nothing for null or lock_survey',
    async run({ storage }) {
      const { response } = await seeded(storage)
      const options = { lockSurvey: null, answerScales: false, screenQuotas: false }
      const kept = await storage.responses.updateLocked(response.id, options, deciding(null).decide)
      assert.is(kept.outcome, 'unchanged')
      assert.is((await storage.responses.updateLocked(response.id, options, deciding('lock_survey').decide)).outcome, 'lock_survey')
      assert.equal((await storage.responses.get(response.id))?.data, { q1: 'first' }, 'nothing written')
      const written = await storage.responses.updateLocked(
        response.id,
        options,
        deciding({ updatedAt: new Date(), data: { q1: 'locked' } }).decide,
      )
      assert.is(written.outcome, 'written')
      assert.equal(written.outcome === 'written' && written.response.data, { q1: 'locked' })
      assert.equal(await storage.responses.updateLocked('no-such-id', options, deciding(null).decide), { outcome: 'missing' })
      const thrown = await rejection(
        storage.responses.updateLocked(response.id, options, {
          ...deciding(null).decide,
          patch: () => {
            throw new Error('refused')
          },
        }),
      )
      assert.is((thrown as Error).message, 'refused')
    },
  },
  {
    name: "updateLocked asks completes with the survey's finished responses when a patch finishes one, and completes the survey only when told",
    async run({ storage }) {
      const { survey, response } = await seeded(storage, 1)
      const options = { lockSurvey: survey.id, answerScales: false, screenQuotas: false }
      const no = deciding({ updatedAt: new Date(), finished: true }, false)
      assert.is((await storage.responses.updateLocked(response.id, options, no.decide)).outcome, 'written')
      assert.equal(no.asked, [1])
      assert.is((await storage.surveys.get(survey.id))?.status, 'inProgress', 'not completed: core said no')

      const other = makeResponse(survey.id)
      expectCreated(await createResponse(storage.responses, other, managementCheck(survey.environmentId)), other)
      const yes = deciding({ updatedAt: new Date(), finished: true }, true)
      assert.is((await storage.responses.updateLocked(other.id, options, yes.decide)).outcome, 'written')
      assert.equal(yes.asked, [2])
      assert.is((await storage.surveys.get(survey.id))?.status, 'completed')
    },
  },
  {
    name: 'expandEvents hands a write’s events to build, inserts what it returns, and leaves the events when build throws',
    needsWebhooks: true,
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const webhook = await seedWebhook(storage, production)
      const survey = await seedSurvey(storage, production, { status: 'inProgress' })
      const response = makeResponse(survey.id, { finished: true })
      expectCreated(await createResponse(storage.responses, response, managementCheck(production)), response)
      const deliveries = hooksOf(storage).webhookDeliveries

      const failed = await rejection(
        deliveries.expandEvents({ limit: 1000, from: 'head' }, () => {
          throw new Error('build failed')
        }),
      )
      assert.is((failed as Error).message, 'build failed')

      const mine: OutboxEvent[] = []
      // Other tests' events may be taken too: they get core's deliveries, as any expansion would make.
      for (;;) {
        const taken = await deliveries.expandEvents({ limit: 1000, from: 'head' }, (events) => {
          mine.push(...events.filter((event) => event.responseId === response.id))
          return outboxDeliveries(events)
        })
        if (taken < 1000) break
      }
      assert.is(mine.length, 1, 'the event was still there after the failed build, and is taken once')
      const [event] = mine
      assert.is(event?.surveyId, survey.id)
      assert.is(event?.finished, true)
      assert.equal(event && 'write' in event.hooks && event.hooks.write, 'create')
      const listed = await deliveries.list(production, webhook.id, { limit: 10 })
      assert.equal(listed.map((delivery) => delivery.event).sort(), ['responseCreated', 'responseFinished'])
    },
  },
]
