import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * Retention (docs/data-rights.md, "Retention"): how many days a survey's responses are kept
 * (`surveys.response_retention_days`) and the environment's default for surveys that say nothing
 * (`environments.response_retention_days`); null keeps them. `maintenance_leases` lets one instance at a time
 * run a periodic job (the retention worker's lease, `retention`). Displays are found by the response they name
 * when the responses they were made for are deleted: a partial index, as most displays name none.
 */
export function responseRetention(schema: string): Migration {
  return {
    async up(db) {
      for (const table of ['surveys', 'environments']) {
        await sql`alter table ${sql.id(schema, table)} add column response_retention_days integer
          constraint ${sql.id(`${table}_response_retention_days_check`)}
          check (response_retention_days between 1 and 36500)`.execute(db)
      }
      await sql`create table ${sql.id(schema, 'maintenance_leases')} (
        name text primary key,
        holder text not null,
        lease_until timestamptz(3) not null
      )`.execute(db)
      await sql`create index if not exists ${sql.id('displays_response_id_idx')}
        on ${sql.id(schema, 'displays')} (response_id) where response_id is not null`.execute(db)
    },
    async down(db) {
      await sql`drop index if exists ${sql.id(schema, 'displays_response_id_idx')}`.execute(db)
      await sql`drop table if exists ${sql.id(schema, 'maintenance_leases')}`.execute(db)
      for (const table of ['surveys', 'environments']) {
        await sql`alter table ${sql.id(schema, table)} drop column if exists response_retention_days`.execute(db)
      }
    },
  }
}
