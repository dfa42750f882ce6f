import type { Item } from './items'
import type { ImportResource } from './options'
import type { ImportRun } from './run'
import { targets } from './targets'
import { count, noteMatched, refuse, refuseError } from './tally'

/** How `importEach` writes the items of a resource one at a time. */
export interface ItemWriter {
  /** Learns each item's id here (source id → id here). */
  known?: Map<string, string>
  /** The id of a row here the item is taken as (same name or key), besides a row with its own id. */
  match?: (item: Item) => string | undefined
  /** Writes the item as `targetId` (not in a dry run), or answers why it is refused. */
  create: (item: Item, targetId: string) => Promise<string | undefined>
}

/**
 * The loop of a resource whose items are written one at a time: an item whose id is here already, or that
 * `match`es a row here (by name or key), is "already there"; else `create` writes it (not in a dry run) or
 * answers why not, or throws a `CanvassError` or `ValiError` that refuses it. `known` learns each item's id here.
 */
export async function importEach(run: ImportRun, resource: ImportResource, items: Item[], writer: ItemWriter): Promise<void> {
  const counts = count(run, resource)
  const { ids, present } = await targets(
    run,
    resource,
    items.map((item) => item.id as string),
  )
  for (const item of items) {
    const sourceId = item.id as string
    const targetId = ids.get(sourceId)!
    const match = writer.match?.(item)
    if (present.has(targetId) || match !== undefined) {
      writer.known?.set(sourceId, match ?? targetId)
      if (match !== undefined) noteMatched(run, resource, sourceId, match)
      counts.already++
      continue
    }
    try {
      const refusal = await writer.create(item, targetId)
      if (refusal !== undefined) {
        refuse(run, resource, sourceId, refusal)
        continue
      }
      writer.known?.set(sourceId, targetId)
      if (run.dryRun) run.planned.add(`${resource}:${targetId}`)
      counts.created++
    } catch (error) {
      refuseError(run, resource, sourceId, error)
    }
  }
}

/** Every row of a small list here (action classes, keys), page by page. */
export async function allRows<T extends { id: string; createdAt: Date }>(
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
