import * as v from 'valibot'
import type { Handler } from '../context'
import { publicBaseUrl } from '../context'
import { etagMatches, strongTag } from '../http/etag'
import { SAFE_HEADERS } from '../http/respond'
import type { RouteTable } from '../http/route-table'
import { SURVEY_JSON_SCHEMA_PATH, surveyJsonSchema } from '../schemas/survey-json-schema'

/**
 * `GET /api/v1/schemas/survey.json`: the JSON Schema of a survey body, for editors (`docs/surveys.md`). Public
 * like the OpenAPI document: it says nothing the document does not. `$id` is the URL it is served at.
 */
export function registerSchemaRoutes(routes: RouteTable): void {
  let cached: { id: string; body: string; etag: string } | undefined
  const survey: Handler = async (request, ctx) => {
    const id = publicBaseUrl(request, ctx) + SURVEY_JSON_SCHEMA_PATH
    if (cached?.id !== id) {
      const body = JSON.stringify(surveyJsonSchema(id))
      cached = { id, body, etag: strongTag(body) }
    }
    const headers = { ...SAFE_HEADERS, 'cache-control': 'public, max-age=300', etag: cached.etag, 'access-control-allow-origin': '*' }
    if (etagMatches(request.headers.get('if-none-match'), cached.etag)) return new Response(null, { status: 304, headers })
    return new Response(cached.body, { status: 200, headers: { ...headers, 'content-type': 'application/schema+json; charset=utf-8' } })
  }
  routes.get(SURVEY_JSON_SCHEMA_PATH, survey, {
    summary: 'The JSON Schema of a survey body, for editors (`$schema` in a survey file)',
    auth: 'none',
    answer: v.looseObject({ $schema: v.string(), $id: v.string(), properties: v.looseObject({}) }),
    mediaType: 'application/schema+json',
    etag: true,
  })
}
