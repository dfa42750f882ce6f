/**
 * Saves a response as it is answered: the first answer creates it (with the display, user, single-use id and
 * meta), each later one updates it, in order, one request at a time. Answers given while a request is under
 * way are merged into the next one; a request that fails is retried twice, then kept for `retry()` and
 * reported, so that nothing answered is lost while the respondent is still on the page.
 */
import type { Endpoint, ResponseInput } from '../shared/client-api'
import { createResponse, updateResponse } from '../shared/client-api'
import type { ResponseData, Variables } from './types'

export interface ResponseUpdate {
  data: ResponseData
  ttc: Record<string, number>
  variables: Variables
  finished: boolean
  language?: string
  endingId?: string
}

/** Why a save failed: `network` (worth retrying), the single-use link `used`, the survey `closed`, or `rejected`. */
export type SaveFailure = 'network' | 'used' | 'closed' | 'rejected'

export interface ResponseSaverOptions {
  endpoint: Endpoint
  surveyId: string
  userId?: string
  /** The contact by its id, when the caller has it instead of a `userId`. */
  contactId?: string
  singleUseId?: string
  /** The proof of the survey's PIN, sent with the create and every update. */
  pinAuthToken?: string
  meta?: ResponseInput['meta']
  /** The display's id once recorded (undefined when recording failed); the response is linked to it. */
  displayId: Promise<string | undefined>
  onSaved?(responseId: string, finished: boolean): void
  /**
   * The response met a full quota that ends the survey: the server finished it at `endingId`, so nothing more
   * is sent, and the respondent is shown that ending.
   */
  onQuotaEnded?(endingId: string): void
  /** A save failed for good (`failure`), or a retry succeeded (undefined). */
  onFailure?(failure: SaveFailure | undefined): void
  /** Waits before a retry; `attempt` counts from 1. */
  backoff?(attempt: number): Promise<void>
}

export interface ResponseSaver {
  /** Queues an update; resolves once it (or a later update holding it) is saved, false if that failed. */
  save(update: ResponseUpdate): Promise<boolean>
  /** Sends what failed to save again. */
  retry(): Promise<boolean>
}

/** `later` applied over `earlier`: answers, times and variables merged, the rest taken from `later`. */
export function mergeUpdates(earlier: ResponseUpdate, later: ResponseUpdate): ResponseUpdate {
  return {
    data: { ...earlier.data, ...later.data },
    ttc: { ...earlier.ttc, ...later.ttc },
    variables: { ...earlier.variables, ...later.variables },
    finished: earlier.finished || later.finished,
    language: later.language ?? earlier.language,
    endingId: later.endingId ?? earlier.endingId,
  }
}

/** How a failed request's status and message are read. */
export function saveFailure(status: number, message: string): SaveFailure | 'done' {
  if (status === 0 || status === 429 || status >= 500) return 'network'
  if (status === 403) return 'closed'
  if (status === 400 && /single use id has already been used/i.test(message)) return 'used'
  // A finished response is final: an update after the last one has nothing left to say.
  if (status === 400 && /already finished/i.test(message)) return 'done'
  return 'rejected'
}

const RETRIES = 2

export function createResponseSaver(options: ResponseSaverOptions): ResponseSaver {
  let responseId: string | undefined
  let pending: ResponseUpdate | undefined
  let running: Promise<boolean> | undefined
  let finished = false
  /** A full quota ended the response on the server. */
  let quotaEnded = false
  const pin = options.pinAuthToken ? { pinAuthToken: options.pinAuthToken } : {}
  const backoff = options.backoff ?? ((attempt: number) => new Promise<void>((resolve) => setTimeout(resolve, 400 * attempt)))

  async function send(update: ResponseUpdate): Promise<SaveFailure | undefined> {
    for (let attempt = 0; ; attempt++) {
      const result =
        responseId === undefined
          ? await createResponse(options.endpoint, {
              surveyId: options.surveyId,
              ...update,
              ...(options.userId ? { userId: options.userId } : {}),
              ...(options.contactId ? { contactId: options.contactId } : {}),
              ...(options.singleUseId ? { singleUseId: options.singleUseId } : {}),
              ...(options.meta ? { meta: options.meta } : {}),
              ...pin,
              ...(await options.displayId.then((id) => (id ? { displayId: id } : {}))),
            })
          : await updateResponse(options.endpoint, responseId, { ...update, ...pin })
      if (result.ok) {
        if (responseId === undefined) responseId = (result.data as { id: string }).id
        const quota = result.data?.quotaFull ? result.data.quota : undefined
        if (quota?.action === 'endSurvey' && quota.endingCardId) {
          quotaEnded = true
          options.onSaved?.(responseId, true)
          options.onQuotaEnded?.(quota.endingCardId)
          return undefined
        }
        options.onSaved?.(responseId, update.finished)
        return undefined
      }
      const failure = saveFailure(result.status, result.message)
      if (failure === 'done') return undefined
      if (failure !== 'network' || attempt >= RETRIES) return failure
      await backoff(attempt + 1)
    }
  }

  async function flush(): Promise<boolean> {
    while (pending) {
      const update = pending
      pending = undefined
      const failure = await send(update)
      if (failure) {
        // Kept ahead of anything answered meanwhile, for `retry()`.
        pending = pending ? mergeUpdates(update, pending) : update
        options.onFailure?.(failure)
        return false
      }
      if (update.finished || quotaEnded) {
        finished = true
        pending = undefined
      }
    }
    return true
  }

  function run(): Promise<boolean> {
    running ??= flush().finally(() => {
      running = undefined
    })
    return running
  }

  return {
    save(update) {
      if (finished) return Promise.resolve(true)
      pending = pending ? mergeUpdates(pending, update) : update
      // A save queued behind a running one is sent by the same loop once that one returns.
      return running ? running.then((ok) => (ok && pending ? run() : ok)) : run()
    },
    async retry() {
      if (!pending) return true
      const ok = await run()
      if (ok) options.onFailure?.(undefined)
      return ok
    },
  }
}
