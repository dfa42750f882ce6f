import { randomBytes } from 'node:crypto'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { readConfig } from './config'
import type { StandaloneConfig } from './config'

/**
 * A setting the operator has to fix. Its message is one line that names the variable and says what to do;
 * the server prints it without a stack trace and exits 1.
 */
export class ConfigError extends Error {
  override name = 'ConfigError'
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable} ${message}`)
  }
}

export interface CheckConfigOptions {
  /**
   * How long to wait for the Postgres server named by `DATABASE_URL` to accept a login.
   * @default 10000
   */
  databaseTimeoutMs?: number
}

/**
 * Reads the settings and checks each before anything starts: the values' form, then that the port is free,
 * the data folder writable and the database reachable.
 * @throws {ConfigError} naming the first setting that is wrong.
 */
export async function checkConfig(
  env: Record<string, string | undefined> = process.env,
  options: CheckConfigOptions = {},
): Promise<StandaloneConfig> {
  checkForm(env)
  const config = readConfig(env as NodeJS.ProcessEnv)
  // The folder holds the generated secret and the embedded database; with both given elsewhere it is unused.
  if (!config.databaseUrl || !config.secret) await checkDataDir(config.dataDir)
  if (config.databaseUrl) await checkDatabase(config.databaseUrl, options.databaseTimeoutMs ?? 10_000)
  await checkPortFree(config.port, config.host)
  if (config.metricsPort !== undefined) {
    await checkPortFree(config.metricsPort, config.metricsHost, { port: 'CANVASS_METRICS_PORT', host: 'CANVASS_METRICS_HOST' })
  }
  return config
}

/** The checks that need nothing but the values. */
function checkForm(env: Record<string, string | undefined>): void {
  const port = env.PORT
  if (port !== undefined && (!/^\d{1,5}$/.test(port.trim()) || Number(port) > 65535)) {
    throw new ConfigError('PORT', `must be a port number from 0 to 65535, got ${JSON.stringify(port)}: set it to e.g. 3000`)
  }
  const databaseUrl = env.DATABASE_URL
  if (databaseUrl) {
    let url: URL | undefined
    try {
      url = new URL(databaseUrl)
    } catch {}
    if (!url || (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') || !url.hostname) {
      throw new ConfigError(
        'DATABASE_URL',
        'is not a Postgres URL: write it as postgres://user:password@host:5432/database (percent-encode special characters in the password), or unset it to use the embedded database',
      )
    }
  }
  if (env.PUBLIC_URL) {
    let url: URL | undefined
    try {
      url = new URL(env.PUBLIC_URL)
    } catch {}
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      throw new ConfigError(
        'PUBLIC_URL',
        `must be an http(s) URL such as https://feedback.example.com, got ${JSON.stringify(env.PUBLIC_URL)}`,
      )
    }
  }
  for (const name of ['CANVASS_INIT_API_KEY', 'CANVASS_INIT_DEV_API_KEY']) {
    const key = env[name]
    // The key itself is a secret: say what is wrong with it without printing it.
    if (key && !WELL_FORMED_KEY.test(key)) {
      throw new ConfigError(
        name,
        `is not an API key: it must be cvs_ followed by 43 letters or digits (or 32 hexadecimal characters); got ${key.length} characters`,
      )
    }
  }
  if (env.CANVASS_INIT_API_KEY && env.CANVASS_INIT_API_KEY === env.CANVASS_INIT_DEV_API_KEY) {
    throw new ConfigError('CANVASS_INIT_DEV_API_KEY', 'must differ from CANVASS_INIT_API_KEY: one key cannot belong to both environments')
  }
  const optimize = env.CANVASS_PGLITE_OPTIMIZE
  if (optimize && optimize !== '0' && optimize !== '1') {
    throw new ConfigError(
      'CANVASS_PGLITE_OPTIMIZE',
      `must be 1 (V8 optimizes the embedded database's code: faster, ~90 MB more memory) or 0 (the default), got ${JSON.stringify(optimize)}`,
    )
  }
  checkObservability(env)
}

