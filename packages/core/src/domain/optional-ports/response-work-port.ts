/**
 * The optional `responseWork` group of the storage port as the routes reach it: a storage without it serves
 * everything else, and a route that makes tags, tags responses or keeps notes answers 501 saying what is missing.
 */
import { CanvassError } from '../../errors'
import type { ResponseWorkStore, Storage } from '../../ports/storage/index'

/** What such a route answers on a storage without `responseWork`. */
export const RESPONSE_WORK_MISSING =
  'This storage keeps no notes and makes no tags: give it storage.responseWork, as createKyselyStorage does'

/** The storage's `responseWork`, or a 501 `not_implemented` naming it. */
export function responseWorkOf(storage: Pick<Storage, 'responseWork'>): ResponseWorkStore {
  if (storage.responseWork === undefined) throw new CanvassError('not_implemented', RESPONSE_WORK_MISSING)
  return storage.responseWork
}
