import type { ClaimedMail, MailKind, MailLanguage, MailOutcome, MailRecord, MailStore, PageQuery } from '@canvass/core'
import { sql } from 'kysely'
import type { Kysely, Selectable } from 'kysely'
import type { Database, MailOutboxTable } from '../postgres/database'
import { isStorable } from '../postgres/is-storable'
import type { SchemaNames } from '../postgres/schema-names'
import { createDeliveryNotifier } from '../webhooks/delivery-notifier'

/** The longest error text kept on a row. */
const MAX_ERROR_LENGTH = 200

/**
 * The mail outbox on Postgres (`mail_outbox`, docs/mail.md). A claim is one statement that locks due rows with
 * `for update skip locked` (concurrent claimers, in any process, take disjoint rows), pushes their
 * `next_attempt_at` forward by the lease and stamps its `claim_token`, as the webhook outbox does; a record
 * applies only while that token holds, and clears the bodies of a mail it ends.
 */
export function createMailStore(db: Kysely<Database>, names: SchemaNames): MailStore {
  const outbox = names.ref('mail_outbox')
  const queued = createDeliveryNotifier()
  return {
    async enqueue(mail) {
      const inserted = await db
        .insertInto('mail_outbox')
        .values({
          id: mail.id,
          event_key: mail.eventKey,
          project_id: mail.projectId,
          to_address: mail.to,
          kind: mail.kind,
          language: mail.language,
          subject: mail.subject,
          text_body: mail.text,
          html_body: mail.html,
          status: mail.status,
          next_attempt_at: mail.status === 'queued' ? mail.createdAt : null,
          created_at: mail.createdAt,
        })
        .onConflict((oc) => oc.column('event_key').doNothing())
        .returning('id')
        .executeTakeFirst()
      if (inserted === undefined) return 'duplicate'
      if (mail.status === 'queued') queued.notify()
      return 'queued'
    },

    async claim({ now, limit, leaseMs, claimToken }) {
      if (!isStorable(claimToken)) return []
      const until = new Date(now.getTime() + leaseMs)
      const { rows } = await sql<{
        id: string
        to_address: string
        subject: string
        text_body: string
        html_body: string
        attempts: number
        created_at: Date
      }>`
        with due as (
          select id from ${outbox}
          where status = 'queued' and next_attempt_at <= ${now}::timestamptz
          order by next_attempt_at, id
          limit ${Math.max(0, Math.floor(limit))}
          for update skip locked
        )
        update ${outbox} m set next_attempt_at = ${until}::timestamptz, claim_token = ${claimToken}
        from due where m.id = due.id
        returning m.id, m.to_address, m.subject, m.text_body, m.html_body, m.attempts, m.created_at`.execute(db)
      return rows.map(
        (row): ClaimedMail => ({
          id: row.id,
          to: row.to_address,
          subject: row.subject,
          text: row.text_body ?? '',
          html: row.html_body ?? '',
          attempts: row.attempts,
          createdAt: row.created_at,
        }),
      )
    },

    record: (outcome) => recordMail(db, outcome),

    list: (projectId, page) => listMail(db, projectId, page),

    async nextDue() {
      const row = await db
        .selectFrom('mail_outbox')
        .select('next_attempt_at')
        .where('status', '=', 'queued')
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst()
      return row?.next_attempt_at ?? null
    },

    async purgeEnded({ before, limit }) {
      const { rows } = await sql<{ count: string }>`
        with gone as (
          delete from ${outbox} where id in (
            select id from ${outbox}
            where status in ('sent', 'failed', 'limited') and created_at < ${before}::timestamptz
            order by created_at
            limit ${Math.max(0, Math.floor(limit))}
            for update skip locked
          )
          returning 1
        )
        select count(*)::text as count from gone`.execute(db)
      return Number(rows[0]?.count ?? 0)
    },

    onQueued: (listener) => queued.subscribe(listener),
  }
}

/** `MailStore.record`: one statement, applied only while the claim holds; a mail that ends loses its bodies. */
async function recordMail(db: Kysely<Database>, { id, claimToken, now, attempted, next }: MailOutcome): Promise<void> {
  if (!isStorable(id) || !isStorable(claimToken)) return
  const ends = next.status !== 'retry'
  const error = next.status === 'sent' ? undefined : next.error
  await db
    .updateTable('mail_outbox')
    .set((eb) => ({
      status: next.status === 'retry' ? 'queued' : next.status,
      attempts: attempted ? eb('attempts', '+', 1) : eb.ref('attempts'),
      next_attempt_at: next.status === 'retry' ? next.at : null,
      claim_token: null,
      ...(error === undefined || error === null ? {} : { last_error: error.replaceAll('\u0000', '').slice(0, MAX_ERROR_LENGTH) }),
      ...(next.status === 'sent' ? { sent_at: now } : {}),
      // The bodies hold one-time links: a mail that ended keeps none.
      ...(ends ? { text_body: null, html_body: null } : {}),
    }))
    .where('id', '=', id)
    .where('claim_token', '=', claimToken)
    .where('status', '=', 'queued')
    .execute()
}

/** `MailStore.list`: a project's mails, newest first, without bodies. */
async function listMail(db: Kysely<Database>, projectId: string, page: PageQuery): Promise<MailRecord[]> {
  if (!isStorable(projectId)) return []
  let query = db
    .selectFrom('mail_outbox')
    .select(['id', 'project_id', 'to_address', 'kind', 'language', 'subject', 'status', 'attempts', 'last_error', 'created_at', 'sent_at'])
    .where('project_id', '=', projectId)
  if (page.after) {
    const { createdAt, id } = page.after
    query = query.where((eb) => eb.or([eb('created_at', '<', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)])]))
  }
  const rows = await query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(page.skip ?? 0)
    .limit(page.limit + 1)
    .execute()
  return rows.map(mailRecord)
}

type MailRow = Pick<
  Selectable<MailOutboxTable>,
  'id' | 'project_id' | 'to_address' | 'kind' | 'language' | 'subject' | 'status' | 'attempts' | 'last_error' | 'created_at' | 'sent_at'
>

function mailRecord(row: MailRow): MailRecord {
  return {
    id: row.id,
    projectId: row.project_id,
    to: row.to_address,
    kind: row.kind as MailKind,
    language: row.language as MailLanguage,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at,
    sentAt: row.sent_at,
  }
}
