import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { chromium } from 'playwright-core'
import type { Browser, BrowserContext, Page, Route } from 'playwright-core'
import * as assert from 'uvu/assert'
import { waitFor } from './wait-for'

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/**
 * The browser the tests drive; nothing is downloaded. `CANVASS_CHROMIUM` names one; otherwise Debian's
 * `chromium-headless-shell` package, which is Chromium's engine built without the desktop browser around it and
 * takes half the CPU of the full `chromium` for the same tests (`.ci/run` installs it); otherwise Debian's
 * `chromium`.
 */
export const CHROMIUM =
  process.env.CANVASS_CHROMIUM ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ??
  '/usr/bin/chromium-headless-shell'

const INSTALL = "install Debian's chromium-headless-shell package (apt-get install chromium-headless-shell)"

/** Headless, and quiet: no background requests of the browser's own to anywhere. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

let shared: Promise<Browser> | undefined
let users = 0
let closing: ReturnType<typeof setTimeout> | undefined
/** How long Chromium stays open after its last user released it, for the next file of the process. */
const IDLE_MS = 2_000

/**
 * Headless Chromium, or fails naming the missing package. One browser serves the browser test files that one
 * process runs in turn (`pnpm test` runs them in one): starting it costs more than a second of CPU, and every
 * test works in browser contexts of its own. Each call is matched by `releaseChromium()`; the browser closes
 * when it has had no user for a moment.
 */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: ${INSTALL}`)
  clearTimeout(closing)
  const current = shared && (await shared.catch(() => undefined))
  if (!current?.isConnected()) shared = chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, headless: true })
  const browser = await shared!
  users++
  return browser
}

/** Gives back the browser of `launchChromium()`; the last user's release closes it after `IDLE_MS`. */
export async function releaseChromium(): Promise<void> {
  users = Math.max(0, users - 1)
  if (users > 0 || !shared) return
  const browser = shared
  closing = setTimeout(() => {
    if (shared !== browser || users > 0) return
    shared = undefined
    void browser.then((open) => open.close()).catch(() => {})
  }, IDLE_MS)
}

/**
 * Why the browser tests cannot run here, or undefined when they can: Chromium is missing. Under CI
 * (`CI` set) Chromium is required, so this is always undefined there and a missing browser fails the run.
 */
export function chromiumMissing(): string | undefined {
  if (existsSync(CHROMIUM) || process.env.CI) return undefined
  return `${CHROMIUM} is missing: ${INSTALL} to run the browser tests`
}

/** A tab opened by `openWatched`, and what it saw. */
export interface WatchedPage {
  page: Page
  /** The status of the page's own answer. */
  status: number | undefined
  /** Every URL the tab asked for. */
  requests: string[]
  /**
   * Asserts that nothing went to an origin other than `origin` and that nothing was logged as a warning or an
   * error, nor a page error or a dialog, but what `expected` matches; then closes the tab.
   */
  done(expected?: RegExp[]): Promise<void>
}

/**
 * A new tab of `context` on `url` that records every request, each warning or error the page's own code logs
 * (code the test evaluates, such as axe, has no URL), page errors, and dialogs (dismissed: a hostile text that
 * became markup would open one).
 */
export async function openWatched(context: BrowserContext, url: string): Promise<WatchedPage> {
  const page = await context.newPage()
  const requests: string[] = []
  const problems: string[] = []
  page.on('request', (request) => requests.push(request.url()))
  page.on('console', (message) => {
    if (message.location().url === '') return
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()} (${message.location().url})`)
  })
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.message()}`)
    void dialog.dismiss()
  })
  const answer = await page.goto(url)
  const origin = new URL(url).origin
  return {
    page,
    status: answer?.status(),
    requests,
    async done(expected: RegExp[] = []) {
      const origins = new Set(requests.filter((asked) => !asked.startsWith('data:')).map((asked) => new URL(asked).origin))
      assert.equal([...origins], [origin], 'no request to another origin')
      assert.equal(
        problems.filter((problem) => !expected.some((pattern) => pattern.test(problem))),
        [],
        'nothing logged as a warning or an error, no page error, no dialog',
      )
      await page.close()
    },
  }
}

/** The records of the browser outbox (`canvass-outbox` in IndexedDB) of `page`'s origin, as stored. */
export function outboxRecords(page: Page): Promise<any[]> {
  return page.evaluate(
    () =>
      new Promise<any[]>((resolve) => {
        const open = indexedDB.open('canvass-outbox', 1)
        open.onupgradeneeded = () => open.result.createObjectStore('records', { keyPath: 'id' })
        open.onsuccess = () => {
          const request = open.result.transaction('records').objectStore('records').getAll()
          request.onsuccess = () => {
            open.result.close()
            resolve(request.result)
          }
        }
      }),
  )
}

/**
 * Waits (up to `timeoutMs`) until `page`'s outbox is empty: the page drops a record once it has the server's answer
 * to that save, which comes after everything the server does for it (storing, then screening against quotas). Once
 * it is empty, the page has nothing more to send or resend.
 */
export async function outboxDrained(page: Page, timeoutMs = 10_000): Promise<void> {
  // Polling the page: IndexedDB has no event another context can wait on.
  await waitFor('the outbox to be empty once the last save is acknowledged', async () => (await outboxRecords(page)).length === 0, {
    timeoutMs,
    everyMs: 100,
  })
}

/**
 * Waits (up to `timeoutMs`) until `page`'s outbox has nothing left to send: every record's display is recorded,
 * and it holds no create, answers or file still waiting for the server (nor a retry of one). Records of unfinished
 * responses stay, for resume.
 */
export async function outboxSent(page: Page, timeoutMs = 10_000): Promise<void> {
  const waiting = async () =>
    (await outboxRecords(page))
      .filter((r) => !r.display?.sent || r.response?.body || r.pending || r.inflight || r.files?.length)
      .map((r) => r.id)
  // Polling the page, as outboxDrained does.
  await waitFor('nothing left in the outbox to send', async () => (await waiting()).length === 0, { timeoutMs, everyMs: 100 })
}

/**
 * axe-core's serious and critical violations on `page` as it is, each as `id (impact): targets`. axe is evaluated by
 * the browser's debugger, which the page's CSP does not restrict (an inline script would be), once per page.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(AXE)
  return page.evaluate(AXE_RUN)
}

/**
 * The check `axeViolations` evaluates in the page: axe with the rules that can never report a serious or critical
 * violation turned off, since their findings were dropped unread (running them was about a sixth of a check's time).
 * A violation's impact is its rule's `impact` when the rule sets one, else the highest impact of its checks that
 * failed, each check's impact fixed in axe's data: a rule is off when its own impact is minor or moderate, or when it
 * has none and every check it runs is minor or moderate; a check whose impact axe does not give keeps its rule on.
 * axe has no public API for impacts (`getRules()` gives none), so its `_audit` is read, and a version without it
 * fails the check rather than check less. Text, not a function: the test's compiler would name the inner functions
 * with a helper the page lacks.
 */
const AXE_RUN = `(async () => {
  const audit = axe._audit
  if (!Array.isArray(audit?.rules) || !audit.data?.checks) throw new Error('axe-core has no _audit.rules and _audit.data.checks')
  const mild = (impact) => impact === 'minor' || impact === 'moderate'
  const off = audit.rules.filter((rule) =>
    rule.impact
      ? mild(rule.impact)
      : [...rule.any, ...rule.all, ...rule.none].every((check) => mild(audit.data.checks[typeof check === 'string' ? check : check.id]?.impact)),
  )
  const rules = Object.fromEntries(off.map((rule) => [rule.id, { enabled: false }]))
  const result = await axe.run(document, { resultTypes: ['violations'], rules })
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => v.id + ' (' + v.impact + '): ' + v.nodes.map((n) => n.target.join(' ')).join(', '))
})()`

/**
 * A route handler for the widget's response updates (PUT; other methods pass): the first reaches the server,
 * which stores it, but its answer is cut (connection reset); later ones pass, their status, body and
 * `Idempotent-Replayed` header noted in `retried`, and their `Idempotency-Key` (null without) in `keys` with
 * the first's, so a test sees what the retry of an answer the client never got sent and was told.
 */
export function cutFirstUpdateAnswer(): {
  handle: (route: Route) => Promise<void>
  retried: [number, unknown, string | null][]
  keys: (string | null)[]
} {
  let cut = false
  const retried: [number, unknown, string | null][] = []
  const keys: (string | null)[] = []
  const handle = async (route: Route) => {
    if (route.request().method() !== 'PUT') return route.continue()
    keys.push((await route.request().headerValue('idempotency-key')) ?? null)
    const answer = await route.fetch()
    if (!cut) {
      cut = true
      assert.is(answer.status(), 200, 'the first attempt is stored')
      return route.abort('connectionreset')
    }
    retried.push([answer.status(), await answer.json(), answer.headers()['idempotent-replayed'] ?? null])
    return route.fulfill({ response: answer })
  }
  return { handle, retried, keys }
}
