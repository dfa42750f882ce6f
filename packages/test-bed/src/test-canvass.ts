import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createFsBlobStore } from '@canvass/blob-fs'
import { createCanvass, createWebhookDispatcher, generateApiKey, withOutboxExpansion } from '@canvass/core'
import type {
  BlobStore,
  Canvass,
  CanvassOptions,
  ConnectionInfo,
  Storage,
  WebhookDispatcher,
  WebhookDispatcherOptions,
} from '@canvass/core'
import { serve } from '@canvass/host-node'
import { createKyselyStorage, createPostgresRateLimiter } from '@canvass/storage-kysely'
import { readApiReference, readWidgetBundles } from '@canvass/widget'
import type { Kysely } from 'kysely'
import type { TestClock } from './clock'
import type { TestBackend } from './database'
import { openTestDatabase } from './database'
import type { TestWebhookReceiver } from './webhook-receiver'
import { createTestWebhookReceiver } from './webhook-receiver'

/** The origin of the requests `call` builds; nothing listens there (requests never leave the process). */
export const TEST_ORIGIN = 'http://canvass.test'

/** A secret for signed uploads, PIN proofs and single-use ids (at least 16 characters). */
export const TEST_SECRET = 'canvass-test-bed-secret-0123456789'

export interface TestCanvassOptions extends Omit<Partial<CanvassOptions>, 'storage' | 'now'> {
  /** Where the database lives. @default `defaultBackend()`: Postgres when TEST_DATABASE_URL is set, else PGlite */
  backend?: TestBackend
  /** A clock the test moves (`createTestClock()`); Canvass and the dispatcher read it. @default the real time */
  clock?: TestClock
  /** A blob store in a temporary folder of the bed's own, removed by `close()`; `false` for none. @default true */
  blobs?: boolean
  /** The widget bundles (`/js/…` and the link pages); `false` passes `widget: false`. @default true */
  widgetBundles?: boolean
  /** The API reference page's bundle (`/api/v1/docs`). @default false */
  apiReferenceBundle?: boolean
  /** Options of the bed's webhook dispatcher (storage, transport and clock are the bed's). */
  dispatcher?: Omit<Partial<WebhookDispatcherOptions>, 'storage' | 'transport' | 'now'>
  /**
   * Counts `rateLimits` in the bed's database (`createPostgresRateLimiter` of `@canvass/storage-kysely`), as
   * instances sharing one database do, instead of each Canvass's memory (a `rateLimits.limiter` given wins).
   * @default false
   */
  databaseRateLimiter?: boolean
  /**
   * Wraps the handler `fetch`, `call` and `listen` use (to test a host's own routes around Canvass); `bed`
   * gives what such a route may need besides Canvass (the storage, for a health check).
   */
  wrap?: (canvass: Canvass, bed: { storage: Storage }) => (request: Request, info?: ConnectionInfo) => Promise<Response>
}

/** What `call` answers: status, headers, the body as text and parsed JSON (undefined when not JSON). */
export interface ApiResult {
  status: number
  headers: Headers
  body: any
  text: string
}

export interface CallOptions {
  /** Sent as `x-api-key`. */
  key?: string
  /** Sent as JSON (with `content-type: application/json` unless `headers` names another). */
  body?: unknown
  rawBody?: BodyInit
  headers?: Record<string, string>
  /** The client's address, as a host gives it (`ConnectionInfo.clientAddress`). @default '127.0.0.1' */
  address?: string
}

/** Calls the bed's handler; any 5xx fails the test (no input may produce a 500) unless `allow5xx`. */
export type Call = (method: string, path: string, options?: CallOptions & { allow5xx?: boolean }) => Promise<ApiResult>

export interface TestProject {
  projectId: string
  /** Production environment and a key of it. */
  environmentId: string
  key: string
  /** Development environment and a key of it. */
  devEnvironmentId: string
  devKey: string
}

