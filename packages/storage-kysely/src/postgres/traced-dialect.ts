import type { Attributes, Span } from '@opentelemetry/api'
import { SpanKind, SpanStatusCode, context, trace } from '@opentelemetry/api'
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, OperationNode, QueryResult } from 'kysely'

/**
 * Wraps a Kysely dialect so that every statement it runs is an OpenTelemetry client span (database semantic
 * conventions): `db.system.name` `postgresql`, the operation (`SELECT`, `INSERT`, `BEGIN`, …) and, for a statement
 * Kysely built, the table it names first (`canvass.responses`). Never the statement's parameters, nor its text.
 * Works on any dialect: `PostgresDialect` on `pg`, `PGliteDialect`, or one of the app's own.
 *
 * A statement gets a span only inside a span that records (a request's, a background job's): a statement of its
 * own (a poll, a migration) would otherwise be a trace of one span. Spans go to the provider the process
 * registered through `@opentelemetry/api`; with none, a statement costs one look at the active context.
 *
 * ```ts
 * const db = new Kysely({ dialect: tracedDialect(new PostgresDialect({ pool })) })
 * ```
 */
export function tracedDialect(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => tracedDriver(dialect.createDriver()),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  }
}

/**
 * The driver's connections wrapped, one wrapper per connection (Kysely keeps state per connection object), and
 * every call that takes a connection handed the driver's own: drivers reach into their connections' private parts.
 */
function tracedDriver(driver: Driver): Driver {
  const wrappers = new WeakMap<DatabaseConnection, DatabaseConnection>()
  const inners = new WeakMap<DatabaseConnection, DatabaseConnection>()
  const innerOf = (connection: DatabaseConnection) => inners.get(connection) ?? connection
  const wrap = (inner: DatabaseConnection): DatabaseConnection => {
    let wrapper = wrappers.get(inner)
    if (wrapper === undefined) {
      wrapper = tracedConnection(inner)
      wrappers.set(inner, wrapper)
      inners.set(wrapper, inner)
    }
    return wrapper
  }
  const traced: Driver = {
    init: (options) => driver.init(options),
    acquireConnection: async (options) => wrap(await driver.acquireConnection(options)),
    releaseConnection: (connection, options) => driver.releaseConnection(innerOf(connection), options),
    beginTransaction: (connection, settings) => inSpan('BEGIN', {}, () => driver.beginTransaction(innerOf(connection), settings)),
    commitTransaction: (connection) => inSpan('COMMIT', {}, () => driver.commitTransaction(innerOf(connection))),
    rollbackTransaction: (connection) => inSpan('ROLLBACK', {}, () => driver.rollbackTransaction(innerOf(connection))),
    destroy: (options) => driver.destroy(options),
  }
  // Kysely refuses savepoints to a driver without them: the wrapper has them exactly when the driver has.
  const { savepoint, rollbackToSavepoint, releaseSavepoint } = driver
  if (savepoint) traced.savepoint = (connection, name, compile) => savepoint.call(driver, innerOf(connection), name, compile)
  if (rollbackToSavepoint)
    traced.rollbackToSavepoint = (connection, name, compile) => rollbackToSavepoint.call(driver, innerOf(connection), name, compile)
  if (releaseSavepoint)
    traced.releaseSavepoint = (connection, name, compile) => releaseSavepoint.call(driver, innerOf(connection), name, compile)
  return traced
}

