/**
 * The optional upkeep groups of the storage port as core reaches them: `storage.imports` (what `import
 * formbricks` records), `storage.retention` (the retention worker's deletes and lease) and
 * `storage.blobDeletions` (the blob janitor's journal). A storage without them serves every request: an import
 * answers 501 naming `storage.imports`, and the worker that needs one of the others does not start.
 */
import { CanvassError } from '../../errors'
import type { ImportStore, Storage } from '../../ports/storage/index'

/** What an import answers on a storage without `storage.imports`. */
export const IMPORTS_MISSING =
  'This storage keeps no import records (import formbricks): give it storage.imports, as createKyselyStorage does'

/** What the retention worker says on a storage without `storage.retention`. */
export const RETENTION_MISSING =
  'the storage has no storage.retention, so the retention worker does not run: expired responses are not deleted'

/** What the blob janitor says on a storage without `storage.blobDeletions`. */
export const BLOB_DELETIONS_MISSING =
  'the storage has no storage.blobDeletions, so the blob janitor does not run: the uploaded files of deleted data are not removed'

/** The storage's import records, or a 501 `not_implemented` naming `storage.imports`. */
export function importsOf(storage: Pick<Storage, 'imports'>): ImportStore {
  if (storage.imports === undefined) throw new CanvassError('not_implemented', IMPORTS_MISSING)
  return storage.imports
}
