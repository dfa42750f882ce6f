import type { WebhookTransport } from '@canvass/core'
import { suite } from 'uvu'
import { WEBHOOK_TRANSPORT_TESTS } from './webhook-transport-tests'
import { skipTest } from '../skip'

export interface TestWebhookTransportOptions {
  /** Names the suite in the report, e.g. `node transport`. */
  name: string
  /**
   * Returns a transport that may connect to the suite's receivers on 127.0.0.1 (private addresses
   * allowed). Called before every test, so that no test sees another's transport.
   */
  create: () => WebhookTransport | Promise<WebhookTransport>
  /**
   * Returns a transport with its default address policy. When given, the suite also checks that literal
   * loopback hosts are blocked before any connection; otherwise that test is skipped with the reason.
   */
  createGuarded?: () => WebhookTransport | Promise<WebhookTransport>
  /** Releases what `create` made. Called after the last test, also on failure. */
  cleanup?: () => Promise<void>
  /**
   * Tests this transport does not run, by exact name, with the reason; reported as skipped with the reason in
   * the name. An unknown name throws, so a renamed test cannot silently run unskipped.
   * @default []
   */
  skip?: { reason: string; tests: string[] }[]
}

/**
 * The shared uvu suite that every `WebhookTransport` runs, against real receivers on 127.0.0.1 that each test
 * starts and stops: statuses, redirects not followed, Retry-After, timeouts, an endless body, refused and broken
 * connections, abort, refused input, and (with `createGuarded`) literal loopback hosts blocked. It sends
 * nothing to any other address.
 *
 * ```ts
 * testWebhookTransport({ name: 'my transport', create: () => createMyTransport({ allowPrivateAddresses: true }) })
 * ```
 */
export function testWebhookTransport({ name, create, createGuarded, cleanup, skip = [] }: TestWebhookTransportOptions): void {
  const reasons = new Map<string, string>()
  for (const { reason, tests } of skip) for (const test of tests) reasons.set(test, reason)
  const unknown = [...reasons.keys()].filter((test) => !WEBHOOK_TRANSPORT_TESTS.some(({ name }) => name === test))
  if (unknown.length > 0)
    throw new Error(`testWebhookTransport: no conformance tests named ${unknown.map((t) => JSON.stringify(t)).join(', ')}`)

  const test = suite(name)
  test.after(async () => {
    await cleanup?.()
  })
  for (const { name: testName, needsGuarded, run } of WEBHOOK_TRANSPORT_TESTS) {
    const reason = reasons.get(testName) ?? (needsGuarded && !createGuarded ? 'no createGuarded given' : undefined)
    if (reason !== undefined) {
      skipTest(test, testName, reason)
      continue
    }
    test(testName, async () => {
      const transport = await create()
      const guarded = needsGuarded && createGuarded ? await createGuarded() : unguarded
      await run({ transport, guarded })
    })
  }
  test.run()
}

/** Handed to tests that do not need a guarded transport; reaching it is a bug in the suite. */
const unguarded: WebhookTransport = {
  send: () => Promise.reject(new Error('this test has no guarded transport')),
}
