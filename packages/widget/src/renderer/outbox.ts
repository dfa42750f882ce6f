/**
 * The browser outbox: every display, response create and update of a survey session is written to a record
 * first (./outbox-store.ts, IndexedDB), then sent, in order: the display → the response create (its body frozen
 * at the first attempt, so that a retry with the same `Idempotency-Key` is the same request and the server
 * replays the first answer) → the merged later answers (PUT, with an `Idempotency-Key` of its own and its body
 * frozen at its first attempt in the same way: a retry of an update the server applied is replayed; `already
 * finished` counts as sent, and answers a finishing update whose first answer was lost past the replay). Network
 * errors, 5xx, 409 (the first attempt still runs) and 429 are tried again with a growing wait (≤ 30 s,
 * `Retry-After` honoured), at once when the browser comes back online or the page becomes visible again, and
 * on the next page load (`flushOutbox`). Any other 4xx is final. A record is deleted once its finished response
 * is acknowledged, and after the resume period.
 */
import type { Endpoint, ResponseInput } from '../shared/client-api'
import { createDisplay, createResponse, updateResponse, uploadFile } from '../shared/client-api'
import type { OutboxStore } from './outbox-store'
import { indexedDbStore } from './outbox-store'
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

export interface OutboxRecord {
  /** `${environmentId}:${surveyId}:${userId ?? contactId ?? ''}`: one survey session of one respondent. */
  id: string
  appUrl: string
  environmentId: string
  surveyId: string
  userId?: string
  contactId?: string
  singleUseId?: string
  pinAuthToken?: string
  meta?: ResponseInput['meta']
  createdAt: number
  updatedAt: number
  display: { key: string; id?: string; sent?: boolean }
  /** `body`: the create as first sent, until acknowledged. */
  response: { key: string; id?: string; finished: boolean; body?: ResponseInput }
  /** Answered, not yet acknowledged (merged); `inflight` is the part being sent. */
  pending?: ResponseUpdate
  inflight?: ResponseUpdate
  /**
   * The `Idempotency-Key` of the update `inflight`, given at its first attempt: from then on `inflight` is that
   * request's body and stays as it is until acknowledged (later answers wait in `pending`), so that a retry is
   * the same request and the server answers it with what it answered first.
   */
  inflightKey?: string
  /** Everything answered so far, for resume. */
  answered?: ResponseUpdate
  /** The page to resume at. */
  step?: string
  /**
   * Files chosen while the server could not be reached: each answer names it by `placeholder` until it is
   * uploaded, before the create or update that names it; then the answers get its `url`.
   */
  files?: OutboxFile[]
  /** The respondent closed the survey unfinished: it is not shown again only to be resumed. */
  dismissed?: boolean
}

export interface OutboxFile {
  placeholder: string
  name: string
  type: string
  blob: Blob
  /** The `fileUpload` question it answers (absent in what a widget kept before uploads named it). */
  elementId?: string
  allowedFileExtensions?: string[]
}

export interface RecordCallbacks {
  onDisplay?(displayId: string | undefined): void
  onSaved?(responseId: string, finished: boolean): void
  onQuotaEnded?(endingId: string): void
  /** A send failed for good. */
  onFailure?(failure: SaveFailure): void
  /** A send waits for the network (true) or everything is sent (false). */
  onWaiting?(waiting: boolean): void
  /** Waits before a retry; `attempt` counts from 1; `wake` ends the wait early. */
  backoff?(attempt: number, retryAfter: number | undefined, wake: Promise<void>): Promise<void>
}

/** A record being sent: `kick` starts (or wakes) its sending; `idle` resolves true once all is sent, false on a final failure. */
export interface RecordSender {
  record: OutboxRecord
  /** Persists the record as it stands (after the caller changed it), then sends it. */
  write(): Promise<void>
  kick(): void
  idle(): Promise<boolean>
}

