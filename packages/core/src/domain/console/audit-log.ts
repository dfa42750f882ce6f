import type { AuditEntry, Storage } from '../../ports/storage/index'

/** How long audit entries are kept unless configured otherwise. */
export const DEFAULT_AUDIT_LOG_RETENTION_DAYS = 365

/** Entries removed per purge statement: each is one short transaction. */
export const AUDIT_PURGE_BATCH = 1000

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Removes the audit entries older than `retentionDays` at `now`, in batches of `batch` (one transaction each),
 * until none is left, and returns how many it removed. `retentionDays` null keeps every entry. Safe to run on
 * several instances at once: concurrent purges skip each other's rows.
 */
export async function purgeAuditLog(
  storage: Pick<Storage, 'auditLog'>,
  now: Date,
  retentionDays: number | null,
  batch = AUDIT_PURGE_BATCH,
): Promise<number> {
  if (retentionDays === null) return 0
  if (!Number.isInteger(retentionDays) || retentionDays < 1)
    throw new RangeError('retentionDays must be a whole number of days, at least 1')
  const before = new Date(now.getTime() - retentionDays * DAY_MS)
  let removed = 0
  for (;;) {
    const count = await storage.auditLog.purge(before, batch)
    removed += count
    if (count < batch) return removed
  }
}

/** What an entry no request made says (`appendAuditEntry`): the rest is filled in. */
export type AuditEvent = Pick<AuditEntry, 'environmentId' | 'action' | 'resourceType'> & Partial<Pick<AuditEntry, 'resourceId' | 'summary'>>

/**
 * Appends an entry for work no request did (a retention run deleting expired responses): no key, method, route,
 * status, address or request id. `summary` holds names and numbers only, as for every entry.
 */
export function appendAuditEntry(storage: Pick<Storage, 'auditLog'>, event: AuditEvent, now: Date): Promise<void> {
  return storage.auditLog.append({
    id: auditEntryId(now),
    environmentId: event.environmentId,
    createdAt: now,
    apiKeyId: null,
    apiKeyLabel: null,
    action: event.action,
    method: null,
    route: null,
    resourceType: event.resourceType,
    resourceId: event.resourceId ?? null,
    status: null,
    summary: event.summary ?? {},
    address: null,
    requestId: null,
  })
}

// Process-wide on purpose: the entries every Canvass of this process appends sort in the order they were made.
let lastMs = -1
let sequence = 0

/**
 * A UUIDv7 for an entry made at `at`: its time in the first 48 bits, then a counter that grows within one
 * millisecond of this process, so that ids sort as entries were appended (the log's order breaks ties of
 * `createdAt` by id), then random bits.
 */
export function auditEntryId(at: Date): string {
  const ms = at.getTime()
  const random = crypto.getRandomValues(new Uint8Array(10))
  if (ms === lastMs && sequence < 0xfff) sequence++
  else {
    lastMs = ms
    // Room to count up within the millisecond.
    sequence = ((random[0] as number) << 3) & 0x7ff
  }
  const hex = (value: number, digits: number) => value.toString(16).padStart(digits, '0')
  const time = hex(Math.max(0, ms), 12)
  const variant = ((random[1] as number) & 0x3f) | 0x80
  const tail = [...random.subarray(2)].map((byte) => hex(byte, 2)).join('')
  return `${time.slice(0, 8)}-${time.slice(8)}-7${hex(sequence, 3)}-${hex(variant, 2)}${tail.slice(0, 2)}-${tail.slice(2, 14)}`
}
