import { answerScalesOf, isSingleUse } from '@canvass/core'
import type { DisplayWriteFacts, SurveyWriteFacts } from '@canvass/core'
import type { Kysely } from 'kysely'
import { sql } from 'kysely'
import type { Database } from '../postgres/database'
import { isStorable } from '../postgres/is-storable'

/** Reads what core decides a response write from (`SurveyWriteFacts`), each survey's kept by its version. */
export interface SurveyWriteFactsReader {
  /** The facts last read of the survey (by this storage), if any: a write decided on them is guarded by their version. */
  cached(surveyId: string): SurveyWriteFacts | undefined
  /** The survey's facts as they are now (and kept), or null; `lock` takes the survey row's lock for the transaction. */
  read(executor: Kysely<Database>, surveyId: string, lock?: boolean): Promise<SurveyWriteFacts | null>
  /** The display a create names (with the id of its contact, for the write's guard), or null. */
  display(executor: Kysely<Database>, displayId: string): Promise<DisplayWriteFacts | null>
  /** Whether the environment exists. */
  environmentFound(executor: Kysely<Database>, environmentId: string): Promise<boolean>
}

/**
 * The version is the survey row's `xmin` (docs/architecture.md, "A response write"): every update of the row,
 * by any writer, changes it, and reading or locking the row does not.
 */
export function createSurveyWriteFacts(db: Kysely<Database>): SurveyWriteFactsReader {
  // Per storage: the surveys respondents answer are few and hot. Cleared when full rather than ordered by use:
  // a stale entry costs one lost guard and a read, never a wrong write.
  const kept = new Map<string, SurveyWriteFacts>()
  // Reads of one survey outside a transaction that are under way: creates that arrive together for a survey
  // whose facts are not kept share one read, rather than each opening with a query of its own.
  const reading = new Map<string, Promise<SurveyWriteFacts | null>>()
  const readNow = async (executor: Kysely<Database>, surveyId: string, lock: boolean): Promise<SurveyWriteFacts | null> => {
    const row = await executor
      .selectFrom('surveys')
      .select(['id', 'environment_id', 'status', 'run_on_date', 'close_on_date', 'auto_complete', 'questions', 'type', 'single_use'])
      .select((eb) => [eb('pin', 'is not', null).$castTo<boolean>().as('pin_set'), sql<string>`xmin::text`.as('version')])
      .where('id', '=', surveyId)
      .$if(lock, (q) => q.forNoKeyUpdate())
      .executeTakeFirst()
    if (!row) {
      kept.delete(surveyId)
      return null
    }
    const facts: SurveyWriteFacts = {
      id: row.id,
      environmentId: row.environment_id,
      status: row.status,
      runOnDate: row.run_on_date,
      closeOnDate: row.close_on_date,
      autoComplete: row.auto_complete,
      hasPin: row.pin_set,
      type: row.type,
      singleUse: isSingleUse(row.single_use),
      answerScales: answerScalesOf(row.questions),
      version: row.version,
    }
    if (kept.size >= MAX_KEPT) kept.clear()
    kept.set(surveyId, facts)
    return facts
  }
  return {
    cached: (surveyId) => kept.get(surveyId),

    read(executor, surveyId, lock = false) {
      if (!isStorable(surveyId)) return Promise.resolve(null)
      if (executor !== db || lock) return readNow(executor, surveyId, lock)
      let shared = reading.get(surveyId)
      if (shared === undefined) {
        shared = readNow(db, surveyId, false).finally(() => reading.delete(surveyId))
        reading.set(surveyId, shared)
      }
      return shared
    },

    async display(executor, displayId) {
      if (!isStorable(displayId)) return null
      const row = await executor
        .selectFrom('displays as d')
        .leftJoin('contacts as c', 'c.id', 'd.contact_id')
        .select(['d.survey_id', 'd.contact_id', 'c.user_id', 'c.environment_id'])
        .where('d.id', '=', displayId)
        .executeTakeFirst()
      if (!row) return null
      const contact =
        row.contact_id === null ? null : { id: row.contact_id, userId: row.user_id ?? null, environmentId: row.environment_id ?? '' }
      return { surveyId: row.survey_id, contact }
    },

    async environmentFound(executor, environmentId) {
      if (!isStorable(environmentId)) return false
      return (await executor.selectFrom('environments').select('id').where('id', '=', environmentId).executeTakeFirst()) !== undefined
    },
  }
}

/** The most surveys one storage keeps facts of. */
const MAX_KEPT = 10_000
