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
 * A statement whose result is a table's every column (`select *`, `t.*` or `returning *` in its outermost list)
 * runs unnamed: the columns of a prepared statement's result are fixed when it is prepared, and once a newer
 * version adds a column to the table (an expand step of a rolling upgrade, docs/deploying.md, "Upgrading"),
 * Postgres refuses such a statement on every connection that prepared it ("cached plan must not change result
 * type"). Any other prepared statement is planned again when the schema changes, and goes on.
 */
export function withPreparedStatements<P extends PostgresPoolLike>(pool: P, options: PreparedStatementsOptions = {}): P {
  const maxStatements = options.maxStatements ?? 256
  const names = new Map<string, string>()
  // Texts sent once so far. Every migration sends a few hundred statements once: named on first sight, they
  // took every name, and the create path ran unnamed, planned on every call (a third of its throughput).
  const sentOnce = new Set<string>()
  const wildcards = new Set<string>()
  const nameOf = (text: string): string | undefined => {
    const name = names.get(text)
    if (name !== undefined || names.size >= maxStatements || wildcards.has(text)) return name
    if (!sentOnce.has(text)) {
      if (sentOnce.size >= SENT_ONCE_LIMIT) sentOnce.clear()
      sentOnce.add(text)
      return undefined
    }
    sentOnce.delete(text)
    if (resultIsWildcard(text)) {
      if (wildcards.size >= SENT_ONCE_LIMIT) wildcards.clear()
      wildcards.add(text)
      return undefined
    }
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

/**
 * Whether the outermost list of a statement's result has a wildcard (`*`, `t.*`), in its `select` or its
 * `returning`. Comments, strings and quoted names are set aside first, then every parenthesised part (a CTE's
 * body, a subquery, a call such as `count(*)`): what is inside does not decide the result's columns.
 */
export function resultIsWildcard(text: string): boolean {
  let outer = text
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/"(?:[^"]|"")*"/g, 'q')
  for (let before = ''; before !== outer; ) {
    before = outer
    outer = outer.replace(/\([^()]*\)/g, ' ')
  }
  return /(?:\bselect(?:\s+distinct(?:\s+on)?)?|\breturning|,)\s*(?:\w+\.)?\*/i.test(outer)
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
