import { sql } from 'kysely'
import type { Kysely, RawBuilder } from 'kysely'
import type { Database } from '../postgres/database'
import { isStorable } from '../postgres/is-storable'
import type { SchemaNames } from '../postgres/schema-names'

/** Responses whose file answers one statement reads. */
const RESPONSES_PER_READ = 1000
/** Files whose records one statement moves into the journal. */
const FILES_PER_WRITE = 1000

/**
 * Inside the caller's transaction, before the responses are deleted: the uploaded files that the responses'
 * `fileUpload` answers name (URLs whose path ends in `/storage/{environmentId}/{public|private}/{fileName}`,
 * this environment's, matched to rows of `files`) get a row each in the blob-deletion journal, and their `files`
 * rows go; but only a file a respondent uploaded for a response of that survey (or naming no survey), and that
 * no other response, no survey and neither the environment nor its project names (see docs/data-rights.md,
 * "Files of responses"). Brings only the file answers' URLs into memory, a thousand responses per statement;
 * what still names a file is found by the database (see `moveFilesToJournal`). Returns how many files were
 * recorded.
 */
export async function recordResponseFileDeletions(
  trx: Kysely<Database>,
  names: SchemaNames,
  selection: { environmentId: string; responseIds: readonly string[] },
): Promise<number> {
  const { environmentId } = selection
  const ids = [...new Set(selection.responseIds)]
  const going = sql<boolean>`r.id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`
  let recorded = 0
  for (let start = 0; start < ids.length; start += RESPONSES_PER_READ) {
    const urls = await fileAnswerUrls(trx, names, environmentId, ids.slice(start, start + RESPONSES_PER_READ))
    recorded += await moveFilesToJournal(trx, names, environmentId, blobsOf(urls, environmentId), { going })
  }
  return recorded
}

/**
 * Inside the caller's transaction, before a survey is deleted (its responses and `files` rows go with it by
 * cascade): the files its responses name (as `recordResponseFileDeletions` picks them, a thousand responses at
 * a time in the order of their ids) and the files uploaded for it (`files.survey_id`) get a journal row each.
 * Returns how many files were recorded.
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
    if (rows.length > 0) {
      const urls = await fileAnswerUrls(
        trx,
        names,
        environmentId,
        rows.map((row) => row.id),
      )
      // All the survey's responses go, and the survey itself: neither keeps a file.
      const going = sql<boolean>`r.survey_id = ${surveyId}`
      recorded += await moveFilesToJournal(trx, names, environmentId, blobsOf(urls, environmentId), { going, survey: surveyId })
    }
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

/** The URLs the `fileUpload` answers of these responses hold (a URL or a list of them per answer), with their survey. */
async function fileAnswerUrls(
  trx: Kysely<Database>,
  names: SchemaNames,
  environmentId: string,
  responseIds: readonly string[],
): Promise<AnswerUrl[]> {
  if (responseIds.length === 0) return []
  const answer = sql`r.data -> (q.question ->> 'id')`
  const { rows } = await sql<AnswerUrl>`
    select distinct v.url, r.survey_id from ${names.ref('responses')} r
    join ${names.ref('surveys')} s on s.id = r.survey_id
    cross join lateral jsonb_array_elements(case when jsonb_typeof(s.questions) = 'array' then s.questions else '[]'::jsonb end) q(question)
    cross join lateral jsonb_array_elements_text(case jsonb_typeof(${answer})
      when 'array' then ${answer} when 'string' then jsonb_build_array(${answer}) else '[]'::jsonb end) v(url)
    where r.environment_id = ${environmentId} and r.id in (${sql.join(responseIds)})
      and jsonb_typeof(q.question) = 'object' and q.question ->> 'type' = 'fileUpload'`.execute(trx)
  return rows
}

interface AnswerUrl {
  url: string
  survey_id: string
}

interface NamedBlob {
  access_type: 'public' | 'private'
  file_name: string
  /** The survey of the response whose answer names it. */
  survey_id: string
}

/** The stored files of `environmentId` that `urls` name, by their path (the host is whatever served them). */
function blobsOf(urls: readonly AnswerUrl[], environmentId: string): NamedBlob[] {
  const found = new Map<string, NamedBlob>()
  for (const { url, survey_id } of urls) {
    const blob = blobOf(url, environmentId)
    if (blob) found.set(JSON.stringify([blob.access_type, blob.file_name, survey_id]), { ...blob, survey_id })
  }
  return [...found.values()]
}

const FILE_PATH = /\/storage\/([^/]+)\/(public|private)\/([^/]+)$/

function blobOf(url: string, environmentId: string): Omit<NamedBlob, 'survey_id'> | undefined {
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

/**
 * What goes with the write: `going` is true of a response (`r`) that goes too, `survey` the survey that goes
 * too (its text keeps no file then).
 */
interface Going {
  going: RawBuilder<boolean>
  survey?: string
}

/** The uuid part (`--fid--{uuid}`) of a stored name: how an answer, a survey or a project names the file. */
const FILE_UUID = '--fid--([0-9a-f-]{36})'

/**
 * Deletes the `files` rows of these blobs that may go (a respondent's upload for a response of the naming
 * response's survey, or of none, that nothing staying names) and writes a journal row for each. What still
 * names a file is read in one pass over the environment's responses (those holding `--fid--` at all), surveys
 * and project, whatever the number of files.
 */
async function moveFilesToJournal(
  trx: Kysely<Database>,
  names: SchemaNames,
  environmentId: string,
  blobs: readonly NamedBlob[],
  { going, survey }: Going,
): Promise<number> {
  let recorded = 0
  for (let start = 0; start < blobs.length; start += FILES_PER_WRITE) {
    const batch = JSON.stringify(blobs.slice(start, start + FILES_PER_WRITE))
    const mentions = (text: RawBuilder<string>) => sql`regexp_matches(${text}, ${FILE_UUID}, 'g')`
    recorded += await journalFiles(
      trx,
      names,
      sql`where f.id in (
        select c.id from ${names.ref('files')} c
        join jsonb_to_recordset(${batch}::jsonb) as x(access_type text, file_name text, survey_id text)
          on c.access_type = x.access_type and c.file_name = x.file_name
        where c.environment_id = ${environmentId} and c.for_response and (c.survey_id is null or c.survey_id = x.survey_id)
          and substring(c.file_name from ${`${FILE_UUID}.[^.]*$`}) not in (
            select m[1] from ${names.ref('responses')} r cross join lateral ${mentions(sql`r.data::text`)} m
            where r.environment_id = ${environmentId} and not (${going}) and strpos(r.data::text, '--fid--') > 0
            union all
            select m[1] from ${names.ref('surveys')} s cross join lateral ${mentions(sql`to_jsonb(s)::text`)} m
            where s.environment_id = ${environmentId} ${survey === undefined ? sql`` : sql`and s.id <> ${survey}`}
            union all
            select m[1] from ${names.ref('environments')} e join ${names.ref('projects')} p on p.id = e.project_id
              cross join lateral ${mentions(sql`to_jsonb(p)::text || to_jsonb(e)::text`)} m
            where e.id = ${environmentId}
          )
      )`,
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
