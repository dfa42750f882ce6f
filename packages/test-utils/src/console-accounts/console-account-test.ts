import type { ConsoleAccountStore, Storage } from '@canvass/core'
import type { PortTest } from '../optional-port-kit'

/** What each check of the console-accounts port is handed: the storage (to seed projects) and its port. */
export interface ConsoleAccountTestContext {
  storage: Storage
  accounts: ConsoleAccountStore
}

/** One check of the console-accounts port. */
export type ConsoleAccountStorageTest = PortTest<ConsoleAccountTestContext>