export interface TestCanvass {
  canvass: Canvass
  /** The handler (`canvass.fetch`, or what `wrap` made of it), with '127.0.0.1' as the client address by default. */
  fetch(request: Request, info?: ConnectionInfo): Promise<Response>
  call: Call
  backend: TestBackend
  db: Kysely<unknown>
  storage: Storage
  blobStore: BlobStore | undefined
  /** The folder of the bed's own blob store (undefined with `blobs: false` or a `blobStore` of the test's). */
  blobDir: string | undefined
  clock: TestClock | undefined
  /** The first project: production key and environment (A), development key and environment (B). */
  keyA: string
  keyB: string
  envA: string
  envB: string
  projectId: string
  /** Another project with both environments and a key for each. */
  newProject(name?: string): Promise<TestProject>
  /** Where the dispatcher and the webhook test route send webhooks: nothing leaves the process. */
  receiver: TestWebhookReceiver
  /** The bed's webhook dispatcher, not started: `deliverWebhooks()` runs it once. */
  dispatcher: WebhookDispatcher
  /** Sends every delivery that is due now (the clock's now), and returns when none is left in flight. */
  deliverWebhooks(): ReturnType<WebhookDispatcher['runOnce']>
  /**
   * Serves the handler over HTTP on 127.0.0.1 (a free port) in this process, for a client or a browser that
   * needs a URL; closed by `close()`. Returns the origin, e.g. `http://127.0.0.1:41234`. `port` is for a test
   * whose Canvass must know its own address before it listens (`allowedHosts`: take one from `closedPort()`);
   * a second call answers the first one's origin.
   */
  listen(port?: number): Promise<string>
  /**
   * Another Canvass on the bed's database with the bed's options, as a second instance of a scale-out: a
   * handler of its own (its own rate-limit gate and, with `databaseRateLimiter`, its own limiter on the
   * database), the same keys and clock.
   */
  instance(): TestInstance
  /** Closes the server, the dispatcher and the database (dropped on Postgres) and removes the blob folder. */
  close(): Promise<void>
}

/** A second Canvass on a bed's database (`TestCanvass.instance()`). */
export interface TestInstance {
  canvass: Canvass
  fetch(request: Request, info?: ConnectionInfo): Promise<Response>
  call: Call
}

let widgetBundles: ReturnType<typeof readWidgetBundles> | undefined
let apiReference: ReturnType<typeof readApiReference> | undefined

/** The bed's `editor` unless a test passes its own: an empty ES module. */
export const BED_EDITOR = 'export {}\n'

/** The bed's console bundle unless a test passes its own: an empty ES module. */
export const BED_CONSOLE = 'export {}\n'

/**
 * Canvass's fetch handler on a migrated database of its own, with a project (production and development
 * environments, a key each), a blob store, a webhook receiver and, when given, a clock the test controls.
 */
