import * as v from 'valibot'
import { deliveredProject } from '../../domain/styling/project-styling'
import type { Handler } from '../../context'
import { param } from '../../context'
import { CLIENT_CORS_HEADERS } from '../../http/cors'
import { etagMatches, strongTag } from '../../http/etag'
import { notFound } from '../../errors'
import { segmentsById } from '../../domain/contacts/segment-service'
import { environmentStateOutput } from '../../domain/environments/environment-state'
import type { RouteTable } from '../../http/route-table'
import { dataOf, environmentStateAnswer } from '../../schemas/answers'

/** How long a widget and caches may keep the state, in seconds; the reference re-checks every minute. */
const MAX_AGE = 60

/**
 * `GET /api/v1/client/{environmentId}/environment`: what a widget needs to decide which survey to show.
 * The body is the reference's `{data: {data: {surveys, actionClasses, project}, expiresAt}}`, which its
 * SDKs read. A weak `ETag` over the state (not `expiresAt`) lets a widget revalidate with `If-None-Match`.
 */
export function registerClientEnvironmentRoutes(routes: RouteTable): void {
  routes.get('/api/v1/client/:environmentId/environment', environmentState, {
    summary: 'What a widget needs: surveys, action classes, project',
    auth: 'none',
    answer: dataOf(v.object({ data: environmentStateAnswer, expiresAt: v.pipe(v.string(), v.isoTimestamp()) })),
    etag: true,
  })
  // The reference's newer SDKs ask the same at its v2 path.
  routes.get('/api/v2/client/:environmentId/environment', environmentState, {
    summary: "The same environment state, at the reference's v2 path",
    auth: 'none',
    answer: dataOf(v.object({ data: environmentStateAnswer, expiresAt: v.pipe(v.string(), v.isoTimestamp()) })),
    etag: true,
  })
}

const environmentState: Handler = async (request, ctx) => {
  const environmentId = param(request, 'environmentId')
  const state = await ctx.storage.environmentState.get(environmentId)
  if (!state) throw notFound('Environment', environmentId)
  const now = ctx.now()
  // The first widget to load the state completes the environment's setup, as `/me` reports.
  if (!state.appSetupCompleted || !state.websiteSetupCompleted) {
    await ctx.storage.environmentState.markSetupCompleted(environmentId, now)
  }
  const segments = await segmentsById(
    ctx,
    environmentId,
    state.surveys.map((survey) => survey.segmentId),
  )
  const output = environmentStateOutput(state, now, segments)
  // The workspace's theme and its custom CSS, compiled (docs/api.md, "Workspace styling", "Workspace custom CSS in v3").
  const project = await deliveredProject(ctx, state.projectId)
  const data = { ...output, workspace: project, project, product: project }
  const text = JSON.stringify(data)
  const etag = `W/${strongTag(text)}`
  const headers = {
    ...CLIENT_CORS_HEADERS,
    // A widget on another origin can read the tag only when it is exposed, and sends it back to get a 304.
    'access-control-expose-headers': 'ETag, x-request-id',
    'x-content-type-options': 'nosniff',
    etag,
    'cache-control': `public, max-age=${MAX_AGE}`,
  }
  if (etagMatches(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers })
  const expiresAt = new Date(now.getTime() + MAX_AGE * 1000).toISOString()
  return new Response(`{"data":{"data":${text},"expiresAt":${JSON.stringify(expiresAt)}}}`, {
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  })
}
