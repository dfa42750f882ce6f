import { checkNotInFuture } from '../../domain/backdated-times'
import { newResponse } from '../../domain/response-service'
import { checkResponseSize } from '../../domain/response-size'
import { parseItem } from '../../http/validate'
import type { ImportedResponseExtras, NewResponse } from '../../ports/storage'
import { managementResponseCreateSchema } from '../../schemas/response'
import type { Item } from './items'
import { notesOf, pick, tagsOf } from './items'
import type { ImportRun } from './run'
import { drop } from './tally'

/** A display as the import writes it, before its response. */
export interface ImportedDisplay {
  id: string
  surveyId: string
  contactId: string | null
  createdAt: Date
}

/** A source response as it is written here, with its display (when it names one) and its notes and tags. */
export interface ResponseEntry {
  sourceId: string
  response: NewResponse
  display: ImportedDisplay | null
  extras: ImportedResponseExtras
}

/**
 * A source response checked as the bulk route checks one, naming its survey and display by the ids they have
 * here; throws a `CanvassError` or `ValiError` that refuses it.
 */
export function responseEntry(run: ImportRun, item: Item, targetId: string, displayTargets: Map<string, string>): ResponseEntry {
  const { ctx } = run
  const contact = (item.contact ?? item.person) as Item | null | undefined
  const contactAttributes = (item.contactAttributes ?? item.personAttributes) as Item | null | undefined
  const userId =
    typeof contact?.userId === 'string' ? contact.userId : typeof contactAttributes?.userId === 'string' ? contactAttributes.userId : null
  const surveyId = typeof item.surveyId === 'string' ? (run.known.surveys.get(item.surveyId) ?? item.surveyId) : item.surveyId
  const input = parseItem(managementResponseCreateSchema, {
    ...pick(item, [
      'finished',
      'data',
      'variables',
      'ttc',
      'meta',
      'language',
      'singleUseId',
      'displayId',
      'endingId',
      'createdAt',
      'updatedAt',
    ]),
    ...(typeof item.displayId === 'string' ? { displayId: displayTargets.get(item.displayId) ?? item.displayId } : {}),
    surveyId,
    userId,
  })
  const { createdAt, updatedAt, environmentId: _e, workspaceId: _w, ...rest } = input
  const given = {
    ...(createdAt === undefined ? {} : { createdAt: new Date(createdAt) }),
    ...(updatedAt === undefined ? {} : { updatedAt: new Date(updatedAt) }),
  }
  // As the bulk route: a response dated in the future would escape retention (docs/migrating.md).
  checkNotInFuture(given, ctx.now())
  const created = given.createdAt ?? ctx.now()
  const response = newResponse(rest, null, { id: targetId, newId: ctx.newId, now: created })
  if (given.updatedAt !== undefined) response.updatedAt = given.updatedAt
  keepMeta(run, item.meta, response.meta)
  checkResponseSize(response, ctx.maxResponseBytes)
  const display =
    response.displayId === null
      ? null
      : {
          id: response.displayId,
          surveyId: response.surveyId,
          // The contact only when the response links one (by its userId): a display made for a contact takes
          // only that contact's response, and a contact without a userId is not linked here.
          contactId: userId !== null && typeof contact?.id === 'string' ? contact.id : null,
          createdAt: created,
        }
  return {
    sourceId: item.id as string,
    response,
    display,
    extras: { responseId: targetId, notes: notesOf(item.notes), tags: tagsOf(item.tags) },
  }
}

/**
 * The source's `meta` beyond what a create takes (`source`, `url`, `action`): the user agent and country
 * the source's server recorded are kept when they are short texts; anything else is reported.
 */
function keepMeta(run: ImportRun, sourceMeta: unknown, meta: Record<string, unknown>): void {
  if (typeof sourceMeta !== 'object' || sourceMeta === null) return
  for (const [field, value] of Object.entries(sourceMeta)) {
    if (field === 'source' || field === 'url' || field === 'action') continue
    const short = (text: unknown) => typeof text === 'string' && text.length <= 500
    if (field === 'country' && short(value)) meta.country = value
    else if (
      field === 'userAgent' &&
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      Object.values(value).every(short)
    )
      meta.userAgent = value
    else drop(run, 'responses', `meta.${field}`, "Canvass keeps only source, url, action, userAgent and country in a response's meta")
  }
}
