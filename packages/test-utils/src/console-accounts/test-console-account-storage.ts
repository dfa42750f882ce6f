import { runPortTests } from '../optional-port-kit'
import type { TestPortOptions } from '../optional-port-kit'
import type { ConsoleAccountStorageTest } from './console-account-test'
import { consoleAccountTests } from './console-account-tests'

/** Every check of the console-accounts port, in the order they run. */
export const CONSOLE_ACCOUNT_STORAGE_TESTS: readonly ConsoleAccountStorageTest[] = consoleAccountTests

/**
 * The uvu suite of the optional console-accounts port (`storage.consoleAccounts`, docs/console-accounts.md): the
 * people, sessions and one-time links of the console's accounts mode, the atomic guards above all. An adapter
 * that provides the port runs it beside `testStorage`:
 *
 * ```ts
 * testConsoleAccountStorage({ name: 'my adapter', create: async () => createMyStorage() })
 * ```
 */
export function testConsoleAccountStorage(options: TestPortOptions): void {
  runPortTests('testConsoleAccountStorage', options, CONSOLE_ACCOUNT_STORAGE_TESTS, (storage) => {
    if (!storage.consoleAccounts) throw new Error(`testConsoleAccountStorage: "${options.name}" has no storage.consoleAccounts`)
    return { storage, accounts: storage.consoleAccounts }
  })
}
