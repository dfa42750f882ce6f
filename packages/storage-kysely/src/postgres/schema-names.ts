import { sql } from 'kysely'
import type { RawBuilder } from 'kysely'
import type { Database } from './database'

/** The Postgres schema Canvass's tables live in unless the embedding application names another. */
export const DEFAULT_SCHEMA = 'canvass'

/**
 * Qualified table names for the statements this package writes as text. Queries built with Kysely get the
 * schema from `db.withSchema(schema)`; text (precompiled statements, subqueries inside `sql` fragments) is
 * not rewritten by that plugin, so it names every table through here.
 */
export interface SchemaNames {
  /** The schema, unquoted (checked to be a plain identifier). */
  schema: string
  /** `"schema"."table"`, ready to be put into SQL text. */
  table(name: keyof Database): string
  /** The same qualified name as a fragment of a Kysely `sql` template. */
  ref(name: keyof Database): RawBuilder<unknown>
}

/** Lowercase identifiers only: the name is put into SQL text, so nothing that needs quoting rules is allowed. */
const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/

/** @throws {TypeError} when `schema` is not a lowercase Postgres identifier. */
export function schemaNames(schema: string = DEFAULT_SCHEMA): SchemaNames {
  if (!IDENTIFIER.test(schema)) {
    throw new TypeError(
      `schema must be a lowercase Postgres identifier (letters, digits, underscores; e.g. "canvass"), got ${JSON.stringify(schema)}`,
    )
  }
  const quoted = new Map<string, string>()
  return {
    schema,
    table(name) {
      let text = quoted.get(name)
      if (text === undefined) {
        text = `"${schema}"."${name}"`
        quoted.set(name, text)
      }
      return text
    },
    ref: (name) => sql.id(schema, name),
  }
}