function tracedConnection(inner: DatabaseConnection): DatabaseConnection {
  const connection: DatabaseConnection = {
    executeQuery: <R>(compiled: CompiledQuery, options?: Parameters<DatabaseConnection['executeQuery']>[1]) => {
      const { operation, attributes } = describe(compiled)
      return inSpan<QueryResult<R>>(operation, attributes, () => inner.executeQuery<R>(compiled, options))
    },
    // A stream's rows are read over time: its span would say when the caller stopped reading, not what the
    // statement cost. It runs untraced.
    streamQuery: (compiled, chunkSize, options) => inner.streamQuery(compiled, chunkSize, options),
  }
  // The optional parts (cancelling a statement, the session's id) are the driver's own, on its own connection.
  if (inner.cancelQuery) connection.cancelQuery = inner.cancelQuery.bind(inner)
  if (inner.collectSessionInfo) connection.collectSessionInfo = inner.collectSessionInfo.bind(inner)
  if (inner.killSession) connection.killSession = inner.killSession.bind(inner)
  return connection
}

/** Runs `work` in a client span named after the statement, when a recording span is active; else runs it bare. */
function inSpan<T>(operation: string, attributes: Attributes, work: () => Promise<T>): Promise<T> {
  const parent = trace.getSpan(context.active())
  if (parent === undefined || !parent.isRecording()) return work()
  const collection = attributes['db.collection.name']
  const name = collection === undefined ? operation : `${operation} ${collection}`
  const span = trace.getTracer('@canvass/storage-kysely').startSpan(name, {
    kind: SpanKind.CLIENT,
    attributes: { 'db.system.name': 'postgresql', 'db.system': 'postgresql', 'db.operation.name': operation, ...attributes },
  })
  return work().then(
    (result) => {
      span.end()
      return result
    },
    (error: unknown) => {
      failed(span, error)
      span.end()
      throw error
    },
  )
}

/** A failed statement's span says its SQLSTATE (`23505`), never its message, which may quote a value. */
function failed(span: Span, error: unknown): void {
  span.setStatus({ code: SpanStatusCode.ERROR })
  const code = (error as { code?: unknown } | null)?.code
  span.setAttribute('error.type', typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : errorName(error))
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) span.setAttribute('db.response.status_code', code)
}

function errorName(error: unknown): string {
  const name = (error as { name?: unknown } | null)?.name
  return typeof name === 'string' && name.length > 0 && name.length <= 64 ? name : '_OTHER'
}

/** The operation and table of a statement: from the query Kysely built, else the first word of its text. */
function describe(compiled: CompiledQuery): { operation: string; attributes: Attributes } {
  const node = compiled.query
  const kind = QUERY_KINDS[node.kind]
  if (kind !== undefined) {
    const table = tableOf(kind.table(node as unknown as Node))
    return { operation: kind.operation, attributes: table === undefined ? {} : { 'db.collection.name': table } }
  }
  const word = /^\s*([A-Za-z]+)/.exec(compiled.sql)?.[1]
  return { operation: word === undefined ? 'QUERY' : word.toUpperCase(), attributes: {} }
}

type Node = OperationNode & Record<string, unknown>

/** Where each kind of query Kysely builds names its table. */
const QUERY_KINDS: Record<string, { operation: string; table: (node: Node) => unknown }> = {
  SelectQueryNode: { operation: 'SELECT', table: (node) => (node.from as { froms?: unknown[] } | undefined)?.froms?.[0] },
  InsertQueryNode: { operation: 'INSERT', table: (node) => node.into },
  UpdateQueryNode: { operation: 'UPDATE', table: (node) => node.table },
  DeleteQueryNode: { operation: 'DELETE', table: (node) => (node.from as { froms?: unknown[] } | undefined)?.froms?.[0] },
  MergeQueryNode: { operation: 'MERGE', table: (node) => node.into },
}

/** `schema.table` of a table node (through an alias), as the statement names it; undefined for anything else. */
function tableOf(node: unknown): string | undefined {
  const found = node as { kind?: string; node?: unknown; table?: { schema?: { name?: string }; identifier?: { name?: string } } }
  if (found?.kind === 'AliasNode') return tableOf(found.node)
  if (found?.kind !== 'TableNode') return undefined
  const name = found.table?.identifier?.name
  if (name === undefined) return undefined
  const schema = found.table?.schema?.name
  return schema === undefined ? name : `${schema}.${name}`
}
