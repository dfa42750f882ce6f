import type { EnvironmentStateStore } from '@canvass/core'
import type { Kysely } from 'kysely'
import type { Database } from '../postgres/database'
import { isStorable } from '../postgres/is-storable'
import { toSurveyRecord } from '../sql/survey-row'

/** What a widget loads: the environment's showable surveys and its action classes. */
export function createEnvironmentStateStore(db: Kysely<Database>): EnvironmentStateStore {
  return {
    async get(environmentId) {
      if (!isStorable(environmentId)) return null
      const environment = await db
        .selectFrom('environments')
        .select(['id', 'project_id', 'app_setup_completed', 'website_setup_completed'])
        .where('id', '=', environmentId)
        .executeTakeFirst()
      if (!environment) return null
      const [surveys, actionClasses] = await Promise.all([
        db
          .selectFrom('surveys')
          .selectAll()
          .where('environment_id', '=', environmentId)
          .where('type', 'in', ['app', 'website'])
          .where('status', 'in', ['inProgress', 'scheduled'])
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .execute(),
        db
          .selectFrom('action_classes')
          .select(['id', 'name', 'type', 'key', 'no_code_config'])
          .where('environment_id', '=', environmentId)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .execute(),
      ])
      return {
        environmentId: environment.id,
        projectId: environment.project_id,
        appSetupCompleted: environment.app_setup_completed,
        websiteSetupCompleted: environment.website_setup_completed,
        surveys: surveys.map(toSurveyRecord),
        actionClasses: actionClasses.map((row) => ({
          id: row.id,
          name: row.name,
          type: row.type,
          key: row.key,
          noCodeConfig: row.no_code_config,
        })),
      }
    },

    async markSetupCompleted(environmentId, now) {
      if (!isStorable(environmentId)) return
      await db
        .updateTable('environments')
        .set({ app_setup_completed: true, website_setup_completed: true, updated_at: now })
        .where('id', '=', environmentId)
        .where((eb) => eb.or([eb('app_setup_completed', '=', false), eb('website_setup_completed', '=', false)]))
        .execute()
    },
  }
}
