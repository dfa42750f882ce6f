import type { AuditEntry, Storage } from '@canvass/core'
import * as assert from 'uvu/assert'
import { freshId } from '../storage/fresh-id'
import { seedProject } from '../storage/seed'
import type { ReportingStorageTest } from './reporting-test'

/** An entry of `environmentId` at `createdAt`; `overrides` replace fields. */
function makeEntry(environmentId: string, createdAt: Date, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: freshId(),
    environmentId,
    createdAt,
    apiKeyId: 'key-1',
    apiKeyLabel: 'ci',
    action: 'create',
    method: 'POST',
    route: '/api/v1/management/surveys',
    resourceType: 'survey',
    resourceId: freshId(),
    status: 200,
    summary: { fields: ['name', 'questions'] },
    address: '203.0.113.7',
    requestId: freshId(),
    ...overrides,
  }
}

/** Appends entries one at a time, in order. */
async function appendAll(storage: Storage, entries: AuditEntry[]): Promise<void> {
  for (const entry of entries) await storage.auditLog.append(entry)
}

const ids = (entries: AuditEntry[]) => entries.map((entry) => entry.id)

/** `AuditLogStore`: append and read back, newest first, filters, pages, one environment; the purge. */
export const auditLogTests: ReportingStorageTest[] = [
  {
    name: 'auditLog.append and list: every field back as given, newest first, only that environment',
    async run({ storage, reporting }) {
      const { production, development } = await seedProject(storage)
      const base = Date.UTC(2030, 0, 1)
      // As an entry no request made (a retention run) has it.
      const first = makeEntry(production, new Date(base), {
        apiKeyId: null,
        apiKeyLabel: null,
        method: null,
        route: null,
        status: null,
        resourceId: null,
        address: null,
        requestId: null,
        action: 'retention',
        summary: { result: { responses: 3 } },
      })
      const second = makeEntry(production, new Date(base + 1000), {
        action: 'anonymize',
        summary: { fields: ['responseIds'], counts: { responseIds: 3 }, result: { anonymized: 2 } },
      })
      const other = makeEntry(development, new Date(base + 2000))
      await appendAll(storage, [first, second, other])
      assert.equal(await reporting.auditLog.list(production, { limit: 10 }), [second, first])
      assert.equal(await reporting.auditLog.list(development, { limit: 10 }), [other])
      assert.equal(await reporting.auditLog.list(freshId(), { limit: 10 }), [])
      assert.equal(await reporting.auditLog.list('\u0000', { limit: 10, action: '\u0000' }), [], 'a text no row can hold')
    },
  },
  {
    name: 'auditLog.list: filters narrow together, limit + 1 rows, keyset pages in order without gaps',
    async run({ storage, reporting }) {
      const { production } = await seedProject(storage)
      const base = Date.UTC(2030, 1, 1)
      const resourceId = freshId()
      const entries = [
        makeEntry(production, new Date(base), { action: 'create', resourceType: 'survey', resourceId }),
        makeEntry(production, new Date(base + 1000), { action: 'update', resourceType: 'survey', resourceId }),
        makeEntry(production, new Date(base + 2000), { action: 'delete', resourceType: 'webhook', apiKeyId: 'key-2' }),
        makeEntry(production, new Date(base + 3000), { action: 'update', resourceType: 'survey', resourceId: freshId() }),
        // Two in the same millisecond: the id decides.
        makeEntry(production, new Date(base + 4000), { id: `${freshId()}-a` }),
        makeEntry(production, new Date(base + 4000), { id: `${freshId()}-b` }),
      ]
      await appendAll(storage, entries)
      const newestFirst = [...entries].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      assert.equal(ids(await reporting.auditLog.list(production, { limit: 100 })), ids(newestFirst))
      assert.equal(ids(await reporting.auditLog.list(production, { limit: 2 })), ids(newestFirst.slice(0, 3)), 'limit + 1')
      const paged: AuditEntry[] = []
      let after: { createdAt: Date; id: string } | undefined
      for (;;) {
        const page = await reporting.auditLog.list(production, { limit: 2, ...(after ? { after } : {}) })
        paged.push(...page.slice(0, 2))
        if (page.length <= 2) break
        const last = page[1] as AuditEntry
        after = { createdAt: last.createdAt, id: last.id }
      }
      assert.equal(ids(paged), ids(newestFirst), 'pages of two cover every entry once, in order')

      const e = entries as [AuditEntry, AuditEntry, AuditEntry, AuditEntry, AuditEntry, AuditEntry]
      assert.equal(ids(await reporting.auditLog.list(production, { limit: 10, action: 'update' })), [e[3].id, e[1].id])
      assert.equal(ids(await reporting.auditLog.list(production, { limit: 10, action: 'update', resourceId })), [e[1].id])
      assert.equal(ids(await reporting.auditLog.list(production, { limit: 10, resourceType: 'webhook' })), [e[2].id])
      assert.equal(ids(await reporting.auditLog.list(production, { limit: 10, apiKeyId: 'key-2' })), [e[2].id])
      assert.equal(ids(await reporting.auditLog.list(production, { limit: 10, resourceType: 'webhook', action: 'create' })), [])
      assert.equal(
        ids(await reporting.auditLog.list(production, { limit: 10, since: new Date(base + 1000), until: new Date(base + 3000) })),
        [e[3].id, e[2].id, e[1].id],
        'since and until are inclusive',
      )
    },
  },
  {
    name: 'auditLog.purge: removes at most limit entries created before the time, oldest first, of every environment',
    async run({ storage, reporting }) {
      const { production, development } = await seedProject(storage)
      // Far in the past, so that entries of other tests (made now) are never older.
      const base = Date.UTC(1990, 0, 1)
      const old = [
        makeEntry(production, new Date(base)),
        makeEntry(development, new Date(base + 1000)),
        makeEntry(production, new Date(base + 2000)),
      ]
      const kept = makeEntry(production, new Date(base + 10_000))
      await appendAll(storage, [...old, kept])
      const cutoff = new Date(base + 10_000)
      assert.is(await storage.auditLog.purge(cutoff, 2), 2, 'at most limit')
      assert.equal(ids(await reporting.auditLog.list(development, { limit: 10 })), [], 'the oldest two went first')
      assert.equal(ids(await reporting.auditLog.list(production, { limit: 10 })), [kept.id, (old[2] as AuditEntry).id])
      assert.is(await storage.auditLog.purge(cutoff, 10), 1)
      assert.is(await storage.auditLog.purge(cutoff, 10), 0, 'nothing older is left')
      assert.equal(ids(await reporting.auditLog.list(production, { limit: 10 })), [kept.id], 'an entry at the cutoff stays')
    },
  },
  {
    name: 'auditLog.purge: concurrent purges remove each old entry once and never fail',
    async run({ storage, reporting }) {
      const { production } = await seedProject(storage)
      const base = Date.UTC(1991, 0, 1)
      const old = Array.from({ length: 12 }, (_, i) => makeEntry(production, new Date(base + i)))
      await appendAll(storage, old)
      const cutoff = new Date(base + 1000)
      const counts = await Promise.all([1, 2, 3].map(() => storage.auditLog.purge(cutoff, 5)))
      let removed = counts.reduce((sum, n) => sum + n, 0)
      while (true) {
        const more = await storage.auditLog.purge(cutoff, 5)
        if (more === 0) break
        removed += more
      }
      assert.ok(removed >= 12, `removed ${removed}`)
      assert.equal(await reporting.auditLog.list(production, { limit: 20 }), [])
    },
  },
]
