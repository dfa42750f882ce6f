import type { SourceClientOptions } from './source-client'

/**
 * What an import is given and what it answers: the options of `canvass.admin.importFormbricks`, the counts it
 * reports as it goes, and the report it ends with.
 */

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
