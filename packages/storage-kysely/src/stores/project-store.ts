import type { ProjectStore } from '@canvass/core'
import { type Kysely, sql } from 'kysely'
import { apiKeyRow } from './api-key-store'
import type { Database } from '../postgres/database'
import { environmentDefaults } from './environment-defaults'
import { storedCss } from '../sql/stored-css'
import { toJsonb } from '../sql/to-jsonb'

/** Organizations and projects, each created with its environments. */
export function createProjectStore(db: Kysely<Database>): ProjectStore {
  const getCustomCss: ProjectStore['getCustomCss'] = async (projectId) => {
    const row = await db.selectFrom('projects').select(['custom_css', 'custom_css_previous']).where('id', '=', projectId).executeTakeFirst()
    if (!row) return null
    return { current: storedCss(row.custom_css), previous: storedCss(row.custom_css_previous) }
  }
  return {
    async createOrganization(org) {
      await db
        .insertInto('organizations')
        .values({ id: org.id, name: org.name, created_at: org.createdAt, updated_at: org.createdAt })
        .execute()
    },

    async create(project) {
      const now = project.createdAt
      const environments = (['production', 'development'] as const).map((type) => ({
        id: project.environments[type],
        project_id: project.id,
        type,
        created_at: now,
        updated_at: now,
      }))
      const defaults = environments.map((environment) => environmentDefaults(environment.id, project.newId, now))
      // One statement per table, all environments' rows at once, in one transaction.
      await db.transaction().execute(async (trx) => {
        if (project.organization) {
          const org = project.organization
          await trx
            .insertInto('organizations')
            .values({ id: org.id, name: org.name, created_at: org.createdAt, updated_at: org.createdAt })
            .execute()
        }
        await trx
          .insertInto('projects')
          .values({
            id: project.id,
            organization_id: project.organizationId,
            name: project.name,
            created_at: now,
            updated_at: now,
          })
          .execute()
        await trx.insertInto('environments').values(environments).execute()
        await trx
          .insertInto('action_classes')
          .values(defaults.flatMap((d) => d.actionClasses))
          .execute()
        await trx
          .insertInto('attribute_classes')
          .values(defaults.flatMap((d) => d.attributeClasses))
          .execute()
        await trx
          .insertInto('contact_attribute_keys')
          .values(defaults.flatMap((d) => d.contactAttributeKeys))
          .execute()
        if (project.apiKeys?.length) {
          await trx.insertInto('api_keys').values(project.apiKeys.map(apiKeyRow)).execute()
        }
      })
    },

    async list() {
      const rows = await db
        .selectFrom('projects as p')
        .innerJoin('environments as prod', (join) => join.onRef('prod.project_id', '=', 'p.id').on('prod.type', '=', 'production'))
        .innerJoin('environments as dev', (join) => join.onRef('dev.project_id', '=', 'p.id').on('dev.type', '=', 'development'))
        .select(['p.organization_id', 'p.id', 'p.name', 'prod.id as production', 'dev.id as development'])
        // Oldest first: the first project is the one a bootstrap created.
        .orderBy('p.created_at')
        .orderBy('p.id')
        .execute()
      return rows.map((row) => ({
        organizationId: row.organization_id,
        projectId: row.id,
        projectName: row.name,
        environments: { production: row.production, development: row.development },
      }))
    },

    getCustomCss,

    async setCustomCss(projectId, next, now) {
      const source = next === null ? null : toJsonb(next.source)
      // One statement: the row's current value becomes `previous` (SET reads the row as it was), unless the
      // source is the one stored. Concurrent writers queue on the row lock, each replacing the one before.
      const row = await db
        .updateTable('projects')
        .set({
          custom_css_previous: sql`custom_css`,
          custom_css: sql`${toJsonb(next, true)}::jsonb`,
          updated_at: now,
        })
        .where('id', '=', projectId)
        .where(sql<boolean>`(custom_css -> 'source') is distinct from ${source}::jsonb`)
        .returning(['custom_css_previous as replaced', 'custom_css as current'])
        .executeTakeFirst()
      if (row) return { changed: true, replaced: storedCss(row.replaced), current: storedCss(row.current) }
      const stored = await getCustomCss(projectId)
      return stored && { changed: false, ...stored }
    },

    ...projectStylingStore(db),
  }
}

/** A project's theme (`getStyling`, `setStyling`). */
function projectStylingStore(db: Kysely<Database>): Pick<ProjectStore, 'getStyling' | 'setStyling'> {
  return {
    async getStyling(projectId) {
      const row = await db.selectFrom('projects').select(['styling', 'logo']).where('id', '=', projectId).executeTakeFirst()
      return row ? { styling: jsonObject(row.styling), logo: jsonObject(row.logo) } : null
    },

    async setStyling(projectId, next, now) {
      const row = await db
        .updateTable('projects')
        .set({
          styling: sql`${toJsonb(next.styling, true)}::jsonb`,
          logo: sql`${toJsonb(next.logo, true)}::jsonb`,
          updated_at: now,
        })
        .where('id', '=', projectId)
        .returning(['styling', 'logo'])
        .executeTakeFirst()
      return row ? { styling: jsonObject(row.styling), logo: jsonObject(row.logo) } : null
    },
  }
}

/** A stored JSON object, or null for anything else (the column is null until a theme is saved). */
function jsonObject(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null
}
