import * as v from 'valibot'
import type { CanvassContext } from '../context'
import { CanvassError, validationError } from '../errors'
import { storageProblem } from '../http/body'
import { parseItem } from '../http/validate'
import type {
  ActionClassRecord,
  ContactAttributeKeyRecord,
  ImportedContact,
  ImportedResponseExtras,
  NewResponse,
  NewWebhook,
  SegmentRecord,
  SurveyRecord,
  WebhookEvent,
} from '../ports/storage'
import { actionClassCreateSchema } from '../schemas/action-class'
import { contactAttributeKeyCreateSchema } from '../schemas/contact-attribute-key'
import { managementResponseCreateSchema } from '../schemas/response'
import { MAX_SEGMENTS_PER_ENVIRONMENT, segmentCreateSchema } from '../schemas/segment'
import { surveyCreateSchema } from '../schemas/survey'
import type { SurveyCreateInput } from '../schemas/survey'
import { isUnknownFieldIssue } from '../schemas/strict-object'
import { checkNotInFuture } from '../domain/backdated-times'
import { webhookCreateSchema } from '../schemas/webhook'
import { appendAuditEntry } from '../domain/audit-log'
import { NEW_ENVIRONMENT_ROWS } from '../domain/environment-defaults'
import { newResponse } from '../domain/response-service'
import { newResultShareKey } from '../domain/result-share'
import { checkResponseSize } from '../domain/response-size'
import { segmentReferenceCheck } from '../domain/segment-service'
import { surveyFieldsFromInput } from '../domain/survey-service'
import { resolveSurveyTriggers } from '../domain/survey-triggers'
import { PRIVATE_WEBHOOK_ADDRESSES_OPTION, checkWebhookUrl } from '../webhooks/check-webhook-url'
import { generateWebhookSecret } from '../webhooks/sign-webhook'
import type { SourceClient, SourceClientOptions } from './source-client'
import { SourceError, createSourceClient } from './source-client'
import type { Item } from './import-items'
import {
  REFUSALS,
  SURVEY_FIELD_REASONS,
  SURVEY_OUTPUT_FIELDS,
  isProgrammingError,
  notesOf,
  pick,
  refusalOf,
  tagsOf,
  times,
} from './import-items'
import { importResponses as writeResponseImport } from '../domain/response-imports'

/** What an import copies, in the order it copies them (later ones name earlier ones). */
export const IMPORT_RESOURCES = [
  'actionClasses',
  'contactAttributeKeys',
  'contacts',
  'segments',
  'surveys',
  'responses',
  'webhooks',
] as const
export type ImportResource = (typeof IMPORT_RESOURCES)[number]

export interface FormbricksImportOptions extends Omit<SourceClientOptions, 'url' | 'apiKey'> {
  /** The source instance's base URL and a management API key of the environment to copy. */
  url: string
  apiKey: string
  /** The Canvass environment to copy into. */
  environmentId: string
  /** Reads everything and reports what would be created, writing nothing. */
  dryRun?: boolean
  /** Items asked for per source page (and written per transaction). @default 250 */
  pageSize?: number
  /** Told when a resource starts (all counts 0) and after every page of it. */
  onProgress?: (progress: ResourceCounts) => void
  /**
   * Most items read of a resource whose ids are held for the run (action classes, attribute keys, segments,
   * surveys, webhooks): past it the rest is not read, and said. @default 100_000
   */
  maxHeldItems?: number
  /**
   * Most text of the source's attribute values held while contacts are copied (the reference answers them
   * apart from the contacts, in one list): past it the rest is not read, and said. @default 67108864 (64 MiB)
   */
  maxAttributeBytes?: number
}

export interface ResourceCounts {
  resource: ImportResource
  read: number
  created: number
  already: number
  refused: number
  /**
   * Items not copied because what they became here was erased (a contact erased through the API, its
   * responses): a run after an erasure does not bring them back. See docs/migrating.md.
   */
  erased: number
  /** Why items were refused, with how many and the first few source ids (an object without a prototype). */
  reasons: Record<string, { count: number; ids: string[] }>
  /** Whether the source had nothing to read for it (no such route). */
  unavailable: boolean
}

export interface FormbricksImportReport {
  resources: ResourceCounts[]
  /** Ids that could not be kept: source id → id in Canvass. */
  mappings: Array<{ resource: ImportResource | 'displays'; sourceId: string; targetId: string }>
  /** The new signing secret of each webhook created (the source's cannot be read); shown once. */
  webhookSecrets: Array<{ id: string; url: string; secret: string }>
  /**
   * The new share key of each survey created that the source shared read-only (its `resultShareKey`): the
   * source's key is never kept (only Canvass makes keys), so the link to give out changes. `url` is the page's
   * address when the public URL of this Canvass is known.
   */
  shareKeys: Array<{ surveyId: string; resultShareKey: string; url: string | null }>
  /** Source fields Canvass does not store, per resource and field, with how many items had them. */
  droppedFields: Array<{ resource: ImportResource; field: string; count: number; reason: string }>
  dryRun: boolean
}

/** What a contact's erasure takes, whose mapping rows it marks (`ImportStore.erasedMappings`). */
const ERASABLE: ReadonlySet<ImportResource | 'displays'> = new Set(['contacts', 'responses', 'displays'])

/** Most source ids listed per refusal reason (the count holds the rest). */
const LISTED_IDS = 5
/** Most refusal reasons per resource, and fields not copied, listed apart. */
const LISTED_REASONS = 100
/** Most parses of one survey that leave its unknown fields behind (each pass, one per object). */
const MAX_UNKNOWN_FIELD_PASSES = 20
/** Most mappings kept in the report (all are recorded in the database). */
const LISTED_MAPPINGS = 10_000

