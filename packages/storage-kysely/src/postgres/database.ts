import type { ColumnType, Generated } from 'kysely'

/**
 * jsonb: read back parsed, written as JSON text. Writing text (never a JS value) matters because `pg` turns
 * a JS array into a Postgres array literal, which jsonb rejects or misreads.
 */
type Jsonb<T = unknown> = ColumnType<T, string, string>
type NullableJsonb<T = unknown> = ColumnType<T | null, string | null, string | null>
/** A `timestamptz(3)` column that the database fills when an insert omits it. */
type DefaultedTimestamp = ColumnType<Date, Date | undefined, Date>

/**
 * The tables of the first migration (`migrations/0001-initial.ts`), as Kysely sees them: snake_case
 * columns, ids as text (cuid2), timestamps as `Date`.
 */
export interface Database {
  idempotency_keys: IdempotencyKeysTable
  organizations: OrganizationsTable
  projects: ProjectsTable
  environments: EnvironmentsTable
  api_keys: ApiKeysTable
  surveys: SurveysTable
  responses: ResponsesTable
  response_claims: ResponseClaimsTable
  response_notes: ResponseNotesTable
  tags: TagsTable
  response_tags: ResponseTagsTable
  displays: DisplaysTable
  contacts: ContactsTable
  contact_attribute_keys: ContactAttributeKeysTable
  contact_attributes: ContactAttributesTable
  attribute_classes: AttributeClassesTable
  segments: SegmentsTable
  quotas: QuotasTable
  response_quota_links: ResponseQuotaLinksTable
  unscreened_responses: UnscreenedResponsesTable
  action_classes: ActionClassesTable
  webhooks: WebhooksTable
  webhook_deliveries: WebhookDeliveriesTable
  webhook_events: WebhookEventsTable
  files: FilesTable
  spent_upload_uuids: SpentUploadUuidsTable
  rate_limit_counters: RateLimitCountersTable
  import_mappings: ImportMappingsTable
  blob_deletions: BlobDeletionsTable
  audit_log: AuditLogTable
  maintenance_leases: MaintenanceLeasesTable
  console_accounts: ConsoleAccountsTable
  console_people: ConsolePeopleTable
  console_sessions: ConsoleSessionsTable
  console_links: ConsoleLinksTable
  response_changes: ResponseChangesTable
  summary_parts: SummaryPartsTable
  mail_outbox: MailOutboxTable
}

/** Added by `0044-mail-outbox`: the mails Canvass sends (docs/mail.md). */
export interface MailOutboxTable {
  id: string
  event_key: string
  project_id: string | null
  to_address: string
  kind: string
  language: string
  subject: string
  /** Cleared (null) once the mail is sent or given up; null for a limited one. */
  text_body: string | null
  html_body: string | null
  status: 'queued' | 'sent' | 'failed' | 'limited'
  attempts: Generated<number>
  next_attempt_at: Date | null
  claim_token: string | null
  last_error: string | null
  created_at: Date
  sent_at: Date | null
}

/** Added by `0039-summary-parts`: writes into each past day of a survey's responses (see `summary-parts.ts`). */
export interface ResponseChangesTable {
  survey_id: string
  day: Date
  changes: string
}

/** Added by `0039-summary-parts`: a closed day's or month's summary sums, valid while its `changes` is its count. */
export interface SummaryPartsTable {
  survey_id: string
  period: 'day' | 'month'
  starts: Date
  plan: string
  changes: string
  sums: unknown
  computed_at: Date
}

/** Added by `0043-console-memberships`: one account per person, with the email and the password. */
export interface ConsoleAccountsTable {
  id: string
  email: string
  password_hash: string | null
  created_at: Date
  updated_at: Date
}

/**
 * Added by `0037-console-accounts`: the console's people; since `0043-console-memberships` an account's
 * membership of a project (`email` and `password_hash` are no longer written: the account's are read).
 */
export interface ConsolePeopleTable {
  id: string
  project_id: string
  account_id: string
  email: string | null
  role: 'viewer' | 'editor' | 'owner'
  password_hash: string | null
  created_at: Date
  updated_at: Date
}

