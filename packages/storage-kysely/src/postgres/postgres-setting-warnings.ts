import { sql } from 'kysely'
import type { Kysely } from 'kysely'

/**
 * What a Postgres server's settings leave undone that Canvass relies on, one line each, for a server to log
 * when it starts (docs/deploying.md, "Postgres"). Empty when all is well.
 *
 * - `autovacuum` (and `track_counts`, without which it cannot run): the planner's statistics of Canvass's tables
 *   come from the analyses it runs as they grow. On a table never analysed, Postgres guesses a filter's
 *   selectivity, and a page of 50 responses of a survey with 200,000 was read by sorting them all: ~500 ms, not
 *   under 1 ms. Dead rows of updated and deleted responses, deliveries and rate-limit counters pile up as well.
 */
export async function postgresSettingWarnings<DB>(db: Kysely<DB>): Promise<string[]> {
  // No table of the caller's database is read, so its type says nothing here.
  const settings = await (db as unknown as Kysely<Record<string, never>>)
    .selectNoFrom((eb) => [
      eb.fn<string>('current_setting', [sql.lit('autovacuum')]).as('autovacuum'),
      eb.fn<string>('current_setting', [sql.lit('track_counts')]).as('track_counts'),
    ])
    .executeTakeFirst()
  if (!settings) return []
  const off = [settings.autovacuum === 'off' && 'autovacuum=off', settings.track_counts === 'off' && 'track_counts=off'].filter(Boolean)
  if (off.length === 0) return []
  return [
    `Postgres runs with ${off.join(' and ')}: nothing analyses Canvass's tables as they grow, so its queries slow down ` +
      'with them (a page of responses read by sorting a whole survey). Turn autovacuum on, or run ' +
      '`VACUUM ANALYZE` on the canvass schema regularly (docs/deploying.md, "Postgres")',
  ]
}
