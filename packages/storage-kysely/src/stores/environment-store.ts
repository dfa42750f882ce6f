import type { EnvironmentRecord, EnvironmentStore, EnvironmentType } from '@canvass/core'
import type { Kysely } from 'kysely'
import type { Database } from '../postgres/database'
import { isStorable } from '../postgres/is-storable'

/** What an environment record is read from: the environment (`e`) and its project's name (`p`). */
const ENVIRONMENT_COLUMNS = [
  'e.id',
  'e.type',
  'e.project_id',
  'p.name as project_name',
  'e.app_setup_completed',
  'e.website_setup_completed',
  'e.response_retention_days',
  'e.created_at',
  'e.updated_at',
] as const

/** Environments, read with their project's name. */
export function createEnvironmentStore(db: Kysely<Database>): EnvironmentStore {
  return {
    async get(id) {
      if (!isStorable(id)) return null
      const row = await db
        .selectFrom('environments as e')
        .innerJoin('projects as p', 'p.id', 'e.project_id')
        .select(ENVIRONMENT_COLUMNS)
        .where('e.id', '=', id)
        .executeTakeFirst()
      return row ? toEnvironmentRecord(row) : null
    },

    async setResponseRetentionDays(id, days, now) {
      if (!isStorable(id)) return null
      const row = await db
        .with('updated', (qc) =>
          qc.updateTable('environments').set({ response_retention_days: days, updated_at: now }).where('id', '=', id).returningAll(),
        )
        .selectFrom('updated as e')
        .innerJoin('projects as p', 'p.id', 'e.project_id')
        .select(ENVIRONMENT_COLUMNS)
        .executeTakeFirst()
      return row ? toEnvironmentRecord(row) : null
    },

    async resolve(id) {
      if (!isStorable(id)) return null
      // One statement over two unique indexes (the primary key, and project and type); the environment first.
      const row = await db
        .selectFrom('environments')
        .select('id')
        .where((eb) => eb.or([eb('id', '=', id), eb.and([eb('project_id', '=', id), eb('type', '=', 'production')])]))
        .orderBy((eb) => eb('id', '=', id), 'desc')
        .limit(1)
        .executeTakeFirst()
      return row?.id ?? null
    },
  }
}

function toEnvironmentRecord(row: {
  id: string
  type: EnvironmentType
  project_id: string
  project_name: string
  app_setup_completed: boolean
  website_setup_completed: boolean
  response_retention_days: number | null
  created_at: Date
  updated_at: Date
}): EnvironmentRecord {
  return {
    id: row.id,
    type: row.type,
    projectId: row.project_id,
    projectName: row.project_name,
    appSetupCompleted: row.app_setup_completed,
    websiteSetupCompleted: row.website_setup_completed,
    responseRetentionDays: row.response_retention_days,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}
