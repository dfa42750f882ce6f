/**
 * Console sessions on a test bed in accounts mode (docs/console-accounts.md), as a browser gets them: a person
 * signs in through the sign-in form, and calls the API as the console's `api()` does.
 */
import { TEST_ORIGIN } from '@canvass/test-bed'
import type { ApiResult, TestCanvass } from '@canvass/test-bed'
import * as assert from 'uvu/assert'

export type ConsoleRole = 'viewer' | 'editor' | 'owner'

export interface ConsoleSession {
  id: string
  email: string
  /** `canvass_console=…`, as the browser sends it back. */
  session: string
  /** The `/console` page's CSRF token. */
  csrf: string
}

const PASSWORD = 'correct horse battery staple'
let counter = 0

/** A new person of the bed's project with `role`, signed in through the sign-in form. */
export async function signedIn(bed: TestCanvass, role: ConsoleRole): Promise<ConsoleSession> {
  const email = `session${++counter}.${Date.now()}@example.com`
  const { id } = await bed.canvass.admin.addConsolePerson({ email, role, projectId: bed.projectId, password: PASSWORD })
  // An address of its own, so that sign-ins of many tests never meet the rate limit.
  const address = `10.77.${Math.floor(counter / 250)}.${counter % 250}`
  const form = await page(bed, 'GET', '/console/sign-in', { address })
  const csrf = /name="csrf" value="([^"]+)"/.exec(form.text)?.[1] as string
  const formCookie = (form.headers.getSetCookie().find((c) => c.startsWith('canvass_console_form=')) as string).split(';')[0] as string
  const signIn = await page(bed, 'POST', '/console/sign-in', { address, cookie: formCookie, form: { csrf, email, password: PASSWORD } })
  assert.is(signIn.status, 303, signIn.text)
  const session = (signIn.headers.getSetCookie().find((c) => c.startsWith('canvass_console=')) as string).split(';')[0] as string
  return { id, email, session, csrf: await consoleCsrf(bed, { cookie: session }) }
}

/** The CSRF token of the `/console` page a request with `headers` gets. */
export async function consoleCsrf(bed: TestCanvass, headers: Record<string, string>): Promise<string> {
  const answer = await bed.fetch(new Request(`${TEST_ORIGIN}/console`, { headers: { 'sec-fetch-site': 'same-origin', ...headers } }))
  const html = await answer.text()
  assert.is(answer.status, 200, html)
  const boot = JSON.parse(/<script type="application\/json" id="canvass-console-boot">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null')
  return boot.csrfToken
}

async function page(
  bed: TestCanvass,
  method: string,
  path: string,
  options: { address: string; cookie?: string; form?: Record<string, string> },
) {
  const headers: Record<string, string> = { 'sec-fetch-site': 'same-origin' }
  if (options.cookie) headers.cookie = options.cookie
  let body: string | undefined
  if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded'
    body = new URLSearchParams(options.form).toString()
  }
  const response = await bed.fetch(new Request(TEST_ORIGIN + path, { method, headers, body }), { clientAddress: options.address })
  return { status: response.status, headers: response.headers, text: await response.text() }
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
