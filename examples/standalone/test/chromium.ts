import { existsSync } from 'node:fs'
import { chromium } from 'playwright-core'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import * as assert from 'uvu/assert'

/** Debian's `chromium` package; nothing is downloaded. */
export const CHROMIUM = '/usr/bin/chromium'

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

/** Starts headless Chromium, or fails naming the missing package. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium package (apt-get install chromium)`)
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, headless: true })
}

/**
 * Why the browser tests cannot run here, or undefined when they can: Chromium is missing. Under CI
 * (`CI` set) Chromium is required, so this is always undefined there and a missing browser fails the run.
 */
export function chromiumMissing(): string | undefined {
  if (existsSync(CHROMIUM) || process.env.CI) return undefined
  return `${CHROMIUM} is missing: install Debian's chromium package (apt-get install chromium) to run the browser tests`
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
