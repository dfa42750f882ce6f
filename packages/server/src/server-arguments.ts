/**
 * The server's command line (`pnpm start …`, `node dist/main.js …`): `--help` and nothing else. Every setting
 * is an environment variable (docs/configuration.md); an argument the server would otherwise ignore, such as
 * `--port 1`, stops it with a line that names it, so that nobody runs a server on a port they did not ask for.
 */

export interface ServerArguments {
  help: boolean
  /** Every other argument, as given. */
  unknown: string[]
}

export function readServerArguments(argv: readonly string[]): ServerArguments {
  const unknown = argv.filter((arg) => arg !== '--help' && arg !== '-h')
  return { help: unknown.length < argv.length, unknown }
}

/** Options that have an environment variable of the same name, to say what to write instead. */
const VARIABLES = ['PORT', 'HOST', 'DATABASE_URL', 'DATA_DIR', 'PUBLIC_URL', 'BLOB_DIR']

/** One line: the arguments refused, and the environment variable to use where one fits. */
export function unknownArgumentsLine(unknown: readonly string[]): string {
  const [first = '', next] = unknown
  const option = /^--?([a-z][a-z-]*)(?:=(.*))?$/.exec(first)
  const name = option?.[1]?.toUpperCase().replace(/-/g, '_')
  let hint = ''
  if (name && VARIABLES.includes(name)) {
    const value = option?.[2] ?? (next !== undefined && !next.startsWith('-') ? next : '…')
    hint = ` (${name}=${value} pnpm start)`
  }
  return (
    `unknown argument${unknown.length > 1 ? 's' : ''} ${unknown.join(' ')}: the server takes its settings from ` +
    `environment variables${hint}; --help lists them`
  )
}

export const USAGE = `Usage: pnpm start  (or: node packages/server/dist/main.js)

Runs the Canvass server. It takes no arguments but --help: its settings are environment variables, e.g.

  PORT=8080 DATA_DIR=/var/lib/canvass pnpm start

The ones most often set:
  PORT            port to listen on (default 3000)
  HOST            address to listen on (default 0.0.0.0)
  DATABASE_URL    a Postgres server, postgres://user:password@host:5432/database
                  (unset: the embedded database in DATA_DIR)
  DATA_DIR        folder of the embedded database, the generated secret and uploads (default ./.canvass)
  PUBLIC_URL      the address clients reach this server at, e.g. https://feedback.example.com
  BLOB_DIR        folder for uploaded files (default DATA_DIR/uploads)
  S3_BUCKET       keep uploaded files in S3 instead, with S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and
                  S3_ENDPOINT for an S3-compatible store

Every setting: docs/configuration.md. Projects, environments and API keys: pnpm canvass --help.
`