/** At most this many records per origin; the 21st evicts a finished or expired one, else stays in memory. */
export const MAX_RECORDS = 20
/** Answers of one record above this (as JSON) stay in memory. */
export const MAX_RECORD_CHARS = 2 * 1024 * 1024
/** Files waiting in all records together, at most. */
export const MAX_FILE_BYTES = 25 * 1024 * 1024
/** What an answer holds for a file still waiting in the outbox; its last segment is the file's name. */
export const FILE_PLACEHOLDER = 'outbox:'
export const DEFAULT_RESUME_DAYS = 7
const DAY = 24 * 60 * 60 * 1000

/** `later` applied over `earlier`: answers, times and variables merged, the rest taken from `later`. */
export function mergeUpdates(earlier: ResponseUpdate | undefined, later: ResponseUpdate): ResponseUpdate {
  if (!earlier) return later
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
  if (status === 0 || status === 409 || status === 429 || status >= 500) return 'network'
  if (status === 403) return 'closed'
  if (status === 400 && /single use id has already been used/i.test(message)) return 'used'
  // A finished response is final: an update after the last one has nothing left to say.
  if (status === 400 && /already finished/i.test(message)) return 'done'
  return 'rejected'
}

export const recordId = (environmentId: string, surveyId: string, person?: string) => `${environmentId}:${surveyId}:${person ?? ''}`

/** Whether the record is past its resume period (`resumeDays` 0: kept only until sent). */
export const expired = (record: OutboxRecord, resumeDays: number, now = Date.now()) =>
  now - record.updatedAt > Math.max(resumeDays, 0) * DAY

/** Whether anything of the record is still to be sent. */
export const unsent = (record: OutboxRecord) =>
  !record.display.sent ||
  record.response.body !== undefined ||
  record.pending !== undefined ||
  record.inflight !== undefined ||
  !!record.files?.length

/** The answers with the placeholder `from` (a waiting file) replaced by `to`, or taken out when `to` is undefined. */
export function swapFile<T extends { data: ResponseData } | undefined>(update: T, from: string, to: string | undefined): T {
  if (!update) return update
  const data: ResponseData = {}
  for (const [id, value] of Object.entries(update.data)) {
    data[id] = Array.isArray(value) && value.includes(from) ? value.flatMap((item) => (item === from ? (to ? [to] : []) : [item])) : value
  }
  return { ...update, data }
}

// One for the page, as the IndexedDB database it opens is one per origin: two stores of it would send a
// record twice.
let shared: OutboxStore<OutboxRecord> | undefined
/** The page's store (IndexedDB, else memory). */
export const defaultStore = () => (shared ??= indexedDbStore<OutboxRecord>())

/** What is at work on a store: its senders by record id (one per record), and the waits they would cut short. */
interface Sending {
  senders: Map<string, RecordSender>
  wakers: Set<() => void>
}
/** Each store's own sending, made with its first sender. */
const sendingOf = new WeakMap<OutboxStore<OutboxRecord>, Sending>()
const sendingIn = (store: OutboxStore<OutboxRecord>): Sending => {
  let sending = sendingOf.get(store)
  if (!sending) {
    const made: Sending = { senders: new Map(), wakers: new Set() }
    sendingOf.set(store, (sending = made))
    if (typeof window !== 'undefined') {
      const wakeAll = () => {
        for (const wake of [...made.wakers]) wake()
      }
      window.addEventListener('online', wakeAll)
      document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && wakeAll())
    }
  }
  return sending
}
const sendersIn = (store: OutboxStore<OutboxRecord>) => sendingIn(store).senders

