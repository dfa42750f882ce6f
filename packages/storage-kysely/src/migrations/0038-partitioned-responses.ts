import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * `responses` partitioned by month of `created_at` (docs/scaling.md, "Responses partitioned by month"), without
 * copying a row: the table as it was becomes the partition `responses_history`, holding everything before
 * `bound` (the first month boundary, UTC, after both its newest row and now), and months from `bound` get
 * partitions of their own, three months ahead. The storage makes later months as time goes on and whenever a
 * write names one (`partitions.ts`); retention drops whole partitions when it can.
 *
 * A partitioned table's unique indexes must contain its partition key, so the primary key is `(id, created_at)`.
 * A response id is made by Canvass (a random cuid2 chosen by core's creates, never taken from a request); only
 * an import from Formbricks may keep its source's ids, and the import checks each under a lock
 * (`response-importer.ts`). So `id` alone stays unique; the key is what Postgres asks for. The two rules that span months (one
 * response per single-use id of a survey, one per display) move to `response_claims`, a table that is not
 * partitioned: a response with a single-use id or a display has a row there, written by the statement that
 * writes the response, and the unique indexes there keep the names they had on `responses`. The tables that
 * hang off a response (`response_notes`, `response_tags`, `response_quota_links`, `unscreened_responses`) name
 * it by `(response_id, response_created_at)`, the key, with cascades on delete and on update.
 *
 * Everything runs in the migration's transaction (Kysely's `Migrator` runs pending migrations in one on
 * Postgres): writes that arrive meanwhile wait on the lock of `responses` and go on into the partitioned table
 * after the commit, none is lost. On Postgres, `migrate` first builds what would take longest under the lock
 * while writes go on (`prepare-partitions.ts`): the old table's new key and its partial indexes of single-use
 * ids and displays, which this migration then takes as they are (found by name), and the child tables'
 * `response_created_at`, filled but for the rows written since. What is left under the lock is one scan of the
 * old table (the bound's check), the claims read through those partial indexes, a scan of each child table (its
 * column made not null) and the foreign keys' checks of the claims and child rows. Without that preparation
 * (PGlite, or a migration run by other means) the same statements build everything here. Processes of an
 * earlier version still running after it write their responses into the partitioned table as before, but not
 * their claims nor their child rows: stop them before (or as) the new version starts.
 *
 * Released: it never changes, imports nothing but `kysely`, and writes out all it runs.
 */
