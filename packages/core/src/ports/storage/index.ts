import type { ActionClassStore } from './action-classes'
import type { ApiKeyStore } from './api-keys'
import type { AuditLogStore } from './audit-log'
import type { AttributeClassStore } from './attribute-classes'
import type { BlobDeletionStore } from './blob-deletions'
import type { ConsoleAccountStore } from '../console-accounts'
import type { ReportingStorage } from '../reporting'
import type { ContactAttributeKeyStore } from './contact-attribute-keys'
import type { ContactStore } from './contacts'
import type { ClientContactStore } from './client-contacts'
import type { DisplayStore } from './displays'
import type { EnvironmentStateStore } from './environment-state'
import type { EnvironmentStore } from './environments'
import type { ProjectStore } from './projects'
import type { ResponseStore } from './responses'
import type { ResponseWorkStore } from './response-work'
import type { RetentionStore } from './retention'
import type { IdempotencyStore } from './idempotency'
import type { ImportStore } from './imports'
import type { SegmentStore } from './segments'
import type { QuotaStore } from './quotas'
import type { SurveyStore } from './surveys'
import type { TagStore } from './tags'
import type { UploadStore } from './uploads'
import type { WebhookDeliveryStore } from './webhook-deliveries'
import type { WebhookStore } from './webhooks'

/**
 * The storage port: everything Canvass keeps, grouped by resource (`storage.surveys`, `storage.responses`,
 * …), one small interface per file of this folder. Two optional ports ride on it: `reporting` (`ports/reporting/`)
 * and `consoleAccounts` (`ports/console-accounts/`), each with its own conformance kit. An adapter (e.g. `@canvass/storage-kysely`) implements
 * it; core assigns ids and timestamps, validates input and decides every HTTP answer.
 *
 * Rules every implementation MUST follow:
 * - Every method that takes an `environmentId` MUST only read or change rows of that environment.
 * - A method that changes more than one row MUST do it atomically (one transaction or one statement).
 * - Lookups by id MUST accept any string: an id that cannot exist returns `null`, never throws.
 * - Timestamps are stored with millisecond precision and returned as `Date`.
 * - Lists are ordered by `createdAt` descending, then `id` descending, and return at most `limit + 1`
 *   rows so that core can tell whether another page exists.
 * - JSON values (survey parts, response data) are stored and returned unchanged.
 * - When the database cannot be reached (refused or lost connection, server shutting down or starting up,
 *   no connection free in time), a method MUST throw `serviceUnavailable(cause)` from `@canvass/core`: the
 *   client then gets 503 `service_unavailable` with `Retry-After` instead of a 500. Core imports no driver;
 *   telling a connection failure from any other error is the adapter's job.
 * - Every read MUST see every write committed before it started, but for the reads that tolerate lag, which a
 *   storage MAY answer from copies that lag behind (read replicas): `responses.list`, `contacts.list`, and the
 *   reporting port's `responses`, `contacts.count` and `auditLog.list`. A storage that does MUST say so in
 *   `laggingReads` (docs/replicas.md).
 */
export interface Storage {
  projects: ProjectStore
  environments: EnvironmentStore
  apiKeys: ApiKeyStore
  surveys: SurveyStore
  responses: ResponseStore
  attributeClasses: AttributeClassStore
  actionClasses: ActionClassStore
  contactAttributeKeys: ContactAttributeKeyStore
  contacts: ContactStore
  segments: SegmentStore
  /** Response tags (the v3 tag routes); `responseWork` (optional, else 501) makes them, tags responses, keeps notes. */
  tags: TagStore
  responseWork?: ResponseWorkStore
  /** Quotas and their screening: optional (quota routes answer 501, nothing screened, no quotas in summaries). */
  quotas?: QuotaStore
  displays: DisplayStore
  clientContacts: ClientContactStore
  environmentState: EnvironmentStateStore
  uploads: UploadStore
  /**
   * Webhooks and their deliveries, one optional feature: a storage gives both or neither. Without them the
   * webhook routes answer 501 `not_implemented`, no event is recorded and the dispatcher does not start.
   */
  webhooks?: WebhookStore
  webhookDeliveries?: WebhookDeliveryStore
  idempotency: IdempotencyStore
  /** Blobs to remove, written with the change that orphaned them; without it the blob janitor does not run. */
  blobDeletions?: BlobDeletionStore
  /** Who changed what through the management API (append-only). */
  auditLog: AuditLogStore
  /** What `canvass import` records and the rows only it writes with given ids; without it imports answer 501. */
  imports?: ImportStore
  /** Expired responses and the lease of the worker that deletes them; without it retention does not run. */
  retention?: RetentionStore
  /**
   * Counts, summaries, exports, answer lists and the audit log: an optional port with its own kit
   * (`testReportingStorage`, `ports/reporting/`). Without it the routes that report answer 501
   * `not_implemented`; everything else works.
   */
  reporting?: ReportingStorage
  /**
   * The console's own people, sessions and one-time links (the standalone server's accounts): an optional port
   * with its own kit (`testConsoleAccountStorage`). Only `console.accounts` needs it; a storage without it serves
   * everything else, and `createCanvass` refuses `console.accounts` when it is missing.
   */
  consoleAccounts?: ConsoleAccountStore
  mail?: import('./mail').MailStore
  /** Answers true when the database is reachable (health checks). */
  ping(): Promise<boolean>
  /**
   * Set when the reads that tolerate lag may come from copies that lag behind the writes (read replicas);
   * undefined when every read sees every committed write.
   */
  laggingReads?: LaggingReads
}

/**
 * How to read around a storage's lagging copies (`Storage.laggingReads`): core reads on `primary` for a caller
 * that wrote within `staleForMs`, and for data-rights exports always (docs/replicas.md, "Reading your own writes").
 */
export interface LaggingReads {
  /**
   * The same storage with every read on the primary: a read through it MUST see every write committed before it
   * started. Its own `laggingReads` is undefined.
   */
  primary: Storage
  /**
   * How long, in milliseconds, a committed write may stay missing from a read that tolerates lag, at most: a read
   * that starts `staleForMs` or more after a write committed MUST see it, whichever copy answers.
   */
  staleForMs: number
}

export type * from './api-keys'
export type * from './audit-log'
export type * from './common'
export type * from '../console-accounts'
export type * from '../reporting'
export type * from './environments'
export type * from './projects'
export type * from './responses'
export type * from './response-filters'
export type * from './response-records'
export type * from './response-writes'
export type * from './response-updates'
export type * from './response-work'
export type * from './response-conditions'
export type * from './retention'
export type * from './idempotency'
export type * from './imports'
export type * from './mail'
export type * from './segments'
export type * from './quotas'
export type * from './surveys'
export type * from './survey-records'
export type * from './tags'
export type * from './attribute-classes'
export type * from './blob-deletions'
export type * from './action-classes'
export type * from './contact-attribute-keys'
export type * from './contacts'
export type * from './client-contacts'
export type * from './displays'
export type * from './environment-state'
export type * from './uploads'
export type * from './webhook-deliveries'
export type * from './outbox'
export type * from './webhook-delivery-records'
export type * from './webhooks'
