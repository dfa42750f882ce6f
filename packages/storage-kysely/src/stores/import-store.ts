import type { ImportStore, ImportedContact, ImportedDisplay, ImportedKind, ImportedResponseExtras } from '@canvass/core'
import type { Kysely } from 'kysely'
import type { Database } from '../postgres/database'
import { isStorable } from '../postgres/is-storable'

/** The table of each kind of row an import writes with given ids. */
const TABLES = {
  actionClasses: 'action_classes',
  contactAttributeKeys: 'contact_attribute_keys',
  contacts: 'contacts',
  segments: 'segments',
  surveys: 'surveys',
  responses: 'responses',
  webhooks: 'webhooks',
  displays: 'displays',
} as const satisfies Record<ImportedKind, keyof Database>

/** Rows per statement when an import inserts attribute values, tags or notes. */
const CHUNK = 1000

/** What `canvass import` records (`import_mappings`) and the contacts, displays, notes and tags it writes with their ids. */
export function createImportStore(db: Kysely<Database>, newId: () => string): ImportStore {
  /** The mappings of a source's resource in the environment for the storable ones of `sourceIds`; none can match without. */
  const mappingsOf = (environmentId: string, source: string, resource: string, sourceIds: string[]) => {
    const storable = [...new Set(sourceIds.filter(isStorable))]
    if (storable.length === 0 || !isStorable(environmentId)) return undefined
    return db
      .selectFrom('import_mappings')
      .where('environment_id', '=', environmentId)
      .where('source', '=', source)
      .where('resource', '=', resource)
      .where('source_id', 'in', storable)
  }

  return {
    async existing(environmentId, kind, ids) {
      const here = new Set<string>()
      const elsewhere = new Set<string>()
      const storable = [...new Set(ids.filter(isStorable))]
      if (storable.length === 0) return { here, elsewhere }
      const rows = await db.selectFrom(TABLES[kind]).select(['id', 'environment_id']).where('id', 'in', storable).execute()
      for (const row of rows) (row.environment_id === environmentId ? here : elsewhere).add(row.id)
      return { here, elsewhere }
    },

    async mappings(environmentId, source, resource, sourceIds) {
      const found = new Map<string, string>()
      const query = mappingsOf(environmentId, source, resource, sourceIds)
      if (!query) return found
      for (const row of await query.select(['source_id', 'target_id']).execute()) found.set(row.source_id, row.target_id)
      return found
    },

    async erasedMappings(environmentId, source, resource, sourceIds) {
      const erased = new Set<string>()
      const query = mappingsOf(environmentId, source, resource, sourceIds)
      if (!query) return erased
      for (const row of await query.select('source_id').where('erased_at', 'is not', null).execute()) erased.add(row.source_id)
      return erased
    },

    async recordMappings(environmentId, source, resource, pairs) {
      const recorded = new Map<string, string>()
      const storable = pairs.filter((pair) => isStorable(pair.sourceId) && isStorable(pair.targetId))
      if (storable.length === 0 || !isStorable(environmentId)) return recorded
      await db
        .insertInto('import_mappings')
        .values(
          storable.map(({ sourceId, targetId }) => ({
            environment_id: environmentId,
            source,
            resource,
            source_id: sourceId,
            target_id: targetId,
          })),
        )
        .onConflict((oc) => oc.columns(['environment_id', 'source', 'resource', 'source_id']).doNothing())
        .execute()
      // What a concurrent import recorded first wins; read back, so that both write the same id.
      const rows = await db
        .selectFrom('import_mappings')
        .select(['source_id', 'target_id'])
        .where('environment_id', '=', environmentId)
        .where('source', '=', source)
        .where('resource', '=', resource)
        .where(
          'source_id',
          'in',
          storable.map((pair) => pair.sourceId),
        )
        .execute()
      for (const row of rows) recorded.set(row.source_id, row.target_id)
      return recorded
    },

    async takenUserIds(environmentId, userIds) {
      const storable = [...new Set(userIds.filter(isStorable))]
      if (storable.length === 0 || !isStorable(environmentId)) return new Set()
      const rows = await db
        .selectFrom('contacts')
        .select('user_id')
        .where('environment_id', '=', environmentId)
        .where('user_id', 'in', storable)
        .execute()
      return new Set(rows.flatMap((row) => (row.user_id === null ? [] : [row.user_id])))
    },

    insertContacts: (environmentId, contacts) => insertContacts(db, newId, environmentId, contacts),
    insertDisplays: (environmentId, displays) => insertDisplays(db, environmentId, displays),
    insertNotesAndTags: (environmentId, items) => insertNotesAndTags(db, newId, environmentId, items),
  }
}

/**
 * The contacts not there yet, with their values of the environment's attribute keys, in one transaction; answers
 * the ids it inserted.
 */
