import type { LockedCreate, ResponseStore } from '@canvass/core'
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import { lockSurveyStatement } from './complete-survey'
import type { Database } from '../postgres/database'
import { isDisplayTaken, isSingleUseIdTaken } from './insert-response'
import type { ResponseWriter } from './insert-response'
import { responseValues } from './response-values'
import type { SchemaNames } from '../postgres/schema-names'

/**
 * Imports' transaction (`ResponseStore.importLocked`; core's `importResponses` runs it and runs it again when
 * it is lost). The surveys named are locked first (in id order, so two imports never wait on each other in a
 * circle), so that every finished response counts towards `auto_complete` exactly, and each create is decided
 * by core on the facts read under the lock and written as `createLocked` writes it (`createInTransaction`). A
 * create refused for its own reason (an unknown survey, a taken single-use id or display) is reported and the
 * others go in; an error of the database fails them all. Without `webhooks`, the events the inserts recorded are
 * deleted in the same transaction: no delivery is made.
 */
export function createResponseImporter(db: Kysely<Database>, names: SchemaNames, writer: ResponseWriter): ResponseStore['importLocked'] {
  const lockSurvey = lockSurveyStatement(db, names)
  const importOnce: ResponseStore['importLocked'] = (inputs, check, options, decide, completes) =>
    db.transaction().execute(async (trx) => {
      const creates = inputs.map((input) => responseValues(input, check))
      const surveyIds = [...new Set(creates.flatMap((values) => (values.surveyId === null ? [] : [values.surveyId])))].sort()
      for (const surveyId of surveyIds) await trx.executeQuery(lockSurvey({ surveyId }))
      // An import may keep the ids of its source, and `responses` holds an id unique only with its created_at (it
      // is partitioned by month): each id is locked (in order, so two imports never wait in a circle) and must
      // name no stored response. Every other create's id is a new random one of core's.
      const ids = [...new Set(creates.map((values) => values.id))].sort()
      await sql`select count(pg_advisory_xact_lock(hashtext('canvass: response id ' || i))) from unnest(${ids}::text[]) i`.execute(trx)
      const taken = await trx.selectFrom('responses').select('id').where('id', 'in', ids).executeTakeFirst()
      if (taken) throw new ResponseIdTakenError(taken.id)
      const results: LockedCreate[] = []
      for (const [i, values] of creates.entries()) {
        // Checked first: a unique violation would end the transaction for every create. (A survey id Postgres
        // cannot store names no survey, so no response of it.)
        if (values.singleUseId !== null && values.surveyId !== null) {
          const taken = await trx
            .selectFrom('responses')
            .select('id')
            .where('survey_id', '=', values.surveyId)
            .where('single_use_id', '=', values.singleUseId)
            .executeTakeFirst()
          if (taken) {
            results.push({ outcome: 'single_use_id_taken' } as const)
            continue
          }
        }
        if (values.displayId !== null) {
          const taken = await trx.selectFrom('responses').select('id').where('display_id', '=', values.displayId).executeTakeFirst()
          if (taken) {
            results.push({ outcome: 'display_taken' } as const)
            continue
          }
        }
        const input = inputs[i]!
        results.push(await writer.createInTransaction(trx, input, check, (facts) => decide(facts, input), completes, true))
      }
      const created = inputs.filter((_, i) => results[i]?.outcome === 'written').map((input) => input.id)
      if (!options.webhooks && created.length > 0) {
        await trx.deleteFrom('webhook_events').where('response_id', 'in', created).execute()
      }
      return { outcome: 'written', results }
    })
  return async (inputs, check, options, decide, completes) => {
    try {
      return await importOnce(inputs, check, options, decide, completes)
    } catch (error) {
      // A create committed while the import ran took a single-use id or display that the import found free:
      // nothing of the import was written.
      if (isSingleUseIdTaken(error) || isDisplayTaken(error)) return { outcome: 'lost', cause: error }
      throw error
    }
  }
}

/** An import named the id of a stored response for a new one: nothing of the import is written. */
export class ResponseIdTakenError extends Error {
  constructor(readonly id: string) {
    super(`response id ${id} is taken`)
    this.name = 'ResponseIdTakenError'
  }
}
