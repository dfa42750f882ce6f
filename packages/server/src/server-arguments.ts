/**
 * The server's command line (`canvass start …`, `pnpm start …`, `node dist/main.js …`): `--help`, and the options
 * that stand for `DATA_DIR`, `DATABASE_URL` and `PUBLIC_URL` (setting-options.ts). Every other setting is an
 * environment variable (docs/configuration.md); an argument the server would otherwise ignore, such as `--port 1`,
 * stops it with a line that names it, so that nobody runs a server on a port they did not ask for.
 */
import { SETTING_OPTIONS, readSettingOptions } from './setting-options'
import type { GivenSettings } from './setting-options'
import type { Installation } from './where-installed'

export interface ServerArguments {
  help: boolean
  /** The options that stand for a setting, by its variable. */
  settings: GivenSettings
  /** Every other argument, as given. */
  unknown: string[]
  /** An option without its value, said in a line. */
  problem?: string
}

export function readServerArguments(argv: readonly string[]): ServerArguments {
  const { given, rest, problem } = readSettingOptions(argv)
  const unknown = rest.filter((arg) => arg !== '--help' && arg !== '-h')
  return { help: unknown.length < rest.length, settings: given, unknown, ...(problem ? { problem } : {}) }
}

/** Options that have an environment variable of the same name, to say what to write instead. */
const VARIABLES = ['PORT', 'HOST', 'BLOB_DIR']

/** One line: the arguments refused, and the environment variable to use where one fits. */
export function unknownArgumentsLine(unknown: readonly string[], installation: Pick<Installation, 'serverCommand'>): string {
  const [first = '', next] = unknown
  const option = /^--?([a-z][a-z-]*)(?:=(.*))?$/.exec(first)
  const name = option?.[1]?.toUpperCase().replace(/-/g, '_')
  let hint = ''
  if (name && VARIABLES.includes(name)) {
    const value = option?.[2] ?? (next !== undefined && !next.startsWith('-') ? next : '…')
    hint = ` (${name}=${value} ${installation.serverCommand})`
  }
  return (
    `unknown argument${unknown.length > 1 ? 's' : ''} ${unknown.join(' ')}: the server takes its settings from ` +
    `environment variables${hint}; --help lists them`
  )
}

/** `--help`: how this installation starts the server, its options and main settings, and where the rest are. */
export function usage(installation: Installation): string {
  const { checkout, serverCommand, cliCommand } = installation
  const how = checkout
    ? `Usage: ${serverCommand} [options]  (or: ${cliCommand} start, node packages/server/dist/main.js)`
    : `Usage: ${serverCommand} [options]  (npx canvass start in a project that installs @canvass/server)`
  const options = SETTING_OPTIONS.map(({ flag, value, description }) => `  ${`${flag} ${value}`.padEnd(24)}${description}`)
  return `${how}

Runs the Canvass server. Its options stand for the environment variables of the same names (an option wins):
${options.join('\n')}
  ${'--help'.padEnd(24)}this text

Every other setting is an environment variable, e.g.

  PORT=8080 ${serverCommand} --data-dir /var/lib/canvass

The ones most often set:
  PORT            port to listen on (default 3000)
  HOST            address to listen on (default 0.0.0.0)
  DATABASE_URL    a Postgres server, postgres://user:password@host:5432/database
                  (unset: the embedded database in DATA_DIR)
  DATA_DIR        folder of the embedded database, the generated secret and uploads (default ./.canvass)
  PUBLIC_URL      the address clients reach this server at, e.g. https://feedback.example.com
  TRUST_PROXY     the proxies in front whose X-Forwarded-Proto is believed, e.g. loopback or 10.0.0.0/8
  BLOB_DIR        folder for uploaded files (default DATA_DIR/uploads)
  S3_BUCKET       keep uploaded files in S3 instead, with S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and
                  S3_ENDPOINT for an S3-compatible store

Every setting: ${installation.doc('configuration.md')} (the running server serves it at /docs/configuration.md).
Projects, environments and API keys: ${cliCommand} --help.
`
}