async function insertContacts(
  db: Kysely<Database>,
  newId: () => string,
  environmentId: string,
  contacts: ImportedContact[],
): Promise<string[]> {
  if (contacts.length === 0) return []
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('contacts')
      .values(
        contacts.map((c) => ({
          id: c.id,
          environment_id: environmentId,
          user_id: c.userId,
          created_at: c.createdAt,
          updated_at: c.updatedAt,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .execute()
    const ids = new Set(inserted.map((row) => row.id))
    const keys = await idsHere(
      trx,
      'contact_attribute_keys',
      environmentId,
      contacts.flatMap((c) => Object.keys(c.attributes)),
    )
    const values = contacts
      .filter((c) => ids.has(c.id))
      .flatMap((c) =>
        Object.entries(c.attributes)
          .filter(([keyId]) => keys.has(keyId))
          .map(([keyId, value]) => ({
            id: newId(),
            contact_id: c.id,
            attribute_key_id: keyId,
            value,
            created_at: c.createdAt,
            updated_at: c.updatedAt,
          })),
      )
    for (let i = 0; i < values.length; i += CHUNK) {
      await trx
        .insertInto('contact_attributes')
        .values(values.slice(i, i + CHUNK))
        .execute()
    }
    return [...ids]
  })
}

/** The displays of the environment's surveys not there yet, in one transaction. */
async function insertDisplays(db: Kysely<Database>, environmentId: string, displays: ImportedDisplay[]): Promise<void> {
  if (displays.length === 0) return
  await db.transaction().execute(async (trx) => {
    const surveys = await idsHere(
      trx,
      'surveys',
      environmentId,
      displays.map((d) => d.surveyId),
    )
    const contacts = await idsHere(
      trx,
      'contacts',
      environmentId,
      displays.flatMap((d) => (d.contactId ? [d.contactId] : [])),
    )
    const rows = displays
      .filter((d) => surveys.has(d.surveyId))
      .map((d) => ({
        id: d.id,
        survey_id: d.surveyId,
        environment_id: environmentId,
        contact_id: d.contactId && contacts.has(d.contactId) ? d.contactId : null,
        response_id: null,
        status: null,
        created_at: d.createdAt,
        updated_at: d.createdAt,
      }))
    if (rows.length > 0)
      await trx
        .insertInto('displays')
        .values(rows)
        .onConflict((oc) => oc.doNothing())
        .execute()
  })
}

/** Notes and tags of the environment's responses, tags made by name where missing, in one transaction. */
async function insertNotesAndTags(
  db: Kysely<Database>,
  newId: () => string,
  environmentId: string,
  items: ImportedResponseExtras[],
): Promise<void> {
  if (items.length === 0) return
  await db.transaction().execute(async (trx) => {
    const responses = await idsHere(
      trx,
      'responses',
      environmentId,
      items.map((i) => i.responseId),
    )
    const mine = items.filter((item) => responses.has(item.responseId))
    // The second half of each response's key, which its notes and tags name it by.
    const createdAt = new Map<string, Date>()
    const mineIds = [...new Set(mine.map((item) => item.responseId))]
    for (let i = 0; i < mineIds.length; i += CHUNK) {
      const rows = await trx
        .selectFrom('responses')
        .select(['id', 'created_at'])
        .where('id', 'in', mineIds.slice(i, i + CHUNK))
        .execute()
      for (const row of rows) createdAt.set(row.id, row.created_at)
    }
    const notes = mine.flatMap((item) =>
      item.notes.map((note) => ({
        id: note.id,
        response_id: item.responseId,
        response_created_at: createdAt.get(item.responseId)!,
        user_id: note.userId,
        user_name: note.userName,
        text: note.text,
        is_resolved: note.isResolved,
        is_edited: note.isEdited,
        created_at: note.createdAt,
        updated_at: note.updatedAt,
      })),
    )
    for (let i = 0; i < notes.length; i += CHUNK)
      await trx
        .insertInto('response_notes')
        .values(notes.slice(i, i + CHUNK))
        .onConflict((oc) => oc.doNothing())
        .execute()
    const names = [...new Set(mine.flatMap((item) => item.tags))]
    if (names.length === 0) return
    const tagsNamed = async (wanted: string[]) =>
      trx.selectFrom('tags').select(['id', 'name']).where('environment_id', '=', environmentId).where('name', 'in', wanted).execute()
    const tags = new Map((await tagsNamed(names)).map((row) => [row.name, row.id]))
    const missing = names.filter((name) => !tags.has(name))
    if (missing.length > 0) {
      await trx
        .insertInto('tags')
        .values(missing.map((name) => ({ id: newId(), environment_id: environmentId, name })))
        .onConflict((oc) => oc.doNothing())
        .execute()
      for (const row of await tagsNamed(missing)) tags.set(row.name, row.id)
    }
    const links = mine.flatMap((item) =>
      [...new Set(item.tags)].map((name) => ({
        response_id: item.responseId,
        response_created_at: createdAt.get(item.responseId)!,
        tag_id: tags.get(name)!,
      })),
    )
    for (let i = 0; i < links.length; i += CHUNK)
      await trx
        .insertInto('response_tags')
        .values(links.slice(i, i + CHUNK))
        .onConflict((oc) => oc.doNothing())
        .execute()
  })
}

/** Which of `ids` name rows of `table` in the environment (none asked for, none read). */
async function idsHere(
  db: Kysely<Database>,
  table: (typeof TABLES)[ImportedKind],
  environmentId: string,
  ids: Iterable<string>,
): Promise<Set<string>> {
  const wanted = [...new Set(ids)]
  if (wanted.length === 0) return new Set()
  const rows = await db.selectFrom(table).select('id').where('environment_id', '=', environmentId).where('id', 'in', wanted).execute()
  return new Set(rows.map((row) => row.id))
}
