/**
 * The console's single sign-on on the standalone server (docs/sso.md, "On the standalone server"):
 * `CANVASS_CONSOLE_SSO` (JSON) or `CANVASS_CONSOLE_SSO_FILE`, and `CANVASS_CONSOLE_PASSWORD_SIGN_IN=off`, read
 * into `console.accounts`; mistakes stop the start with the variable's name.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createCanvass } from '@canvass/core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { serverCanvassOptions } from '../src/canvass-options'
import { readConfig } from '../src/config'

const test = suite('console single sign-on settings of the standalone server')
const PROVIDER = { id: 'keycloak', name: 'Keycloak', issuer: 'https://id.example.com/realms/staff', clientId: 'canvass', clientSecret: 'x' }

/** `console.accounts` as the server would give it to core, for `env`. */
function accountsOf(env: Record<string, string>): unknown {
  const options = serverCanvassOptions(readConfig(env), {
    db: {} as never,
    storage: {} as never,
    secret: 's',
    blobStore: undefined,
    metrics: undefined,
    consoleBundle: '',
  } as never)
  return options.console?.accounts
}

test('unset: accounts as before; CANVASS_CONSOLE_SSO and CANVASS_CONSOLE_PASSWORD_SIGN_IN=off become console.accounts', () => {
  assert.is(accountsOf({}), true)
  assert.equal(accountsOf({ CANVASS_CONSOLE_SSO: JSON.stringify([PROVIDER]), CANVASS_CONSOLE_PASSWORD_SIGN_IN: 'off' }), {
    sso: [PROVIDER],
    passwordSignIn: false,
  })
  assert.equal(
    accountsOf({ CANVASS_CONSOLE_SSO: JSON.stringify(PROVIDER) }),
    { sso: [PROVIDER], passwordSignIn: true },
    'one provider alone',
  )
})

test('CANVASS_CONSOLE_SSO_FILE is read from its file; both variables, a missing file or bad JSON stop the start naming the variable', async () => {
  const folder = await mkdtemp(join(tmpdir(), 'canvass-sso-'))
  try {
    const file = join(folder, 'sso.json')
    await writeFile(file, JSON.stringify([PROVIDER]))
    assert.equal(accountsOf({ CANVASS_CONSOLE_SSO_FILE: file }), { sso: [PROVIDER], passwordSignIn: true })
    assert.throws(() => readConfig({ CANVASS_CONSOLE_SSO_FILE: file, CANVASS_CONSOLE_SSO: '[]' }), /not both/)
    assert.throws(
      () => readConfig({ CANVASS_CONSOLE_SSO_FILE: join(folder, 'missing.json') }),
      /CANVASS_CONSOLE_SSO_FILE: .* cannot be read/,
    )
    assert.throws(() => readConfig({ CANVASS_CONSOLE_SSO: '[{id:' }), /CANVASS_CONSOLE_SSO must be JSON/)
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
})

test("a provider core refuses stops createCanvass with core's TypeError", () => {
  const config = readConfig({ CANVASS_CONSOLE_SSO: JSON.stringify([{ ...PROVIDER, issuer: 'http://id.example.com' }]) })
  const options = serverCanvassOptions(config, {
    db: {} as never,
    storage: { consoleAccounts: {} } as never,
    secret: 's',
    consoleBundle: '',
  } as never)
  assert.throws(() => createCanvass(options), /issuer must be an https URL/)
})

test.run()
