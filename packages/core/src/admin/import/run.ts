import type { CanvassContext } from '../../context'
import { importsOf } from '../../domain/optional-ports/upkeep-ports'
import type { ActionClassRecord, ImportStore } from '../../ports/storage'
import type { FormbricksImportOptions, FormbricksImportReport, ImportResource, ResourceCounts } from './options'
import type { SourceClient } from './source-client'

/**
 * One run of an import: what it has counted, the ids it knows (source → here) of the small resources, and what
 * a dry run would have written. Every step reads and adds to it; contacts and responses are never held beyond
 * their page.
 */
export interface ImportRun {
  ctx: CanvassContext
  /** The storage's import records (`storage.imports`). */
  imports: ImportStore
  source: SourceClient
  options: FormbricksImportOptions
  /** The environment copied into. */
  env: string
  dryRun: boolean
  /** Whether the environment is not made yet (a dry run of `--environment source`). */
  unmade: boolean
  /** Items asked for per source page (and written per transaction). */
  limit: number
  maxHeldItems: number
  maxAttributeBytes: number
  /** The source's base URL, under which its ids are recorded. */
  sourceKey: string
  report: FormbricksImportReport
  countsByResource: Map<ImportResource, ResourceCounts>
  dropped: Map<string, { resource: ImportResource; field: string; count: number; reason: string }>
  /**
   * What a dry run would have written (`resource:id`), and the action classes among it: its later decisions
   * (a survey's triggers and segment, a webhook's surveys, a response's survey) take them as there, as the run
   * finds them. Into an environment not made yet (`unmade`), the rows a new environment starts with count as
   * there too.
   */
  planned: Set<string>
  plannedActionClasses: ActionClassRecord[]
  plannedUserIds: Set<string>
  /** Small resources' ids (source → here): action classes, keys, segments, surveys. Contacts and responses are looked up per page. */
  known: {
    actionClasses: Map<string, string>
    keys: Map<string, string>
    keyNames: Map<string, string>
    segments: Map<string, string>
    surveys: Map<string, string>
  }
  /** Whether the source lists segments (the reference does not: its surveys carry their own). */
  segmentsListed: boolean
  /** Whether contacts come without their values, which were then read apart (the reference). */
  attributesRead: boolean
  /** Why a dry run's response could not go in its survey (as the bulk write answers), per survey once. */
  surveyRefusals: Map<string, string | undefined>
}

export function createImportRun(ctx: CanvassContext, source: SourceClient, options: FormbricksImportOptions, unmade: boolean): ImportRun {
  const dryRun = options.dryRun ?? false
  return {
    ctx,
    imports: importsOf(ctx.storage),
    source,
    options,
    env: options.environmentId,
    dryRun,
    unmade,
    limit: options.pageSize ?? 250,
    maxHeldItems: options.maxHeldItems ?? 100_000,
    maxAttributeBytes: options.maxAttributeBytes ?? 64 * 1024 * 1024,
    sourceKey: source.base,
    report: { resources: [], mappings: [], webhookSecrets: [], shareKeys: [], droppedFields: [], dryRun },
    countsByResource: new Map(),
    dropped: new Map(),
    planned: new Set(),
    plannedActionClasses: [],
    plannedUserIds: new Set(),
    known: {
      actionClasses: new Map(),
      keys: new Map(),
      keyNames: new Map(),
      segments: new Map(),
      surveys: new Map(),
    },
    segmentsListed: true,
    attributesRead: false,
    surveyRefusals: new Map(),
  }
}

/** The id a dry run shows for a row the environment it would make starts with (it has none yet). */
export function unmadeId(name: string): string {
  return `(made with the environment: ${name})`
}
