import { existsSync } from 'node:fs'
import { chromium } from 'playwright-core'
import type { Browser } from 'playwright-core'

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
