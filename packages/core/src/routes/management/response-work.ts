import type { CanvassContext, Handler } from '../../context'
import { param } from '../../context'
import { authenticate } from '../../auth/authenticate'
import type { Caller } from '../../auth/caller'
import { readsContactAttributes } from '../../auth/console-roles'
import { CanvassError, notFound } from '../../errors'
import { ok } from '../../http/respond'
import type { BodyHandler, RouteTable } from '../../http/route-table'
import { responseOutput } from '../../domain/responses/response-service'
import { noteAuthor, noteGuard, noteOutput, writtenNote } from '../../domain/responses/response-notes'
import { responseWorkOf } from '../../domain/optional-ports/response-work-port'
import { dataOf, responseAnswer } from '../../schemas/answers'
import {
  MAX_NOTES_PER_RESPONSE,
  responseDeleteAnswer,
  responseDeleteBody,
  responseNoteAnswer,
  responseNoteBody,
  responseTagBody,
} from '../../schemas/response-work'

/**
 * Working with responses over `/api/v1/management/responses` (docs/api.md, "Tags, notes and deleting responses"): the
 * reference's response notes, and Canvass's own routes to put a tag on a response or take it off and to delete
 * a selection. A response of another environment is a 404, as an unknown one is.
 */
export function registerResponseWorkRoutes(routes: RouteTable): void {
  const common = { auth: 'apiKey', errors: [403, 404] } as const
  const note = { resourceType: 'responseNote' } as const
  routes.post('/api/v1/management/responses/delete', deleteResponses, {
    ...common,
    audit: { action: 'delete', resourceType: 'response', result: true },
    summary: 'Delete up to 100 responses of the environment in one transaction: all of them, or none when any is not there',
    description:
      "Each response goes as `DELETE …/responses/{id}` takes one (notes, tag links, uploaded files). When an id names no response of the environment (unknown, deleted, or another environment's), nothing is deleted and the `404` lists those ids in `details.missing`.",
    body: responseDeleteBody,
    answer: dataOf(responseDeleteAnswer),
  })
  routes.post('/api/v1/management/responses/:responseId/notes', addNote, {
    ...common,
    audit: { action: 'create', ...note, resourceId: 'answer' },
    summary: `Add a note to a response (at most ${MAX_NOTES_PER_RESPONSE} a response); its author is the caller`,
    body: responseNoteBody,
    answer: dataOf(responseNoteAnswer),
  })
  routes.patch('/api/v1/management/responses/:responseId/notes/:noteId', updateNote, {
    ...common,
    audit: { action: 'update', ...note, resourceId: { param: 'noteId' } },
    summary: "Change a note's text; an editor's console session only its own notes",
    body: responseNoteBody,
    answer: dataOf(responseNoteAnswer),
  })
  routes.delete('/api/v1/management/responses/:responseId/notes/:noteId', deleteNote, {
    ...common,
    audit: { action: 'delete', ...note, resourceId: { param: 'noteId' } },
    summary: "Delete a note; an editor's console session only its own notes",
    answer: dataOf(responseNoteAnswer),
  })
  routes.post('/api/v1/management/responses/:responseId/tags', addTag, {
    ...common,
    audit: { action: 'update', resourceType: 'response', resourceId: { param: 'responseId' } },
    summary: 'Put a tag of the environment on a response (once: a tag it carries stays one); a Canvass addition',
    body: responseTagBody,
    answer: dataOf(responseAnswer),
  })
  routes.delete('/api/v1/management/responses/:responseId/tags/:tagId', removeTag, {
    ...common,
    audit: { action: 'update', resourceType: 'response', resourceId: { param: 'responseId' } },
    summary: 'Take a tag off a response (a tag it does not carry changes nothing); a Canvass addition',
    answer: dataOf(responseAnswer),
  })
}

const deleteResponses: BodyHandler<typeof responseDeleteBody> = async (request, ctx, _info, body) => {
  const { environmentId } = await authenticate(request, ctx)
  const { responseIds } = await body()
  const result = await ctx.storage.responses.deleteMany(environmentId, responseIds)
  if ('missing' in result) {
    throw new CanvassError('not_found', 'Response not found', { details: { resource_type: 'Response', missing: result.missing } })
  }
  // Their files were recorded for deletion with them.
  if (result.deleted > 0) ctx.blobDeletionsRecorded()
  return ok({ deleted: result.deleted })
}

const addNote: BodyHandler<typeof responseNoteBody> = async (request, ctx, _info, body) => {
  const caller = await authenticate(request, ctx)
  const store = responseWorkOf(ctx.storage)
  const responseId = param(request, 'responseId')
  const { text } = await body()
  const author = noteAuthor(caller)
  const added = await store.addNote(
    caller.environmentId,
    { id: ctx.newId(), responseId, text, authorId: author.id, authorName: author.name, createdAt: ctx.now() },
    MAX_NOTES_PER_RESPONSE,
  )
  if (added === 'no_response') throw notFound('Response', responseId)
  if (added === 'full') {
    throw new CanvassError('bad_request', `A response keeps at most ${MAX_NOTES_PER_RESPONSE} notes`, {
      details: { text: `This response already has ${MAX_NOTES_PER_RESPONSE} notes: delete one first` },
    })
  }
  return ok(noteOutput(added))
}

const updateNote: BodyHandler<typeof responseNoteBody> = async (request, ctx, _info, body) => {
  const caller = await authenticate(request, ctx)
  const store = responseWorkOf(ctx.storage)
  const noteId = param(request, 'noteId')
  const { text } = await body()
  const written = await store.updateNote(
    caller.environmentId,
    param(request, 'responseId'),
    noteId,
    { text, now: ctx.now() },
    noteGuard(caller),
  )
  return ok(noteOutput(writtenNote(written, caller, noteId)))
}

const deleteNote: Handler = async (request, ctx) => {
  const caller = await authenticate(request, ctx)
  const store = responseWorkOf(ctx.storage)
  const noteId = param(request, 'noteId')
  const deleted = await store.deleteNote(caller.environmentId, param(request, 'responseId'), noteId, noteGuard(caller))
  return ok(noteOutput(writtenNote(deleted, caller, noteId)))
}

const addTag: BodyHandler<typeof responseTagBody> = async (request, ctx, _info, body) => {
  const caller = await authenticate(request, ctx)
  const store = responseWorkOf(ctx.storage)
  const responseId = param(request, 'responseId')
  const { tagId } = await body()
  const outcome = await store.addTag(caller.environmentId, responseId, tagId)
  return taggedAnswer(ctx, caller, responseId, tagId, outcome)
}

const removeTag: Handler = async (request, ctx) => {
  const caller = await authenticate(request, ctx)
  const store = responseWorkOf(ctx.storage)
  const responseId = param(request, 'responseId')
  const tagId = param(request, 'tagId')
  return taggedAnswer(ctx, caller, responseId, tagId, await store.removeTag(caller.environmentId, responseId, tagId))
}

/** The response as it now is, or the 404 of what was missing. */
async function taggedAnswer(ctx: CanvassContext, caller: Caller, responseId: string, tagId: string, outcome: string): Promise<Response> {
  if (outcome === 'no_tag') {
    throw new CanvassError('not_found', 'Tag not found', { details: { resource_id: tagId, resource_type: 'Tag' } })
  }
  const response = outcome === 'no_response' ? null : await ctx.storage.responses.get(responseId)
  if (!response || response.environmentId !== caller.environmentId) throw notFound('Response', responseId)
  return ok(responseOutput(response, { contactAttributes: readsContactAttributes(caller) }))
}