/** A fresh key for an `Idempotency-Key` header. */
export const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`

/**
 * The sender of `record` (one per record id on the page): sends what it holds, in order, until all is sent or
 * a final failure; the record is deleted once its finished response is acknowledged.
 */
export function recordSender(
  record: OutboxRecord,
  store: OutboxStore<OutboxRecord>,
  callbacks: RecordCallbacks = {},
  /** false: the record stays in memory (the store has no room for it). */
  persisted = true,
): RecordSender {
  const endpoint: Endpoint = { appUrl: record.appUrl, environmentId: record.environmentId }
  let running: Promise<boolean> | undefined
  let wake: () => void = () => {}
  const backoff =
    callbacks.backoff ??
    ((attempt: number, retryAfter: number | undefined, woken: Promise<void>) =>
      Promise.race([woken, new Promise<void>((r) => setTimeout(r, retryAfter ? retryAfter * 1000 : Math.min(30_000, 500 * 2 ** attempt)))]))

  async function write() {
    record.updatedAt = Date.now()
    if (!persisted) return
    if (JSON.stringify(record).length > MAX_RECORD_CHARS) {
      persisted = false
      await store.delete(record.id)
    } else await store.put(record)
    await indexOutbox(store)
  }
  const remove = async () => {
    await store.delete(record.id)
    await indexOutbox(store)
  }

  const ctx: SendContext = { record, endpoint, callbacks, write, remove }
  /** One request; `next` to go on at once, `idle` when nothing is left, else a wait or a final failure. */
  async function step(): Promise<StepOutcome> {
    const person = record.userId ? { userId: record.userId } : record.contactId ? { contactId: record.contactId } : {}
    if (!record.display.sent) return sendDisplay(ctx, person)
    const file = record.files?.[0]
    if (file) return sendFile(ctx, file)
    return sendResponse(ctx, person)
  }

  async function loop(): Promise<boolean> {
    for (let attempt = 0; ; ) {
      let outcome: Awaited<ReturnType<typeof step>>
      try {
        outcome = await step()
      } catch {
        outcome = {}
      }
      if (outcome === 'next') {
        attempt = 0
        continue
      }
      if (outcome === 'idle') {
        callbacks.onWaiting?.(false)
        return true
      }
      if (typeof outcome === 'string') {
        callbacks.onWaiting?.(false)
        callbacks.onFailure?.(outcome)
        return false
      }
      callbacks.onWaiting?.(true)
      attempt++
      const woken = new Promise<void>((resolve) => (wake = resolve))
      sendingIn(store).wakers.add(wake)
      await backoff(attempt, outcome.retryAfter, woken)
      sendingIn(store).wakers.delete(wake)
    }
  }

  const sender: RecordSender = {
    record,
    write,
    kick() {
      if (running) wake()
      else void sender.idle()
    },
    idle() {
      running ??= loop().finally(() => {
        running = undefined
        if (record.response.finished) sendersIn(store).delete(record.id)
      })
      return running
    },
  }
  sendersIn(store).set(record.id, sender)
  return sender
}

/** What one sender's steps share: its record, where it goes, how it is kept and whom it tells. */
interface SendContext {
  record: OutboxRecord
  endpoint: Endpoint
  callbacks: RecordCallbacks
  write(): Promise<void>
  remove(): Promise<void>
}

type StepOutcome = 'next' | 'idle' | { retryAfter?: number } | SaveFailure
/** Who answers, as the display and the response name them (nobody for an anonymous respondent). */
type Person = { userId?: string; contactId?: string }

/** Records the display first. */
async function sendDisplay({ record, endpoint, callbacks, write }: SendContext, person: Person): Promise<StepOutcome> {
  const result = await createDisplay(endpoint, { surveyId: record.surveyId, ...person }, record.display.key)
  if (!result.ok && saveFailure(result.status, result.message) === 'network') return { retryAfter: result.retryAfter }
  // A display the server refused is not tried again: the response goes without it.
  record.display = { ...record.display, sent: true, ...(result.ok ? { id: result.data.id } : {}) }
  await write()
  callbacks.onDisplay?.(record.display.id)
  return 'next'
}

/** Uploads the first file kept, and puts its URL where the answers hold its placeholder. */
async function sendFile({ record, endpoint, write }: SendContext, file: OutboxFile): Promise<StepOutcome> {
  const result = await uploadFile(endpoint, {
    file: file.blob,
    fileName: file.name,
    fileType: file.type,
    surveyId: record.surveyId,
    elementId: file.elementId ?? '',
    ...(file.allowedFileExtensions?.length ? { allowedFileExtensions: file.allowedFileExtensions } : {}),
  })
  if (!result.ok && saveFailure(result.status, result.message) === 'network') return { retryAfter: result.retryAfter }
  // A file the server refuses is taken out of the answer rather than holding the answers back.
  const url = result.ok ? result.data.fileUrl : undefined
  record.files = record.files?.slice(1)
  record.pending = swapFile(record.pending, file.placeholder, url)
  const sent = JSON.stringify(record.inflight)
  record.inflight = swapFile(record.inflight, file.placeholder, url)
  // An update whose body changed is another request: it goes with a key of its own.
  if (JSON.stringify(record.inflight) !== sent) record.inflightKey = undefined
  record.answered = swapFile(record.answered, file.placeholder, url)
  if (record.response.body)
    record.response.body = swapFile(record.response.body as ResponseInput & { data: ResponseData }, file.placeholder, url)
  await write()
  return 'next'
}

/** Creates the response, or sends the update in flight. */
async function sendResponse(ctx: SendContext, person: Person): Promise<StepOutcome> {
  const { record, endpoint, write } = ctx
  // An update already sent with its key is not added to: its retry must be the same request.
  if (record.pending && !record.inflightKey) {
    record.inflight = mergeUpdates(record.inflight, record.pending)
    record.pending = undefined
  }
  const pin = record.pinAuthToken ? { pinAuthToken: record.pinAuthToken } : {}
  if (!record.response.id) {
    if (!record.response.body) {
      if (!record.inflight) return 'idle'
      record.response.body = {
        surveyId: record.surveyId,
        ...record.inflight,
        ...person,
        ...(record.singleUseId ? { singleUseId: record.singleUseId } : {}),
        ...(record.meta ? { meta: record.meta } : {}),
        ...(record.display.id ? { displayId: record.display.id } : {}),
        ...pin,
      }
      record.inflight = undefined
      await write()
    }
    const body = record.response.body
    const result = await createResponse(endpoint, body, record.response.key)
    if (!result.ok) return settleFailure(ctx, result.status, result.message, result.retryAfter)
    record.response = { key: record.response.key, id: result.data.id, finished: body.finished }
    return acknowledged(ctx, result.data, body.finished)
  }
  if (!record.inflight) return 'idle'
  if (!record.inflightKey) {
    // Kept before the first attempt, so that a retry after a reload sends the same key.
    record.inflightKey = newKey()
    await write()
  }
  const update = record.inflight
  const result = await updateResponse(endpoint, record.response.id, { ...update, ...pin }, record.inflightKey)
  if (!result.ok) return settleFailure(ctx, result.status, result.message, result.retryAfter)
  if (record.inflight === update) record.inflight = record.inflightKey = undefined
  return acknowledged(ctx, result.data, update.finished)
}

/** The server took the response or update: the record says so, and is deleted once finished. */
async function acknowledged(
  { record, callbacks, write, remove }: SendContext,
  answer: { quotaFull?: boolean; quota?: { action: string; endingCardId?: string } } | undefined,
  finished: boolean,
) {
  const id = record.response.id as string
  const quota = answer?.quotaFull ? answer.quota : undefined
  const quotaEnded = quota?.action === 'endSurvey' && quota.endingCardId
  if (finished || quotaEnded) {
    record.response.finished = true
    record.pending = record.inflight = record.inflightKey = undefined
  }
  await (record.response.finished ? remove() : write())
  callbacks.onSaved?.(id, finished || !!quotaEnded)
  if (quotaEnded) callbacks.onQuotaEnded?.(quota.endingCardId as string)
  return 'next' as const
}

/** The server refused: a wait, the end of a finished response, or a failure the answers are kept for. */
async function settleFailure({ record, callbacks, write, remove }: SendContext, status: number, message: string, retryAfter?: number) {
  const failure = saveFailure(status, message)
  if (failure === 'network') return { ...(retryAfter ? { retryAfter } : {}) }
  if (failure === 'done') {
    // The finishing update was stored by an attempt whose answer was lost: this one is its acknowledgement
    // (see docs/widget.md). Anything else the server refuses as finished has nothing to report.
    const finishing = record.inflight?.finished === true && record.response.id !== undefined
    record.response.finished = true
    record.pending = record.inflight = record.inflightKey = record.response.body = undefined
    await remove()
    if (finishing) callbacks.onSaved?.(record.response.id as string, true)
    return 'next' as const
  }
  // Kept on the page for `retry()`, in front of anything answered meanwhile; a later page load drops it. A
  // refused create goes back to answers, to be sent with a new key.
  const body = record.response.body
  const refused = body
    ? {
        data: body.data as ResponseData,
        ttc: body.ttc ?? {},
        variables: body.variables ?? {},
        finished: body.finished,
        language: body.language,
      }
    : record.inflight
  if (body) record.response = { key: newKey(), finished: false }
  if (refused) record.pending = record.pending ? mergeUpdates(refused, record.pending) : refused
  // A refused update goes back to answers too, to be sent with a new key.
  record.inflight = record.inflightKey = undefined
  await write()
  return failure
}

/**
 * Sends every waiting record of this server and environment (on a page load, from the link page or the
 * widget): expired records and those whose finished response was acknowledged are deleted; `skip` is the record
 * the caller is showing (it sends its own).
 */
export async function flushOutbox(
  endpoint: Endpoint,
  options: { store?: OutboxStore<OutboxRecord>; resumeDays?: number; skip?: string; backoff?: RecordCallbacks['backoff'] } = {},
): Promise<boolean[]> {
  const store = options.store ?? defaultStore()
  const records = await store.all()
  const sends: Promise<boolean>[] = []
  for (const record of records) {
    if (record.appUrl !== endpoint.appUrl || record.environmentId !== endpoint.environmentId || record.id === options.skip) continue
    if (sendersIn(store).has(record.id)) continue
    if (record.response.finished || expired(record, options.resumeDays ?? DEFAULT_RESUME_DAYS)) {
      // An expired record with answers still unsent goes once more before it is dropped.
      if (!unsent(record)) {
        await store.delete(record.id)
        await indexOutbox(store)
        continue
      }
    }
    if (!unsent(record)) continue
    // Nobody is on the page to try again: a final refusal drops the record.
    const drop = () => void store.delete(record.id).then(() => indexOutbox(store))
    sends.push(recordSender(record, store, { onFailure: drop, ...(options.backoff ? { backoff: options.backoff } : {}) }).idle())
  }
  return Promise.all(sends)
}

/**
 * Room for one more record: at most `MAX_RECORDS`, the finished and expired ones with nothing to send go first;
 * false when there is still no room (the new record then stays in memory).
 */
export async function makeRoom(store: OutboxStore<OutboxRecord>, resumeDays: number): Promise<boolean> {
  const records = (await store.all()).sort((a, b) => a.updatedAt - b.updatedAt)
  let count = records.length
  for (const record of records) {
    if (count < MAX_RECORDS) break
    if (!unsent(record) && (record.response.finished || expired(record, resumeDays))) {
      await store.delete(record.id)
      count--
    }
  }
  return count < MAX_RECORDS
}

/** Whether the record is an unfinished response to go on with when the survey is shown again. */
export const resumable = (record: OutboxRecord) => !record.response.finished && !!record.answered && !record.answered.finished

/**
 * What waits in the outbox, in `localStorage` (`canvass-outbox`) where the in-app core reads it on a page load
 * without loading the renderer: the surveys with answers to send or to resume, by server and environment.
 */
export const OUTBOX_INDEX = 'canvass-outbox'
export interface OutboxIndexEntry {
  appUrl: string
  environmentId: string
  surveyId: string
  resume: boolean
}

async function indexOutbox(store: OutboxStore<OutboxRecord>): Promise<void> {
  try {
    const entries: OutboxIndexEntry[] = (await store.all())
      .filter((r) => unsent(r) || resumable(r))
      .map((r) => ({ appUrl: r.appUrl, environmentId: r.environmentId, surveyId: r.surveyId, resume: resumable(r) && !r.dismissed }))
    if (entries.length) localStorage.setItem(OUTBOX_INDEX, JSON.stringify(entries))
    else localStorage.removeItem(OUTBOX_INDEX)
  } catch {
    // No localStorage (Node, a sandboxed iframe): the core then finds waiting records on the survey's next showing.
  }
}

export const sendingRecord = (store: OutboxStore<OutboxRecord>, id: string) => sendersIn(store).get(id)
