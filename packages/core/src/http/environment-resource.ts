import type { CanvassContext, Handler } from '../context'
import { externalUrl, param } from '../context'
import { authenticate } from '../auth/authenticate'
import { badRequest, notFound } from '../errors'
import type { ResourceType } from '../errors'
import { listPage, readPageQuery } from './pagination'
import { ok } from './respond'
import type { PageQuery, Storage } from '../ports/storage'

/** The part of a store of an environment's records that listing, reading and deleting them use. */
export interface EnvironmentStore<Row, Refusal extends string> {
  list(environmentId: string, page: PageQuery): Promise<Row[]>
  get(environmentId: string, id: string): Promise<Row | null>
  delete(environmentId: string, id: string): Promise<Row | Refusal | null>
}

export interface EnvironmentResource<Row extends { id: string; createdAt: Date }, Refusal extends string = never> {
  /** The resource as a 404 names it, e.g. `Action Class`. */
  name: ResourceType
  /** The path parameter of a record's id, e.g. `actionClassId`. */
  idParam: string
  store: (storage: Storage) => EnvironmentStore<Row, Refusal>
  /** The record as the API answers it. */
  output: (row: Row) => unknown
  /** The 400's message when a stored record may never be deleted (checked first: what it reads never changes). */
  undeletable?: (stored: Row) => string | undefined
  /** The 400's message of each refusal the store's `delete` answers. */
  refusals?: Record<Refusal, string>
}

export interface EnvironmentResourceHandlers<Row> {
  /** A page of the key's environment's records. */
  list: Handler
  /** One record of the key's environment, by the path's id. */
  get: Handler
  /** Deletes one record of the key's environment and answers it. */
  remove: Handler
  /** The record of the environment with this id, or a 404. */
  owned(ctx: CanvassContext, environmentId: string, id: string): Promise<Row>
}

/**
 * The list, read and delete routes that the management resources kept per environment (action classes,
 * attribute classes, contact attribute keys, segments) share; each file writes its own create and update.
 */
export function environmentResourceHandlers<Row extends { id: string; createdAt: Date }, Refusal extends string = never>(
  resource: EnvironmentResource<Row, Refusal>,
): EnvironmentResourceHandlers<Row> {
  const owned = async (ctx: CanvassContext, environmentId: string, id: string): Promise<Row> => {
    const row = await resource.store(ctx.storage).get(environmentId, id)
    if (!row) throw notFound(resource.name, id)
    return row
  }
  return {
    owned,
    list: async (request, ctx) => {
      const { environmentId } = await authenticate(request, ctx)
      return listPage(readPageQuery(request.query), {
        read: (position) => resource.store(ctx.storage).list(environmentId, position),
        output: resource.output,
        nextUrl: () => externalUrl(request, ctx),
      })
    },
    get: async (request, ctx) => {
      const { environmentId } = await authenticate(request, ctx)
      return ok(resource.output(await owned(ctx, environmentId, param(request, resource.idParam))))
    },
    remove: async (request, ctx) => {
      const { environmentId } = await authenticate(request, ctx)
      const stored = await owned(ctx, environmentId, param(request, resource.idParam))
      const refused = resource.undeletable?.(stored)
      if (refused !== undefined) throw badRequest(refused)
      const deleted = await resource.store(ctx.storage).delete(environmentId, stored.id)
      if (typeof deleted === 'string') throw badRequest(resource.refusals?.[deleted] ?? deleted)
      if (!deleted) throw notFound(resource.name, stored.id)
      return ok(resource.output(deleted))
    },
  }
}
