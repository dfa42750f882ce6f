import { sql } from 'kysely'
import type { Kysely, RawBuilder } from 'kysely'
import type { Database } from './database'
import { isStorable } from './is-storable'
import type { SchemaNames } from './schema-names'

/** Responses whose file answers one statement reads. */
const RESPONSES_PER_READ = 1000
/** Files whose records one statement moves into the journal. */
const FILES_PER_WRITE = 1000

/**
 * Inside the caller's transaction, before the responses are deleted: the uploaded files that the responses'
 * `fileUpload` answers name (URLs whose path ends in `/storage/{environmentId}/{public|private}/{fileName}`,
 * this environment's, matched to rows of `files`) get a row each in the blob-deletion journal, and their `files`
 * rows go. Reads only the file answers (never whole responses), a thousand responses per statement. Returns
 * how many files were recorded.
 */
export async function recordResponseFileDeletions(
  trx: Kysely<Database>,
  names: SchemaNames,
  selection: { environmentId: string; responseIds: readonly string[] },
): Promise<number> {
  const { environmentId } = selection
  const ids = [...new Set(selection.responseIds)]
  let recorded = 0
  for (let start = 0; start < ids.length; start += RESPONSES_PER_READ) {
    const urls = await fileAnswerUrls(trx, names, environmentId, ids.slice(start, start + RESPONSES_PER_READ))
    recorded += await moveFilesToJournal(trx, names, environmentId, blobsOf(urls, environmentId))
  }
  return recorded
}

/**
 * Inside the caller's transaction, before a survey is deleted (its responses and `files` rows go with it by
 * cascade): the files its responses name (`recordResponseFileDeletions`, a thousand responses at a time in
 * the order of their ids) and the files uploaded for it (`files.survey_id`) get a journal row each. Returns
 * how many files were recorded.
 */
export async function recordSurveyFileDeletions(
  trx: Kysely<Database>,
  names: SchemaNames,
  selection: { environmentId: string; surveyId: string },
): Promise<number> {
  const { environmentId, surveyId } = selection
  let recorded = 0
  let after = ''
  for (;;) {
    const rows = await trx
      .selectFrom('responses')
      .select('id')
      .where('survey_id', '=', surveyId)
      .where('environment_id', '=', environmentId)
      .where('id', '>', after)
      .orderBy('id')
      .limit(RESPONSES_PER_READ)
      .execute()
    if (rows.length > 0)
      recorded += await recordResponseFileDeletions(trx, names, { environmentId, responseIds: rows.map((row) => row.id) })
    if (rows.length < RESPONSES_PER_READ) break
    after = rows[rows.length - 1]!.id
  }
  const ofSurvey = sql`where f.survey_id = ${surveyId} and f.environment_id = ${environmentId}`
  return recorded + (await journalFiles(trx, names, ofSurvey))
}

/**
 * A journal row's id: `blob_`, the database clock in milliseconds as 12 hex digits (ids sort by creation),
 * and 20 random hex digits.
 */
const BLOB_DELETION_ID = sql<string>`'blob_' || lpad(to_hex((extract(epoch from clock_timestamp()) * 1000)::bigint), 12, '0')
  || substr(replace(gen_random_uuid()::text, '-', ''), 1, 20)`

/** The URLs the `fileUpload` answers of these responses hold (a URL or a list of them per answer). */
async function fileAnswerUrls(
  trx: Kysely<Database>,
  names: SchemaNames,
  environmentId: string,
  responseIds: readonly string[],
): Promise<string[]> {
  if (responseIds.length === 0) return []
  const answer = sql`r.data -> (q.question ->> 'id')`
  const { rows } = await sql<{ url: string }>`
    select distinct v.url from ${names.ref('responses')} r
    join ${names.ref('surveys')} s on s.id = r.survey_id
    cross join lateral jsonb_array_elements(case when jsonb_typeof(s.questions) = 'array' then s.questions else '[]'::jsonb end) q(question)
    cross join lateral jsonb_array_elements_text(case jsonb_typeof(${answer})
      when 'array' then ${answer} when 'string' then jsonb_build_array(${answer}) else '[]'::jsonb end) v(url)
    where r.environment_id = ${environmentId} and r.id in (${sql.join(responseIds)})
      and jsonb_typeof(q.question) = 'object' and q.question ->> 'type' = 'fileUpload'`.execute(trx)
  return rows.map((row) => row.url)
}

interface NamedBlob {
  access_type: 'public' | 'private'
  file_name: string
}

/** The stored files of `environmentId` that `urls` name, by their path (the host is whatever served them). */
function blobsOf(urls: readonly string[], environmentId: string): NamedBlob[] {
  const found = new Map<string, NamedBlob>()
  for (const url of urls) {
    const blob = blobOf(url, environmentId)
    if (blob) found.set(`${blob.access_type}/${blob.file_name}`, blob)
  }
  return [...found.values()]
}

const FILE_PATH = /\/storage\/([^/]+)\/(public|private)\/([^/]+)$/

function blobOf(url: string, environmentId: string): NamedBlob | undefined {
  let path: string
  try {
    path = new URL(url, 'http://relative.invalid').pathname
  } catch {
    return undefined
  }
  const match = FILE_PATH.exec(path)
  if (!match) return undefined
  try {
    if (decodeURIComponent(match[1]!) !== environmentId) return undefined
    const fileName = decodeURIComponent(match[3]!)
    // No stored name holds NUL (jsonb could not even carry it).
    return isStorable(fileName) ? { access_type: match[2] as NamedBlob['access_type'], file_name: fileName } : undefined
  } catch {
    return undefined
  }
}

/** Deletes the `files` rows of these blobs and writes a journal row for each one that was there. */
async function moveFilesToJournal(
  trx: Kysely<Database>,
  names: SchemaNames,
  environmentId: string,
  blobs: readonly NamedBlob[],
): Promise<number> {
  let recorded = 0
  for (let start = 0; start < blobs.length; start += FILES_PER_WRITE) {
    const batch = JSON.stringify(blobs.slice(start, start + FILES_PER_WRITE))
    recorded += await journalFiles(
      trx,
      names,
      sql`using jsonb_to_recordset(${batch}::jsonb) as x(access_type text, file_name text)
        where f.environment_id = ${environmentId} and f.access_type = x.access_type and f.file_name = x.file_name`,
    )
  }
  return recorded
}

/**
 * One statement: deletes the `files` rows (`f`) that `selection` (a `using` and `where` clause) picks and writes a
 * journal row for each; returns how many.
 */
async function journalFiles(trx: Kysely<Database>, names: SchemaNames, selection: RawBuilder<unknown>): Promise<number> {
  const { rows } = await sql<{ recorded: number }>`
    with gone as (
      delete from ${names.ref('files')} f ${selection}
      returning f.environment_id, f.access_type, f.file_name
    ),
    journaled as (
      insert into ${names.ref('blob_deletions')} (id, blob_key, environment_id, next_attempt_at)
      select ${BLOB_DELETION_ID}, gone.environment_id || '/' || gone.access_type || '/' || gone.file_name, gone.environment_id,
        '-infinity'
      from gone
      returning 1
    )
    select count(*)::int as recorded from journaled`.execute(trx)
  return rows[0]?.recorded ?? 0
}
