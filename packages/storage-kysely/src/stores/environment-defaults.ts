import { NEW_ENVIRONMENT_ROWS } from '@canvass/core'
import type { Insertable } from 'kysely'
import type { ActionClassesTable, AttributeClassesTable, ContactAttributeKeysTable } from '../postgres/database'

/** The rows every new environment starts with (core's `NEW_ENVIRONMENT_ROWS`, and the legacy attribute classes). */
export interface EnvironmentDefaults {
  actionClasses: Insertable<ActionClassesTable>[]
  attributeClasses: Insertable<AttributeClassesTable>[]
  contactAttributeKeys: Insertable<ContactAttributeKeysTable>[]
}

/**
 * The default rows of one environment: the `New Session` action class, the `email`, `userId` and
 * `language` attribute classes (all automatic), and the `userId`, `email`, `firstName`, `lastName` contact
 * attribute keys (type default; `userId` and `email` unique). Descriptions follow the reference.
 */
export function environmentDefaults(environmentId: string, newId: () => string, now: Date): EnvironmentDefaults {
  const owned = { environment_id: environmentId, created_at: now, updated_at: now }
  const attributeClass = (name: string, description: string) => ({ ...owned, id: newId(), name, description, type: 'automatic' }) as const
  const contactAttributeKey = (key: string, name: string, isUnique: boolean) =>
    ({ ...owned, id: newId(), key, name, description: '', type: 'default', is_unique: isUnique }) as const
  return {
    actionClasses: NEW_ENVIRONMENT_ROWS.actionClasses.map((row) => ({ ...owned, id: newId(), ...row, key: null, no_code_config: null })),
    attributeClasses: [
      attributeClass('email', 'The email of the person'),
      attributeClass('userId', 'The internal ID of the person'),
      attributeClass('language', 'The language used by the person'),
    ],
    contactAttributeKeys: NEW_ENVIRONMENT_ROWS.contactAttributeKeys.map((row) => contactAttributeKey(row.key, row.name, row.isUnique)),
  }
}
