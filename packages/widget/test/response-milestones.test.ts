/**
 * What the saves of one shown survey report (src/shared/response-milestones.ts): the core's
 * `formbricks_response_submitted` and the reference props' `onResponseCreated`/`onFinished` come from it. The
 * browser tests prove the wiring (packages/server/test/widget-browser.test.ts, react-native-browser.test.ts).
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { responseMilestones } from '../src/shared/response-milestones'
import { ENDING_CLOSE_MS, closesAfterEnding } from '../src/renderer/ending-close'

const test = suite('response milestones and the close after the ending')

test('three pages: the first save starts the response, the middle one reports nothing, the last finishes it', () => {
  const reached = responseMilestones()
  assert.equal(
    [reached(false), reached(false), reached(true)],
    [
      { started: true, finished: false },
      { started: false, finished: false },
      { started: false, finished: true },
    ],
  )
})

test('one page: its save starts and finishes the response; a repeated finished save reports nothing again', () => {
  const reached = responseMilestones()
  assert.equal(reached(true), { started: true, finished: true })
  assert.equal(reached(true), { started: false, finished: false })
})

test('each showing counts on its own', () => {
  const first = responseMilestones()
  first(false)
  assert.equal(responseMilestones()(false), { started: true, finished: false })
})

test('a modal survey closes itself after its ending, three seconds as the reference’s; a page or a redirect does not', () => {
  assert.is(ENDING_CLOSE_MS, 3000)
  assert.ok(closesAfterEnding('modal', false))
  assert.not.ok(closesAfterEnding('modal', true))
  assert.not.ok(closesAfterEnding('page', false))
})

test.run()
