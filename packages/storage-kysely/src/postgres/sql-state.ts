/** The SQLSTATE of a Postgres error (`pg` and PGlite both expose it as `code`), or undefined for any other. */
export function sqlState(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const { code } = error as { code?: unknown }
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined
}

/** A row named by id was deleted between a statement's read and its write (SQLSTATE 23503). */
export function isForeignKeyViolation(error: unknown): boolean {
  return sqlState(error) === '23503'
}

/**
 * An error one row of a statement can cause by itself: a data exception (class 22, e.g. a value jsonb
 * refuses) or an integrity constraint violation (class 23). Anything else (the connection, the server) is
 * not about the rows.
 */
export function isRowError(error: unknown): boolean {
  const state = sqlState(error)
  return state !== undefined && (state.startsWith('22') || state.startsWith('23'))
}
