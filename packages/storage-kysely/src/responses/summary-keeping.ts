import type { SummaryPartKeeping } from '@canvass/core'
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import type { Database } from '../postgres/database'
import { isStorable } from '../postgres/is-storable'
import type { SchemaNames } from '../postgres/schema-names'
import { rangeCompute } from '../sql/response-summary-sql'
import { keepParts } from './summary-parts'

/**
 * `ReportingStorage.summaryParts`: the summary keeper's primitives over the parts a summary reads and keeps
 * (`summary-parts.ts`), on the primary. On Postgres, one keeper at a time computes a survey's parts (a
 * session's advisory lock on the survey, tried and not waited for): another instance's keeper passes it by.
 * Without session locks (`sessionLocks` false: through PgBouncer in transaction mode, where the lock and its
 * release could reach different server connections and the lock stay behind), keepers do not take turns: two
 * may compute a survey's parts at once, and each writes the same sums (the writes are upserts).
 */
export function createSummaryKeeping(
  db: Kysely<Database>,
  names: SchemaNames,
  oneStatementAtATime: boolean,
  sessionLocks = true,
): SummaryPartKeeping {
  return {
    async surveysAfter(after, limit) {
      const { rows } = await sql<{ id: string; environment_id: string }>`
        select s.id, s.environment_id from ${names.ref('surveys')} s
        where ${after === null ? sql`true` : sql`s.id > ${after}`}
          and exists (select from ${names.ref('responses')} r
            where r.survey_id = s.id and r.created_at < date_trunc('day', now() - interval '1 hour', 'UTC'))
        order by s.id limit ${limit}`.execute(db)
      return rows.map((row) => ({ environmentId: row.environment_id, surveyId: row.id }))
    },

    async keep(environmentId, surveyId, query, limit) {
      if (!isStorable(environmentId) || !isStorable(surveyId)) return { kept: 0, left: 0 }
      const compute = rangeCompute(db, names, environmentId, surveyId, query, oneStatementAtATime)
      const run = () => keepParts({ db, keepOn: db, names, environmentId, surveyId }, query, compute, limit)
      if (oneStatementAtATime || !sessionLocks) return run()
      return db.connection().execute(async (session) => {
        const key = sql`hashtextextended(${`summary-parts:${surveyId}`}, 0)`
        const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${key}) as locked`.execute(session)
        if (!rows[0]?.locked) return { kept: 0, left: 0 }
        try {
          return await run()
        } finally {
          await sql`select pg_advisory_unlock(${key})`.execute(session)
        }
      })
    },
  }
}
