import type { Storage } from '@canvass/core'
import { consoleTokenHash, newConsoleToken } from '../src/domain/console/console-accounts'

/**
 * The token of a one-time link of `accountId` kept as mailed (docs/mail.md, "Links in mails"), as the mail flows
 * make one, for the route tables whose bed sends no mail: its sign-in and reset pages answer 200.
 */
export async function mailedLinkToken(storage: Storage, accountId: string): Promise<string> {
  const token = newConsoleToken()
  const now = new Date()
  await storage.consoleAccounts?.insertLink({
    hash: consoleTokenHash(token),
    projectId: null,
    accountId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + 3_600_000),
    usedAt: null,
    mailed: true,
  })
  return token
}
