/**
 * A value for a jsonb parameter: JSON text. `pg` would send a JS array as a Postgres array literal and an
 * object through its own serialisation, so every jsonb write goes through here; PGlite accepts the same
 * text. `undefined` is stored as SQL NULL (JSON has no undefined).
 */
export function toJsonb(value: unknown): string
export function toJsonb(value: unknown, nullable: true): string | null
export function toJsonb(value: unknown, nullable = false): string | null {
  if (value === undefined || (nullable && value === null)) return nullable ? null : 'null'
  return JSON.stringify(value)
}
