import { storageProblem } from '../../http/body'
import type { ImportedContact } from '../../ports/storage'
import type { Item } from './items'
import { times } from './items'
import type { ImportRun } from './run'
import { targets } from './targets'
import { count, drop, refuse, refuseAlone } from './tally'

/**
 * A page of contacts, written in one transaction: a contact erased here since an earlier run is skipped, one
 * whose userId another contact here has is refused. `attributes`: the values read apart (`sourceAttributes`).
 */
export async function importContacts(run: ImportRun, items: Item[], attributes: Map<string, Record<string, string>>): Promise<void> {
  const { batch, sourceIds } = await contactBatch(run, items, attributes)
  if (batch.length === 0) return
  if (run.dryRun) return planContacts(run, batch, sourceIds)
  const counts = count(run, 'contacts')
  const write = async (contacts: ImportedContact[]) => {
    const inserted = new Set(await run.imports.insertContacts(run.env, contacts))
    for (const contact of contacts) {
      if (inserted.has(contact.id)) counts.created++
      else refuse(run, 'contacts', sourceIds.get(contact.id)!, 'Another contact here has its userId')
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
        refuseAlone(run, 'contacts', sourceIds.get(contact.id)!, error)
      }
    }
  }
}

/** The contacts of a page that are neither here nor erased, as they are written, with their source ids (id here → source id). */
async function contactBatch(
  run: ImportRun,
  items: Item[],
  attributes: Map<string, Record<string, string>>,
): Promise<{ batch: ImportedContact[]; sourceIds: Map<string, string> }> {
  const counts = count(run, 'contacts')
  const { ids, present, erased } = await targets(
    run,
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
    const { userId, values } = contactValues(run, item, attributes.get(sourceId))
    // Values read apart from the contact: checked here, so that one bad value refuses its contact alone.
    const problem = storageProblem({ userId, attributes: values })
    if (problem) {
      refuse(run, 'contacts', sourceId, `Invalid (${problem.path}: ${problem.message})`)
      continue
    }
    batch.push({ id: targetId, userId, attributes: values, ...times(item) })
    sourceIds.set(targetId, sourceId)
  }
  return { batch, sourceIds }
}

/** A contact's userId and attribute values, keyed by the ids their keys have here. */
function contactValues(
  run: ImportRun,
  item: Item,
  readApart: Record<string, string> | undefined,
): { userId: string | null; values: Record<string, string> } {
  const { known } = run
  // Keyed by attribute key ids, which are the source's ids where they were free.
  const values: Record<string, string> = Object.create(null)
  let userId = typeof item.userId === 'string' ? item.userId : null
  if (run.attributesRead) {
    // The reference keeps userId as an attribute; Canvass keeps it on the contact.
    for (const [keyId, value] of Object.entries(readApart ?? {})) {
      const target = known.keys.get(keyId)
      if (target === undefined) drop(run, 'contacts', `attributes.${keyId}`, 'Its attribute key was not imported')
      else if (target === known.keyNames.get('userId')) userId = value
      else values[target] = value
    }
  } else if (typeof item.attributes === 'object' && item.attributes !== null) {
    for (const [key, value] of Object.entries(item.attributes as Record<string, unknown>)) {
      const target = known.keyNames.get(key)
      if (target === undefined || typeof value !== 'string')
        drop(run, 'contacts', `attributes.${key}`, 'Its attribute key was not imported')
      else values[target] = value
    }
  }
  return { userId, values }
}

/** What the insert would skip in a dry run: a userId a contact here has, or one an earlier contact of the run took. */
async function planContacts(run: ImportRun, batch: ImportedContact[], sourceIds: Map<string, string>): Promise<void> {
  const counts = count(run, 'contacts')
  const taken = await run.imports.takenUserIds(
    run.env,
    batch.flatMap((contact) => contact.userId ?? []),
  )
  for (const contact of batch) {
    if (contact.userId !== null && (taken.has(contact.userId) || run.plannedUserIds.has(contact.userId)))
      refuse(run, 'contacts', sourceIds.get(contact.id)!, 'Another contact here has its userId')
    else {
      if (contact.userId !== null) run.plannedUserIds.add(contact.userId)
      counts.created++
    }
  }
}
