import type { DisplayRecord, DisplayStore } from '@canvass/core'
import type { Kysely } from 'kysely'
import type { Database } from '../postgres/database'
import { isStorable } from '../postgres/is-storable'

/** A contact's displays, oldest first by keyset, each with the response that names it (`DisplayStore.listByContact`). */
export async function listDisplaysByContact(
  db: Kysely<Database>,
  environmentId: Parameters<DisplayStore['listByContact']>[0],
  contactId: Parameters<DisplayStore['listByContact']>[1],
  page: Parameters<DisplayStore['listByContact']>[2],
): ReturnType<DisplayStore['listByContact']> {
  if (!isStorable(environmentId) || !isStorable(contactId)) return []
  const { after } = page
  const rows = await db
    .selectFrom('displays as d')
    .where('d.environment_id', '=', environmentId)
    .where('d.contact_id', '=', contactId)
    .$if(after !== undefined, (q) =>
      q.where((eb) => eb(eb.refTuple('d.created_at', 'd.id'), '>', eb.tuple(after?.createdAt as Date, after?.id as string))),
    )
    .select((eb) => [
      'd.id',
      'd.survey_id',
      'd.contact_id',
      'd.response_id',
      'd.created_at',
      'd.updated_at',
      eb
        .selectFrom('responses as r')
        .whereRef('r.display_id', '=', 'd.id')
        .where('r.environment_id', '=', environmentId)
        .select('r.id')
        .orderBy('r.created_at')
        .limit(1)
        .as('display_response_id'),
    ])
    .orderBy('d.created_at')
    .orderBy('d.id')
    .limit(page.limit + 1)
    .execute()
  return rows.map(
    (row): DisplayRecord => ({
      id: row.id,
      surveyId: row.survey_id,
      contactId: row.contact_id,
      responseId: row.display_response_id ?? row.response_id ?? null,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }),
  )
}
