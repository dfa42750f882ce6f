/**
 * The fair queue in front of the embedded database (src/fair-queue.ts): whose statement runs next when several
 * callers wait, decided by how much of the database each has had, with a clock the test moves.
 */
import { isServiceUnavailable } from '@canvass/core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createFairQueue } from '../src/fair-queue'
import type { Release } from '../src/fair-queue'

const test = suite('fair queue')

/** A queue on a clock the test sets, and the order in which turns were granted. */
function queueOnClock(maxWaitingPerLane?: number) {
  let time = 0
  const queue = createFairQueue({ maxWaitingPerLane, now: () => time })
  const granted: string[] = []
  const waiting = new Map<string, Promise<Release>>()
  const ask = (lane: string, label: string) => {
    const turn = queue.acquire(lane).then((release) => {
      granted.push(label)
      return release
    })
    waiting.set(label, turn)
    return turn
  }
  return {
    queue,
    granted,
    ask,
    advance: (ms: number) => {
      time += ms
    },
    turn: (label: string) => waiting.get(label) as Promise<Release>,
  }
}

/** Lets the promises the queue resolved run their callbacks. */
const settle = () => new Promise((resolve) => setImmediate(resolve))

test('a turn is granted at once when nothing holds the resource, and only one at a time', async () => {
  const q = queueOnClock()
  const first = await q.ask('a', 'a1')
  q.ask('b', 'b1')
  await settle()
  assert.equal(q.granted, ['a1'], 'b waits while a holds it')
  first()
  await settle()
  assert.equal(q.granted, ['a1', 'b1'])
})

test('a caller that asks now goes before the queued turns of one that has kept the resource busy', async () => {
  const q = queueOnClock()
  const running = await q.ask('heavy', 'heavy0')
  for (let i = 1; i <= 20; i++) q.ask('heavy', `heavy${i}`)
  q.advance(50)
  q.ask('light', 'light1')
  await settle()
  running()
  await settle()
  assert.equal(q.granted, ['heavy0', 'light1'], 'the light caller waits for the turn that was running, not for the 20 queued')
})

// Issue 82, item 17: each statement of a short request waited again behind a busy caller's next page.
test('a caller asking again as its turn ends keeps the resource when it would go first anyway; else it is handed on', async () => {
  const q = queueOnClock()
  const heavy = await q.ask('heavy', 'heavy0')
  for (let i = 1; i <= 5; i++) q.ask('heavy', `heavy${i}`)
  q.advance(50)
  q.ask('light', 'light1')
  heavy()
  await settle()
  q.advance(1)
  ;(await q.turn('light1'))()
  // The request's next statement, asked before the event loop turns.
  q.ask('light', 'light2')
  await settle()
  assert.equal(q.granted, ['heavy0', 'light1', 'light2'])
  q.advance(1)
  ;(await q.turn('light2'))()
  // Not asked again: the busy caller's next turn comes with the event loop's next turn.
  await settle()
  assert.equal(q.granted, ['heavy0', 'light1', 'light2', 'heavy1'])
})

test('two callers that keep the resource busy share it turn by turn by the time each used', async () => {
  const q = queueOnClock()
  let release = await q.ask('a', 'a0')
  for (let i = 1; i <= 6; i++) {
    q.ask('a', `a${i}`)
    q.ask('b', `b${i}`)
  }
  // a's turns take 10 ms and b's 30 ms: a gets three turns for each of b's.
  for (let served = 0; served < 12; served++) {
    const last = q.granted[q.granted.length - 1] as string
    q.advance(last.startsWith('a') ? 10 : 30)
    release()
    await settle()
    release = await q.turn(q.granted[q.granted.length - 1] as string)
  }
  const order = q.granted.join(' ')
  assert.is(order, 'a0 b1 a1 a2 a3 b2 a4 a5 a6 b3 b4 b5 b6', order)
})

test('turns of one caller keep their order', async () => {
  const q = queueOnClock()
  const release = await q.ask('x', 'x0')
  q.ask('x', 'x1')
  q.ask('x', 'x2')
  release()
  await settle()
  ;(await q.turn('x1'))()
  await settle()
  assert.equal(q.granted, ['x0', 'x1', 'x2'])
})

test('a caller past its bound is refused with 503; another caller is not', async () => {
  const q = queueOnClock(3)
  const release = await q.ask('flood', 'f0')
  for (let i = 1; i <= 3; i++) q.ask('flood', `f${i}`)
  const refused = await q.queue.acquire('flood').then(
    () => undefined,
    (error: unknown) => error,
  )
  assert.ok(isServiceUnavailable(refused), 'the fourth waiting turn of one caller is refused as service_unavailable')
  q.ask('other', 'o1')
  assert.equal(q.queue.waiting(), { lanes: 2, turns: 4 })
  q.advance(5)
  release()
  await settle()
  assert.is(q.granted[1], 'o1', 'the other caller is served next')
})

test('releasing twice hands the resource on once', async () => {
  const q = queueOnClock()
  const release = await q.ask('a', 'a0')
  q.ask('b', 'b1')
  q.ask('c', 'c1')
  release()
  release()
  await settle()
  assert.equal(q.granted, ['a0', 'b1'], 'c still waits for b')
})

test('a bound that is not a whole number above 0 is refused', () => {
  assert.throws(() => createFairQueue({ maxWaitingPerLane: 0 }), /maxWaitingPerLane/)
})

test.run()
