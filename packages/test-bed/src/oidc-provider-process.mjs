// A certified OpenID provider (oidc-provider) on a loopback port, for the SSO tests: started by
// `startOidcProvider` (oidc-provider.ts) as a child process with its clients and accounts as JSON in argv.
// It prints {"issuer"} once it listens and stops when its parent closes stdin. Its login page is its own:
// one field, the account's name, and a button (no password: the tests prove Canvass's side, not this one's);
// consent is given at once.
import { generateKeyPairSync } from 'node:crypto'
import { createServer } from 'node:http'
import Provider from 'oidc-provider'

const { clients, accounts } = JSON.parse(process.argv[2] ?? '{}')
const server = createServer()
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
const issuer = `http://${process.argv[4] === 'localhost' ? 'localhost' : '127.0.0.1'}:${server.address().port}`
const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' })

const provider = new Provider(issuer, {
  clients: clients.map((client) => ({
    client_id: client.clientId,
    client_secret: client.clientSecret,
    redirect_uris: client.redirectUris,
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: client.tokenEndpointAuthMethod ?? 'client_secret_basic',
  })),
  jwks: { keys: [{ ...key, kid: 'test', use: 'sig', alg: 'RS256' }] },
  cookies: { keys: ['a test secret of the provider'] },
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], groups: ['groups'], role: ['role'] },
  // Claims in the ID token itself when `idTokenClaims` is set, else only at the userinfo endpoint (the default of
  // a conforming provider): both ways are tested.
  conformIdTokenClaims: process.argv[3] !== 'idTokenClaims',
  features: { devInteractions: { enabled: false } },
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  findAccount: (_ctx, sub) => {
    const account = accounts.find((candidate) => candidate.login === sub)
    if (!account) return undefined
    return { accountId: sub, claims: () => ({ sub, ...account.claims }) }
  },
  ttl: { Session: 600, Interaction: 600, Grant: 600, AccessToken: 600, AuthorizationCode: 60, IdToken: 600 },
})
const callback = provider.callback()

const escape = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
function loginPage(res, uid, error) {
  res.writeHead(error ? 401 : 200, { 'content-type': 'text/html; charset=utf-8' })
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test provider sign-in</title></head><body><main>
<h1>Test provider</h1>${error ? `<p role="alert">${escape(error)}</p>` : ''}
<form method="post" action="/interaction/${escape(uid)}"><label for="login">Account</label>
<input id="login" name="login" autocomplete="username" autofocus><button type="submit">Sign in</button></form></main></body></html>`)
}

async function readBody(req) {
  let text = ''
  for await (const chunk of req) text += chunk
  return new URLSearchParams(text)
}

async function interaction(req, res, uid) {
  const details = await provider.interactionDetails(req, res)
  if (details.prompt.name === 'consent') {
    const { params, session, prompt } = details
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId: session.accountId, clientId: params.client_id })
    if (prompt.details.missingOIDCScope) grant.addOIDCScope(prompt.details.missingOIDCScope.join(' '))
    if (prompt.details.missingOIDCClaims) grant.addOIDCClaims(prompt.details.missingOIDCClaims)
    for (const [indicator, scopes] of Object.entries(prompt.details.missingResourceScopes ?? {})) {
      grant.addResourceScope(indicator, scopes.join(' '))
    }
    const grantId = await grant.save()
    return provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true })
  }
  if (req.method !== 'POST') return loginPage(res, uid)
  const login = (await readBody(req)).get('login') ?? ''
  if (!accounts.some((account) => account.login === login)) return loginPage(res, uid, 'No such account.')
  return provider.interactionFinished(req, res, { login: { accountId: login } }, { mergeWithLastSubmission: false })
}

server.on('request', (req, res) => {
  const match = /^\/interaction\/([A-Za-z0-9_-]+)$/.exec(new URL(req.url, issuer).pathname)
  if (!match) return callback(req, res)
  interaction(req, res, match[1]).catch((error) => {
    res.writeHead(400, { 'content-type': 'text/plain' })
    res.end(`interaction failed: ${error.message}`)
  })
})
process.stdout.write(`${JSON.stringify({ issuer })}\n`)
process.stdin.on('end', () => server.close(() => process.exit(0)))
process.stdin.resume()
