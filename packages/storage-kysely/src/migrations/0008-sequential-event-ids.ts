import type { Migration } from 'kysely/migration'
import { installOutboxTriggers } from './outbox-triggers'

/**
 * Event rows take the number part of their id from a sequence (`webhook_event_ids`) instead of
 * `gen_random_uuid()`, which on a batch of creates cost more than any other part of an event row but its
 * payload. Ids keep their form (`msg_`, the time in 12 hex digits, 20 hex digits), so events written before
 * this migration and after it share the queue. Adds the sequence and replaces the trigger functions.
 */
export function sequentialEventIds(schema: string): Migration {
  return {
    async up(db) {
      await installOutboxTriggers(db, schema)
    },
  }
}
