import type { IRequest } from 'itty-router'
import type { CanvassContext, ConnectionInfo } from '../context'
import { param, publicBaseUrl } from '../context'
import type { ConsoleAccountsWiring, ConsoleCookies } from '../domain/console/console-accounts'
import { consoleCookies, cookieOf, sameText } from '../domain/console/console-accounts'
import { knownAddress } from '../domain/console/console-sessions'
import { auditEntryId } from '../domain/console/audit-log'
import { SSO_FLOW_TTL_MS, firstUse, openFlow, sealFlow } from '../domain/console/sso/sso-flow'
import type { SsoProvisioning, SsoRefusal } from '../domain/console/sso/provision'
import { provisionSsoPerson } from '../domain/console/sso/provision'
import type { SsoProvider } from '../domain/console/sso/sso-settings'
import { newNonce } from '../http/html'
import type { RouteTable } from '../http/route-table'
import { startSession } from '../pages/account-forms'
import { accountsPageHtml, cookie, page, seeOther } from '../pages/accounts-page'
import type { ConsolePersonRecord } from '../ports/storage'

const CALLBACK_ROUTE = '/console/sso/:providerId/callback'

/**
 * Single sign-on with OpenID Connect (docs/sso.md): `/console/sso/<id>` starts a sign-in at the provider, and its
 * callback signs the person in, made just in time when the provider's settings allow. Registered with the
 * accounts mode; a provider that is not configured is a 404.
 */
export function registerConsoleSsoRoutes(routes: RouteTable, wiring: ConsoleAccountsWiring): void {
  const page = { auth: 'none', produces: 'text/html', requires: 'console' } as const
  routes.get('/console/signed-in', (_request, ctx) => Promise.resolve(signedInPage(ctx)), {
    summary:
      'The page a single sign-on ends on: it goes on to `/console` at once, from this site, so that the session cookie (SameSite=Strict) is sent',
    ...page,
  })
  routes.get('/console/sso/:providerId', (request, ctx) => startSso(request, ctx, wiring), {
    summary:
      'Starts a single sign-on at a configured OpenID provider: keeps the flow (PKCE verifier, state, nonce) in a short-lived cookie and goes to the provider',
    ...page,
    status: 303,
  })
  routes.get(CALLBACK_ROUTE, (request, ctx, info) => finishSso(request, ctx, info, wiring), {
    summary:
      "The OpenID provider's redirect back: checks the flow, the ID token, the verified email and its domain, signs the person in (made at the first sign-in) and goes on to `/console/signed-in`",
    ...page,
    status: 303,
    errors: [400, 401, 403, 409],
  })
}

/** The provider of a path's id, when it is one of the settings. */
const providerOf = (wiring: ConsoleAccountsWiring, id: string) => wiring.settings.sso.find((provider) => provider.id === id)

/**
 * The flow cookie: of the provider's paths only (so that two providers' flows keep apart), HttpOnly, and
 * SameSite=Lax, as the provider's redirect back is a navigation from another site, which carries no Strict cookie.
 */
function flowCookie(jar: ConsoleCookies, provider: SsoProvider, value: string, maxAgeSeconds: number): string {
  const name = `${jar.secure ? '__Secure-' : ''}canvass_console_sso`
  return `${name}=${value}; Path=${jar.path}console/sso/${provider.id}/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${jar.secure ? '; Secure' : ''}`
}

const flowCookieName = (jar: ConsoleCookies) => `${jar.secure ? '__Secure-' : ''}canvass_console_sso`

async function startSso(request: IRequest, ctx: CanvassContext, wiring: ConsoleAccountsWiring): Promise<Response> {
  const provider = providerOf(wiring, param(request, 'providerId'))
  if (!provider) return notConfigured()
  const redirectUri = `${publicBaseUrl(request, ctx)}/console/sso/${provider.id}/callback`
  let started: Awaited<ReturnType<ConsoleAccountsWiring['sso']['start']>>
  try {
    started = await wiring.sso.start(provider, redirectUri)
  } catch (error) {
    ctx.logger.warn(`single sign-on: ${provider.id} could not be reached: ${causeOf(error)}`)
    return refusal(ctx, provider, 503, `${provider.name} cannot be reached right now. Please try again in a few minutes.`)
  }
  const flow = { providerId: provider.id, redirectUri, startedAt: ctx.now().getTime(), ...started.secrets }
  const sealed = sealFlow(ctx.consoleCsrfKey, flow)
  return seeOther(started.url.href, [flowCookie(consoleCookies(request, ctx), provider, sealed, SSO_FLOW_TTL_MS / 1000)])
}