export function partitionedResponses(schema: string): Migration {
  const table = (name: string) => sql.id(schema, name)
  /** The indexes of `responses` that lists, filters and a contact's responses read, on either table. */
  const listIndexes = async (db: Kysely<unknown>) => {
    const on = table('responses')
    await sql`create index responses_environment_id_created_at_id_idx on ${on} (environment_id, created_at, id)`.execute(db)
    await sql`create index responses_environment_id_updated_at_id_idx on ${on} (environment_id, updated_at, id)`.execute(db)
    await sql`create index responses_survey_id_created_at_id_idx on ${on} (survey_id, created_at, id)`.execute(db)
    await sql`create index responses_survey_id_updated_at_id_idx on ${on} (survey_id, updated_at, id)`.execute(db)
    await sql`create index responses_contact_id_idx on ${on} (contact_id) where contact_id is not null`.execute(db)
    await sql`create index responses_data_path_idx on ${on} using gin (data jsonb_path_ops)`.execute(db)
  }
  return {
    async up(db) {
      await sql`lock table ${table('responses')} in access exclusive mode`.execute(db)
      const { rows } = await sql<{ bound: string }>`
        select to_char(date_trunc('month', greatest(max(created_at), now()) at time zone 'UTC') + interval '1 month',
          'YYYY-MM-DD"T"HH24:MI:SS"Z"') as bound
        from ${table('responses')}`.execute(db)
      const bound = rows[0]!.bound

      // The children let go of the old table, and learn their response's created_at (the rows that do not know
      // it yet: all of them, or those written since the column was prepared, found by their partial index).
      for (const child of CHILDREN) {
        await sql`alter table ${table(child)} drop constraint ${sql.id(`${child}_response_id_fkey`)}`.execute(db)
        await sql`alter table ${table(child)} add column if not exists response_created_at timestamptz(3)`.execute(db)
        await sql`update ${table(child)} c set response_created_at = r.created_at
          from ${table('responses')} r where r.id = c.response_id and c.response_created_at is null`.execute(db)
        await sql`alter table ${table(child)} alter column response_created_at set not null`.execute(db)
        await sql`drop index if exists ${table(`${child}_response_created_at_missing`)}`.execute(db)
      }
      // What the preparation made is taken as it is; an index it left invalid (it failed partway) is dropped.
      let preparedKey = false
      for (const name of Object.values(PREPARED_INDEXES)) {
        const valid = await validIndex(db, schema, name)
        if (!valid) await sql`drop index if exists ${table(name)}`.execute(db)
        if (name === PREPARED_INDEXES.key) preparedKey = valid
      }

      // The old table becomes the first partition: its names free for the parent's, its key the parent's.
      await sql`alter table ${table('responses')} rename to responses_history`.execute(db)
      await sql`alter table ${table('responses_history')} drop constraint responses_pkey`.execute(db)
      await (preparedKey
        ? sql`alter table ${table('responses_history')} add constraint responses_history_pkey
            primary key using index ${sql.id(PREPARED_INDEXES.key)}`
        : sql`alter table ${table('responses_history')} add constraint responses_history_pkey primary key (id, created_at)`
      ).execute(db)
      await sql`alter table ${table('responses_history')} rename constraint responses_survey_id_fkey to responses_history_survey_id_fkey`.execute(
        db,
      )
      await sql`alter table ${table('responses_history')} rename constraint responses_contact_id_fkey to responses_history_contact_id_fkey`.execute(
        db,
      )
      for (const index of RENAMED_INDEXES) {
        await sql`alter index ${table(`responses_${index}`)} rename to ${sql.id(`responses_history_${index}`)}`.execute(db)
      }
      // The partition's range, checked in one scan here so that the attach needs none.
      await sql`alter table ${table('responses_history')} add constraint responses_history_bound
        check (created_at < ${sql.lit(bound)}::timestamptz)`.execute(db)

      // The parent's columns are the old table's, as they are (types, collations, defaults, not-nulls): a
      // partition must have the very same.
      await sql`create table ${table('responses')} (
        like ${table('responses_history')} including defaults,
        constraint responses_pkey primary key (id, created_at)
      ) partition by range (created_at)`.execute(db)
      await sql`alter table ${table('responses')}
        add constraint responses_survey_id_fkey foreign key (survey_id) references ${table('surveys')} (id) on delete cascade,
        add constraint responses_contact_id_fkey foreign key (contact_id) references ${table('contacts')} (id) on delete set null`.execute(
        db,
      )
      await listIndexes(db)
      // Lookups only: `response_claims` keeps these unique.
      await sql`create index responses_survey_id_single_use_id_idx on ${table('responses')} (survey_id, single_use_id)
        where single_use_id is not null`.execute(db)
      await sql`create index responses_display_id_idx on ${table('responses')} (display_id) where display_id is not null`.execute(db)

      // The unique indexes the old table had are the claims' now (the parent's own partial indexes replace them).
      await sql`drop index ${table('responses_survey_id_single_use_id_key')}`.execute(db)
      await sql`drop index ${table('responses_display_id_key')}`.execute(db)
      await sql`alter table ${table('responses')} attach partition ${table('responses_history')}
        for values from (minvalue) to (${sql.lit(bound)})`.execute(db)
      await sql`alter table ${table('responses_history')} drop constraint responses_history_bound`.execute(db)

      await sql`create table ${table('response_claims')} (
        response_id text collate "C" primary key,
        response_created_at timestamptz(3) not null,
        survey_id text collate "C" not null,
        single_use_id text,
        display_id text,
        constraint response_claims_check check (single_use_id is not null or display_id is not null)
      )`.execute(db)
      await sql`insert into ${table('response_claims')} (response_id, response_created_at, survey_id, single_use_id, display_id)
        select id, created_at, survey_id, single_use_id, display_id from ${table('responses')}
        where single_use_id is not null or display_id is not null`.execute(db)
      await sql`create unique index responses_survey_id_single_use_id_key on ${table('response_claims')} (survey_id, single_use_id)
        where single_use_id is not null`.execute(db)
      await sql`create unique index responses_display_id_key on ${table('response_claims')} (display_id) where display_id is not null`.execute(
        db,
      )
      await sql`alter table ${table('response_claims')} add constraint response_claims_response_fkey
        foreign key (response_id, response_created_at) references ${table('responses')} (id, created_at)
        on delete cascade on update cascade`.execute(db)
      for (const child of CHILDREN) {
        await sql`alter table ${table(child)} add constraint ${sql.id(`${child}_response_id_fkey`)}
          foreign key (response_id, response_created_at) references ${table('responses')} (id, created_at)
          on delete cascade on update cascade`.execute(db)
      }

      // Three months ahead of now, a partition each.
      for (const month of await monthsAhead(db, bound)) {
        await sql`create table ${table(`responses_p${month.name}`)} partition of ${table('responses')}
          for values from (${sql.lit(month.from)}) to (${sql.lit(month.to)})`.execute(db)
      }
    },
    async down(db) {
      // Back to one table: the rows moved into the old one, the claims' rules back on it.
      await sql`create table ${table('responses_unpartitioned')} (like ${table('responses')} including defaults)`.execute(db)
      await sql`insert into ${table('responses_unpartitioned')} select * from ${table('responses')}`.execute(db)
      await sql`drop table ${table('response_claims')}`.execute(db)
      for (const child of CHILDREN) {
        await sql`alter table ${table(child)} drop constraint ${sql.id(`${child}_response_id_fkey`)}`.execute(db)
        await sql`alter table ${table(child)} drop column response_created_at`.execute(db)
      }
      await sql`drop table ${table('responses')}`.execute(db)
      await sql`alter table ${table('responses_unpartitioned')} rename to responses`.execute(db)
      await sql`alter table ${table('responses')} add constraint responses_pkey primary key (id),
        add constraint responses_survey_id_fkey foreign key (survey_id) references ${table('surveys')} (id) on delete cascade,
        add constraint responses_contact_id_fkey foreign key (contact_id) references ${table('contacts')} (id) on delete set null`.execute(
        db,
      )
      await listIndexes(db)
      await sql`create unique index responses_survey_id_single_use_id_key on ${table('responses')} (survey_id, single_use_id)
        where single_use_id is not null`.execute(db)
      await sql`create unique index responses_display_id_key on ${table('responses')} (display_id) where display_id is not null`.execute(db)
      for (const child of CHILDREN) {
        await sql`alter table ${table(child)} add constraint ${sql.id(`${child}_response_id_fkey`)}
          foreign key (response_id) references ${table('responses')} (id) on delete cascade`.execute(db)
      }
    },
  }
}

