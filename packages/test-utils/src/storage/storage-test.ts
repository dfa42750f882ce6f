import type { Storage } from '@canvass/core'

/** One conformance test: a name adapters can skip by, and a body that seeds its own data. */
export interface StorageTest {
  name: string
  /** Set when the test needs the adapter's `fixtures` (what the port cannot do yet). */
  needsFixtures?: true
  /** Set when the test reads back what it wrote through the optional reporting port (`storage.reporting`). */
  needsReporting?: true
  /** Set when the test uses the optional webhook groups (`storage.webhooks`, `storage.webhookDeliveries`). */
  needsWebhooks?: true
  /** Set when the test uses the optional quotas (`storage.quotas`). */
  needsQuotas?: true
  /** Set when the test uses one of the optional upkeep groups of the port, which a storage may lack. */
  needs?: UpkeepGroup
  run(context: StorageTestContext): Promise<void>
}

/** The optional groups of `Storage` the kit gates tests on: import records, retention, the blob-deletion journal, tags and notes. */
export type UpkeepGroup = 'imports' | 'retention' | 'blobDeletions' | 'responseWork'

export interface StorageTestContext {
  storage: Storage
  /** Present for tests marked `needsFixtures`. */
  fixtures: StorageFixtures
}

/**
 * What a test needs from an adapter that the `Storage` port does not offer yet: reading an environment's
 * default rows and setting contact attributes. Replaced by port methods once core has those resources.
 */
export interface StorageFixtures {
  /** The default rows that `createProject` created for the environment. */
  environmentDefaults(environmentId: string): Promise<EnvironmentDefaultsSnapshot>
  /**
   * Sets attribute values of the contact with `userId` in the environment, creating missing attribute keys
   * (type `custom`) and the contact itself if absent. Other attributes of the contact stay.
   */
  setContactAttributes(environmentId: string, userId: string, attributes: Record<string, string>): Promise<void>
}

export interface EnvironmentDefaultsSnapshot {
  actionClasses: { name: string; type: string }[]
  attributeClasses: { name: string; type: string }[]
  contactAttributeKeys: { key: string; name: string | null; description: string | null; type: string; isUnique: boolean }[]
}
