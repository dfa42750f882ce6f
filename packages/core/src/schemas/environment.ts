import * as v from 'valibot'
import { safeInteger } from './common'
import { MAX_RETENTION_DAYS } from './survey'

/**
 * Body of `PUT /api/v1/management/environment`: the environment's default retention of responses, in days
 * (null keeps them). Strict: the only field a key may change, so anything else is a 400 naming it.
 */
export const environmentUpdateSchema = v.strictObject(
  {
    responseRetentionDays: v.nullable(safeInteger(1, MAX_RETENTION_DAYS)),
  },
  'Not a field of the environment that can be changed (only responseRetentionDays)',
)
