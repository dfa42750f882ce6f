import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * One account per person, a role in each project (docs/console-accounts.md, "People and roles"):
 * `console_accounts` keeps the email (unique over all accounts) and the password; a `console_people` row is a
 * membership, an account's role in one project, and keeps its id. Sessions are an account's, and so are
 * person links (a first-owner link names neither).
 *
 * The backfill makes one account per distinct email: its id is that of the earliest person with the email
 * (`created_at`, then `id`), its password the earliest such person's that has one (the others' passwords stop
 * working). Sessions and links move from the person to the account (`person_id` cleared): removing one
 * membership no longer ends them.
 *
 * Expand only: `console_people.email` and `.password_hash`, `console_sessions.person_id` and
 * `console_links.person_id` stay (nullable, no longer written) for a later release to drop;
 * `console_links.project_id` is nullable, as an account's link belongs to no project.
 */
export function consoleMemberships(schema: string): Migration {
  const people = sql.id(schema, 'console_people')
  const accounts = sql.id(schema, 'console_accounts')
  const sessions = sql.id(schema, 'console_sessions')
  const links = sql.id(schema, 'console_links')
  return {
    async up(db) {
      await sql`create table ${accounts} (
        id text primary key,
        email text not null,
        password_hash text,
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null
      )`.execute(db)
      await sql`create unique index ${sql.id('console_accounts_email_key')} on ${accounts} (email)`.execute(db)
      await sql`insert into ${accounts} (id, email, password_hash, created_at, updated_at)
        select distinct on (lower(p.email)) p.id, lower(p.email),
          (select h.password_hash from ${people} h
            where lower(h.email) = lower(p.email) and h.password_hash is not null
            order by h.created_at, h.id limit 1),
          p.created_at, p.updated_at
        from ${people} p
        order by lower(p.email), p.created_at, p.id`.execute(db)
      await sql`alter table ${people} add column account_id text references ${accounts} (id) on delete cascade`.execute(db)
      await sql`update ${people} p set account_id = a.id from ${accounts} a where a.email = lower(p.email)`.execute(db)
      await sql`alter table ${people} alter column account_id set not null`.execute(db)
      await sql`alter table ${people} alter column email drop not null`.execute(db)
      await sql`create unique index ${sql.id('console_people_project_account_key')} on ${people} (project_id, account_id)`.execute(db)
      await sql`create index ${sql.id('console_people_account_idx')} on ${people} (account_id, created_at, id)`.execute(db)

      await sql`alter table ${sessions} add column account_id text references ${accounts} (id) on delete cascade`.execute(db)
      await sql`alter table ${sessions} alter column person_id drop not null`.execute(db)
      await sql`update ${sessions} s set account_id = p.account_id, person_id = null from ${people} p where p.id = s.person_id`.execute(db)
      await sql`delete from ${sessions} where account_id is null`.execute(db)
      await sql`alter table ${sessions} alter column account_id set not null`.execute(db)
      await sql`create index ${sql.id('console_sessions_account_idx')} on ${sessions} (account_id)`.execute(db)

      await sql`alter table ${links} add column account_id text references ${accounts} (id) on delete cascade`.execute(db)
      await sql`update ${links} l set account_id = p.account_id, person_id = null from ${people} p where p.id = l.person_id`.execute(db)
      await sql`alter table ${links} alter column project_id drop not null`.execute(db)
      await sql`create index ${sql.id('console_links_account_idx')} on ${links} (account_id)`.execute(db)
    },
    async down(db) {
      // Back to one person per project: each membership gets its account's email and password; sessions and
      // account links, which name no person, go.
      await sql`update ${people} p set email = a.email, password_hash = a.password_hash
        from ${accounts} a where a.id = p.account_id`.execute(db)
      await sql`delete from ${sessions} where person_id is null`.execute(db)
      await sql`delete from ${links} where person_id is null and (account_id is not null or project_id is null)`.execute(db)
      await sql`alter table ${links} drop column if exists account_id`.execute(db)
      await sql`alter table ${links} alter column project_id set not null`.execute(db)
      await sql`alter table ${sessions} drop column if exists account_id`.execute(db)
      await sql`alter table ${sessions} alter column person_id set not null`.execute(db)
      await sql`drop index if exists ${sql.id(schema, 'console_people_project_account_key')}`.execute(db)
      await sql`drop index if exists ${sql.id(schema, 'console_people_account_idx')}`.execute(db)
      await sql`alter table ${people} drop column if exists account_id`.execute(db)
      await sql`alter table ${people} alter column email set not null`.execute(db)
      await sql`drop table if exists ${accounts}`.execute(db)
    },
  }
}
