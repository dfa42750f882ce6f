import type { FileRecord, UploadStore } from '@canvass/core'
import type { Kysely, Selectable } from 'kysely'
import type { Database, FilesTable } from '../postgres/database'
import { isStorable } from '../postgres/is-storable'

/**
 * Spent upload uuids and stored files. Spending is one insert that does nothing on conflict: the primary
 * key on `uuid` lets exactly one of concurrent spends of a uuid insert its row.
 */
export function createUploadStore(db: Kysely<Database>): UploadStore {
  return {
    async spendUuid({ uuid, environmentId, spentAt }) {
      if (!isStorable(uuid) || !isStorable(environmentId)) return false
      const result = await db
        .insertInto('spent_upload_uuids')
        .values({ uuid, environment_id: environmentId, spent_at: spentAt })
        .onConflict((conflict) => conflict.column('uuid').doNothing())
        .executeTakeFirst()
      return (result.numInsertedOrUpdatedRows ?? 0n) > 0n
    },

    async purgeSpentUuids(before) {
      const result = await db.deleteFrom('spent_upload_uuids').where('spent_at', '<', before).executeTakeFirst()
      return Number(result.numDeletedRows)
    },

    async recordFile(file) {
      const row = {
        id: file.id,
        environment_id: file.environmentId,
        survey_id: file.surveyId,
        for_response: file.forResponse,
        access_type: file.accessType,
        file_name: file.fileName,
        content_type: file.contentType,
        size: file.size,
        created_at: file.createdAt,
      }
      await db
        .insertInto('files')
        .values(row)
        .onConflict((conflict) =>
          conflict.columns(['environment_id', 'access_type', 'file_name']).doUpdateSet({
            survey_id: file.surveyId,
            for_response: file.forResponse,
            content_type: file.contentType,
            size: file.size,
            created_at: file.createdAt,
          }),
        )
        .execute()
    },

    async getFile(environmentId, accessType, fileName) {
      if (!isStorable(environmentId) || !isStorable(fileName)) return null
      const row = await db
        .selectFrom('files')
        .selectAll()
        .where('environment_id', '=', environmentId)
        .where('access_type', '=', accessType)
        .where('file_name', '=', fileName)
        .executeTakeFirst()
      return row ? toFileRecord(row) : null
    },
  }
}

function toFileRecord(row: Selectable<FilesTable>): FileRecord {
  return {
    id: row.id,
    environmentId: row.environment_id,
    surveyId: row.survey_id,
    forResponse: row.for_response,
    accessType: row.access_type,
    fileName: row.file_name,
    contentType: row.content_type,
    size: Number(row.size),
    createdAt: row.created_at,
  }
}