async function finishSso(request: IRequest, ctx: CanvassContext, info: ConnectionInfo, wiring: ConsoleAccountsWiring): Promise<Response> {
  const provider = providerOf(wiring, param(request, 'providerId'))
  if (!provider) return notConfigured()
  const jar = consoleCookies(request, ctx)
  // Every answer ends the flow: a callback is taken once.
  const cleared = flowCookie(jar, provider, '', 0)
  const refuse = (status: number, words: string) => refusal(ctx, provider, status, words, [cleared])
  const flow = openFlow(ctx.consoleCsrfKey, cookieOf(request, flowCookieName(jar)), provider.id, ctx.now())
  if (!flow) return refuse(400, 'This sign-in has expired, or was started in another browser. Please start again.')
  const query = new URL(request.url).searchParams
  const state = query.get('state')
  if (state === null || !sameText(state, flow.state)) {
    return refuse(400, 'This sign-in does not match the one started in this browser, so it was stopped. Please start again.')
  }
  if (!(await firstUse(wiring.limiter, flow, ctx.now()))) return refuse(400, 'This sign-in was used already. Please start again.')
  if (query.has('error')) return refuse(401, `${provider.name} did not sign you in. Please try again.`)
  const callbackUrl = new URL(flow.redirectUri)
  callbackUrl.search = new URL(request.url).search
  let claims: Awaited<ReturnType<ConsoleAccountsWiring['sso']['finish']>>
  try {
    claims = await wiring.sso.finish(provider, callbackUrl, flow)
  } catch (error) {
    ctx.logger.warn(`single sign-on: a sign-in at ${provider.id} could not be confirmed: ${causeOf(error)}`)
    return refuse(401, `${provider.name} could not confirm this sign-in. Please start again.`)
  }
  const result = await provisionSsoPerson({ storage: ctx.storage, now: ctx.now(), newId: ctx.newId }, provider, claims)
  if (result.outcome === 'refused') return refuse(REFUSALS[result.reason].status, REFUSALS[result.reason].words(provider))
  const address = knownAddress(ctx.clientAddress(request, info))
  await auditProvisioning(request, ctx, address, provider, result)
  const account = { id: result.person.accountId, email: result.person.email }
  const label = `console: ${account.email} (sso ${provider.id})`
  const token = await startSession(request, ctx, info, account, wiring.settings, `sso:${provider.id}`, label)
  // The session cookie is SameSite=Strict: a browser leaves it out of this navigation, and of the redirects that
  // follow it, as it came from the provider's site. The signed-in page goes on to the console by a step of its own,
  // from this site, which sends it.
  return seeOther(`${ctx.basePath}/console/signed-in`, [cleared, cookie(jar, jar.session, token, wiring.settings.sessionTtlSeconds)])
}

/** The page after a single sign-on: on to the console at once, by a navigation of this site (a link too, by hand). */
function signedInPage(ctx: CanvassContext): Response {
  const nonce = newNonce()
  const html = accountsPageHtml({
    nonce,
    title: 'Signed in',
    heading: 'Signed in',
    text: 'Going on to the console.',
    links: [{ href: `${ctx.basePath}/console`, text: 'Continue to the console' }],
    refreshTo: `${ctx.basePath}/console`,
  })
  return page(200, html, nonce)
}

/** The words and status of each refusal of `provisionSsoPerson`. */
const REFUSALS: Record<SsoRefusal, { status: number; words: (provider: SsoProvider) => string }> = {
  email_missing: { status: 403, words: (p) => `${p.name} did not give an email address for your account, so you cannot sign in here.` },
  email_not_verified: {
    status: 403,
    words: (p) => `Your email address at ${p.name} is not verified. Verify it there, then sign in again.`,
  },
  domain_not_allowed: {
    status: 403,
    words: () => 'Email addresses of your domain cannot sign in here. Ask an owner of the project.',
  },
  no_role: { status: 403, words: (p) => `Your account at ${p.name} has no role in this project. Ask an owner of the project.` },
  no_project: {
    status: 409,
    words: (p) => `Sign-in with ${p.name} is not set up: it names no project of this server. Ask the server's administrator.`,
  },
  try_again: { status: 409, words: () => 'Your account changed during this sign-in. Please start again.' },
}

/** A refusal page in plain words, with the way back to the sign-in page; no session. */
function refusal(ctx: CanvassContext, provider: SsoProvider, status: number, words: string, cookies: string[] = []): Response {
  const nonce = newNonce()
  const html = accountsPageHtml({
    nonce,
    title: 'Not signed in',
    heading: 'Not signed in',
    error: words,
    links: [
      { href: `${ctx.basePath}/console/sso/${provider.id}`, text: `Sign in with ${provider.name}` },
      { href: `${ctx.basePath}/console/sign-in`, text: 'Back to the sign-in page' },
    ],
  })
  return page(status, html, nonce, cookies)
}

function notConfigured(): Response {
  const nonce = newNonce()
  const html = accountsPageHtml({ nonce, title: 'Not found', heading: 'No such sign-in', text: 'This server has no such single sign-on.' })
  return page(404, html, nonce)
}

/**
 * The audit entries of what an SSO sign-in did to its person (docs/sso.md): the person made (`create`), their
 * role changed by the provider's claim (`update`), in the production environment of their project, under
 * `console: <email> (sso <provider>)` with the client's address. The sign-in itself is written as every sign-in
 * is (`signin`, `startSession`). A failed append is reported, never a failed sign-in.
 */
async function auditProvisioning(
  request: IRequest,
  ctx: CanvassContext,
  address: string | null,
  provider: SsoProvider,
  result: Extract<SsoProvisioning, { outcome: 'signIn' }>,
): Promise<void> {
  const requestId = typeof request.requestId === 'string' ? request.requestId : null
  try {
    const person: ConsolePersonRecord = result.person
    const project = (await ctx.storage.projects.list()).find((candidate) => candidate.projectId === person.projectId)
    if (!project) return
    const entry = (action: string, fields: string[]) => {
      const createdAt = ctx.now()
      return ctx.storage.auditLog.append({
        id: auditEntryId(createdAt),
        environmentId: project.environments.production,
        createdAt,
        apiKeyId: null,
        apiKeyLabel: `console: ${person.email} (sso ${provider.id})`,
        action,
        method: 'GET',
        route: CALLBACK_ROUTE,
        resourceType: 'consolePerson',
        resourceId: person.id,
        status: 303,
        summary: fields.length > 0 ? { fields } : {},
        address,
        requestId,
      })
    }
    if (result.created) await entry('create', ['email', 'role'])
    if (result.roleChange) await entry('update', ['role'])
  } catch (error) {
    ctx.auditFailed({ route: CALLBACK_ROUTE, method: 'GET', requestId, error })
  }
}

/** An error's message and its cause's, for the log line of a failed step (never a token: openid-client's messages name checks). */
function causeOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : ''
  return message + cause
}