export async function createTestCanvass(options: TestCanvassOptions = {}): Promise<TestCanvass> {
  const {
    backend,
    clock,
    blobs = true,
    widgetBundles: withWidget = true,
    apiReferenceBundle = false,
    dispatcher: dispatcherOptions,
    databaseRateLimiter = false,
    wrap,
    ...canvassOptions
  } = options
  // On Postgres with prepared statements, as the standalone server runs (the storage package's own suites run
  // both ways).
  const database = await openTestDatabase(backend, { preparedStatements: true })
  const cleanups: (() => Promise<unknown>)[] = [() => database.close()]
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup()
  }
  try {
    const storage = withOutboxExpansion(createKyselyStorage({ db: database.db }))
    let blobStore: BlobStore | undefined
    let blobDir: string | undefined
    if (blobs && canvassOptions.blobStore === undefined) {
      const folder = await mkdtemp(join(tmpdir(), 'canvass-bed-'))
      blobDir = folder
      cleanups.push(() => rm(folder, { recursive: true, force: true }))
      blobStore = createFsBlobStore({ root: folder })
    }
    const widget = withWidget ? await (widgetBundles ??= readWidgetBundles()) : undefined
    const reference = apiReferenceBundle ? await (apiReference ??= readApiReference()) : undefined
    // Where the dispatcher and the webhook test route send: nothing leaves the process.
    const receiver = createTestWebhookReceiver()
    const makeInstance = () =>
      bedInstance({ storage, db: database.db, blobStore, widget, reference, receiver, clock, databaseRateLimiter, wrap, canvassOptions })
    const first = makeInstance()
    const { canvass, fetch, handler } = first
    const dispatcher = createWebhookDispatcher({
      storage,
      transport: receiver.transport,
      ...(clock ? { now: clock.now } : {}),
      logger: quietLogger,
      ...dispatcherOptions,
    })
    cleanups.push(() => dispatcher.stop())

    const newProject = (name = 'Test project') => createBedProject(canvass, name)
    const project = await newProject()
    let server: Awaited<ReturnType<typeof serve>> | undefined

    return {
      canvass,
      fetch,
      call: first.call,
      backend: database.backend,
      db: database.db,
      storage,
      blobStore: blobStore ?? canvassOptions.blobStore,
      blobDir,
      clock,
      keyA: project.key,
      keyB: project.devKey,
      envA: project.environmentId,
      envB: project.devEnvironmentId,
      projectId: project.projectId,
      newProject,
      receiver,
      dispatcher,
      deliverWebhooks: () => dispatcher.runOnce(),
      instance() {
        const { canvass, fetch, call } = makeInstance()
        return { canvass, fetch, call }
      },
      async listen(port = 0) {
        if (!server) {
          server = await serve({ fetch: handler, port, hostname: '127.0.0.1', handleSignals: false, preflight: canvass.preflight })
          const listening = server
          cleanups.push(() => listening.close())
        }
        return server.url
      },
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}

/** What `bedInstance` makes a Canvass of: the bed's storage, bundles, receiver and clock, and the test's options. */
interface InstanceParts {
  storage: Storage
  db: Kysely<unknown>
  blobStore: BlobStore | undefined
  widget: Awaited<ReturnType<typeof readWidgetBundles>> | undefined
  reference: Awaited<ReturnType<typeof readApiReference>> | undefined
  receiver: TestWebhookReceiver
  clock: TestClock | undefined
  databaseRateLimiter: boolean
  wrap: TestCanvassOptions['wrap']
  canvassOptions: Omit<
    TestCanvassOptions,
    'backend' | 'clock' | 'blobs' | 'widgetBundles' | 'apiReferenceBundle' | 'dispatcher' | 'databaseRateLimiter' | 'wrap'
  >
}

/** A Canvass on the bed's database with the bed's options, and its handler (what `wrap` made of it). */
function bedInstance(parts: InstanceParts): TestInstance & { handler: (request: Request, info?: ConnectionInfo) => Promise<Response> } {
  const { storage, db, blobStore, widget, reference, receiver, clock, databaseRateLimiter, wrap, canvassOptions } = parts
  const { rateLimits } = canvassOptions
  const canvass = createCanvass({
    storage,
    secret: TEST_SECRET,
    ...(blobStore ? { blobStore } : {}),
    // What the bed's options ask, never what Canvass would find installed by itself.
    widget: widget ?? false,
    apiReference: reference ?? false,
    // A stand-in for the survey editor's module, so that the bed serves every route Canvass can (the
    // route-table tests compare the two); a test of the editor itself passes its bundle as `editor`.
    editor: BED_EDITOR,
    // The console in accounts mode, so that the bed serves the console's routes too; a test of a
    // host's own `authorize` passes its `console`.
    console: { accounts: true, bundle: BED_CONSOLE },
    // The bed's own dispatcher (`deliverWebhooks`) sends the webhooks, when the test says; a test of the
    // background work passes `background`.
    background: false,
    ...(clock ? { now: clock.now } : {}),
    ...canvassOptions,
    // A webhook's test (`POST /api/v1/webhooks/{id}/test`) reaches the bed's receiver too, unless the test
    // passes its own transport.
    webhooks: { transport: receiver.transport, ...canvassOptions.webhooks },
    ...(rateLimits && databaseRateLimiter ? { rateLimits: { limiter: createPostgresRateLimiter({ db }), ...rateLimits } } : {}),
  })
  const handler = wrap ? wrap(canvass, { storage }) : canvass.fetch
  const fetch = (request: Request, info: ConnectionInfo = { clientAddress: '127.0.0.1' }) => handler(request, info)
  return { canvass, fetch, call: callOn(fetch), handler }
}

/** A project with both environments and a key for each. */
async function createBedProject(canvass: Canvass, name: string): Promise<TestProject> {
  const key = generateApiKey()
  const devKey = generateApiKey()
  const project = await canvass.admin.createProject({
    name,
    organizationName: `${name} organization`,
    apiKeys: [
      { environment: 'production', key, label: 'test bed' },
      { environment: 'development', key: devKey, label: 'test bed' },
    ],
  })
  return {
    projectId: project.projectId,
    environmentId: project.environments.production,
    key,
    devEnvironmentId: project.environments.development,
    devKey,
  }
}

/** A `Call` on a handler: builds the request on `TEST_ORIGIN`, reads the answer whole. */
export function callOn(fetch: (request: Request, info?: ConnectionInfo) => Promise<Response>): Call {
  return async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers }
    if (options.key) headers['x-api-key'] = options.key
    let body: BodyInit | undefined = options.rawBody
    if (options.body !== undefined) {
      body = JSON.stringify(options.body)
      headers['content-type'] ??= 'application/json'
    }
    const request = new Request(TEST_ORIGIN + path, { method, headers, body, duplex: 'half' } as RequestInit)
    const response = await fetch(request, { clientAddress: options.address ?? '127.0.0.1' })
    const text = await response.text()
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {}
    if (response.status >= 500 && !options.allow5xx) throw new Error(`${method} ${path} answered ${response.status}: ${text}`)
    return { status: response.status, headers: response.headers, body: parsed, text }
  }
}

/** The dispatcher's warnings about failed attempts are what the tests provoke: kept out of the output. */
const quietLogger = { error: console.error, warn: () => {} }

/** A `Call` over loopback HTTP to a server at `baseUrl` (`bed.listen()`'s, or a process's); fails on any 5xx. */
export function callAt(baseUrl: string): Call {
  return callOn((request) => fetch(baseUrl + request.url.slice(TEST_ORIGIN.length), request))
}
