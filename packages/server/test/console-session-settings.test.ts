/**
 * The console's session lifetimes on the standalone server (docs/configuration.md, docs/console-accounts.md
 * "Sessions and cookies"): `CONSOLE_SESSION_TTL` and `CONSOLE_IDLE_TIMEOUT` in seconds, checked at start, and
 * handed to `console.accounts`.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { readConfig } from '../src/config'

const test = suite('console session settings')

test('CONSOLE_SESSION_TTL and CONSOLE_IDLE_TIMEOUT are whole seconds from 60 to 30 days; unset or empty is the default', () => {
  const config = readConfig({ CONSOLE_SESSION_TTL: '3600', CONSOLE_IDLE_TIMEOUT: '900' })
  assert.equal([config.consoleSessionTtlSeconds, config.consoleIdleTimeoutSeconds], [3600, 900])
  const unset = readConfig({ CONSOLE_SESSION_TTL: '' })
  assert.equal([unset.consoleSessionTtlSeconds, unset.consoleIdleTimeoutSeconds], [undefined, undefined])
  for (const [variable, value] of [
    ['CONSOLE_SESSION_TTL', '59'],
    ['CONSOLE_SESSION_TTL', '2592001'],
    ['CONSOLE_IDLE_TIMEOUT', '2h'],
    ['CONSOLE_IDLE_TIMEOUT', '-60'],
  ] as const) {
    assert.throws(
      () => readConfig({ [variable]: value }),
      new RegExp(`^${variable} must be a whole number of seconds from 60 to 2592000 \\(30 days\\), got "${value}"$`),
    )
  }
})

test.run()