/** The metrics and log settings: metrics are served only where a setting says, never by accident. */
function checkObservability(env: Record<string, string | undefined>): void {
  const metricsPort = env.CANVASS_METRICS_PORT
  if (metricsPort) {
    if (!/^\d{1,5}$/.test(metricsPort.trim()) || Number(metricsPort) > 65535) {
      throw new ConfigError(
        'CANVASS_METRICS_PORT',
        `must be a port number from 0 to 65535, got ${JSON.stringify(metricsPort)}: set it to e.g. 9464`,
      )
    }
    const port = Number(env.PORT ?? 3000)
    if (Number(metricsPort) !== 0 && Number(metricsPort) === port) {
      throw new ConfigError(
        'CANVASS_METRICS_PORT',
        `must differ from PORT (${port}): the metrics listener is a port of its own, for the scraper only`,
      )
    }
  }
  if (env.CANVASS_METRICS_HOST && !metricsPort) {
    throw new ConfigError(
      'CANVASS_METRICS_HOST',
      'is set but CANVASS_METRICS_PORT is not: set the port of the metrics listener too, or unset CANVASS_METRICS_HOST',
    )
  }
  const token = env.CANVASS_METRICS_TOKEN
  // The token itself is a secret: say what is wrong with it without printing it.
  if (token && !/^[\x21-\x7e]{16,512}$/.test(token)) {
    throw new ConfigError(
      'CANVASS_METRICS_TOKEN',
      `must be 16 to 512 visible ASCII characters without spaces (e.g. the output of openssl rand -hex 32); got ${token.length} characters`,
    )
  }
  const log = env.CANVASS_LOG
  if (log && log !== 'json' && log !== 'text') {
    throw new ConfigError('CANVASS_LOG', `must be "json" (a JSON line per request, errors as JSON) or "text", got ${JSON.stringify(log)}`)
  }
}

/** The format the server accepts for keys it did not issue (Canvass's own and the legacy one). */
const WELL_FORMED_KEY = /^(cvs_[0-9A-Za-z]{43}|[0-9a-fA-F]{32})$/

async function checkDataDir(dataDir: string): Promise<void> {
  const probe = join(dataDir, `.write-check-${randomBytes(6).toString('hex')}`)
  try {
    await mkdir(dataDir, { recursive: true })
    await writeFile(probe, '')
  } catch (error) {
    throw new ConfigError(
      'DATA_DIR',
      `${JSON.stringify(dataDir)} cannot be written (${codeOf(error)}): point DATA_DIR at a folder this user may write to`,
    )
  } finally {
    await rm(probe, { force: true }).catch(() => {})
  }
}

async function checkDatabase(databaseUrl: string, timeoutMs: number): Promise<void> {
  const url = new URL(databaseUrl)
  const where = `${url.hostname}:${url.port || 5432}${url.pathname}`
  // Loaded here: a server on the embedded database never needs the Postgres client.
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: timeoutMs })
  // A connection that fails after connect() settled would otherwise be an unhandled 'error' event.
  client.on('error', () => {})
  try {
    await client.connect()
  } catch (error) {
    const code = codeOf(error)
    const reason =
      code === 'ECONNREFUSED' || code === 'EHOSTUNREACH' || code === 'ETIMEDOUT' || /timeout/i.test(messageOf(error))
        ? `nothing answers at ${url.hostname}:${url.port || 5432}: start Postgres there or fix the host and port`
        : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
          ? `names a host that does not resolve (${url.hostname}): fix the host name`
          : code === '28P01' || code === '28000'
            ? `was refused by the server (${messageOf(error)}): fix the user name or password`
            : code === '3D000'
              ? `names a database that does not exist (${messageOf(error)}): create it or fix the name`
              : `could not be connected to (${messageOf(error)})`
    throw new ConfigError('DATABASE_URL', `(${where}) ${reason}`)
  } finally {
    await client.end().catch(() => {})
  }
}

async function checkPortFree(port: number, host: string, names = { port: 'PORT', host: 'HOST' }): Promise<void> {
  // Port 0 means any free port: nothing to check.
  if (port === 0) return
  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve()))
  }).catch((error: unknown) => {
    const code = codeOf(error)
    if (code === 'EADDRINUSE') {
      throw new ConfigError(names.port, `${port} is already in use on ${host}: stop what listens there or choose another ${names.port}`)
    }
    if (code === 'EACCES') {
      throw new ConfigError(names.port, `${port} needs privileges this user does not have: choose a ${names.port} above 1023`)
    }
    throw new ConfigError(
      names.host,
      `${JSON.stringify(host)} cannot be listened on (${code}): use 0.0.0.0, 127.0.0.1 or an address of this machine`,
    )
  })
}

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : messageOf(error)
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