/**
 * Copies an environment of a Formbricks instance (or of another Canvass, which speaks the same management
 * API) into `options.environmentId`: action classes, attribute keys, contacts, segments, surveys, responses
 * (with displays, tags and notes) and webhooks. Ids are kept where they are free; every source id is
 * recorded with its id here before the row is written, so a second run finds them "already there" and a
 * run killed half-way resumes. The source is read page by page, one request at a time.
 */
export async function importFormbricks(ctx: CanvassContext, options: FormbricksImportOptions): Promise<FormbricksImportReport> {
  const environment = await ctx.storage.environments.get(options.environmentId)
  // A dry run may name the environment a real run would make (`--environment source`).
  if (!environment && !options.dryRun) throw new CanvassError('not_found', `Environment ${options.environmentId} does not exist`)
  const source = createSourceClient(options)
  const run = createImportRun(ctx, source, options, environment === null)
  try {
    await run.run()
  } finally {
    // An admin action like an API write: one entry with the counts (never what was copied), also for a run
    // that stopped half-way, when it was not a dry run. See docs/data-rights.md#audit-log.
    if (!options.dryRun && environment) await recordImport(ctx, options.environmentId, run.report)
  }
  return run.report
}

async function recordImport(ctx: CanvassContext, environmentId: string, report: FormbricksImportReport): Promise<void> {
  const total = (field: 'read' | 'created' | 'already' | 'refused') => report.resources.reduce((sum, r) => sum + r[field], 0)
  const event = {
    environmentId,
    action: 'import',
    resourceType: 'environment',
    resourceId: environmentId,
    summary: { result: { read: total('read'), created: total('created'), already: total('already'), refused: total('refused') } },
  }
  await appendAuditEntry(ctx.storage, event, ctx.now()).catch((error: unknown) =>
    ctx.auditFailed({ route: 'admin: import formbricks', method: 'ADMIN', requestId: null, error }),
  )
}

/**
 * One run: what it has counted, the ids it knows (source → here) of the small resources, and a writer per
 * resource. Contacts and responses are never held beyond their page.
 */
