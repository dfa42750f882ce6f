import type { ContactFilter, ContactReports, ContactStore, PersonRecord } from '@canvass/core'
import { sql } from 'kysely'
import type { Kysely, SelectQueryBuilder } from 'kysely'
import { applyPage } from '../responses/apply-page'
import { contactAttributesJson } from '../sql/contact-attributes-json'
import { eraseContact } from '../responses/erase-contact'
import type { Database } from '../postgres/database'
import { isStorable } from '../postgres/is-storable'
import type { SchemaNames } from '../postgres/schema-names'

/** Contacts (people), each read with its attributes in the same statement. */
export function createContactStore(db: Kysely<Database>, names: SchemaNames): ContactStore & ContactReports {
  const columns = [
    'contacts.id',
    'contacts.environment_id',
    'contacts.user_id',
    'contacts.created_at',
    'contacts.updated_at',
    contactAttributesJson(names, sql.ref('contacts.id')).as('attributes'),
  ] as const
  const contacts = () => db.selectFrom('contacts').select(columns)
  type Row = Awaited<ReturnType<ReturnType<typeof contacts>['executeTakeFirstOrThrow']>>
  const toPersonRecord = (row: Row): PersonRecord => ({
    id: row.id,
    userId: row.user_id,
    environmentId: row.environment_id,
    attributes: row.attributes,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  })

  return {
    async list(environmentId, page) {
      const filtered = filterContacts(contacts(), environmentId, page)
      if (!filtered) return []
      const sortBy = page.sortBy === 'updatedAt' ? 'contacts.updated_at' : 'contacts.created_at'
      const direction = page.order === 'asc' ? 'asc' : 'desc'
      let query = filtered
        .orderBy(sortBy, direction)
        .orderBy('contacts.id', direction)
        .limit(page.limit + 1)
      if (page.after) {
        const { after } = page
        query = query.where((eb) =>
          eb(eb.refTuple(sortBy, 'contacts.id'), direction === 'asc' ? '>' : '<', eb.tuple(after.createdAt, after.id)),
        )
      }
      if (page.skip) query = query.offset(page.skip)
      return (await query.execute()).map(toPersonRecord)
    },

    async count(environmentId, filter) {
      const filtered = filterContacts(
        db.selectFrom('contacts').select((eb) => eb.cast<string>(eb.fn.countAll(), 'text').as('count')),
        environmentId,
        filter,
      )
      if (!filtered) return 0
      const row = await filtered.executeTakeFirstOrThrow()
      return Number(row.count)
    },

    async get(environmentId, id) {
      if (!isStorable(environmentId) || !isStorable(id)) return null
      const row = await contacts().where('contacts.id', '=', id).where('contacts.environment_id', '=', environmentId).executeTakeFirst()
      return row ? toPersonRecord(row) : null
    },

    async delete(environmentId, id) {
      if (!isStorable(environmentId) || !isStorable(id)) return false
      // Attribute values go with the contact (cascade); responses and displays keep their rows with the link
      // cleared (`on delete set null`), all in this one statement.
      const result = await db.deleteFrom('contacts').where('id', '=', id).where('environment_id', '=', environmentId).executeTakeFirst()
      return result.numDeletedRows > 0n
    },

    erase: (environmentId, id) => eraseContact(db, names, environmentId, id),

    async listAttributes(environmentId, page) {
      if (!isStorable(environmentId)) return []
      const rows = await db
        .selectFrom('contact_attributes as a')
        .innerJoin('contacts as c', 'c.id', 'a.contact_id')
        .innerJoin('contact_attribute_keys as k', 'k.id', 'a.attribute_key_id')
        .select(['a.id', 'a.contact_id', 'a.attribute_key_id', 'k.key', 'a.value', 'a.created_at', 'a.updated_at'])
        .where('c.environment_id', '=', environmentId)
        .$call((query) => applyPage(query, 'a', page))
        .execute()
      return rows.map((row) => ({
        id: row.id,
        contactId: row.contact_id,
        attributeKeyId: row.attribute_key_id,
        key: row.key,
        value: row.value,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      }))
    },
  }
}

/**
 * `query` narrowed to the contacts of `environmentId` that `filter` takes, or undefined when an id in it cannot
 * be stored (so nothing matches).
 */
function filterContacts<O>(
  query: SelectQueryBuilder<Database, 'contacts', O>,
  environmentId: string,
  filter: ContactFilter,
): SelectQueryBuilder<Database, 'contacts', O> | undefined {
  if (!isStorable(environmentId) || (filter.userId !== undefined && !isStorable(filter.userId))) return undefined
  const dateColumn = filter.dateField === 'updatedAt' ? 'contacts.updated_at' : 'contacts.created_at'
  return query
    .where('contacts.environment_id', '=', environmentId)
    .$if(filter.userId !== undefined, (q) => q.where('contacts.user_id', '=', filter.userId as string))
    .$if(filter.startDate !== undefined, (q) => q.where(dateColumn, '>=', filter.startDate as Date))
    .$if(filter.endDate !== undefined, (q) => q.where(dateColumn, '<=', filter.endDate as Date))
}
