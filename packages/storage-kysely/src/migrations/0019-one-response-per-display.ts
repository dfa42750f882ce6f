import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * A display has at most one response, as in the reference (`Response.displayId` is unique there): a unique
 * partial index on `responses (display_id)` makes the refusal of a second response atomic, whatever the
 * number of concurrent writers; it replaces the plain index of the same column and condition (0001).
 *
 * A database written before may hold several responses naming one display. The first of them (by
 * `created_at`, then `id`), the one `GET …/displays/{id}/response` answered, keeps the link; the later ones
 * no longer name the display. Their `updated_at` stays, so the outbox records no event for that change.
 */
export function oneResponsePerDisplay(schema: string): Migration {
  const responses = sql.id(schema, 'responses')
  return {
    async up(db) {
      await sql`
        update ${responses} r set display_id = null
        from (
          select id, row_number() over (partition by display_id order by created_at, id) as n
          from ${responses} where display_id is not null
        ) later
        where r.id = later.id and later.n > 1`.execute(db)
      await sql`create unique index if not exists responses_display_id_key
        on ${responses} (display_id) where display_id is not null`.execute(db)
      await sql`drop index if exists ${sql.id(schema, 'responses_display_id_idx')}`.execute(db)
    },
    async down(db) {
      await sql`create index if not exists responses_display_id_idx
        on ${responses} (display_id) where display_id is not null`.execute(db)
      await sql`drop index if exists ${sql.id(schema, 'responses_display_id_key')}`.execute(db)
    },
  }
}
