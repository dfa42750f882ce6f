/**
 * The console's browser bundle (`@canvass/console`, docs/console.md), which `createCanvass({ console })` serves at
 * `/js/console.js`. The package is imported by a name held in a variable, so that the server builds and starts
 * without it: a copy without it serves `CONSOLE_BUNDLE_MISSING`, a page that says so, and the people, the sign-in
 * and the CLI work all the same. Once `@canvass/console` is a dependency of the server, this file can become
 * `export { readConsoleBundle as readConsoleBundleIfInstalled } from '@canvass/console'`.
 */

/** The package that builds the console's bundle; left as an import by the build (`scripts/unbundled.mjs`). */
const CONSOLE_PACKAGE = '@canvass/console'

/** A module for `/js/console.js` when the console's package is not installed: it says so in the page. */
export const CONSOLE_BUNDLE_MISSING = `const root = document.getElementById('canvass-console')
if (root) {
  const message = document.createElement('p')
  message.setAttribute('role', 'alert')
  message.textContent = "The console's bundle is not installed: install @canvass/console beside @canvass/server and restart the server."
  root.replaceChildren(message)
}
`

/** The console's bundle from `@canvass/console` when it is installed, else `CONSOLE_BUNDLE_MISSING`. */
export async function readConsoleBundleIfInstalled(): Promise<string> {
  let module: { readConsoleBundle?: () => Promise<string> }
  try {
    module = (await import(CONSOLE_PACKAGE)) as typeof module
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') return CONSOLE_BUNDLE_MISSING
    throw error
  }
  if (typeof module.readConsoleBundle !== 'function') return CONSOLE_BUNDLE_MISSING
  return module.readConsoleBundle()
}
