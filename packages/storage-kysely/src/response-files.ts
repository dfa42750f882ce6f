import type { Kysely } from 'kysely'
import type { Database } from './database'
import type { SchemaNames } from './schema-names'

/** Which responses' files to record: responses of one environment, by id. */
export interface ResponseFileSelection {
  environmentId: string
  responseIds: readonly string[]
}

/**
 * Records, inside the caller's transaction `trx`, the uploaded files that the `fileUpload` answers of the
 * given responses name, for deletion from the blob store, before the caller deletes the responses; returns how
 * many it recorded. Every path that deletes responses (retention, erasure, response and survey deletes) calls
 * this one function, so that no deleted response leaves its files behind.
 *
 * This build has no blob-deletion journal yet: the stand-in records nothing and returns 0. The journal's
 * version (table `blob_deletions`, migration 0025) replaces this file with the same name and signature.
 */
export async function recordResponseFileDeletions(
  _trx: Kysely<Database>,
  _names: SchemaNames,
  _selection: ResponseFileSelection,
): Promise<number> {
  return 0
}