function createImportRun(ctx: CanvassContext, source: SourceClient, options: FormbricksImportOptions, unmade: boolean) {
  const env = options.environmentId
  const dryRun = options.dryRun ?? false
  /**
   * What a dry run would have written (`resource:id`), and the action classes among it: its later decisions
   * (a survey's triggers and segment, a webhook's surveys, a response's survey) take them as there, as the run
   * finds them. Into an environment not made yet (`unmade`), the rows a new environment starts with count as
   * there too.
   */
  const planned = new Set<string>()
  const plannedActionClasses: ActionClassRecord[] = []
  const plannedUserIds = new Set<string>()
  const limit = options.pageSize ?? 250
  const maxHeldItems = options.maxHeldItems ?? 100_000
  const maxAttributeBytes = options.maxAttributeBytes ?? 64 * 1024 * 1024
  const sourceKey = source.base
  const report: FormbricksImportReport = { resources: [], mappings: [], webhookSecrets: [], shareKeys: [], droppedFields: [], dryRun }
  const countsByResource = new Map<ImportResource, ResourceCounts>()
  const dropped = new Map<string, { resource: ImportResource; field: string; count: number; reason: string }>()
  /** Small resources' ids (source → here): action classes, keys, segments, surveys. Contacts and responses are looked up per page. */
  const known = {
    actionClasses: new Map<string, string>(),
    keys: new Map<string, string>(),
    keyNames: new Map<string, string>(),
    segments: new Map<string, string>(),
    surveys: new Map<string, string>(),
  }
  let segmentsListed = true
  /** Whether contacts come without their values, which were then read apart (the reference). */
  let attributesRead = false

  async function run(): Promise<void> {
    await resource('actionClasses', '/api/v1/management/action-classes', (items) => importActionClasses(items))
    await resource('contactAttributeKeys', '/api/v1/management/contact-attribute-keys', (items) => importAttributeKeys(items))
    const attributes = await sourceAttributes()
    await resource('contacts', '/api/v1/management/contacts', (items) => importContacts(items, attributes))
    const found = await resource('segments', '/api/v1/management/segments', (items) => importSegments(items))
    segmentsListed = found
    await resource('surveys', '/api/v1/management/surveys', (items) => importSurveys(items), 'offset')
    await resource('responses', '/api/v1/management/responses', (items) => importResponses(items))
    await resource('webhooks', '/api/v1/webhooks', (items) => importWebhooks(items))
    report.droppedFields = [...dropped.values()]
  }

  function count(resource: ImportResource): ResourceCounts {
    let counts = countsByResource.get(resource)
    if (!counts) {
      counts = { resource, read: 0, created: 0, already: 0, refused: 0, erased: 0, reasons: Object.create(null), unavailable: false }
      countsByResource.set(resource, counts)
      report.resources.push(counts)
    }
    return counts
  }

  function refuse(resource: ImportResource, sourceId: string, reason: string): void {
    const counts = count(resource)
    counts.refused++
    // A source's items can fail in endless ways: past a bound, the rest share one line.
    const listed = Object.hasOwn(counts.reasons, reason) || Object.keys(counts.reasons).length < LISTED_REASONS ? reason : 'Other reasons'
    if (!Object.hasOwn(counts.reasons, listed)) counts.reasons[listed] = { count: 0, ids: [] }
    const entry = counts.reasons[listed]!
    entry.count++
    if (entry.ids.length < LISTED_IDS) entry.ids.push(sourceId)
  }

  function drop(resource: ImportResource, field: string, reason: string): void {
    const key = `${resource}.${field}`
    const entry = dropped.get(key) ?? dropped.get(`${resource}.…`)
    if (entry) entry.count++
    else if (dropped.size < LISTED_REASONS) dropped.set(key, { resource, field, count: 1, reason })
    else dropped.set(`${resource}.…`, { resource, field: '…', count: 1, reason: 'Other fields' })
  }

  /** Reads a list page by page and hands each page on; a source error is counted and the import goes on. Returns whether the source has the list. */
  async function resource(
    resource: ImportResource,
    path: string,
    handle: (items: Item[]) => Promise<void>,
    skipParam = 'skip',
  ): Promise<boolean> {
    const counts = count(resource)
    const found = { value: true }
    // Contacts and responses are held a page at a time; the other resources' ids for the whole run.
    const maxItems = resource === 'contacts' || resource === 'responses' ? Number.POSITIVE_INFINITY : maxHeldItems
    // Told once before the first page too, so that a rate can be counted from the start.
    options.onProgress?.(cloneCounts(counts))
    try {
      for await (const whole of source.list(path, { limit: limit, skipParam, found })) {
        const page = whole.slice(0, Math.max(0, maxItems - counts.read))
        const items: Item[] = []
        for (const item of page) {
          if (typeof item !== 'object' || item === null || typeof (item as Item).id !== 'string') {
            refuse(resource, '?', 'The source sent an item without an id')
            continue
          }
          // What Postgres cannot store (NUL, an unpaired surrogate, …) refuses its item alone, as the bulk
          // route does; the rest of the page is written.
          const problem = storageProblem(item)
          if (problem) refuse(resource, (item as Item).id as string, `Invalid (${problem.path}: ${problem.message})`)
          else items.push(item as Item)
        }
        counts.read += page.length
        const before = cloneCounts(counts)
        try {
          await handle(items)
        } catch (error) {
          if (error instanceof SourceError || isProgrammingError(error)) throw error
          // A write failed for another reason than the item itself: e.g. an import running at the same time wrote
          // the same row first. Counted again from the page's start; what is there now is "already there".
          Object.assign(counts, cloneCounts(before))
          try {
            await handle(items)
          } catch (again) {
            if (again instanceof SourceError || isProgrammingError(again)) throw again
            Object.assign(counts, before)
            const message = again instanceof Error ? again.message : String(again)
            for (const item of items) refuse(resource, item.id as string, `Could not be written: ${message.slice(0, 200)}`)
          }
        }
        options.onProgress?.(cloneCounts(counts))
        if (page.length < whole.length) {
          refuse(resource, '(rest)', `More than ${maxItems} items: the rest was not read (a bound of the import, see docs/migrating.md)`)
          break
        }
      }
    } catch (error) {
      if (!(error instanceof SourceError) || error.fatal) throw error
      refuse(resource, '(page)', `The source failed: ${error.message}`)
      options.onProgress?.(cloneCounts(counts))
    }
    counts.unavailable = !found.value
    return found.value
  }

  /**
   * The id each source id has here: recorded by an earlier run, else the source id itself when it is free,
   * else a new one (recorded, and listed in the report). `present` holds the ids whose row exists here;
   * `erased` the source ids whose row here was erased, which have no id here and are never written again.
   */
  async function targets(
    resource: ImportResource | 'displays',
    sourceIds: string[],
  ): Promise<{ ids: Map<string, string>; present: Set<string>; erased: Set<string> }> {
    const recorded = await ctx.storage.imports.mappings(env, sourceKey, resource, sourceIds)
    const fresh = sourceIds.filter((id) => !recorded.has(id))
    const { here, elsewhere } = await ctx.storage.imports.existing(env, resource, [...fresh, ...recorded.values()])
    // Asked after what is here: an erasure that commits in between left its rows "here" above (so nothing is
    // written for them) and is seen now. Only recorded ids can have been erased.
    const erased =
      ERASABLE.has(resource) && recorded.size > 0
        ? await ctx.storage.imports.erasedMappings(env, sourceKey, resource, [...recorded.keys()])
        : new Set<string>()
    const ids = new Map(recorded)
    const newPairs: Array<{ sourceId: string; targetId: string }> = []
    for (const sourceId of fresh) {
      const keep = /^[A-Za-z0-9_-]{1,64}$/.test(sourceId) && !elsewhere.has(sourceId)
      const targetId = keep ? sourceId : ctx.newId()
      ids.set(sourceId, targetId)
      newPairs.push({ sourceId, targetId })
      if (targetId !== sourceId && report.mappings.length < LISTED_MAPPINGS) report.mappings.push({ resource, sourceId, targetId })
    }
    if (!dryRun && newPairs.length > 0) {
      const recordedNow = await ctx.storage.imports.recordMappings(env, sourceKey, resource, newPairs)
      const moved = newPairs.filter((pair) => recordedNow.has(pair.sourceId) && recordedNow.get(pair.sourceId) !== pair.targetId)
      for (const pair of moved) ids.set(pair.sourceId, recordedNow.get(pair.sourceId)!)
      // Another import recorded some first: whether their rows exist is asked again.
      if (moved.length > 0)
        for (const id of (
          await ctx.storage.imports.existing(
            env,
            resource,
            moved.map((pair) => ids.get(pair.sourceId)!),
          )
        ).here)
          here.add(id)
    }
    return { ids, present: here, erased }
  }

  /** A source row that matched one here by name or key: its id is not kept, so it is listed (once per run). */
  function noteMatched(resource: ImportResource, sourceId: string, targetId: string): void {
    if (targetId === sourceId || report.mappings.length >= LISTED_MAPPINGS) return
    if (!report.mappings.some((m) => m.resource === resource && m.sourceId === sourceId))
      report.mappings.push({ resource, sourceId, targetId })
  }

  /**
   * The loop of a resource whose items are written one at a time: an item whose id is here already, or that
   * `match`es a row here (by name or key), is "already there"; else `create` writes it (not in a dry run) or
   * answers why not, or throws a `CanvassError` or `ValiError` that refuses it. `known` learns each item's id here.
   */
  async function importEach(resource: ImportResource, items: Item[], writer: ItemWriter): Promise<void> {
    const counts = count(resource)
    const { ids, present } = await targets(
      resource,
      items.map((item) => item.id as string),
    )
    for (const item of items) {
      const sourceId = item.id as string
      const targetId = ids.get(sourceId)!
      const match = writer.match?.(item)
      if (present.has(targetId) || match !== undefined) {
        writer.known?.set(sourceId, match ?? targetId)
        if (match !== undefined) noteMatched(resource, sourceId, match)
        counts.already++
        continue
      }
      try {
        const refusal = await writer.create(item, targetId)
        if (refusal !== undefined) {
          refuse(resource, sourceId, refusal)
          continue
        }
        writer.known?.set(sourceId, targetId)
        if (dryRun) planned.add(`${resource}:${targetId}`)
        counts.created++
      } catch (error) {
        refuseError(resource, sourceId, error)
      }
    }
  }

  async function importActionClasses(items: Item[]): Promise<void> {
    const existing = unmade
      ? newEnvironmentActionClasses()
      : await allRows(async (position) => ctx.storage.actionClasses.list(env, position))
    if (unmade) plannedActionClasses.push(...existing)
    const byName = new Map(existing.map((record) => [record.name, record.id]))
    await importEach('actionClasses', items, {
      known: known.actionClasses,
      match: (item) => (typeof item.name === 'string' ? byName.get(item.name) : undefined),
      async create(item, targetId) {
        if (item.type === 'automatic') return 'Automatic action classes are made by Canvass itself'
        const input = parseItem(actionClassCreateSchema, pick(item, ['name', 'description', 'type', 'key', 'noCodeConfig']))
        const record: ActionClassRecord = {
          id: targetId,
          environmentId: env,
          name: input.name,
          description: input.description ?? null,
          type: input.type,
          key: input.type === 'code' ? input.key : null,
          noCodeConfig: input.type === 'noCode' ? input.noCodeConfig : null,
          ...times(item),
        }
        if (dryRun) plannedActionClasses.push(record)
        else {
          const outcome = await ctx.storage.actionClasses.insert(record)
          if (outcome !== 'created')
            throw validationError({ [outcome === 'duplicate_key' ? 'key' : 'name']: 'Taken by another action class here' })
        }
      },
    })
  }

  async function importAttributeKeys(items: Item[]): Promise<void> {
    const existing = unmade
      ? NEW_ENVIRONMENT_ROWS.contactAttributeKeys.map((row) => ({ key: row.key, id: unmadeId(row.key) }))
      : await allRows(async (position) => ctx.storage.contactAttributeKeys.list(env, position))
    for (const record of existing) known.keyNames.set(record.key, record.id)
    await importEach('contactAttributeKeys', items, {
      known: known.keys,
      match: (item) => (typeof item.key === 'string' ? known.keyNames.get(item.key) : undefined),
      async create(item, targetId) {
        const input = parseItem(contactAttributeKeyCreateSchema, pick(item, ['key', 'name', 'description', 'type']))
        const record: ContactAttributeKeyRecord = {
          id: targetId,
          environmentId: env,
          key: input.key,
          name: input.name ?? input.key,
          description: input.description ?? null,
          type: input.type,
          isUnique: item.isUnique === true,
          ...times(item),
        }
        if (!dryRun && (await ctx.storage.contactAttributeKeys.insert(record)) === 'duplicate')
          throw validationError({ key: 'Taken by another key here' })
        known.keyNames.set(record.key, targetId)
      },
    })
  }

  /**
   * The reference lists contacts without their attributes and the attribute values apart, all at once
   * (`/contact-attributes` takes no page). A Canvass source lists contacts with theirs, so this is only read
   * when the contacts come without: held as contact id → key id → value.
   */
  async function sourceAttributes(): Promise<Map<string, Record<string, string>>> {
    // Values by key id in objects without a prototype: the key ids are the source's (`__proto__` is a key).
    const byContact = new Map<string, Record<string, string>>()
    const first = await source.page(`/api/v1/management/contacts?limit=1`).catch((error: unknown) => {
      if (error instanceof SourceError && error.fatal) throw error
      return null
    })
    const sample = first?.items[0] as Item | undefined
    if (!sample || (typeof sample.attributes === 'object' && sample.attributes !== null)) return byContact
    attributesRead = true
    // Counted as the text held (ids and values), so that what the source sends cannot grow the process.
    let held = 0
    try {
      read: for await (const page of source.list('/api/v1/management/contact-attributes', { limit: limit })) {
        for (const row of page as Item[]) {
          if (typeof row !== 'object' || row === null) continue
          const contactId = typeof row.contactId === 'string' ? row.contactId : undefined
          const keyId = typeof row.attributeKeyId === 'string' ? row.attributeKeyId : (row.attributeKey as Item | undefined)?.id
          if (contactId === undefined || typeof keyId !== 'string' || typeof row.value !== 'string') continue
          let values = byContact.get(contactId)
          held += keyId.length + row.value.length + (values ? 0 : contactId.length)
          if (held > maxAttributeBytes) {
            refuse(
              'contacts',
              '(attributes)',
              `The source's attribute values passed ${maxAttributeBytes} bytes: the rest was not read, and contacts are copied without them (a bound of the import, see docs/migrating.md)`,
            )
            break read
          }
          // Values by key id in objects without a prototype: the key ids are the source's (`__proto__` is one).
          if (!values) byContact.set(contactId, (values = Object.create(null) as Record<string, string>))
          values[keyId] = row.value
        }
      }
    } catch (error) {
      if (!(error instanceof SourceError) || error.fatal) throw error
      refuse('contacts', '(attributes)', `The source failed: ${error.message}`)
    }
    return byContact
  }

  async function importContacts(items: Item[], attributes: Map<string, Record<string, string>>): Promise<void> {
    const counts = count('contacts')
    const { ids, present, erased } = await targets(
      'contacts',
      items.map((item) => item.id as string),
    )
    const batch: ImportedContact[] = []
    const sourceIds = new Map<string, string>()
    for (const item of items) {
      const sourceId = item.id as string
      if (erased.has(sourceId)) {
        counts.erased++
        continue
      }
      const targetId = ids.get(sourceId)!
      if (present.has(targetId)) {
        counts.already++
        continue
      }
      // Keyed by attribute key ids, which are the source's ids where they were free.
      const values: Record<string, string> = Object.create(null)
      let userId = typeof item.userId === 'string' ? item.userId : null
      if (attributesRead) {
        // The reference keeps userId as an attribute; Canvass keeps it on the contact.
        for (const [keyId, value] of Object.entries(attributes.get(sourceId) ?? {})) {
          const target = known.keys.get(keyId)
          if (target === undefined) drop('contacts', `attributes.${keyId}`, 'Its attribute key was not imported')
          else if (target === known.keyNames.get('userId')) userId = value
          else values[target] = value
        }
      } else if (typeof item.attributes === 'object' && item.attributes !== null) {
        for (const [key, value] of Object.entries(item.attributes as Record<string, unknown>)) {
          const target = known.keyNames.get(key)
          if (target === undefined || typeof value !== 'string') drop('contacts', `attributes.${key}`, 'Its attribute key was not imported')
          else values[target] = value
        }
      }
      // Values read apart from the contact: checked here, so that one bad value refuses its contact alone.
      const problem = storageProblem({ userId, attributes: values })
      if (problem) {
        refuse('contacts', sourceId, `Invalid (${problem.path}: ${problem.message})`)
        continue
      }
      batch.push({ id: targetId, userId, attributes: values, ...times(item) })
      sourceIds.set(targetId, sourceId)
    }
    if (batch.length === 0) return
    if (dryRun) {
      // What the insert would skip: a userId a contact here has, or one an earlier contact of the run took.
      const taken = await ctx.storage.imports.takenUserIds(
        env,
        batch.flatMap((contact) => contact.userId ?? []),
      )
      for (const contact of batch) {
        if (contact.userId !== null && (taken.has(contact.userId) || plannedUserIds.has(contact.userId)))
          refuse('contacts', sourceIds.get(contact.id)!, 'Another contact here has its userId')
        else {
          if (contact.userId !== null) plannedUserIds.add(contact.userId)
          counts.created++
        }
      }
      return
    }
    const write = async (contacts: ImportedContact[]) => {
      const inserted = new Set(await ctx.storage.imports.insertContacts(env, contacts))
      for (const contact of contacts) {
        if (inserted.has(contact.id)) counts.created++
        else refuse('contacts', sourceIds.get(contact.id)!, 'Another contact here has its userId')
      }
    }
    try {
      await write(batch)
    } catch {
      // One contact the database refuses fails its page's transaction: each is written alone, so that only it is refused.
      for (const contact of batch) {
        try {
          await write([contact])
        } catch (error) {
          refuseAlone('contacts', sourceIds.get(contact.id)!, error)
        }
      }
    }
  }

  async function importSegments(items: Item[]): Promise<void> {
    const fresh = items.filter((item) => !known.segments.has(item.id as string))
    await importEach('segments', fresh, {
      known: known.segments,
      async create(item, targetId) {
        const input = parseItem(segmentCreateSchema, pick(item, ['title', 'description', 'isPrivate', 'filters']))
        const record: SegmentRecord = {
          id: targetId,
          environmentId: env,
          title: input.title,
          description: input.description ?? null,
          isPrivate: input.isPrivate,
          filters: input.filters,
          surveys: [],
          ...times(item),
        }
        if (!dryRun) {
          const outcome = await ctx.storage.segments.insert(
            record,
            MAX_SEGMENTS_PER_ENVIRONMENT,
            segmentReferenceCheck(targetId, input.filters, 'filters'),
          )
          if (outcome === 'limit') throw validationError({ '': `An environment holds at most ${MAX_SEGMENTS_PER_ENVIRONMENT} segments` })
        }
      },
    })
  }

  async function importSurveys(items: Item[]): Promise<void> {
    // The reference lists no segments: a survey carries its own.
    if (!segmentsListed) {
      const embedded = items.flatMap((item) =>
        typeof item.segment === 'object' && item.segment !== null && typeof (item.segment as Item).id === 'string'
          ? [item.segment as Item]
          : [],
      )
      // A segment several surveys name is read once.
      const unseen = [
        ...new Map(
          embedded.filter((segment) => !known.segments.has(segment.id as string)).map((segment) => [segment.id, segment]),
        ).values(),
      ]
      count('segments').read += unseen.length
      await importSegments(unseen)
    }
    const surveyFields = new Set(Object.keys(surveyCreateSchema.entries))
    await importEach('surveys', items, {
      known: known.surveys,
      async create(item, targetId) {
        const body: Item = {}
        for (const [field, value] of Object.entries(item)) {
          const reason = SURVEY_FIELD_REASONS.get(field)
          if (reason === undefined && surveyFields.has(field)) body[field] = value
          else if (
            !SURVEY_OUTPUT_FIELDS.has(field) &&
            value !== null &&
            value !== undefined &&
            !(Array.isArray(value) && value.length === 0)
          ) {
            drop('surveys', field, reason ?? 'Canvass has no such survey field')
          }
        }
        body.environmentId = env
        delete body.workspaceId
        // Only Canvass makes share keys (the source's could be anything, another survey's here included): a
        // survey the source shared gets a new key below. See docs/migrating.md.
        delete body.resultShareKey
        // A Canvass field: the import keeps responses as the target environment's default says.
        delete body.responseRetentionDays
        if (item.status !== undefined) body.status = item.status
        if (typeof item.displayPercentage === 'number' || item.displayPercentage === null) body.displayPercentage = item.displayPercentage
        if (body.productOverwrites === undefined) body.productOverwrites = item.workspaceOverwrites ?? item.projectOverwrites ?? null
        const segmentId =
          typeof item.segmentId === 'string'
            ? item.segmentId
            : typeof (item.segment as Item | null)?.id === 'string'
              ? ((item.segment as Item).id as string)
              : null
        body.segmentId = segmentId === null ? null : (known.segments.get(segmentId) ?? segmentId)
        body.triggers = Array.isArray(item.triggers) ? item.triggers.map((trigger) => triggerHere(trigger)) : []
        const input = parseLeavingUnknownFields(body)
        input.triggers = await resolveSurveyTriggers(ctx, env, input.triggers, plannedActionClasses)
        if (
          input.segmentId !== null &&
          !planned.has(`segments:${input.segmentId}`) &&
          !(await ctx.storage.segments.get(env, input.segmentId))
        ) {
          throw validationError({ segmentId: 'Its segment was not imported' })
        }
        const survey: SurveyRecord = {
          id: targetId,
          environmentId: env,
          ...times(item),
          ...surveyFieldsFromInput(input),
          segmentId: input.segmentId ?? null,
        }
        const shared = typeof item.resultShareKey === 'string' && item.resultShareKey !== ''
        survey.resultShareKey = shared ? newResultShareKey() : null
        if (!dryRun) {
          await ctx.storage.surveys.insert(survey)
          if (survey.resultShareKey !== null)
            report.shareKeys.push({ surveyId: targetId, resultShareKey: survey.resultShareKey, url: shareUrl(survey.resultShareKey) })
        }
      },
    })
  }

  /**
   * A source survey parsed as a create body, without the fields inside it that no survey schema knows (a newer
   * or older reference's): each is left behind and reported under its path, its indexes as `*` (once per
   * survey), rather than refusing the survey and with it its responses. A strict object names the first field
   * it does not know, so the parse is run again until none is left (bounded). See docs/migrating.md.
   */
  function parseLeavingUnknownFields(body: Item): SurveyCreateInput {
    const copy = structuredClone(body)
    const left = new Map<string, string>()
    for (let pass = 0; pass < MAX_UNKNOWN_FIELD_PASSES; pass++) {
      const result = v.safeParse(surveyCreateSchema, copy, { abortEarly: false })
      if (result.success) {
        for (const [field, reason] of left) drop('surveys', field, reason)
        return result.output
      }
      const unknown = result.issues.filter(isUnknownFieldIssue)
      if (unknown.length === 0) break
      for (const issue of unknown) {
        const at = issue.path?.[issue.path.length - 1]
        if (at === undefined || typeof at.input !== 'object' || at.input === null) continue
        delete (at.input as Record<string, unknown>)[at.key as string]
        const field = (v.getDotPath(issue) ?? String(at.key)).replace(/\.\d+(?=\.|$)/g, '.*')
        if (!left.has(field)) left.set(field, `Canvass has no such field (${issue.message})`)
      }
    }
    // Refused for what is left: the fields it knows that are invalid (or more unknown ones than the passes took).
    return v.parse(surveyCreateSchema, copy, { abortEarly: false })
  }

  /** Why a dry run's response could not go in its survey (as the bulk write answers), per survey once. */
  const surveyRefusals = new Map<string, string | undefined>()
  async function surveyRefusal(surveyId: string): Promise<string | undefined> {
    if (planned.has(`surveys:${surveyId}`)) return undefined
    if (!surveyRefusals.has(surveyId)) {
      const survey = await ctx.storage.surveys.get(surveyId)
      const outcome = !survey ? 'survey_not_found' : survey.environmentId === env ? null : 'survey_in_other_environment'
      surveyRefusals.set(surveyId, outcome === null ? undefined : REFUSALS.get(outcome))
    }
    return surveyRefusals.get(surveyId)
  }

  /** The action classes an environment starts with, as a dry run into one not made yet counts them. */
  function newEnvironmentActionClasses(): ActionClassRecord[] {
    const now = ctx.now()
    return NEW_ENVIRONMENT_ROWS.actionClasses.map((row) => ({
      id: unmadeId(row.name),
      environmentId: env,
      name: row.name,
      description: row.description,
      type: row.type,
      key: null,
      noCodeConfig: null,
      createdAt: now,
      updatedAt: now,
    }))
  }

  /** The shared results page of `key` when this Canvass knows its public address (`publicUrl`). */
  function shareUrl(key: string): string | null {
    return ctx.publicUrl ? `${ctx.publicUrl.replace(/\/+$/, '')}/share/${encodeURIComponent(key)}` : null
  }

  /** A trigger naming its action class by the id that class has here. */
  function triggerHere(trigger: unknown): unknown {
    if (typeof trigger === 'string') return known.actionClasses.get(trigger) ?? trigger
    const actionClass = typeof trigger === 'object' && trigger !== null ? ((trigger as Item).actionClass as Item | undefined) : undefined
    if (!actionClass || typeof actionClass.id !== 'string') return trigger
    return { actionClass: { id: known.actionClasses.get(actionClass.id) ?? actionClass.id } }
  }

  async function importResponses(items: Item[]): Promise<void> {
    const counts = count('responses')
    const { ids, present, erased } = await targets(
      'responses',
      items.map((item) => item.id as string),
    )
    // A response of an erased contact is that person's too, also one the source got after the erasure.
    const contactOf = (item: Item) => {
      const contact = (item.contact ?? item.person) as Item | null | undefined
      return typeof contact?.id === 'string' ? contact.id : typeof item.contactId === 'string' ? item.contactId : null
    }
    const contactIds = items.flatMap((item) => contactOf(item) ?? [])
    const erasedContacts =
      contactIds.length === 0 ? new Set<string>() : await ctx.storage.imports.erasedMappings(env, sourceKey, 'contacts', contactIds)
    const isErased = (item: Item) =>
      erased.has(item.id as string) || (erasedContacts.has(contactOf(item) ?? '') && !present.has(ids.get(item.id as string) ?? ''))
    // A display keeps its id unless another environment here has it (then the response names the new one).
    const displayIds = items.flatMap((item) =>
      typeof item.displayId === 'string' && !isErased(item) && !present.has(ids.get(item.id as string)!) ? [item.displayId] : [],
    )
    const displayTargets = displayIds.length === 0 ? new Map<string, string>() : (await targets('displays', displayIds)).ids
    const valid: Array<{ sourceId: string; response: NewResponse; extras: ImportedResponseExtras }> = []
    const displays: Array<{ id: string; surveyId: string; contactId: string | null; createdAt: Date }> = []
    // Notes and tags are written after their responses: a run stopped in between adds them when it resumes
    // (adding them again adds nothing).
    const extras: ImportedResponseExtras[] = []
    for (const item of items) {
      const sourceId = item.id as string
      if (isErased(item)) {
        counts.erased++
        continue
      }
      const targetId = ids.get(sourceId)!
      if (present.has(targetId)) {
        counts.already++
        const more = { responseId: targetId, notes: notesOf(item.notes), tags: tagsOf(item.tags) }
        if (more.notes.length > 0 || more.tags.length > 0) extras.push(more)
        continue
      }
      try {
        const contact = (item.contact ?? item.person) as Item | null | undefined
        const contactAttributes = (item.contactAttributes ?? item.personAttributes) as Item | null | undefined
        const userId =
          typeof contact?.userId === 'string'
            ? contact.userId
            : typeof contactAttributes?.userId === 'string'
              ? contactAttributes.userId
              : null
        const surveyId = typeof item.surveyId === 'string' ? (known.surveys.get(item.surveyId) ?? item.surveyId) : item.surveyId
        const input = parseItem(managementResponseCreateSchema, {
          ...pick(item, [
            'finished',
            'data',
            'variables',
            'ttc',
            'meta',
            'language',
            'singleUseId',
            'displayId',
            'endingId',
            'createdAt',
            'updatedAt',
          ]),
          ...(typeof item.displayId === 'string' ? { displayId: displayTargets.get(item.displayId) ?? item.displayId } : {}),
          surveyId,
          userId,
        })
        const { createdAt, updatedAt, environmentId: _e, workspaceId: _w, ...rest } = input
        const given = {
          ...(createdAt === undefined ? {} : { createdAt: new Date(createdAt) }),
          ...(updatedAt === undefined ? {} : { updatedAt: new Date(updatedAt) }),
        }
        // As the bulk route: a response dated in the future would escape retention (docs/migrating.md).
        checkNotInFuture(given, ctx.now())
        const created = given.createdAt ?? ctx.now()
        const response = newResponse(rest, null, { id: targetId, newId: ctx.newId, now: created })
        if (given.updatedAt !== undefined) response.updatedAt = given.updatedAt
        keepMeta(item.meta, response.meta)
        checkResponseSize(response, ctx.maxResponseBytes)
        if (response.displayId !== null)
          displays.push({
            id: response.displayId,
            surveyId: response.surveyId,
            // The contact only when the response links one (by its userId): a display made for a contact takes
            // only that contact's response, and a contact without a userId is not linked here.
            contactId: userId !== null && typeof contact?.id === 'string' ? contact.id : null,
            createdAt: created,
          })
        valid.push({ sourceId, response, extras: { responseId: targetId, notes: notesOf(item.notes), tags: tagsOf(item.tags) } })
      } catch (error) {
        refuseError('responses', sourceId, error)
      }
    }
    if (dryRun) {
      // What the bulk write would refuse first: a survey that is not here (nor would be).
      for (const entry of valid) {
        const refusal = await surveyRefusal(entry.response.surveyId)
        if (refusal === undefined) counts.created++
        else refuse('responses', entry.sourceId, refusal)
      }
      return
    }
    if (valid.length === 0) {
      await ctx.storage.imports.insertNotesAndTags(env, extras)
      return
    }
    const write = async (entries: typeof valid, displaysOf: typeof displays) => {
      await ctx.storage.imports.insertDisplays(env, displaysOf)
      const outcomes = await writeResponseImport(
        ctx.storage.responses,
        entries.map((entry) => entry.response),
        { environmentId: env, requireAccepting: false, checkEnvironment: false, pinProven: true },
        { webhooks: false },
      )
      outcomes.forEach((outcome, index) => {
        const entry = entries[index]!
        if (outcome.outcome === 'created') {
          counts.created++
          if (entry.extras.notes.length > 0 || entry.extras.tags.length > 0) extras.push(entry.extras)
        } else refuse('responses', entry.sourceId, refusalOf(outcome))
      })
    }
    try {
      await write(valid, displays)
    } catch {
      // A response the database refuses fails the whole page's transaction, which wrote none: each is written
      // alone, so that only it is refused.
      for (const entry of valid) {
        try {
          await write(
            [entry],
            displays.filter((display) => display.id === entry.response.displayId),
          )
        } catch (error) {
          refuseAlone('responses', entry.sourceId, error)
        }
      }
    }
    await ctx.storage.imports.insertNotesAndTags(env, extras)
  }

  /**
   * The source's `meta` beyond what a create takes (`source`, `url`, `action`): the user agent and country
   * the source's server recorded are kept when they are short texts; anything else is reported.
   */
  function keepMeta(sourceMeta: unknown, meta: Record<string, unknown>): void {
    if (typeof sourceMeta !== 'object' || sourceMeta === null) return
    for (const [field, value] of Object.entries(sourceMeta)) {
      if (field === 'source' || field === 'url' || field === 'action') continue
      const short = (text: unknown) => typeof text === 'string' && text.length <= 500
      if (field === 'country' && short(value)) meta.country = value
      else if (
        field === 'userAgent' &&
        typeof value === 'object' &&
        value !== null &&
        !Array.isArray(value) &&
        Object.values(value).every(short)
      )
        meta.userAgent = value
      else drop('responses', `meta.${field}`, "Canvass keeps only source, url, action, userAgent and country in a response's meta")
    }
  }

  async function importWebhooks(items: Item[]): Promise<void> {
    await importEach('webhooks', items, {
      async create(item, targetId) {
        const surveyIds = Array.isArray(item.surveyIds)
          ? item.surveyIds.map((id) => (typeof id === 'string' ? (known.surveys.get(id) ?? id) : id))
          : []
        const input = parseItem(webhookCreateSchema, { ...pick(item, ['name', 'url', 'source', 'triggers']), surveyIds })
        const checked = checkWebhookUrl(input.url, { allowPrivateAddresses: ctx.allowPrivateWebhookUrls })
        if (!checked.ok)
          throw validationError({
            url:
              checked.errorClass === 'invalid_url'
                ? 'Not a URL Canvass delivers to (credentials, or not http/https)'
                : `Not a URL Canvass delivers to: a private address (${PRIVATE_WEBHOOK_ADDRESSES_OPTION})`,
          })
        const webhook: NewWebhook = {
          id: targetId,
          environmentId: env,
          name: input.name ?? null,
          url: input.url,
          source: input.source ?? 'user',
          triggers: [...new Set<WebhookEvent>(input.triggers ?? input.trigger ?? [])],
          surveyIds: [...new Set(input.surveyIds ?? [])],
          ...times(item),
          secret: generateWebhookSecret(),
        }
        for (const [index, surveyId] of webhook.surveyIds.entries()) {
          if (planned.has(`surveys:${surveyId}`)) continue
          const survey = await ctx.storage.surveys.get(surveyId)
          if (survey?.environmentId !== env) throw validationError({ [`surveyIds.${index}`]: 'Its survey was not imported' })
        }
        if (!dryRun) {
          await ctx.storage.webhooks.insert(webhook)
          report.webhookSecrets.push({ id: webhook.id, url: webhook.url, secret: webhook.secret })
        }
      },
    })
  }

  /** An item written alone that failed: refused with the database's word, unless it is a bug here. */
  function refuseAlone(resource: ImportResource, sourceId: string, error: unknown): void {
    if (error instanceof CanvassError || error instanceof v.ValiError) refuseError(resource, sourceId, error)
    else if (isProgrammingError(error)) throw error
    else {
      const message = error instanceof Error ? error.message : String(error)
      refuse(resource, sourceId, `Could not be written: ${message.slice(0, 200)}`)
    }
  }

  function refuseError(resource: ImportResource, sourceId: string, error: unknown): void {
    if (error instanceof CanvassError) {
      const details = Object.entries(error.details ?? {})
        .slice(0, 3)
        .map(([field, message]) => `${field}: ${String(message)}`)
        .join('; ')
      refuse(resource, sourceId, details ? `${error.message} (${details})` : error.message)
    } else if (error instanceof v.ValiError) {
      const issues = (error.issues as v.BaseIssue<unknown>[])
        .slice(0, 3)
        .map((issue) => `${v.getDotPath(issue) ?? ''}: ${issue.message}`)
        .join('; ')
      refuse(resource, sourceId, `Invalid (${issues})`)
    } else throw error
  }

  /** Every row of a small list here (action classes, keys), page by page. */
  async function allRows<T extends { id: string; createdAt: Date }>(
    read: (position: { limit: number; after?: { createdAt: Date; id: string } }) => Promise<T[]>,
  ): Promise<T[]> {
    const rows: T[] = []
    let after: { createdAt: Date; id: string } | undefined
    for (;;) {
      const page = await read({ limit: 500, ...(after ? { after } : {}) })
      rows.push(...page.slice(0, 500))
      if (page.length <= 500) return rows
      const last = page[499]!
      after = { createdAt: last.createdAt, id: last.id }
    }
  }
  return { run, report }
}

/** How `importEach` writes the items of a resource one at a time. */
interface ItemWriter {
  /** Learns each item's id here (source id → id here). */
  known?: Map<string, string>
  /** The id of a row here the item is taken as (same name or key), besides a row with its own id. */
  match?: (item: Item) => string | undefined
  /** Writes the item as `targetId` (not in a dry run), or answers why it is refused. */
  create: (item: Item, targetId: string) => Promise<string | undefined>
}

/** A copy of counts whose `reasons` keep no prototype (`structuredClone` would give them `Object.prototype`). */
function cloneCounts(counts: ResourceCounts): ResourceCounts {
  const reasons: ResourceCounts['reasons'] = Object.create(null)
  for (const [reason, { count, ids }] of Object.entries(counts.reasons)) reasons[reason] = { count, ids: [...ids] }
  return { ...counts, reasons }
}

/** The id a dry run shows for a row the environment it would make starts with (it has none yet). */
function unmadeId(name: string): string {
  return `(made with the environment: ${name})`
}
