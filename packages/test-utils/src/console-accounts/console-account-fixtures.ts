import type {
  ConsoleAccountRecord,
  ConsoleAccountStore,
  ConsoleLinkRecord,
  ConsolePersonRecord,
  ConsoleRole,
  ConsoleSessionRecord,
  NewConsolePerson,
} from '@canvass/core'
import { freshId } from '../storage/fresh-id'

/** A person to add: a new account of a fresh email (or `email`), without a password unless `passwordHash`. */
export function makePerson(
  projectId: string,
  role: ConsoleRole,
  overrides: { email?: string; createdAt?: Date; passwordHash?: string | null } = {},
): NewConsolePerson {
  const now = overrides.createdAt ?? new Date()
  const account = { ...makeAccount(overrides.email ?? `${freshId()}@example.com`, now), passwordHash: overrides.passwordHash ?? null }
  return { id: freshId(), projectId, role, createdAt: now, account }
}

export function makeAccount(email: string, now: Date): ConsoleAccountRecord {
  return { id: freshId(), email, passwordHash: null, createdAt: now, updatedAt: now }
}

/** Adds a person and answers them; fails the test when the store does not create them. */
export async function add(accounts: ConsoleAccountStore, person: NewConsolePerson): Promise<ConsolePersonRecord> {
  const added = await accounts.addPerson(person)
  if (added.outcome !== 'created') throw new Error(`addPerson answered ${added.outcome}, not created`)
  return added.person
}

export function makeLink(projectId: string | null, accountId: string | null, now: Date, mailed = false): ConsoleLinkRecord {
  return { hash: randomHash(), projectId, accountId, createdAt: now, expiresAt: new Date(now.getTime() + 60_000), usedAt: null, mailed }
}

export function randomHash(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(32)), (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** A session of an account, live for `ttlMs` from `now`, last seen at its start. */
export function makeSession(accountId: string, now: Date, overrides: Partial<ConsoleSessionRecord> = {}): ConsoleSessionRecord {
  return {
    hash: randomHash(),
    id: freshId(),
    accountId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + 60_000),
    lastSeenAt: now,
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
    address: '203.0.113.5',
    method: 'password',
    ...overrides,
  }
}