/** The tables whose rows belong to a response. */
export const CHILDREN = ['response_notes', 'response_tags', 'response_quota_links', 'unscreened_responses'] as const

/** The indexes `prepare-partitions.ts` makes before this migration, which it takes as they are. */
export const PREPARED_INDEXES = {
  key: 'responses_history_id_created_at_key',
  singleUse: 'responses_history_survey_id_single_use_id_idx',
  display: 'responses_history_display_id_idx',
} as const

/** The old table's indexes kept as they are, renamed so that the parent's take their names (and adopt them). */
const RENAMED_INDEXES = [
  'environment_id_created_at_id_idx',
  'environment_id_updated_at_id_idx',
  'survey_id_created_at_id_idx',
  'survey_id_updated_at_id_idx',
  'contact_id_idx',
  'data_path_idx',
] as const

/** Whether the schema has an index of that name, and a valid one (`concurrently` leaves an invalid one when it fails). */
export async function validIndex(db: Kysely<any>, schema: string, name: string): Promise<boolean> {
  const { rows } = await sql<{ valid: boolean }>`
    select i.indisvalid as valid from pg_index i
    join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${schema} and c.relname = ${name}`.execute(db)
  return rows[0]?.valid === true
}

/** The months from `bound` whose start is before the end of the month three months after now (UTC). */
async function monthsAhead(db: Kysely<any>, bound: string): Promise<{ name: string; from: string; to: string }[]> {
  const { rows } = await sql<{ name: string; from: string; to: string }>`
    select to_char(m, 'YYYYMM') as name, to_char(m, 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "from",
      to_char(m + interval '1 month', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "to"
    from generate_series(${sql.lit(bound)}::timestamptz at time zone 'UTC',
      date_trunc('month', now() at time zone 'UTC') + interval '3 months', interval '1 month') m
    order by m`.execute(db)
  return rows
}
