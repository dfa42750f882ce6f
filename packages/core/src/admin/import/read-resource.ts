import { storageProblem } from '../../http/body'
import type { Item } from './items'
import { isProgrammingError } from './items'
import type { ImportResource } from './options'
import type { ImportRun } from './run'
import { SourceError } from './source-client'
import { cloneCounts, count, refuse } from './tally'

/**
 * Reads a list page by page and hands each page on; a source error is counted and the import goes on. Returns
 * whether the source has the list.
 */
export async function readResource(
  run: ImportRun,
  resource: ImportResource,
  path: string,
  handle: (items: Item[]) => Promise<void>,
  skipParam = 'skip',
): Promise<boolean> {
  const { options } = run
  const counts = count(run, resource)
  const found = { value: true }
  // Contacts and responses are held a page at a time; the other resources' ids for the whole run.
  const maxItems = resource === 'contacts' || resource === 'responses' ? Number.POSITIVE_INFINITY : run.maxHeldItems
  // Told once before the first page too, so that a rate can be counted from the start.
  options.onProgress?.(cloneCounts(counts))
  try {
    for await (const whole of run.source.list(path, { limit: run.limit, skipParam, found })) {
      const page = whole.slice(0, Math.max(0, maxItems - counts.read))
      const items = storable(run, resource, page)
      counts.read += page.length
      await handlePage(run, resource, items, handle)
      options.onProgress?.(cloneCounts(counts))
      if (page.length < whole.length) {
        refuse(run, resource, '(rest)', `More than ${maxItems} items: the rest was not read (a bound of the import, see docs/migrating.md)`)
        break
      }
    }
  } catch (error) {
    if (!(error instanceof SourceError) || error.fatal) throw error
    refuse(run, resource, '(page)', `The source failed: ${error.message}`)
    options.onProgress?.(cloneCounts(counts))
  }
  counts.unavailable = !found.value
  return found.value
}

/** The items of a page that can be written: each has an id, and nothing Postgres cannot store. */
function storable(run: ImportRun, resource: ImportResource, page: unknown[]): Item[] {
  const items: Item[] = []
  for (const item of page) {
    if (typeof item !== 'object' || item === null || typeof (item as Item).id !== 'string') {
      refuse(run, resource, '?', 'The source sent an item without an id')
      continue
    }
    // What Postgres cannot store (NUL, an unpaired surrogate, …) refuses its item alone, as the bulk
    // route does; the rest of the page is written.
    const problem = storageProblem(item)
    if (problem) refuse(run, resource, (item as Item).id as string, `Invalid (${problem.path}: ${problem.message})`)
    else items.push(item as Item)
  }
  return items
}

/** Hands a page on, once more when a write failed for another reason than the items themselves. */
async function handlePage(
  run: ImportRun,
  resource: ImportResource,
  items: Item[],
  handle: (items: Item[]) => Promise<void>,
): Promise<void> {
  const counts = count(run, resource)
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
      for (const item of items) refuse(run, resource, item.id as string, `Could not be written: ${message.slice(0, 200)}`)
    }
  }
}
