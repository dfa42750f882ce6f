import type { Item } from './items'
import type { ImportRun } from './run'
import { SourceError } from './source-client'
import { refuse } from './tally'

/**
 * The reference lists contacts without their attributes and the attribute values apart, all at once
 * (`/contact-attributes` takes no page). A Canvass source lists contacts with theirs, so this is only read
 * when the contacts come without: held as contact id → key id → value.
 */
export async function sourceAttributes(run: ImportRun): Promise<Map<string, Record<string, string>>> {
  const { source, maxAttributeBytes } = run
  // Values by key id in objects without a prototype: the key ids are the source's (`__proto__` is a key).
  const byContact = new Map<string, Record<string, string>>()
  const first = await source.page(`/api/v1/management/contacts?limit=1`).catch((error: unknown) => {
    if (error instanceof SourceError && error.fatal) throw error
    return null
  })
  const sample = first?.items[0] as Item | undefined
  if (!sample || (typeof sample.attributes === 'object' && sample.attributes !== null)) return byContact
  run.attributesRead = true
  // Counted as the text held (ids and values), so that what the source sends cannot grow the process.
  let held = 0
  try {
    read: for await (const page of source.list('/api/v1/management/contact-attributes', { limit: run.limit })) {
      for (const row of page as Item[]) {
        if (typeof row !== 'object' || row === null) continue
        const contactId = typeof row.contactId === 'string' ? row.contactId : undefined
        const keyId = typeof row.attributeKeyId === 'string' ? row.attributeKeyId : (row.attributeKey as Item | undefined)?.id
        if (contactId === undefined || typeof keyId !== 'string' || typeof row.value !== 'string') continue
        let values = byContact.get(contactId)
        held += keyId.length + row.value.length + (values ? 0 : contactId.length)
        if (held > maxAttributeBytes) {
          refuse(
            run,
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
    refuse(run, 'contacts', '(attributes)', `The source failed: ${error.message}`)
  }
  return byContact
}