/** Added by `0037-console-accounts`: sign-in sessions, by the SHA-256 of their token; an account's since 0043. */
export interface ConsoleSessionsTable {
  hash: string
  account_id: string
  person_id: string | null
  created_at: Date
  expires_at: Date
  /** Added by `0045-console-session-activity`, as the four below: the session's public id. */
  id: string
  last_seen_at: Date
  user_agent: string | null
  address: string | null
  /** `password`, `link`, `sso:<provider id>`; null for a session stored before 0045. */
  method: string | null
}

/** Added by `0037-console-accounts`: one-time links, by the SHA-256 of their token; an account's (or a first-owner link) since 0043. */
export interface ConsoleLinksTable {
  hash: string
  project_id: string | null
  account_id: string | null
  person_id: string | null
  created_at: Date
  expires_at: Date
  used_at: Date | null
  /** Added by `0046-console-link-mailed`: sent by mail to the account's address (may set a password without the current one). */
  mailed: Generated<boolean>
}

/** Added by `0027-response-retention`: who runs a periodic job (e.g. `retention`), and until when. */
export interface MaintenanceLeasesTable {
  name: string
  holder: string
  lease_until: Date
}

/** Added by `0023-import-mappings`: which source id of an import became which id here. */
export interface ImportMappingsTable {
  environment_id: string
  source: string
  resource: string
  source_id: string
  target_id: string
  created_at: DefaultedTimestamp
  /** Added by `0030-import-mappings-erased`: when the row's target went with a contact's erasure; null while it lives. */
  erased_at: Date | null
}

interface Timestamps {
  created_at: DefaultedTimestamp
  updated_at: DefaultedTimestamp
}

export interface OrganizationsTable extends Timestamps {
  id: string
  name: string
}

export interface ProjectsTable extends Timestamps {
  id: string
  organization_id: string
  name: string
  /** Added by `0036-project-custom-css`: the workspace's custom CSS (`StoredCustomCss`), and the value it replaced. */
  custom_css: Generated<unknown>
  custom_css_previous: Generated<unknown>
  /** Added by `0042-project-styling`: the workspace's theme, the reference's project `styling` and `logo`. */
  styling: Generated<unknown>
  logo: Generated<unknown>
}

export interface EnvironmentsTable extends Timestamps {
  id: string
  project_id: string
  type: 'production' | 'development'
  app_setup_completed: Generated<boolean>
  website_setup_completed: Generated<boolean>
  /** Added by `0027-response-retention`: days responses are kept where a survey says nothing; null keeps them. */
  response_retention_days: ColumnType<number | null, number | null | undefined, number | null>
}

export interface ApiKeysTable {
  id: string
  environment_id: string
  hash: string
  label: string | null
  created_at: DefaultedTimestamp
  revoked_at: Date | null
  /** Added by `0003-management`. */
  prefix: ColumnType<string | null, string | null | undefined, string | null>
  /** Added by `0003-management`. */
  last_used_at: ColumnType<Date | null, Date | null | undefined, Date | null>
}

export interface SurveysTable extends Timestamps {
  id: string
  environment_id: string
  name: string
  type: string
  status: 'draft' | 'scheduled' | 'inProgress' | 'paused' | 'completed'
  created_by: string | null
  delay: number
  display_option: string
  display_limit: number | null
  display_percentage: number | null
  auto_close: number | null
  auto_complete: number | null
  close_on_date: Date | null
  run_on_date: Date | null
  recontact_days: number | null
  pin: string | null
  redirect_url: string | null
  result_share_key: string | null
  show_language_switch: boolean | null
  is_verify_email_enabled: boolean
  is_back_button_hidden: boolean
  is_auto_progressing_enabled: boolean
  segment_id: string | null
  questions: Jsonb<unknown[]>
  blocks: Jsonb<unknown[]>
  endings: Jsonb<unknown[]>
  variables: Jsonb<unknown[]>
  welcome_card: NullableJsonb
  hidden_fields: NullableJsonb
  single_use: NullableJsonb
  languages: Jsonb<unknown[]>
  triggers: Jsonb<unknown[]>
  styling: NullableJsonb
  survey_closed_message: NullableJsonb
  product_overwrites: NullableJsonb
  /** Added by `0027-response-retention`: days this survey's responses are kept; null: the environment's default. */
  response_retention_days: ColumnType<number | null, number | null | undefined, number | null>
  /** Added by `0033-survey-archive`: when the survey was archived (v3), null while it is active. */
  archived_at: ColumnType<Date | null, Date | null | undefined, Date | null>
  /** Added by `0033-survey-archive`: the v3 document's `metadata`, kept as sent. */
  metadata: ColumnType<Record<string, unknown>, string | undefined, string>
  /** Added by `0040-survey-custom-css`: the survey's own custom CSS (source, compiled, processor version). */
  custom_css: ColumnType<unknown, string | null | undefined, string | null>
}

