/**
 * Saves a shown survey as it is answered, through the outbox (./outbox.ts): the display is recorded once, the
 * first answer creates the response (with the display, user, single-use id and meta), each later one updates
 * it, in order. Everything is written to the survey session's record first, so that a dropped connection, a
 * reload or a closed tab loses nothing: the record is sent when the network is back, or on the next page
 * load. An unfinished record younger than `resumeDays` is picked up again by the next showing of the survey
 * (`ready` resolves with it): the same response goes on, and the display is not recorded twice.
 */
import type { Endpoint, ResponseInput } from '../shared/client-api'
import type { OutboxRecord, RecordCallbacks, RecordSender, ResponseUpdate, SaveFailure } from './outbox'
import {
  DEFAULT_RESUME_DAYS,
  defaultStore,
  expired,
  flushOutbox,
  FILE_PLACEHOLDER,
  MAX_FILE_BYTES,
  makeRoom,
  mergeUpdates,
  newKey,
  recordId,
  recordSender,
  sendingRecord,
  unsent,
} from './outbox'
import type { OutboxStore } from './outbox-store'

export type { ResponseUpdate, SaveFailure } from './outbox'
export { mergeUpdates, saveFailure } from './outbox'

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
  /**
   * Days an unfinished response is resumed by the next showing of the survey; 0 turns resuming off.
   * @default 7
   */
  resumeDays?: number
  /** Where records are kept. @default the `canvass-outbox` IndexedDB database (memory without it) */
  store?: OutboxStore<OutboxRecord>
  /** The display was recorded (`displayId` undefined when the server refused it). */
  onDisplay?(displayId: string | undefined): void
  onSaved?(responseId: string, finished: boolean): void
  /**
   * The response met a full quota that ends the survey: the server finished it at `endingId`, so nothing more
   * is sent, and the respondent is shown that ending.
   */
  onQuotaEnded?(endingId: string): void
  /** A save failed for good (`failure`), or a retry succeeded (undefined). */
  onFailure?(failure: SaveFailure | undefined): void
  /** Answers wait on this device for the network (true), or all are sent (false). */
  onWaiting?(waiting: boolean): void
  backoff?: RecordCallbacks['backoff']
}

/** What a resumed record restores: everything answered and the page to go on from. */
export interface Resumed {
  answered: ResponseUpdate
  step?: string
}

export interface ResponseSaver {
  /** The record is loaded; with what to restore when an unfinished response is resumed. */
  ready: Promise<Resumed | undefined>
  /** Records the display (once per record: a resumed one was recorded already) and sends what waits. */
  display(): void
  /** Queues an update (`step`: the page to resume at); resolves once it is sent, false if that failed for good. */
  save(update: ResponseUpdate, step?: string): Promise<boolean>
  /** Sends what failed to save again. */
  retry(): Promise<boolean>
  /**
   * Keeps a file the server could not be reached for, to upload before the answer that names it; the
   * placeholder the answer holds meanwhile, or undefined when the outbox has no room for it.
   */
  keepFile(file: File, elementId: string, allowedFileExtensions?: string[]): Promise<string | undefined>
  /** The respondent closed the survey: it is resumed when shown again, but not shown again for that alone. */
  dismiss(): void
}

