import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

/** A client registered at the test provider. */
export interface OidcTestClient {
  clientId: string
  clientSecret: string
  /** Exact redirect URIs, e.g. `http://127.0.0.1:4000/console/sso/test/callback`. */
  redirectUris: string[]
  /** @default 'client_secret_basic' */
  tokenEndpointAuthMethod?: 'client_secret_basic' | 'client_secret_post'
}

/** An account of the test provider: signed in by typing `login` on its page; `claims` are what it asserts. */
export interface OidcTestAccount {
  login: string
  claims: { email?: string; email_verified?: boolean; name?: string; groups?: string[]; role?: string }
}

export interface OidcTestProvider {
  /** `http://127.0.0.1:<port>`: discovery at `/.well-known/openid-configuration`. */
  issuer: string
  /**
   * Passes the provider's sign-in without a browser: opens `authorizationUrl`, types `login` on its page, and
   * follows the redirects until one leaves the provider; answers that URL (the client's callback with `code`,
   * `state` and `iss`, or with `error`).
   */
  signIn(authorizationUrl: string, login: string): Promise<string>
  stop(): Promise<void>
}

/**
 * Starts oidc-provider (a certified OpenID provider) in a child process on a loopback port, with `clients` and
 * `accounts`. Its sign-in page has one field, Account, and a Sign in button (keyboard: type, Enter); consent is
 * given at once. With `idTokenClaims` the account's claims are in the ID token, else at the userinfo endpoint
 * only (as a conforming provider does by default).
 */
export async function startOidcProvider(options: {
  clients: OidcTestClient[]
  accounts: OidcTestAccount[]
  idTokenClaims?: boolean
  /**
   * The issuer's host name. `localhost` puts the provider on another site than a Canvass on `127.0.0.1` (a
   * browser's site ignores the port), as a real provider is: its redirect back is then a cross-site navigation.
   * @default '127.0.0.1'
   */
  host?: '127.0.0.1' | 'localhost'
}): Promise<OidcTestProvider> {
  const script = fileURLToPath(new URL('./oidc-provider-process.mjs', import.meta.url))
  const input = JSON.stringify({ clients: options.clients, accounts: options.accounts })
  const child = spawn(process.execPath, [script, input, options.idTokenClaims ? 'idTokenClaims' : '', options.host ?? '127.0.0.1'], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'test' },
  })
  // Its warning that it keeps its state in memory is what a test provider wants; anything else is passed on.
  createInterface({ input: child.stderr }).on('line', (line) => {
    if (!line.startsWith('oidc-provider WARNING: a quick start development-only in-memory adapter')) process.stderr.write(`${line}\n`)
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const lines = createInterface({ input: child.stdout })
  const issuer = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the OpenID provider did not start within 30 s')), 30_000)
    child.once('exit', (code) => reject(new Error(`the OpenID provider exited with ${code} before listening`)))
    lines.once('line', (line) => {
      clearTimeout(timer)
      resolve((JSON.parse(line) as { issuer: string }).issuer)
    })
  })
  return {
    issuer,
    signIn: (authorizationUrl, login) => passSignIn(issuer, authorizationUrl, login),
    async stop() {
      child.stdin.end()
      const timer = setTimeout(() => child.kill(), 10_000)
      await exited
      clearTimeout(timer)
    },
  }
}

/** Follows the provider's redirects with a cookie jar of its own, posting `login` on its sign-in page. */
async function passSignIn(issuer: string, authorizationUrl: string, login: string): Promise<string> {
  const jar = new Map<string, string>()
  let url = authorizationUrl
  let body: string | undefined
  for (let hop = 0; hop < 12; hop++) {
    const headers: Record<string, string> = { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') }
    if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded'
    const response = await fetch(url, { method: body === undefined ? 'GET' : 'POST', headers, body, redirect: 'manual' })
    body = undefined
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';')
      const eq = pair.indexOf('=')
      const expired = attributes.some((attribute) => /^\s*expires=.*1970/i.test(attribute))
      if (expired || pair.slice(eq + 1) === '') jar.delete(pair.slice(0, eq))
      else jar.set(pair.slice(0, eq), pair.slice(eq + 1))
    }
    const location = response.headers.get('location')
    if (location) {
      await response.body?.cancel()
      const next = new URL(location, url).href
      if (!next.startsWith(issuer)) return next
      url = next
      continue
    }
    const text = await response.text()
    if (response.status !== 200 || !text.includes('name="login"')) throw new Error(`the provider answered ${response.status}: ${text}`)
    const action = /<form method="post" action="([^"]+)"/.exec(text)?.[1]
    if (!action) throw new Error('the provider page has no form')
    url = new URL(action, url).href
    body = new URLSearchParams({ login }).toString()
  }
  throw new Error('the provider redirected too often')
}