export interface ResponsesTable extends Timestamps {
  id: string
  survey_id: string
  /** Denormalised from the survey so that environment-scoped lists need no join. */
  environment_id: string
  finished: boolean
  data: Jsonb<Record<string, unknown>>
  meta: Jsonb<Record<string, unknown>>
  ttc: Jsonb<Record<string, number>>
  variables: Jsonb<Record<string, unknown>>
  language: string | null
  single_use_id: string | null
  display_id: string | null
  ending_id: string | null
  contact_id: string | null
  /** The contact's attributes when the response was created (`personAttributes`). */
  contact_attributes: NullableJsonb<Record<string, string>>
}

/**
 * Added by `0038-partitioned-responses`: what a response holds that no other response of any month may hold (its
 * survey's single-use id, its display), kept unique here because `responses` is partitioned. Written by the
 * statement that writes the response; goes with it.
 */
export interface ResponseClaimsTable {
  response_id: string
  response_created_at: Date
  survey_id: string
  single_use_id: string | null
  display_id: string | null
}

export interface ResponseNotesTable extends Timestamps {
  id: string
  response_id: string
  /** Added by `0038-partitioned-responses`: the `created_at` of the response (the second half of its key). */
  response_created_at: Date
  user_id: string | null
  user_name: string | null
  text: string
  is_resolved: Generated<boolean>
  is_edited: Generated<boolean>
}

export interface TagsTable extends Timestamps {
  id: string
  environment_id: string
  name: string
}

export interface ResponseTagsTable {
  response_id: string
  /** Added by `0038-partitioned-responses`: the `created_at` of the response (the second half of its key). */
  response_created_at: Date
  tag_id: string
}

export interface DisplaysTable extends Timestamps {
  id: string
  survey_id: string
  environment_id: string
  contact_id: string | null
  response_id: string | null
  status: string | null
}

export interface ContactsTable extends Timestamps {
  id: string
  environment_id: string
  user_id: string | null
}

export interface ContactAttributeKeysTable extends Timestamps {
  id: string
  environment_id: string
  key: string
  name: string | null
  description: string | null
  type: 'default' | 'custom'
  is_unique: Generated<boolean>
  /** Created by a client route: counts against the bound on such keys per environment. */
  created_by_client: Generated<boolean>
}

export interface ContactAttributesTable extends Timestamps {
  id: string
  contact_id: string
  attribute_key_id: string
  value: string
}

export interface AttributeClassesTable extends Timestamps {
  id: string
  environment_id: string
  name: string
  type: 'code' | 'automatic'
  description: string | null
  archived: Generated<boolean>
}

export interface ActionClassesTable extends Timestamps {
  id: string
  environment_id: string
  name: string
  description: string | null
  type: 'code' | 'noCode' | 'automatic'
  key: string | null
  no_code_config: NullableJsonb
}

export interface WebhooksTable extends Timestamps {
  id: string
  environment_id: string
  name: string | null
  url: string
  source: Generated<string>
  triggers: Jsonb<string[]>
  survey_ids: Jsonb<string[]>
  secret: string
  disabled_at: Date | null
}

/** Added by `0006-webhook-events`: response changes that webhooks want, until the dispatcher expands them. */
export interface WebhookEventsTable {
  id: string
  response_id: string
  /**
   * What core matches at `expand` (`response-events-sql.ts`): `{ write, wasFinished, webhooks }`, the environment's
   * active webhooks at the write (id, triggers, surveyIds). Events recorded before that: event name → ids of the
   * webhooks that matched it when the response changed.
   */
  hooks: Jsonb
  /** The event's data, built (events written before `0031`); otherwise the dispatcher builds it from the columns below. */
  data: Jsonb | null
  /** The response's `updated_at`. */
  created_at: Date
  /** The response as written, its contact (`person` as the API shows it), notes, tags and survey. */
  survey_id: string | null
  response_created_at: Date | null
  finished: boolean | null
  answers: Jsonb | null
  variables: Jsonb | null
  ttc: Jsonb | null
  meta: Jsonb | null
  language: string | null
  single_use_id: string | null
  display_id: string | null
  ending_id: string | null
  person: Jsonb | null
  person_attributes: Jsonb | null
  survey_name: string | null
  survey_type: string | null
  survey_status: string | null
  /** Added by `0031-events-written-with-responses`. */
  notes: Jsonb | null
  tags: Jsonb | null
  survey_run_on_date: Date | null
  survey_close_on_date: Date | null
  /** Added by `0034-event-survey-dates`: the survey's own dates when the response was written. */
  survey_created_at: Date | null
  survey_updated_at: Date | null
}

