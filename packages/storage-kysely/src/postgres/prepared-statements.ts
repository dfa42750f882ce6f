/**
 * The part of a `pg` pool that Kysely's `PostgresDialect` uses, described structurally so that this
 * package does not depend on `pg`.
 */
export interface PostgresPoolLike {
  connect(): Promise<PostgresPoolClientLike>
  end(): Promise<void>
}

export interface PostgresPoolClientLike {
  query(...args: unknown[]): Promise<unknown>
  release(destroy?: boolean | Error): void
}

export interface PreparedStatementsOptions {
  /**
   * How many distinct statements get a name (and so a server-side prepared statement on each connection
   * that runs them); statements beyond it run unnamed, as without this wrapper. A statement gets its name the
   * second time it is sent, so that those sent once (a migration's, a new month's partition) use none of
   * them. Canvass's storage sends a few dozen distinct statements again and again.
   * @default 256
   */
  maxStatements?: number
}

/**
 * Wraps a `pg` pool so that every statement Kysely sends again runs as a named prepared statement: Postgres
 * parses and plans it once per connection instead of on every call, which on the response-create path is most
 * of the database's work (planning a statement that reads `responses` plans each of its partitions). Pass the
 * result to `PostgresDialect({ pool })`.
 *
 * Prepared plans belong to the schema they were made for: run `migrate(db)` before serving traffic (as the
 * standalone server does), not while a pool wrapped like this is busy.
 */
export function withPreparedStatements<P extends PostgresPoolLike>(pool: P, options: PreparedStatementsOptions = {}): P {
  const maxStatements = options.maxStatements ?? 256
  const names = new Map<string, string>()
  // Texts sent once so far. Every migration sends a few hundred statements once: named on first sight, they
  // took every name, and the create path ran unnamed, planned on every call (a third of its throughput).
  const sentOnce = new Set<string>()
  const nameOf = (text: string): string | undefined => {
    const name = names.get(text)
    if (name !== undefined || names.size >= maxStatements) return name
    if (!sentOnce.has(text)) {
      if (sentOnce.size >= SENT_ONCE_LIMIT) sentOnce.clear()
      sentOnce.add(text)
      return undefined
    }
    sentOnce.delete(text)
    // Named after the text itself, so that two wrappers of one pool agree on every name.
    const named = `canvass_${hashText(text)}`
    names.set(text, named)
    return named
  }
  // One wrapper per pooled client, made on its first checkout: Kysely keeps its own connection object per
  // client (keyed by the object `connect` returns), which a new wrapper on every checkout would make it build
  // again for every query.
  const wrappers = new WeakMap<PostgresPoolClientLike, PostgresPoolClientLike>()
  const wrapClient = (client: PostgresPoolClientLike): PostgresPoolClientLike => {
    let wrapper = wrappers.get(client)
    if (wrapper === undefined) {
      const query = (text: unknown, values?: unknown[]) => {
        const name = typeof text === 'string' ? nameOf(text) : undefined
        return name === undefined ? client.query(text, values) : client.query({ name, text, values })
      }
      wrapper = new Proxy(client, {
        get: (target, property, receiver) => (property === 'query' ? query : Reflect.get(target, property, receiver)),
      })
      wrappers.set(client, wrapper)
    }
    return wrapper
  }
  return new Proxy(pool, {
    get(target, property, receiver) {
      if (property === 'connect') return async () => wrapClient(await target.connect())
      const value = Reflect.get(target, property, receiver)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

/** How many texts sent once are remembered; past it they are forgotten (and named on their third sending). */
const SENT_ONCE_LIMIT = 2048

/** 64 bits of FNV-1a over the text (two 32-bit lanes), as 16 hex digits: names stay short and distinct. */
function hashText(text: string): string {
  let a = 0x811c9dc5
  let b = 0x01000193 ^ text.length
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    a = Math.imul(a ^ code, 0x01000193)
    b = Math.imul(b ^ code, 0x5bd1e995)
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0')
}
