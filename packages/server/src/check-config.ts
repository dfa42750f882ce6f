import { randomBytes } from 'node:crypto'
import { createServer } from 'node:net'
import { resolve } from 'node:path'
import { isServiceUnavailable, isTrustProxyEntry } from '@canvass/core'
import { openBlobStore } from './blob-store'
import { readBooleanSetting } from './boolean-setting'
import { listOf, readConfig } from './config'
import type { StandaloneConfig } from './config'
import { writableFolder } from './writable-folder'

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
  /**
   * How long the S3 store of `S3_BUCKET` may take to store and delete a probe object.
   * @default 10000
   */
  blobStoreTimeoutMs?: number
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
  const uploadsInDataDir = !env.S3_BUCKET && !env.BLOB_DIR
  // The folder holds the generated secret, the embedded database and by default the uploads; with all three
  // elsewhere it is unused (and not made).
  if (!config.databaseUrl || !config.secret || uploadsInDataDir) await checkFolder('DATA_DIR', config.dataDir)
  if (!env.S3_BUCKET && env.BLOB_DIR) await checkFolder('BLOB_DIR', resolve(env.INIT_CWD ?? process.cwd(), env.BLOB_DIR), 0o700)
  if (config.databaseUrl) await checkDatabase(config.databaseUrl, options.databaseTimeoutMs ?? 10_000)
  if (env.S3_BUCKET) await checkS3(env, config.dataDir, options.blobStoreTimeoutMs ?? 10_000)
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
  checkLocationForm(env)
  checkTrustProxyForm(env)
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
  checkS3Form(env)
  // The switches of `readConfig` (CANVASS_BACKGROUND, CANVASS_PGLITE_OPTIMIZE, …) are read, and so checked, by
  // `readConfig` itself, right after these checks.
  checkObservability(env)
}

/**
 * The form of the settings that say which database to open and where links point (`DATABASE_URL`,
 * `PUBLIC_URL`), which the admin CLI checks too: before anything starts, and naming the one that is wrong.
 * @throws {ConfigError}
 */
export function checkLocationForm(env: Record<string, string | undefined>): void {
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
  checkReadDatabaseForm(env)
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
}

/** `TRUST_PROXY`: IP addresses and CIDRs of the proxies in front, and `loopback`. */
function checkTrustProxyForm(env: Record<string, string | undefined>): void {
  const wrong = listOf(env.TRUST_PROXY).find((entry) => !isTrustProxyEntry(entry))
  if (wrong !== undefined) {
    throw new ConfigError(
      'TRUST_PROXY',
      `has an entry that is not an IP address, a CIDR or "loopback": ${JSON.stringify(wrong)}: write the proxies' addresses or CIDRs separated by commas, such as loopback,10.0.0.0/8`,
    )
  }
}

