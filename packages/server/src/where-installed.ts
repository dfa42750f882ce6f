/**
 * Where this server runs from, so that what it prints names the command that runs it and documentation that is
 * there: a checkout of the repository (`pnpm start`, `pnpm canvass …`, the repository's `docs/`), or an install
 * from npm (`canvass …`, the copy of `docs/*.md` that packing puts into the package, `scripts/packed-docs.mjs`).
 */
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export interface Installation {
  /** True in a checkout of the repository (`packages/server/dist` or `src`, beside its `pnpm-workspace.yaml`). */
  checkout: boolean
  /** The command that starts the server: `pnpm start` in a checkout, `canvass start` where it is installed. */
  serverCommand: string
  /** The admin CLI: `pnpm canvass` in a checkout, `canvass` where it is installed. */
  cliCommand: string
  /** The folder of the documentation's pages this server serves at `/docs/`. */
  docsFolder: URL
  /** Where a page of the documentation is on this machine, as a user would open it: `docs/configuration.md`. */
  doc(page: string): string
}

/**
 * Where this module runs from. A checkout is recognised by the workspace file three folders up from this file
 * (`packages/server/dist/…` or `…/src/…`); an install from npm has none there (`node_modules/` is), and reads
 * the pages packed into the package, one folder up.
 */
export function whereInstalled(from: string | URL = import.meta.url): Installation {
  const root = new URL('../../../', from)
  const checkout = existsSync(new URL('pnpm-workspace.yaml', root)) && existsSync(new URL('docs/README.md', root))
  const docsFolder = checkout ? new URL('docs/', root) : new URL('../docs/', from)
  return {
    checkout,
    serverCommand: checkout ? 'pnpm start' : 'canvass start',
    cliCommand: checkout ? 'pnpm canvass' : 'canvass',
    docsFolder,
    // From the repository's root, where its commands are typed; else the whole path, wherever the user stands.
    doc: (page) => (checkout ? `docs/${page}` : fileURLToPath(new URL(page, docsFolder))),
  }
}