export interface WebhookDeliveriesTable extends Timestamps {
  id: string
  webhook_id: string
  event: string
  payload: Jsonb
  status: Generated<string>
  attempts: Generated<number>
  next_attempt_at: DefaultedTimestamp
  last_status: number | null
  last_error: string | null
  /** Added by `0005-webhooks`. */
  attempt_log: ColumnType<unknown[], string | undefined, string>
  claim_token: string | null
  response_id: string | null
}

export interface FilesTable {
  id: string
  environment_id: string
  survey_id: string | null
  access_type: 'public' | 'private'
  file_name: string
  content_type: string
  /** Added by `0028-response-uploads`: uploaded by a respondent (the client route) for a response. */
  for_response: Generated<boolean>
  /** int8: `pg` returns it as a string. */
  size: ColumnType<string, number | bigint | string, number | bigint | string>
  created_at: DefaultedTimestamp
}

export interface SpentUploadUuidsTable {
  uuid: string
  environment_id: string
  spent_at: DefaultedTimestamp
}

export interface RateLimitCountersTable {
  key: string
  window_start: Date
  count: number
}

export interface SegmentsTable extends Timestamps {
  id: string
  environment_id: string
  title: string
  description: string | null
  is_private: boolean
  filters: Jsonb<unknown[]>
}

/** Added by `0022-quotas`. */
export interface QuotasTable extends Timestamps {
  id: string
  environment_id: string
  survey_id: string
  name: string
  limit: number
  logic: Jsonb<{ connector: 'and' | 'or'; conditions: unknown[] }>
  action: 'endSurvey' | 'continueSurvey'
  ending_card_id: string | null
  count_partial_submissions: boolean
}

/** Added by `0022-quotas`. */
/** Responses a client wrote whose quota screening has not counted that write yet (migration 0035). */
export interface UnscreenedResponsesTable {
  response_id: string
  /** Added by `0038-partitioned-responses`: the `created_at` of the response (the second half of its key). */
  response_created_at: Date
  /** The `updated_at` of the write that marked it, or the time a claim took it. */
  marked_at: Date
}

export interface ResponseQuotaLinksTable {
  response_id: string
  /** Added by `0038-partitioned-responses`: the `created_at` of the response (the second half of its key). */
  response_created_at: Date
  quota_id: string
  status: 'screenedIn' | 'screenedOut'
}

/** Added by `0018-idempotency-keys`. */
export interface IdempotencyKeysTable {
  environment_id: string
  /** Added by `0029-idempotency-scopes`: `client` or `management`, each its own key space. */
  scope: string
  key: string
  fingerprint: string
  state: string
  status: number | null
  body: string | null
  content_type: string | null
  lease_until: Date
  expires_at: Date
  created_at: Date
}

/** Added by `0025-blob-deletions`: blobs to remove from the blob store, written with the change that orphaned them. */
export interface BlobDeletionsTable {
  id: string
  /** The blob store's key, `{environmentId}/{public|private}/{fileName}`. */
  blob_key: string
  environment_id: string
  created_at: DefaultedTimestamp
  attempts: Generated<number>
  next_attempt_at: DefaultedTimestamp
  claim_token: string | null
  last_error: string | null
}

/** Added by `0026-audit-log`: append-only (a trigger refuses updates, and deletes outside the purge). */
export interface AuditLogTable {
  id: string
  environment_id: string
  created_at: Date
  api_key_id: string | null
  api_key_label: string | null
  action: string
  method: string | null
  route: string | null
  resource_type: string
  resource_id: string | null
  status: number | null
  summary: Jsonb<Record<string, unknown>>
  address: string | null
  request_id: string | null
}
