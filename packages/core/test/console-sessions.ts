/**
 * Console sessions on a test bed in accounts mode (docs/console-accounts.md), as a browser gets them: a person
 * signs in through the sign-in form, and calls the API as the console's `api()` does.
 */
import { TEST_ORIGIN } from '@canvass/test-bed'
import type { ApiResult, TestCanvass } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import { browser, cookiePair, formOf } from './console-pages'

export type ConsoleRole = 'viewer' | 'editor' | 'owner'

export interface ConsoleSession {
  id: string
  email: string
  /** `canvass_console=…`, as the browser sends it back. */
  session: string
  /** The `/console` page's CSRF token. */
  csrf: string
  /** The `/console` page's start data. */
  boot: any
}

const PASSWORD = 'correct horse battery staple'
let counter = 0

/** A new person of `projectId` (the bed's project) with `role`, signed in through the sign-in form. */
export async function signedIn(bed: TestCanvass, role: ConsoleRole, projectId = bed.projectId): Promise<ConsoleSession> {
  const email = `session${++counter}.${Date.now()}@example.com`
  const { id } = await bed.canvass.admin.addConsolePerson({ email, role, projectId, password: PASSWORD })
  // An address of its own, so that sign-ins of many tests never meet the rate limit.
  const address = `10.77.${Math.floor(counter / 250)}.${counter % 250}`
  const form = await browser(bed, 'GET', '/console/sign-in', { address })
  const { csrf, cookie } = formOf(form)
  const signIn = await browser(bed, 'POST', '/console/sign-in', { address, cookies: [cookie], form: { csrf, email, password: PASSWORD } })
  assert.is(signIn.status, 303, signIn.text)
  const session = cookiePair(signIn.setCookies, 'canvass_console') as string
  const boot = await consoleBoot(bed, { cookie: session })
  return { id, email, session, csrf: boot.csrfToken, boot }
}

/** The start data of the `/console` page (or `path`) a request with `headers` gets (its CSRF token, role, person…). */
export async function consoleBoot(bed: TestCanvass, headers: Record<string, string>, path = '/console'): Promise<any> {
  const answer = await bed.fetch(new Request(`${TEST_ORIGIN}${path}`, { headers: { 'sec-fetch-site': 'same-origin', ...headers } }))
  const html = await answer.text()
  assert.is(answer.status, 200, html)
  return JSON.parse(/<script type="application\/json" id="canvass-console-boot">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null')
}

/** The CSRF token of the `/console` page a request with `headers` gets. */
export async function consoleCsrf(bed: TestCanvass, headers: Record<string, string>): Promise<string> {
  return (await consoleBoot(bed, headers)).csrfToken
}

/**
 * A call as the console's `api()` makes it: the console header, the session (a cookie, or the headers a host's
 * `authorize` reads), the CSRF token on writes.
 */
export function asConsole(
  bed: TestCanvass,
  who: { session?: string; headers?: Record<string, string>; csrf: string },
  method: string,
  path: string,
  body?: unknown,
): Promise<ApiResult> {
  const headers: Record<string, string> = { 'x-canvass-console': '1', 'sec-fetch-site': 'same-origin', ...who.headers }
  if (who.session) headers.cookie = who.session
  if (method !== 'GET') headers['x-canvass-csrf'] = who.csrf
  return bed.call(method, path, { headers, ...(body === undefined ? {} : { body }) })
}
