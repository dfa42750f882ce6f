import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * A webhook event's `data.survey` carries the reference's fields (docs/webhooks-and-uploads.md, "What a
 * delivery holds"), among them the survey's `createdAt` and `updatedAt` as they were when the response was
 * written: the event keeps them beside the survey's name, type and status. Events written before have none,
 * and are sent with those two fields null.
 */
export function eventSurveyDates(schema: string): Migration {
  return {
    async up(db) {
      await sql`alter table ${sql.table(`${schema}.webhook_events`)}
        add column survey_created_at timestamptz(3),
        add column survey_updated_at timestamptz(3)`.execute(db)
    },
    async down(db) {
      await sql`alter table ${sql.table(`${schema}.webhook_events`)}
        drop column survey_created_at, drop column survey_updated_at`.execute(db)
    },
  }
}
