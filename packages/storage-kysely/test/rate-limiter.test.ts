import { sql } from 'kysely'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createPostgresRateLimiter, migrate } from '../src'
import type { OpenBackend } from './backends'
import { backends } from './backends'

for (const backend of backends({ prepared: true })) {
  const test = suite(`Postgres rate limiter on ${backend.name}`)
  let open: OpenBackend | undefined
  test.before(async () => {
    open = await backend.open({ migrated: true })
    await migrate(open.db)
  })
  test.after(async () => {
    await open?.close()
  })

  test('counts every concurrent hit once, per key and window', async () => {
    const limiter = createPostgresRateLimiter({ db: open!.db })
    const now = new Date('2026-11-20T10:00:30.000Z')
    const results = await Promise.all(
      Array.from({ length: 40 }, () =>
        limiter.hit(
          [
            { key: 'a', windowMs: 60_000 },
            { key: 'b', windowMs: 60_000 },
          ],
          now,
        ),
      ),
    )
    assert.equal(
      results.map((r) => r[0]?.count).sort((x, y) => (x ?? 0) - (y ?? 0)),
      Array.from({ length: 40 }, (_, i) => i + 1),
    )
    assert.equal(
      results.map((r) => r[1]?.count).sort((x, y) => (x ?? 0) - (y ?? 0)),
      Array.from({ length: 40 }, (_, i) => i + 1),
    )
    assert.equal(results[0]?.[0]?.resetAt, new Date('2026-11-20T10:01:00.000Z'))
  })

  test('a new window starts from one, and two limiters on one database share counts', async () => {
    const first = createPostgresRateLimiter({ db: open!.db })
    const second = createPostgresRateLimiter({ db: open!.db })
    const t = new Date('2026-11-20T11:00:05.000Z')
    assert.is((await first.hit([{ key: 'shared', windowMs: 10_000 }], t))[0]?.count, 1)
    assert.is((await second.hit([{ key: 'shared', windowMs: 10_000 }], t))[0]?.count, 2)
    const next = new Date('2026-11-20T11:00:10.000Z')
    assert.is((await first.hit([{ key: 'shared', windowMs: 10_000 }], next))[0]?.count, 1)
  })

  test('ended windows are purged', async () => {
    const limiter = createPostgresRateLimiter({ db: open!.db, purgeEveryMs: 0 })
    await limiter.hit([{ key: 'old', windowMs: 1000 }], new Date('2026-11-20T12:00:00.000Z'))
    await limiter.hit([{ key: 'new', windowMs: 1000 }], new Date('2026-11-20T12:10:00.000Z'))
    // The purge runs off the request path: wait for it.
    for (let i = 0; i < 50; i++) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from canvass.rate_limit_counters where key = 'old'`.execute(
        open!.db,
      )
      if (rows[0]?.n === 0) return
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    assert.unreachable('the old counter was not purged')
  })

  test.run()
}
