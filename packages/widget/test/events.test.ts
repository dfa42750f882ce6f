/**
 * The core's events (src/core/events.ts): every event goes to `window.dataLayer` as the reference's SDK pushes
 * it, then to the `on()` handlers. The browser test (packages/server/test/widget-browser.test.ts) proves the
 * wiring behind the real loader.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { DataLayerHost } from '../src/core/events'
import { createEmitter, dataLayerEntry } from '../src/core/events'

const test = suite('events and the dataLayer')

test('an entry names the event and carries every key of the contract under `formbricks`, null where the event has none', () => {
  assert.equal(dataLayerEntry('formbricks_survey_shown', { surveyId: 's1' }), {
    event: 'formbricks_survey_shown',
    formbricks: { workspaceId: null, surveyId: 's1', responseId: null, finished: null, action: null },
  })
  assert.equal(dataLayerEntry('formbricks_response_submitted', { surveyId: 's1', responseId: undefined, finished: false }).formbricks, {
    workspaceId: null,
    surveyId: 's1',
    responseId: null,
    finished: false,
    action: null,
  })
})

test('emit pushes to the dataLayer before the handlers run, which get the payload alone', () => {
  const host: DataLayerHost = {}
  const emitter = createEmitter(host)
  const seen: unknown[] = []
  emitter.on('formbricks_action_tracked', (payload) => seen.push([payload, (host.dataLayer as unknown[]).length]))
  emitter.emit('formbricks_action_tracked', { action: 'checkout' })
  emitter.emit('formbricks_setup_successful', { workspaceId: 'env1' })
  assert.equal(host.dataLayer, [
    {
      event: 'formbricks_action_tracked',
      formbricks: { workspaceId: null, surveyId: null, responseId: null, finished: null, action: 'checkout' },
    },
    {
      event: 'formbricks_setup_successful',
      formbricks: { workspaceId: 'env1', surveyId: null, responseId: null, finished: null, action: null },
    },
  ])
  assert.equal(seen, [[{ action: 'checkout' }, 1]])
})

test("a tag manager's dataLayer is pushed to, not replaced; one that is no array is replaced", () => {
  const pushed: unknown[] = []
  const gtm = Object.assign([{ event: 'gtm.js' }], {
    push: (...items: unknown[]) => pushed.push(...items),
  })
  createEmitter({ dataLayer: gtm }).emit('formbricks_survey_closed', { surveyId: 's1' })
  assert.is(pushed.length, 1)
  const shim: DataLayerHost = { dataLayer: {} }
  createEmitter(shim).emit('formbricks_survey_closed', { surveyId: 's1' })
  assert.equal(
    (shim.dataLayer as { event: string }[]).map((e) => e.event),
    ['formbricks_survey_closed'],
  )
})

test('a push that throws is reported and the handlers still run', () => {
  const errors: unknown[] = []
  const error = console.error
  console.error = (...args: unknown[]) => void errors.push(args)
  try {
    const broken = Object.assign([], {
      push: () => {
        throw new Error('broken tag manager')
      },
    })
    const emitter = createEmitter({ dataLayer: broken })
    let handled = 0
    emitter.on('formbricks_survey_shown', () => handled++)
    emitter.emit('formbricks_survey_shown', { surveyId: 's1' })
    assert.is(handled, 1)
    assert.is(errors.length, 1)
  } finally {
    console.error = error
  }
})

test.run()
