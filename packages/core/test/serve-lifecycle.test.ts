/**
 * The shutdown every host shares (`createServeLifecycle`): on SIGTERM a drain of `drainMs` during which the
 * server still serves and readiness is already false (`onDrain`), then the stop; SIGINT and `close()` stop at
 * once. Signals go through the `HostSignals` the lifecycle is given, so no signal is sent to the test's process.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createServeLifecycle } from '../src'
import type { HostSignals } from '../src'

const test = suite('serve lifecycle: drain on SIGTERM')

/** Signals to raise by hand, and what happened, in order. */
function harness(drainMs: number) {
  const listeners = new Map<string, () => void>()
  const events: string[] = []
  let exited: (code: number) => void = () => {}
  const exit = new Promise<number>((resolve) => (exited = resolve))
  const signals: HostSignals<'SIGTERM' | 'SIGINT'> = {
    names: ['SIGTERM', 'SIGINT'],
    add: (signal, listener) => listeners.set(signal, listener),
    remove: (signal) => listeners.delete(signal),
    exit: (code) => {
      events.push(`exit ${code}`)
      exited(code)
    },
  }
  const lifecycle = createServeLifecycle({
    signals,
    drainMs,
    onDrain: () => events.push('drain'),
    stop: async () => {
      events.push('stop')
    },
    lifecycle: { start() {}, close: async () => void events.push('lifecycle closed') },
    onShutdown: () => void events.push('shutdown'),
  })
  const raise = (signal: string) => listeners.get(signal)?.()
  return { events, exit, raise, listeners, close: lifecycle.close }
}

test('SIGTERM: readiness turns false at once, the server serves on for drainMs, then stops and exits 0', async () => {
  const { events, exit, raise, listeners } = harness(300)
  const signalled = performance.now()
  raise('SIGTERM')
  assert.equal(events, ['drain'], 'not ready at once, still serving')
  assert.is(listeners.size, 0, 'a second signal is no longer held: it ends the process at once')
  assert.is(await exit, 0)
  // Real time is what is tested here: the stop waited for the drain.
  assert.ok(performance.now() - signalled >= 290, 'stopped after the drain')
  assert.equal(events, ['drain', 'stop', 'lifecycle closed', 'shutdown', 'exit 0'])
})

test('SIGINT (Ctrl-C at a terminal) stops at once, without the drain', async () => {
  const { events, exit, raise } = harness(60_000)
  raise('SIGINT')
  assert.is(await exit, 0)
  assert.equal(events, ['drain', 'stop', 'lifecycle closed', 'shutdown', 'exit 0'])
})

test('close() stops at once, readiness false first, and only once', async () => {
  const { events, close } = harness(60_000)
  await Promise.all([close(), close()])
  assert.equal(events, ['drain', 'stop', 'lifecycle closed', 'shutdown'])
})

test.run()