export function createResponseSaver(options: ResponseSaverOptions): ResponseSaver {
  const store = options.store ?? defaultStore()
  const resumeDays = options.resumeDays ?? DEFAULT_RESUME_DAYS
  const { endpoint } = options
  // A single-use link is a respondent of its own: two links of one survey are two records.
  const id = recordId(endpoint.environmentId, options.surveyId, options.userId ?? options.contactId ?? options.singleUseId)
  let sender: RecordSender | undefined
  const callbacks: RecordCallbacks = {
    onDisplay: options.onDisplay,
    onSaved: options.onSaved,
    onQuotaEnded: options.onQuotaEnded,
    onFailure: options.onFailure,
    onWaiting: options.onWaiting,
    ...(options.backoff ? { backoff: options.backoff } : {}),
  }

  const ready = (async (): Promise<Resumed | undefined> => {
    const earlier = sendingRecord(store, id)?.record ?? (await store.all()).find((r) => r.id === id)
    if (earlier?.answered && resumable(earlier, resumeDays)) {
      sender = recordSender(earlier, store, callbacks)
      await sender.write()
      return { answered: earlier.answered, ...(earlier.step ? { step: earlier.step } : {}) }
    }
    if (earlier && unsent(earlier)) {
      // Not resumed but not sent either: it goes on under its own id, beside the new one.
      const oldId = earlier.id
      earlier.id = `${oldId}:${earlier.createdAt}`
      await store.put(earlier)
      await store.delete(oldId)
      ;(sendingRecord(store, oldId) ?? recordSender(earlier, store, options.backoff ? { backoff: options.backoff } : {})).kick()
    } else if (earlier) await store.delete(id)
    const record = newRecord(id, options)
    sender = recordSender(record, store, callbacks, await makeRoom(store, resumeDays))
    await sender.write()
    return undefined
  })()
  // What earlier pages left unsent goes now too.
  void ready.then(() => flushOutbox(endpoint, { store, resumeDays, skip: id, ...(options.backoff ? { backoff: options.backoff } : {}) }))

  async function drain(): Promise<boolean> {
    const current = sender as RecordSender
    let ok = await current.idle()
    // An answer queued just as the sender found nothing left goes in another round.
    while (ok && !current.record.response.finished && unsent(current.record)) ok = await current.idle()
    return ok
  }

  return {
    ready,
    display() {
      // A resumed record may hold answers a closed tab left unsent: they go now too.
      void ready.then(() => {
        if (sender && unsent(sender.record)) void drain()
      })
    },
    async save(update, step) {
      await ready
      const record = (sender as RecordSender).record
      if (record.response.finished) return true
      record.pending = mergeUpdates(record.pending, update)
      record.answered = mergeUpdates(record.answered, update)
      if (step) record.step = step
      record.dismissed = undefined
      await (sender as RecordSender).write()
      return drain()
    },
    async keepFile(file, elementId, allowedFileExtensions) {
      await ready
      const current = sender as RecordSender
      const waiting = (await store.all()).flatMap((r) => (r.id === current.record.id ? [] : (r.files ?? [])))
      const bytes = [...waiting, ...(current.record.files ?? [])].reduce((sum, f) => sum + f.blob.size, file.size)
      if (bytes > MAX_FILE_BYTES) return undefined
      const placeholder = `${FILE_PLACEHOLDER}${newKey()}/${encodeURIComponent(file.name)}`
      current.record.files = [
        ...(current.record.files ?? []),
        {
          placeholder,
          name: file.name,
          type: file.type || 'application/octet-stream',
          blob: file,
          elementId,
          ...(allowedFileExtensions?.length ? { allowedFileExtensions } : {}),
        },
      ]
      await current.write()
      return placeholder
    },
    dismiss() {
      void ready.then(() => {
        const current = sender as RecordSender
        if (current.record.response.finished) return
        current.record.dismissed = true
        return current.write()
      })
    },
    async retry() {
      await ready
      if (!unsent((sender as RecordSender).record)) return true
      const ok = await drain()
      if (ok) options.onFailure?.(undefined)
      return ok
    },
  }
}

/** Whether an earlier record is one to go on with: unfinished, answered in part, and not too old to resume. */
function resumable(earlier: OutboxRecord, resumeDays: number): boolean {
  return !earlier.response.finished && !!earlier.answered && !earlier.answered.finished && resumeDays > 0 && !expired(earlier, resumeDays)
}

/** A new record for this respondent, with the keys its display and response are created under. */
function newRecord(id: string, options: ResponseSaverOptions): OutboxRecord {
  const now = Date.now()
  return {
    id,
    appUrl: options.endpoint.appUrl,
    environmentId: options.endpoint.environmentId,
    surveyId: options.surveyId,
    ...(options.userId ? { userId: options.userId } : options.contactId ? { contactId: options.contactId } : {}),
    ...(options.singleUseId ? { singleUseId: options.singleUseId } : {}),
    ...(options.pinAuthToken ? { pinAuthToken: options.pinAuthToken } : {}),
    ...(options.meta ? { meta: options.meta } : {}),
    createdAt: now,
    updatedAt: now,
    display: { key: newKey() },
    response: { key: newKey(), finished: false },
  }
}
