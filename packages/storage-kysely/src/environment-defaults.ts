import type { Insertable } from 'kysely'
import type { ActionClassesTable, AttributeClassesTable, ContactAttributeKeysTable } from './database'

/** The rows every new environment starts with (contract §1). */
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
    actionClasses: [
      {
        ...owned,
        id: newId(),
        name: 'New Session',
        description: 'Gets fired when a new session is created',
        type: 'automatic',
        key: null,
        no_code_config: null,
      },
    ],
    attributeClasses: [
      attributeClass('email', 'The email of the person'),
      attributeClass('userId', 'The internal ID of the person'),
      attributeClass('language', 'The language used by the person'),
    ],
    contactAttributeKeys: [
      contactAttributeKey('userId', 'User Id', true),
      contactAttributeKey('email', 'Email', true),
      contactAttributeKey('firstName', 'First Name', false),
      contactAttributeKey('lastName', 'Last Name', false),
    ],
  }
}
