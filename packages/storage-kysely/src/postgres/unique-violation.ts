/**
 * The constraint named by a Postgres unique violation (SQLSTATE 23505), `''` when the driver did not say
 * which, or undefined for any other error. `pg` and PGlite both expose `code` and `constraint`.
 */
export function uniqueViolation(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const { code, constraint } = error as { code?: unknown; constraint?: unknown }
  if (code !== '23505') return undefined
  return typeof constraint === 'string' ? constraint : ''
}
