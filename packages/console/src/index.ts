/**
 * @module
 * Canvass's console for hosts: `readConsoleBundle()` reads the browser bundle this package builds
 * (`console.js`, an ES module that mounts the console into the `/console` page), to hand to
 * `createCanvass({ console: { bundle } })`, which serves it at `/js/console.js`.
 *
 * ```ts
 * const canvass = createCanvass({ storage, console: { authorize, bundle: await readConsoleBundle() } })
 * ```
 */
import { readFile } from 'node:fs/promises'

/** Reads the built console bundle (`dist/console.js`) as text. */
export async function readConsoleBundle(): Promise<string> {
  return readFile(new URL('./console.js', import.meta.url), 'utf8')
}
