import { sql } from 'kysely'
import type { RawBuilder } from 'kysely'
import type { SchemaNames } from '../postgres/schema-names'

/**
 * The CTE `contact` (with its trailing comma) of a statement that links a respondent by `userId`: the contact
 * of that `userId` in the environment of the CTE `allowed`, created with `newId` when there is none. The
 * upsert on the unique (environment, userId) makes concurrent first submissions of one user agree on one
 * contact. Nothing is linked when `allowed` is empty. Returns the contact's row (a webhook event's person).
 */
export function linkContactSql(names: SchemaNames, newId: string, userId: string, now: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`contact as (
    insert into ${names.ref('contacts')} (id, environment_id, user_id, created_at, updated_at)
    select ${newId}::text, allowed.environment_id, ${userId}::text, ${now}, ${now} from allowed
    on conflict (environment_id, user_id) do update set user_id = excluded.user_id
    returning *
  ),`
}
