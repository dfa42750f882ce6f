import type { Migration } from 'kysely/migration'
import { installOutboxTriggers } from './outbox-triggers'

/**
 * The outbox trigger functions as they are now. A statement whose environments have no active webhook stops
 * after one index probe. Otherwise a statement's changed rows are matched against webhooks once
 * per environment, survey and set of events, rather than once per row (a batch of creates for one survey
 * looks its webhooks up once), and a response without a contact skips the contact lookup of its payload.
 * Same events, same rows written; only the functions are replaced.
 */
export function outboxMatching(schema: string): Migration {
  return {
    async up(db) {
      await installOutboxTriggers(db, schema)
    },
  }
}
