import type { IRequest } from 'itty-router'
import type { CanvassContext } from '../../context'
import type { HttpMethod, RouteTable } from '../../http/route-table'
import { V3Problem, v3Route } from '../../http/v3'

/** Where the routes below are explained: what Canvass implements of the reference's v3, and what it does not. */
export const V3_NOT_IMPLEMENTED_DOCS = 'https://github.com/canvass-dev/canvass/blob/main/docs/api.md#not-implemented-in-v3'

/**
 * The reference's v3 routes for what Canvass does not have (AI survey generation, workflows, feedback records): each answers
 * 501 `not_implemented` with a link to the docs (the problem's `type`), after the key check, never a 404 that
 * would read as a typo in the path.
 */
export function registerV3NotImplementedRoutes(routes: RouteTable): void {
  /** Each of `methods` on `path`, in the order given (a path with a literal segment before one with an id there). */
  const add = (methods: HttpMethod[], path: string, what: string) => {
    for (const method of methods) {
      const register = { GET: routes.get, POST: routes.post, PUT: routes.put, PATCH: routes.patch, DELETE: routes.delete }[method]
      register(path, v3Route(notImplemented(what)), {
        summary: `Not implemented by Canvass: ${what}`,
        description: `The reference's v3 route; Canvass answers 501 with a link to [its docs](${V3_NOT_IMPLEMENTED_DOCS}).`,
        auth: 'apiKey',
        problems: true,
        notImplemented: true,
        // It changes nothing, so it is no write for the audit log.
        readOnly: true,
      })
    }
  }
  add(['POST'], '/api/v3/surveys/generate', 'AI survey generation')
  add(['GET', 'POST'], '/api/v3/workflows', 'workflows')
  // Before `/api/v3/workflows/:workflowId`, which would take `runs` as an id.
  add(['GET'], '/api/v3/workflows/runs', 'workflow runs')
  add(['GET'], '/api/v3/workflows/runs/:runId', 'workflow runs')
  add(['GET', 'PATCH', 'DELETE'], '/api/v3/workflows/:workflowId', 'workflows')
  for (const action of ['duplicate', 'enable', 'disable', 'archive', 'unarchive', 'test']) {
    add(['POST'], `/api/v3/workflows/:workflowId/${action}`, 'workflows')
  }
  add(['GET', 'POST', 'DELETE'], '/api/v3/feedbackRecords', 'feedback records')
  // Before `/api/v3/feedbackRecords/:feedbackRecordId`, which would take `search` as an id.
  add(['POST'], '/api/v3/feedbackRecords/search/semantic', 'feedback records')
  add(['GET', 'PATCH', 'DELETE'], '/api/v3/feedbackRecords/:feedbackRecordId', 'feedback records')
  add(['GET'], '/api/v3/feedbackRecords/:feedbackRecordId/similar', 'feedback records')
}

function notImplemented(what: string) {
  return async (_request: IRequest, _ctx: CanvassContext): Promise<Response> => {
    throw new V3Problem(501, `Canvass does not implement the reference's ${what}`, [], V3_NOT_IMPLEMENTED_DOCS)
  }
}