/** `DATABASE_READ_URL`: Postgres URLs, each a replica of the server `DATABASE_URL` names. */
function checkReadDatabaseForm(env: Record<string, string | undefined>): void {
  const urls = (env.DATABASE_READ_URL ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean)
  if (urls.length === 0) return
  if (!env.DATABASE_URL) {
    throw new ConfigError(
      'DATABASE_READ_URL',
      'is set but DATABASE_URL is not: read replicas are replicas of a Postgres server (the embedded database has none); set DATABASE_URL to the primary, or unset DATABASE_READ_URL',
    )
  }
  for (const [index, text] of urls.entries()) {
    let url: URL | undefined
    try {
      url = new URL(text)
    } catch {}
    if (!url || (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') || !url.hostname) {
      // The URL may hold a password: it is named by its place in the list, not printed.
      throw new ConfigError(
        'DATABASE_READ_URL',
        `has an entry that is not a Postgres URL (number ${index + 1} of ${urls.length}): write each as postgres://user:password@host:5432/database, separated by commas`,
      )
    }
  }
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

/** The S3 settings' form, when `S3_BUCKET` asks for S3 (docs/configuration.md). */
function checkS3Form(env: Record<string, string | undefined>): void {
  if (!env.S3_BUCKET) return
  readBooleanSetting('S3_FORCE_PATH_STYLE', env.S3_FORCE_PATH_STYLE, false)
  if (!(env.S3_ACCESS_KEY_ID ?? env.AWS_ACCESS_KEY_ID) || !(env.S3_SECRET_ACCESS_KEY ?? env.AWS_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'S3_BUCKET',
      'is set but S3_ACCESS_KEY_ID or S3_SECRET_ACCESS_KEY is not: set both (or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY), or unset S3_BUCKET to keep uploads in a folder',
    )
  }
  const endpoint = env.S3_ENDPOINT
  if (endpoint) {
    let url: URL | undefined
    try {
      url = new URL(endpoint)
    } catch {}
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username || url.password) {
      throw new ConfigError(
        'S3_ENDPOINT',
        `must be the http(s) URL of the S3 API, without query or credentials, such as https://s3.eu-west-1.amazonaws.com or http://127.0.0.1:9000; got ${JSON.stringify(endpoint)}`,
      )
    }
  }
}

/**
 * Stores and deletes a probe object, so that an endpoint, bucket or key that does not work stops the start
 * rather than the first upload (docs/configuration.md). Once the server runs, an unreachable store is a 503
 * for uploads and downloads only, while the rest of the API works.
 */
async function checkS3(env: Record<string, string | undefined>, dataDir: string, timeoutMs: number): Promise<void> {
  const bucket = env.S3_BUCKET as string
  const endpoint = env.S3_ENDPOINT || `https://s3.${env.S3_REGION || env.AWS_REGION || 'us-east-1'}.amazonaws.com`
  let blobStore: ReturnType<typeof openBlobStore>['blobStore']
  try {
    ;({ blobStore } = openBlobStore(env as NodeJS.ProcessEnv, dataDir, process.cwd()))
  } catch (error) {
    // The store's own checks of bucket and endpoint, e.g. a bucket that cannot be a host name.
    throw new ConfigError('S3_BUCKET', `cannot be used: ${messageOf(error).replace(/^blob-s3: /, '')}`)
  }
  const key = `canvass-write-check-${randomBytes(6).toString('hex')}`
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new ConfigError(
            'S3_ENDPOINT',
            `(${endpoint}) did not answer within ${timeoutMs / 1000} s: check the address and that the store runs`,
          ),
        ),
      timeoutMs,
    )
  })
  const probe = async () => {
    await blobStore.put(key, new ReadableStream({ start: (controller) => controller.close() }), { contentType: 'text/plain', maxBytes: 0 })
    await blobStore.delete(key)
  }
  try {
    await Promise.race([probe(), deadline])
  } catch (error) {
    if (error instanceof ConfigError) throw error
    if (isServiceUnavailable(error)) {
      throw new ConfigError(
        'S3_ENDPOINT',
        `(${endpoint}) cannot be reached (${causeCode(error)}): start the store there or fix S3_ENDPOINT${env.S3_ENDPOINT ? '' : ' (unset: AWS in S3_REGION)'}`,
      )
    }
    const code = (error as { code?: unknown }).code
    if (code === 'NoSuchBucket') {
      throw new ConfigError('S3_BUCKET', `${JSON.stringify(bucket)} does not exist at ${endpoint}: create it or fix S3_BUCKET`)
    }
    if (code === 'InvalidAccessKeyId' || code === 'SignatureDoesNotMatch' || code === 'AccessDenied') {
      throw new ConfigError(
        'S3_ACCESS_KEY_ID',
        `was refused by ${endpoint} (${messageOf(error)}): fix S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or let them put and delete objects in bucket ${bucket}`,
      )
    }
    throw new ConfigError('S3_BUCKET', `${JSON.stringify(bucket)} at ${endpoint} cannot be written (${messageOf(error)})`)
  } finally {
    clearTimeout(timer)
  }
}

/** A folder the server writes to: looked at before it is made, and written to once. */
async function checkFolder(variable: 'DATA_DIR' | 'BLOB_DIR', folder: string, mode?: number): Promise<void> {
  const problem = await writableFolder(folder, mode)
  if (problem !== undefined) {
    throw new ConfigError(
      variable,
      `${JSON.stringify(folder)} cannot be written (${problem}): point ${variable} at a folder this user may write to`,
    )
  }
}

/** The first error code in a chain of causes (`ECONNREFUSED` under fetch's "fetch failed"), else the last message. */
export function causeCode(error: unknown): string {
  let message = messageOf(error)
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && code !== 'service_unavailable') return code
    message = messageOf(current)
  }
  return message
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
