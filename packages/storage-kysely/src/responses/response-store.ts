import type { DeleteManyOptions, ResponseReports, ResponseStore } from '@canvass/core'
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import { anonymizeResponses } from './anonymize-responses'
import type { Database } from '../postgres/database'
import { countInSlices } from './count-in-slices'
import { filterResponses, listOrder, pageResponses } from './filter-responses'
import { createResponseWriter } from './insert-response'
import { createResponseImporter } from './response-importer'
import { createResponseUpdates } from './response-updates'
import { isStorable } from '../postgres/is-storable'
import { inPartitions, partitionHorizon } from './partitions'
import type { ResponseBatchOptions } from './response-batch'
import { responseColumns, toResponseRecord } from './response-columns'
import { recordResponseFileDeletions } from './response-files'
import { listResponsesForExport } from '../sql/response-export-sql'
import { summarizeResponses } from '../sql/response-summary-sql'
import { listAnswers } from '../sql/response-answers-sql'
import type { SchemaNames } from '../postgres/schema-names'
import type { SurveyWriteFactsReader } from './survey-write-facts'
import { responseChangesSql } from './summary-parts'

/** Responses, each read with its person, notes and tags in the same statement. */
export function createResponseStore(
  db: Kysely<Database>,
  names: SchemaNames,
  facts: SurveyWriteFactsReader,
  options: {
    batch?: ResponseBatchOptions | false
    oneStatementAtATime?: boolean
    /** Where a summary keeps the sums of closed periods: `db` by default, the primary for a replica's store, or none. */
    summaryParts?: Kysely<Database> | false
  } = {},
): ResponseStore & ResponseReports {
  const { batch, oneStatementAtATime = false, summaryParts = db } = options
  const columns = responseColumns(names)
  // Every write of a response first makes sure its month has a partition (`partitions.ts`).
  const horizon = partitionHorizon(db, names)
  const writer = createResponseWriter(db, names, facts, batch)
  const importer = createResponseImporter(db, names, writer)
  const updates = createResponseUpdates(db, names)

  return {
    keptFacts: writer.keptFacts,
    writeFacts: writer.writeFacts,
    // A write whose month has no partition yet makes it first (`inPartitions`): no write is refused for its date.
    insertGuarded: (input, check, guard) => inPartitions(horizon, [input.createdAt], () => writer.insertGuarded(input, check, guard)),
    createLocked: (input, check, decide, completes) =>
      inPartitions(horizon, [input.createdAt], () => writer.createLocked(input, check, decide, completes)),
    importLocked: (inputs, check, importOptions, decide, completes) =>
      inPartitions(
        horizon,
        inputs.map((input) => input.createdAt),
        () => importer(inputs, check, importOptions, decide, completes),
      ),

    async get(id) {
      if (!isStorable(id)) return null
      const row = await db.selectFrom('responses').select(columns).where('responses.id', '=', id).executeTakeFirst()
      return row ? toResponseRecord(row) : null
    },

    async list(environmentId, query) {
      const filtered = filterResponses(db.selectFrom('responses').select(columns), names, environmentId, query)
      if (!filtered) return []
      let paged = pageResponses(filtered, listOrder(query), query.after).limit(query.limit + 1)
      if (query.skip) paged = paged.offset(query.skip)
      return (await paged.execute()).map(toResponseRecord)
    },

    listForExport: (environmentId, query) => listResponsesForExport(db, names, environmentId, query),

    summarize: (environmentId, surveyId, query) =>
      summarizeResponses(db, names, environmentId, surveyId, query, oneStatementAtATime, summaryParts),
    listAnswers: (environmentId, surveyId, query) => listAnswers(db, names, environmentId, surveyId, query),

    async count(environmentId, filter, options) {
      if (oneStatementAtATime) return countInSlices(db, names, environmentId, filter, options?.upTo)
      const filtered = filterResponses(db.selectFrom('responses').select(sql.lit(1).as('one')), names, environmentId, filter)
      if (!filtered) return 0
      // Bounded: the matching rows are read only up to one past `upTo`, never the whole environment.
      const matching = options?.upTo === undefined ? filtered : filtered.limit(options.upTo + 1)
      const { count } = await db
        .selectFrom(matching.as('matching'))
        .select((eb) => eb.cast<string>(eb.fn.countAll(), 'text').as('count'))
        .executeTakeFirstOrThrow()
      return Number(count)
    },

    ...updates,

    async delete(environmentId, id) {
      if (!isStorable(id) || !isStorable(environmentId)) return null
      return db.transaction().execute(async (trx) => {
        // Its files into the blob-deletion journal, in the same transaction as the delete.
        await recordResponseFileDeletions(trx, names, { environmentId, responseIds: [id] })
        // `returning` is evaluated before the cascades to notes and tags run, so it still sees them.
        const row = await trx
          .with('written', (qc) =>
            qc.deleteFrom('responses').where('responses.id', '=', id).where('responses.environment_id', '=', environmentId).returningAll(),
          )
          .with('changed', () => sql`(${responseChangesSql(names, 'written')})`)
          .selectFrom('written as responses')
          .select(columns)
          .executeTakeFirst()
        return row ? toResponseRecord(row) : null
      })
    },
    deleteMany: (environmentId, ids, options = {}) => deleteResponses(db, names, environmentId, ids, options),
    anonymize(environmentId, selection, options) {
      return anonymizeResponses(db, names, environmentId, selection, options)
    },
  }
}

/**
 * Deletes the environment's responses of `ids` in one transaction, their files into the blob-deletion journal;
 * answers the ids it did not find instead, unless `skipMissing`.
 */
async function deleteResponses(
  db: Kysely<Database>,
  names: SchemaNames,
  environmentId: string,
  ids: readonly string[],
  options: DeleteManyOptions,
): ReturnType<ResponseStore['deleteMany']> {
  let wanted = [...new Set(ids)]
  if (wanted.length === 0) return { deleted: 0 }
  const storable = wanted.filter(isStorable)
  if (!isStorable(environmentId)) return options.skipMissing ? { deleted: 0 } : { missing: wanted }
  return db.transaction().execute(async (trx) => {
    // Locked first, so that a concurrent delete cannot take one of them between this count and the delete.
    const found =
      storable.length === 0
        ? []
        : await trx
            .selectFrom('responses')
            .select('id')
            .where('environment_id', '=', environmentId)
            .where('id', 'in', storable)
            .forUpdate()
            .execute()
    const present = new Set(found.map((row) => row.id))
    const missing = wanted.filter((id) => !present.has(id))
    if (missing.length > 0 && !options.skipMissing) return { missing }
    wanted = wanted.filter((id) => present.has(id))
    if (wanted.length === 0) return { deleted: 0 }
    // Their files into the blob-deletion journal, in the same transaction as the delete.
    await recordResponseFileDeletions(trx, names, { environmentId, responseIds: wanted })
    const deleted = await trx
      .with('written', (qc) =>
        qc
          .deleteFrom('responses')
          .where('environment_id', '=', environmentId)
          .where('id', 'in', wanted)
          .returning(['survey_id', 'created_at']),
      )
      .with('changed', () => sql`(${responseChangesSql(names, 'written')})`)
      .selectFrom('written')
      .select(sql<string>`count(*)::text`.as('count'))
      .executeTakeFirst()
    return { deleted: Number(deleted?.count ?? 0) }
  })
}
