import type { IRequest } from 'itty-router'
import type { CanvassContext, ConnectionInfo } from '../context'
import type { ConsoleAccountsWiring } from '../domain/console/console-accounts'
import {
  consoleCookies,
  cookieOf,
  createConsoleSession,
  isConsoleToken,
  newConsoleToken,
  sameText,
} from '../domain/console/console-accounts'
import { appendAccountEvent, knownAddress } from '../domain/console/console-sessions'
import { recordedRoute } from '../auth/console-auth'
import { newNonce } from '../http/html'
import { requestIdOf } from '../http/problem'
import { accountsPageHtml, cookie, page, seeOther } from './accounts-page'
import type { ConsoleAccountRecord, ConsoleSignInMethod } from '../ports/storage'

/**
 * The steps the accounts mode's form pages share (routes/console-accounts.ts, routes/console-mail-pages.ts): the
 * double-submit form token, reading a small urlencoded body, the cross-site check, and starting a session.
 */

const FORM_COOKIE_SECONDS = 60 * 60

/** The form's double-submit token: the cookie's when it is one, else a new one (and its cookie). */
export function formToken(request: Request, ctx: CanvassContext): { token: string; cookies: string[] } {
  const jar = consoleCookies(request, ctx)
  const given = cookieOf(request, jar.form)
  if (given !== undefined && isConsoleToken(given)) return { token: given, cookies: [] }
  const token = newConsoleToken()
  return { token, cookies: [cookie(jar, jar.form, token, FORM_COOKIE_SECONDS)] }
}

/** Whether the form's `csrf` field is the double-submit cookie's value. */
export function formTokenRight(request: Request, ctx: CanvassContext, form: URLSearchParams): boolean {
  const given = cookieOf(request, consoleCookies(request, ctx).form)
  const field = form.get('csrf')
  return given !== undefined && field !== null && isConsoleToken(given) && sameText(given, field)
}

const FORM_LIMIT = 8192

/**
 * A urlencoded form body of at most 8 KiB (a sign-in form is a few hundred bytes), or `too_large`. A body of
 * another type reads as an empty form: it carries no form token, so its page says the form must be sent again.
 */
export async function readForm(request: Request): Promise<URLSearchParams | 'too_large'> {
  const type = (request.headers.get('content-type') ?? '').toLowerCase()
  if (!type.startsWith('application/x-www-form-urlencoded')) {
    await request.body?.cancel().catch(() => {})
    return new URLSearchParams()
  }
  const reader = request.body?.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  while (reader) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > FORM_LIMIT) {
      await reader.cancel().catch(() => {})
      return 'too_large'
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let at = 0
  for (const chunk of chunks) {
    bytes.set(chunk, at)
    at += chunk.byteLength
  }
  return new URLSearchParams(new TextDecoder().decode(bytes))
}

/** The cross-site check of a form post: a browser's `Sec-Fetch-Site` must say the page was Canvass's own. */
export function crossSite(request: Request): boolean {
  const site = request.headers.get('sec-fetch-site')
  return site !== null && site !== 'same-origin' && site !== 'none'
}

/** The page of a form larger than any of these forms. */
export function tooLarge(): Response {
  const nonce = newNonce()
  const text = 'This form is larger than any sign-in form. Please go back and send it again.'
  return page(413, accountsPageHtml({ nonce, title: 'Form too large', heading: 'Form too large', text }), nonce)
}

/**
 * Starts a session of `account` signed in by `method`, and writes the sign-in (`signin`, resource
 * `consoleSession`) to the audit log of each project of the account, under `label` (`console: <email>` unless
 * given), with the session's public id and the client address. Answers the session's token for its cookie. Every
 * way of signing in (password, one-time link, single sign-on) starts its session here.
 */
export async function startSession(
  request: Request,
  ctx: CanvassContext,
  info: ConnectionInfo,
  account: Pick<ConsoleAccountRecord, 'id' | 'email'>,
  settings: ConsoleAccountsWiring['settings'],
  method: ConsoleSignInMethod,
  label = `console: ${account.email}`,
): Promise<string> {
  const address = knownAddress(ctx.clientAddress(request, info))
  const session = await createConsoleSession(ctx, account, settings, { method, userAgent: request.headers.get('user-agent'), address })
  const route = recordedRoute(request)
  await appendAccountEvent(ctx, {
    accountId: account.id,
    action: 'signin',
    sessionId: session.id,
    label,
    address,
    method: route?.method ?? request.method,
    route: route?.path ?? '/console/sign-in',
    status: 303,
    requestId: requestIdOf(request as IRequest) || null,
  })
  return session.token
}

/** Starts a session (`startSession`): the session cookie, the form cookie cleared, and on to `to` (the console). */
export async function signedIn(
  request: Request,
  ctx: CanvassContext,
  info: ConnectionInfo,
  account: Pick<ConsoleAccountRecord, 'id' | 'email'>,
  wiring: ConsoleAccountsWiring,
  method: ConsoleSignInMethod,
  to = '/console',
): Promise<Response> {
  const token = await startSession(request, ctx, info, account, wiring.settings, method)
  const jar = consoleCookies(request, ctx)
  return seeOther(`${ctx.basePath}${to}`, [
    cookie(jar, jar.session, token, wiring.settings.sessionTtlSeconds),
    cookie(jar, jar.form, '', 0),
  ])
}
