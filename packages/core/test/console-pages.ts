/**
 * Helpers of the console people tests: the accounts mode's pages posted as a browser posts their forms, and a
 * signed-in person's calls as the console page makes them (docs/console-accounts.md, docs/console.md).
 */
import { TEST_ORIGIN } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import * as assert from 'uvu/assert'

export interface PageAnswer {
  status: number
  headers: Headers
  text: string
  setCookies: string[]
}

/** A page request as a browser sends it: from the same origin, with cookies and a urlencoded form. */
export async function browser(
  bed: TestCanvass,
  method: string,
  path: string,
  options: { cookies?: string[]; form?: Record<string, string>; address?: string; origin?: string } = {},
): Promise<PageAnswer> {
  const headers: Record<string, string> = { 'sec-fetch-site': 'same-origin' }
  if (options.cookies?.length) headers.cookie = options.cookies.join('; ')
  let body: string | undefined
  if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded'
    body = new URLSearchParams(options.form).toString()
  }
  const response = await bed.fetch(new Request((options.origin ?? TEST_ORIGIN) + path, { method, headers, body }), {
    clientAddress: options.address ?? '127.0.0.1',
  })
  const text = await response.text()
  assert.ok(response.status < 500, `${method} ${path} answered ${response.status}: ${text}`)
  return { status: response.status, headers: response.headers, text, setCookies: response.headers.getSetCookie() }
}

/** `name=value` of the Set-Cookie header of that name, to send back. */
export function cookiePair(setCookies: string[], name: string): string | undefined {
  return setCookies.find((cookie) => cookie.startsWith(`${name}=`))?.split(';')[0]
}

/** The form token of a page and its double-submit cookie. */
export function formOf(page: PageAnswer): { csrf: string; cookie: string } {
  const csrf = /name="csrf" value="([^"]+)"/.exec(page.text)?.[1]
  const cookie = cookiePair(page.setCookies, 'canvass_console_form')
  assert.ok(csrf && cookie, 'the page has a form token and its cookie')
  return { csrf, cookie }
}

/** Opens a page with a form and posts `fields` to it, with its token and cookie. */
export async function postForm(bed: TestCanvass, path: string, fields: Record<string, string>, address?: string): Promise<PageAnswer> {
  const form = formOf(await browser(bed, 'GET', path, address ? { address } : {}))
  return browser(bed, 'POST', path, { cookies: [form.cookie], form: { csrf: form.csrf, ...fields }, ...(address ? { address } : {}) })
}

/** Signs in by email and password at `/console/sign-in`. */
export const signIn = (bed: TestCanvass, email: string, password: string, address?: string) =>
  postForm(bed, '/console/sign-in', { email, password }, address)

/** The session cookie (`canvass_console=…`) an answer set, or undefined. */
export const sessionOf = (answer: PageAnswer) => cookiePair(answer.setCookies, 'canvass_console')

export interface SignedIn {
  session: string
  csrf: string
}

/** Signs in and opens `/console`: the session cookie and the page's CSRF token. */
export async function consoleSession(bed: TestCanvass, email: string, password: string, address?: string): Promise<SignedIn> {
  const answer = await signIn(bed, email, password, address)
  assert.is(answer.status, 303, answer.text)
  const session = sessionOf(answer) as string
  const page = await browser(bed, 'GET', '/console', { cookies: [session] })
  assert.is(page.status, 200, page.text)
  const boot = JSON.parse(/<script type="application\/json" id="canvass-console-boot">([^<]*)<\/script>/.exec(page.text)?.[1] ?? 'null')
  return { session, csrf: boot.csrfToken }
}

/** A call as the console's page makes it: the console header, the session cookie, the CSRF token on writes. */
export function asConsole(bed: TestCanvass, person: SignedIn, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { 'x-canvass-console': '1', 'sec-fetch-site': 'same-origin', cookie: person.session }
  if (method !== 'GET') headers['x-canvass-csrf'] = person.csrf
  return bed.call(method, path, { headers, ...(body === undefined ? {} : { body }) })
}
