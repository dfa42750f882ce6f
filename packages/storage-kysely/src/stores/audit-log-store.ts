import type { AuditEntry, AuditLogReports, AuditLogStore, AuditSummary } from '@canvass/core'
import { sql } from 'kysely'
import type { Kysely, Selectable } from 'kysely'
import { applyPage } from '../responses/apply-page'
import type { AuditLogTable, Database } from '../postgres/database'
import { isStorable } from '../postgres/is-storable'
import { toJsonb } from '../sql/to-jsonb'

/**
 * The audit log in `audit_log`. Its trigger refuses updates and deletes; `purge` says, for its own transaction
 * only, that its deletes are the retention's (`set_config(…, true)` is `set local`).
 */
export function createAuditLogStore(db: Kysely<Database>): AuditLogStore & AuditLogReports {
  return {
    async append(entry) {
      await db
        .insertInto('audit_log')
        .values({
          id: entry.id,
          environment_id: entry.environmentId,
          created_at: entry.createdAt,
          api_key_id: entry.apiKeyId,
          api_key_label: entry.apiKeyLabel,
          action: entry.action,
          method: entry.method,
          route: entry.route,
          resource_type: entry.resourceType,
          resource_id: entry.resourceId,
          status: entry.status,
          summary: toJsonb(entry.summary),
          address: entry.address,
          request_id: entry.requestId,
        })
        .execute()
    },

    async list(environmentId, query) {
      const texts = [environmentId, query.action, query.resourceType, query.resourceId, query.apiKeyId]
      // A text Postgres cannot hold matches no entry.
      if (texts.some((text) => text !== undefined && !isStorable(text))) return []
      let select = db.selectFrom('audit_log').selectAll().where('environment_id', '=', environmentId)
      if (query.action !== undefined) select = select.where('action', '=', query.action)
      if (query.resourceType !== undefined) select = select.where('resource_type', '=', query.resourceType)
      if (query.resourceId !== undefined) select = select.where('resource_id', '=', query.resourceId)
      if (query.apiKeyId !== undefined) select = select.where('api_key_id', '=', query.apiKeyId)
      if (query.since !== undefined) select = select.where('created_at', '>=', query.since)
      if (query.until !== undefined) select = select.where('created_at', '<=', query.until)
      const rows = await applyPage(select, 'audit_log', { limit: query.limit, ...(query.after ? { after: query.after } : {}) }).execute()
      return rows.map(entryOf)
    },

    async purge(before, limit) {
      return db.transaction().execute(async (trx) => {
        await sql`select set_config('canvass.audit_purge', 'on', true)`.execute(trx)
        // Rows another purge holds are left to it.
        const result = await trx
          .deleteFrom('audit_log')
          .where('id', 'in', (eb) =>
            eb
              .selectFrom('audit_log')
              .select('id')
              .where('created_at', '<', before)
              .orderBy('created_at')
              .limit(limit)
              .forUpdate()
              .skipLocked(),
          )
          .executeTakeFirst()
        return Number(result.numDeletedRows)
      })
    },
  }
}

function entryOf(row: Selectable<AuditLogTable>): AuditEntry {
  return {
    id: row.id,
    environmentId: row.environment_id,
    createdAt: row.created_at,
    apiKeyId: row.api_key_id,
    apiKeyLabel: row.api_key_label,
    action: row.action,
    method: row.method,
    route: row.route,
    resourceType: row.resource_type,
    resourceId: row.resource_id,
    status: row.status,
    summary: row.summary as AuditSummary,
    address: row.address,
    requestId: row.request_id,
  }
}
