/**
 * The relying party of single sign-on (docs/sso.md), on openid-client (a certified relying party that runs on
 * fetch and WebCrypto alone): discovery from the issuer, cached per provider for an hour; the authorization
 * code flow with PKCE (S256), `state` and `nonce`; the ID token validated (signature by the issuer's keys,
 * `iss`, `aud`, expiry, `nonce`). Claims the ID token leaves out are read at the userinfo endpoint, whose
 * `sub` must be the ID token's.
 */
import * as oidc from 'openid-client'
import type { SsoProvider } from './sso-settings'

/** How long a provider's discovery document is kept before it is read again. */
const DISCOVERY_TTL_MS = 60 * 60 * 1000
/** Seconds an outgoing call to a provider may take. */
const TIMEOUT_SECONDS = 10

/** What a sign-in at a provider starts with, kept in the flow cookie. */
export interface SsoFlowSecrets {
  verifier: string
  state: string
  nonce: string
}

/** The verified claims of a sign-in (the ID token's, with the userinfo's for those it left out). */
export type SsoClaims = Record<string, unknown> & { sub: string }

/** The client of the providers of one instance: a discovery cache bounded by the number of providers. */
export interface SsoClient {
  /** The provider's authorization URL for a new flow, and the flow's secrets to keep. */
  start(provider: SsoProvider, redirectUri: string): Promise<{ url: URL; secrets: SsoFlowSecrets }>
  /** Exchanges the callback's code and validates the ID token; throws (an `SsoError` or openid-client's) when any check fails. */
  finish(provider: SsoProvider, callbackUrl: URL, secrets: SsoFlowSecrets): Promise<SsoClaims>
}

/** A step of a provider's answer that could not be used: the provider is unreachable or said something wrong. */
export class SsoError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'SsoError'
  }
}

export function createSsoClient(): SsoClient {
  const cache = new Map<string, { at: number; config: Promise<oidc.Configuration> }>()

  function configOf(provider: SsoProvider): Promise<oidc.Configuration> {
    const cached = cache.get(provider.id)
    if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.config
    const config = discover(provider)
    cache.set(provider.id, { at: Date.now(), config })
    // A failed discovery is not kept: the next sign-in tries again.
    config.catch(() => {
      if (cache.get(provider.id)?.config === config) cache.delete(provider.id)
    })
    return config
  }

  return {
    async start(provider, redirectUri) {
      const config = await configOf(provider)
      const secrets = { verifier: oidc.randomPKCECodeVerifier(), state: oidc.randomState(), nonce: oidc.randomNonce() }
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: provider.scopes.join(' '),
        code_challenge: await oidc.calculatePKCECodeChallenge(secrets.verifier),
        code_challenge_method: 'S256',
        state: secrets.state,
        nonce: secrets.nonce,
      })
      return { url, secrets }
    },
    async finish(provider, callbackUrl, secrets) {
      const config = await configOf(provider)
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: secrets.verifier,
        expectedState: secrets.state,
        expectedNonce: secrets.nonce,
        idTokenExpected: true,
      })
      const claims = tokens.claims()
      if (!claims) throw new SsoError('the provider answered no ID token')
      const wanted = ['email', 'email_verified', ...(provider.roleClaim ? [provider.roleClaim] : [])]
      if (wanted.every((name) => name in claims) || !config.serverMetadata().userinfo_endpoint) return { ...claims }
      const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)
      // The ID token's claims stand; the userinfo's fill in the ones it left out.
      return { ...userinfo, ...claims }
    },
  }
}

/** Reads the provider's discovery document and picks how the client authenticates at its token endpoint. */
async function discover(provider: SsoProvider): Promise<oidc.Configuration> {
  const insecure = new URL(provider.issuer).protocol === 'http:'
  const options: oidc.DiscoveryRequestOptions = { timeout: TIMEOUT_SECONDS, ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}) }
  let found: oidc.Configuration
  try {
    found = await oidc.discovery(new URL(provider.issuer), provider.clientId, undefined, oidc.None(), options)
  } catch (error) {
    throw new SsoError(`the discovery document of ${provider.issuer} could not be read`, { cause: error })
  }
  const server = found.serverMetadata()
  const methods = server.token_endpoint_auth_methods_supported
  // client_secret_basic is the default a provider that lists nothing supports (OpenID Connect Discovery 1.0 §3).
  const auth =
    methods === undefined || methods.includes('client_secret_basic')
      ? oidc.ClientSecretBasic(provider.clientSecret)
      : oidc.ClientSecretPost(provider.clientSecret)
  const config = new oidc.Configuration(server, provider.clientId, provider.clientSecret, auth)
  config.timeout = TIMEOUT_SECONDS
  if (insecure) oidc.allowInsecureRequests(config)
  return config
}
