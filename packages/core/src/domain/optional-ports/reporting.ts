/**
 * The optional reporting port as the routes reach it: a storage without `reporting` still serves every write and
 * every read of one resource, and a route that reports answers 501 saying what is missing.
 */
import { CanvassError } from '../../errors'
import type { ReportingStorage, Storage } from '../../ports/storage/index'

/** What a reporting route answers on a storage without the reporting port. */
export const REPORTING_MISSING =
  'This storage does not report (counts, summaries, exports, answer lists, the audit log): give it storage.reporting, as createKyselyStorage does'

/** The storage's reporting port, or a 501 `not_implemented` naming `storage.reporting`. */
export function reportingOf(storage: Pick<Storage, 'reporting'>): ReportingStorage {
  if (storage.reporting === undefined) throw new CanvassError('not_implemented', REPORTING_MISSING)
  return storage.reporting
}
