import { createCanvass, createId, createMemoryRateLimiter, mailSettings, queueMail } from '@canvass/core'
import type { Canvass, MailQueueContext, MailTransport, QueueMailInput } from '@canvass/core'
import { createSmtpMailTransport } from '@canvass/host-node'
import { onlyMailSender, startSmtpServer, waitFor } from '@canvass/test-bed'
import type { TestSmtpServer } from '@canvass/test-bed'
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createKyselyStorage } from '../src'
import type { KyselyStorage } from '../src'
import { backends, sharedDatabase } from './backends'

// Mail as the "done when" asks: mails queued while the SMTP server is down are each delivered exactly
// once after it comes back, also with two instances on one database racing for them; the limit per address;
// bodies cleared once a mail ends; one mail per event; the purge. A real SMTP server process on loopback
// (test-bed's startSmtpServer), real time (the network is real), a retry schedule shortened to milliseconds.
// PGlite always, the Postgres server too when TEST_DATABASE_URL is set.

const FROM = 'Canvass <canvass@mail.test>'
const SHORT = { firstMs: 100, maxMs: 400, giveUpAfterMs: 120_000 }
const quiet = { error: (message: string, cause?: unknown) => console.error(message, cause), warn: () => {} }

/** A Canvass that runs only the mail sender, on `storage`, sending through `transport`. */
function mailInstance(storage: KyselyStorage, transport: MailTransport, extra: { random?: () => number } = {}): Canvass {
  return createCanvass({
    storage,
    logger: quiet,
    widget: false,
    mail: { transport, from: FROM },
    background: onlyMailSender({ schedule: SHORT, pollIntervalMs: 50, ...extra }),
  })
}

/** What `queueMail` reads, as a handler's context has it, on `storage`. */
function queueContext(storage: KyselyStorage, transport: MailTransport, limiter = createMemoryRateLimiter()): MailQueueContext {
  return { storage, mail: mailSettings({ transport, from: FROM, limiter }, storage, undefined), now: () => new Date(), newId: createId }
}

function signInLink(eventKey: string, to: string, projectId: string | null = null): QueueMailInput {
  return {
    eventKey,
    to,
    projectId,
    kind: 'sign-in-link',
    language: 'en',
    values: { link: `https://canvass.test/console/link/${eventKey}`, expiresAt: new Date(Date.now() + 3_600_000) },
  }
}

interface Row {
  id: string
  status: string
  attempts: number
  text_body: string | null
  html_body: string | null
  last_error: string | null
  sent_at: Date | null
}

async function rows(db: Kysely<unknown>): Promise<Row[]> {
  const { rows } =
    await sql<Row>`select id, status, attempts, text_body, html_body, last_error, sent_at from canvass.mail_outbox order by id`.execute(db)
  return rows
}

