import type {
  LockedUpdateDecision,
  ResponsePatch,
  ResponseRecord,
  ResponseStore,
  ResponseSurveyFields,
  ResponseUpdateOptions,
} from '../ports/storage'
import { autoCompletes } from './response-write-rules'

/** The primitives of `ResponseStore` an update is written with. */
export type ResponseUpdatePrimitives = Pick<ResponseStore, 'readForUpdate' | 'updateGuarded' | 'updateLocked'>

/**
 * What an update makes of the response as it is: the patch to write, or null to leave it. It may be called
 * more than once (each time on the response as it then is), so it MUST be free of side effects; a throw writes
 * nothing and propagates.
 */
export type ResponseChange = (current: ResponseRecord, survey: ResponseSurveyFields) => ResponsePatch | null

/**
 * Updates a response (docs/architecture.md, "A response write"): reads it with its survey's fields, hands them
 * to `change`, and writes the patch with a guarded update that applies only while the row is as it was read.
 * That is two round trips, the way a response answered one question at a time is updated. When the guard is
 * lost (another write came between), when the patch brings tags, or when it finishes a response of a survey
 * with `autoComplete`, the update is decided again and written under the locks (`updateLocked`), so that each
 * `change` sees the last write and concurrent finishers count each other exactly. Returns the response as
 * written (or as `change` was handed it when it returned null), or null when no response has that id.
 */
export async function updateResponse(
  responses: ResponseUpdatePrimitives,
  id: string,
  change: ResponseChange,
  options: ResponseUpdateOptions = {},
): Promise<ResponseRecord | null> {
  const read = await responses.readForUpdate(id, { answerScales: options.answerScales === true })
  if (!read) return null
  const patch = change(read.response, read.survey)
  if (patch === null) return read.response
  // A response becoming finished counts towards `autoComplete` under the survey's lock. Without
  // `autoComplete` there is nothing to count and the survey is not locked: every finishing update of one
  // survey would otherwise wait for the one before it, on every instance, and for as long as an instance
  // holding the lock is stalled (a paused process, a long GC).
  const finishing = patch.finished === true && !read.response.finished
  // Tags are written in the update's transaction, before the statement that records its events.
  if (patch.tagIds === undefined && (!finishing || read.autoComplete === null)) {
    const written = await responses.updateGuarded(id, patch, {
      version: read.version,
      wasFinished: read.response.finished,
      screenQuotas: options.screenQuotas === true && read.survey.hasQuotas,
    })
    if (written) return written
  }
  // A patch asking for `finished` takes the survey's lock before the response is read, so that `change`
  // judges the survey as the previous finisher left it (the status check of client routes).
  return updateLocked(responses, id, change, patch.finished === true ? read.response.surveyId : null, options)
}

/**
 * The locked path of `updateResponse`. Without the survey's lock, a patch that turns out to finish the response
 * writes nothing and the update runs again with the lock (the survey it names is the one the lock is taken on).
 */
async function updateLocked(
  responses: ResponseUpdatePrimitives,
  id: string,
  change: ResponseChange,
  lockSurvey: string | null,
  options: ResponseUpdateOptions,
): Promise<ResponseRecord | null> {
  let surveyId = lockSurvey
  const decide: LockedUpdateDecision = {
    patch(current, survey) {
      const patch = change(current, survey)
      if (patch === null || lockSurvey !== null || patch.finished !== true || current.finished) return patch
      surveyId = current.surveyId
      return 'lock_survey'
    },
    completes: autoCompletes,
  }
  const result = await responses.updateLocked(
    id,
    { lockSurvey, answerScales: options.answerScales === true, screenQuotas: options.screenQuotas === true },
    decide,
  )
  if (result.outcome === 'missing') return null
  if (result.outcome === 'lock_survey') return updateLocked(responses, id, change, surveyId, options)
  return result.response
}
