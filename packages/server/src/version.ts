/**
 * The version of this server, as `canvass --version` prints it and the metric `canvass_build_info` labels it:
 * the `version` of @canvass/server's package.json, one folder up from this module (from `dist/` where it is built
 * or installed from npm, from `src/` in a checkout), read when first asked. Read at run time rather than written
 * into the build, so that the version a release gives the package (`changeset version`) is the one it reports.
 */
import { readFileSync } from 'node:fs'

let version: string | undefined

/** `0.1.0`: the server package's version. */
export function serverVersion(): string {
  version ??= (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version
  return version
}
