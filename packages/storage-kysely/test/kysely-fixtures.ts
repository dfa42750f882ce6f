import { randomUUID } from 'node:crypto'
import type { StorageFixtures } from '@canvass/test-utils'
import { sql } from 'kysely'
import type { Kysely } from 'kysely'

/**
 * The conformance suite's fixtures in SQL, for what the storage port cannot do yet. `database` is called
 * at each use, as the suite opens its database only when it starts.
 */
export function kyselyFixtures(database: () => Kysely<unknown>): StorageFixtures {
  return {
    async environmentDefaults(environmentId) {
      const db = database()
      const [actionClasses, attributeClasses, contactAttributeKeys] = await Promise.all([
        sql<{ name: string; type: string }>`
          select name, type from canvass.action_classes where environment_id = ${environmentId}`.execute(db),
        sql<{ name: string; type: string }>`
          select name, type from canvass.attribute_classes where environment_id = ${environmentId}`.execute(db),
        sql<{ key: string; name: string | null; description: string | null; type: string; isUnique: boolean }>`
          select key, name, description, type, is_unique as "isUnique"
          from canvass.contact_attribute_keys where environment_id = ${environmentId}`.execute(db),
      ])
      return {
        actionClasses: actionClasses.rows,
        attributeClasses: attributeClasses.rows,
        contactAttributeKeys: contactAttributeKeys.rows,
      }
    },

    async setContactAttributes(environmentId, userId, attributes) {
      await database()
        .transaction()
        .execute(async (trx) => {
          const contact = await sql<{ id: string }>`
          insert into canvass.contacts (id, environment_id, user_id) values (${randomUUID()}, ${environmentId}, ${userId})
          on conflict (environment_id, user_id) do update set user_id = excluded.user_id
          returning id`.execute(trx)
          const contactId = contact.rows[0]?.id
          for (const [key, value] of Object.entries(attributes)) {
            const attributeKey = await sql<{ id: string }>`
            insert into canvass.contact_attribute_keys (id, environment_id, key, type) values (${randomUUID()}, ${environmentId}, ${key}, 'custom')
            on conflict (environment_id, key) do update set key = excluded.key
            returning id`.execute(trx)
            await sql`
            insert into canvass.contact_attributes (id, contact_id, attribute_key_id, value)
            values (${randomUUID()}, ${contactId}, ${attributeKey.rows[0]?.id}, ${value})
            on conflict (contact_id, attribute_key_id) do update set value = excluded.value`.execute(trx)
          }
        })
    },
  }
}
