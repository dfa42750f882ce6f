/**
 * Whether a string can be stored in (so compared with) a Postgres `text` column. Postgres rejects U+0000
 * with an error, so an id containing it can match no row: lookups answer "not found" without asking the
 * database, as the port requires for ids that cannot exist.
 */
export const isStorable = (text: string): boolean => !text.includes('\u0000')
