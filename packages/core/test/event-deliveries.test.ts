/**
 * Core's choice of which webhooks a response write's events reach and of what each delivery sends
 * (`webhooks/event-deliveries.ts`), made when the outbox's events become deliveries, from the webhooks the
 * write saw.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { eventDeliveries, webhookEnvelope, writeEvents } from '../src/webhooks/event-deliveries'
import type { EventWebhook } from '../src/ports/storage'

const hook = (id: string, triggers: string[], surveyIds: string[] = []): EventWebhook => ({ id, triggers, surveyIds })

const test = suite('event deliveries')

test('a write makes created or updated, and finished only when it finished the response', () => {
  assert.equal(writeEvents({ write: 'create', finished: false, wasFinished: false }), ['responseCreated'])
  assert.equal(writeEvents({ write: 'create', finished: true, wasFinished: false }), ['responseCreated', 'responseFinished'])
  assert.equal(writeEvents({ write: 'update', finished: true, wasFinished: false }), ['responseUpdated', 'responseFinished'])
  assert.equal(writeEvents({ write: 'update', finished: true, wasFinished: true }), ['responseUpdated'], 'already finished')
  assert.equal(writeEvents({ write: 'update', finished: false, wasFinished: false }), ['responseUpdated'])
})

test('one delivery per event and webhook that lists the event and no survey or this one, by event then webhook id', () => {
  const webhooks = [
    hook('b-all', ['responseCreated', 'responseFinished']),
    hook('a-survey', ['responseCreated'], ['survey-1']),
    hook('c-other-survey', ['responseCreated'], ['survey-2']),
    hook('d-updates', ['responseUpdated']),
  ]
  assert.equal(eventDeliveries({ write: 'create', surveyId: 'survey-1', finished: true, wasFinished: false, webhooks }), [
    { webhookId: 'a-survey', event: 'responseCreated' },
    { webhookId: 'b-all', event: 'responseCreated' },
    { webhookId: 'b-all', event: 'responseFinished' },
  ])
  assert.equal(eventDeliveries({ write: 'update', surveyId: 'survey-2', finished: false, wasFinished: false, webhooks }), [
    { webhookId: 'd-updates', event: 'responseUpdated' },
  ])
  assert.equal(eventDeliveries({ write: 'create', surveyId: 'survey-3', finished: false, wasFinished: false, webhooks: [] }), [])
})

test('the envelope is webhookId, event and data', () => {
  assert.equal(JSON.parse(JSON.stringify(webhookEnvelope('w1', 'responseCreated', { id: 'r1' }))), {
    webhookId: 'w1',
    event: 'responseCreated',
    data: { id: 'r1' },
  })
})

test.run()