for (const backend of backends()) {
  const test = suite(`mail outbox on ${backend.name}`)
  const database = sharedDatabase(backend, 'migrated')
  let smtp: TestSmtpServer
  const running: Canvass[] = []

  test.before(async () => {
    smtp = await startSmtpServer()
  })
  test.after.each(async () => {
    for (const canvass of running.splice(0)) await canvass.close()
    await smtp.start()
  })
  test.after(async () => {
    await smtp.close()
    await database.close()
  })

  test('mails queued while the SMTP server is down are retried, and each arrives exactly once when it is back, through two racing instances', async () => {
    const db = await database.take()
    await smtp.stop()
    const transport = createSmtpMailTransport({ url: smtp.url, timeoutMs: 5_000 })
    const first = createKyselyStorage({ db })
    const second = createKyselyStorage({ db })
    const ctx = queueContext(first, transport)
    const before = (await smtp.mails()).length
    running.push(mailInstance(first, transport), mailInstance(second, transport))
    for (const canvass of running) await canvass.start()
    const keys = Array.from({ length: 10 }, (_, index) => `durability-${index}`)
    for (const [index, key] of keys.entries()) {
      assert.is(await queueMail(ctx, signInLink(key, `person-${index}@example.com`)), 'queued')
    }
    // Every mail tried at least twice against the server that is down, and still queued.
    await waitFor(
      'every mail tried twice and queued',
      async () => {
        const all = await rows(db)
        return all.length === 10 && all.every((row) => row.attempts >= 2 && row.status === 'queued' && row.last_error !== null)
      },
      { timeoutMs: 30_000 },
    )
    await smtp.start()
    await waitFor('every mail sent', async () => (await rows(db)).every((row) => row.status === 'sent'), { timeoutMs: 30_000 })
    // Both instances stop: nothing still in flight can arrive late and be missed by the count below.
    for (const canvass of running.splice(0)) await canvass.close()
    const arrived = (await smtp.mails()).slice(before)
    const ids = (await rows(db)).map((row) => `<${row.id}@mail.test>`).sort()
    assert.equal(arrived.map((mail) => mail.messageId).sort(), ids, 'each mail exactly once, by Message-ID')
    assert.equal(new Set(arrived.map((mail) => mail.to[0])).size, 10)
    for (const row of await rows(db)) {
      assert.is(row.text_body, null, 'a sent mail keeps no text body')
      assert.is(row.html_body, null, 'a sent mail keeps no HTML body')
      assert.ok(row.sent_at instanceof Date)
    }
  })

  test('one mail per event: the same event queued twice, also at once, keeps and sends one', async () => {
    const db = await database.take()
    const storage = createKyselyStorage({ db })
    const transport = createSmtpMailTransport({ url: smtp.url })
    const ctx = queueContext(storage, transport)
    const answers = await Promise.all([1, 2, 3].map(() => queueMail(ctx, signInLink('same-event', 'once@example.com'))))
    assert.equal(answers, ['queued', 'queued', 'queued'])
    assert.is((await rows(db)).length, 1)
    const canvass = mailInstance(storage, transport)
    running.push(canvass)
    const report = await canvass.runBackgroundOnce()
    assert.is(report.mail?.sent, 1)
    assert.is((await smtp.mails()).filter((mail) => mail.to[0] === 'once@example.com').length, 1)
  })

  test('at most 5 mails an hour to an address: the rest are kept as limited, never sent, and the caller is answered alike', async () => {
    const db = await database.take()
    const storage = createKyselyStorage({ db })
    const transport = createSmtpMailTransport({ url: smtp.url })
    const ctx = queueContext(storage, transport)
    const answers: string[] = []
    for (let index = 0; index < 7; index++) {
      answers.push(await queueMail(ctx, signInLink(`limit-${index}`, index % 2 ? 'Busy@Example.com' : 'busy@example.com')))
    }
    answers.push(await queueMail(ctx, signInLink('other', 'calm@example.com')))
    assert.equal(answers, Array(8).fill('queued'), 'the same answer, limited or not')
    const { rows: kept } = await sql<{ status: string; n: number }>`
      select status, count(*)::int as n from canvass.mail_outbox group by status order by status`.execute(db)
    assert.equal(kept, [
      { status: 'limited', n: 2 },
      { status: 'queued', n: 6 },
    ])
    const { rows: limited } = await sql<Row>`select text_body, html_body from canvass.mail_outbox where status = 'limited'`.execute(db)
    assert.ok(
      limited.every((row) => row.text_body === null && row.html_body === null),
      'a limited mail keeps no bodies',
    )
    const before = (await smtp.mails()).length
    const canvass = mailInstance(storage, transport)
    running.push(canvass)
    const report = await canvass.runBackgroundOnce()
    assert.is(report.mail?.sent, 6)
    const arrived = (await smtp.mails()).slice(before)
    assert.is(arrived.filter((mail) => mail.to[0]?.toLowerCase() === 'busy@example.com').length, 5)
  })

  test('a 5xx reply fails a mail at once and clears its bodies; a 4xx reply is tried again', async () => {
    const db = await database.take()
    const refusing = await startSmtpServer({ reject: { 'gone@example.com': 550, 'later@example.com': 451 } })
    try {
      const storage = createKyselyStorage({ db })
      const transport = createSmtpMailTransport({ url: refusing.url })
      const ctx = queueContext(storage, transport)
      await queueMail(ctx, signInLink('gone', 'gone@example.com'))
      await queueMail(ctx, signInLink('later', 'later@example.com'))
      const canvass = mailInstance(storage, transport)
      running.push(canvass)
      const report = await canvass.runBackgroundOnce()
      assert.equal({ failed: report.mail?.failed, retried: report.mail?.retried }, { failed: 1, retried: 1 })
      const { rows: kept } = await sql<Row & { to_address: string }>`
        select to_address, status, attempts, text_body, html_body, last_error from canvass.mail_outbox order by to_address`.execute(db)
      assert.equal(
        kept.map((row) => [row.to_address, row.status, row.attempts, row.text_body === null, row.html_body === null]),
        [
          ['gone@example.com', 'failed', 1, true, true],
          ['later@example.com', 'queued', 1, false, false],
        ],
      )
      assert.match(kept[0]?.last_error ?? '', /^550/)
      assert.match(kept[1]?.last_error ?? '', /^451/)
    } finally {
      await refusing.close()
    }
  })

  test('a claim is held: a second claim at the same time takes none of its mails; a record of a lost claim changes nothing', async () => {
    const db = await database.take()
    const storage = createKyselyStorage({ db })
    const ctx = queueContext(storage, createSmtpMailTransport({ url: smtp.url }))
    for (let index = 0; index < 4; index++) await queueMail(ctx, signInLink(`claim-${index}`, `claim-${index}@example.com`))
    const now = new Date(Date.now() + 1_000)
    const [a, b] = await Promise.all([
      storage.mail.claim({ now, limit: 3, leaseMs: 60_000, claimToken: 'a' }),
      storage.mail.claim({ now, limit: 3, leaseMs: 60_000, claimToken: 'b' }),
    ])
    const ids = [...(a ?? []), ...(b ?? [])].map((mail) => mail.id)
    assert.is(ids.length, 4)
    assert.is(new Set(ids).size, 4, 'no mail claimed twice')
    const taken = (a ?? [])[0] ?? (b ?? [])[0]
    assert.ok(taken)
    await storage.mail.record({ id: taken.id, claimToken: 'not the claim', now, attempted: true, next: { status: 'sent' } })
    const row = (await rows(db)).find((one) => one.id === taken.id)
    assert.is(row?.status, 'queued')
    assert.is(row?.attempts, 0)
  })

  test('the purge deletes ended mails older than the cut-off, never queued ones', async () => {
    const db = await database.take()
    const storage = createKyselyStorage({ db })
    const ctx = queueContext(storage, createSmtpMailTransport({ url: smtp.url }))
    for (let index = 0; index < 3; index++) await queueMail(ctx, signInLink(`purge-${index}`, `purge-${index}@example.com`))
    const all = await rows(db)
    await sql`update canvass.mail_outbox set status = 'sent', text_body = null, html_body = null, created_at = now() - interval '31 days' where id = ${all[0]?.id}`.execute(
      db,
    )
    await sql`update canvass.mail_outbox set created_at = now() - interval '31 days' where id = ${all[1]?.id}`.execute(db)
    const before = new Date(Date.now() - 30 * 86_400_000)
    assert.is(await storage.mail.purgeEnded({ before, limit: 100 }), 1)
    assert.equal(
      (await rows(db)).map((row) => row.id),
      [all[1]?.id, all[2]?.id].sort(),
    )
  })

  test.run()
}
