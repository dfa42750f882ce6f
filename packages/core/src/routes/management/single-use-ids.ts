import type { Handler } from '../../context'
import { param } from '../../context'
import { authenticate } from '../../auth/authenticate'
import { badRequest, notFound, unauthorized, validationError } from '../../errors'
import { ok } from '../../http/respond'
import { isEncryptedSingleUse } from '../../domain/single-use-ids'
import type { RouteTable } from '../../http/route-table'
import { dataOf, singleUseIdsAnswer } from '../../schemas/answers'
import * as v from 'valibot'

/** `GET /api/v1/management/surveys/{surveyId}/singleUseIds?limit=`: fresh single-use ids for a survey. */
export function registerSingleUseIdRoutes(routes: RouteTable): void {
  routes.get('/api/v1/management/surveys/:surveyId/singleUseIds', singleUseIds, {
    summary: 'Fresh single-use ids for a survey',
    auth: 'apiKey',
    query: v.object({ limit: v.optional(v.pipe(v.string(), v.regex(/^\d{1,4}$/))) }),
    answer: dataOf(singleUseIdsAnswer),
    errors: [400],
  })
}

const MAX_LIMIT = 5000

const singleUseIds: Handler = async (request, ctx) => {
  const { environmentId } = await authenticate(request, ctx)
  const limit = readLimit(request.query.limit)
  const id = param(request, 'surveyId')
  const survey = await ctx.storage.surveys.get(id)
  if (!survey) throw notFound('Survey', id)
  if (survey.environmentId !== environmentId) throw unauthorized()
  const encrypted = isEncryptedSingleUse(survey.singleUse)
  const sealer = ctx.singleUse
  if (encrypted && !sealer) throw badRequest('Encrypted single use ids need a server secret (the `secret` option)')
  const ids: string[] = []
  for (let i = 0; i < limit; i++) {
    const fresh = ctx.newId()
    ids.push(encrypted && sealer ? sealer.seal(survey.id, fresh) : fresh)
  }
  return ok(ids)
}

function readLimit(raw: string | string[] | undefined): number {
  if (raw === undefined) return 10
  // As with page parameters: which of two limits was meant is the caller's to say, not ours to guess.
  if (Array.isArray(raw)) throw validationError({ limit: 'Must be given once' })
  const limit = Number(raw)
  if (!/^\d{1,4}$/.test(raw) || limit < 1 || limit > MAX_LIMIT) {
    throw validationError({ limit: `Must be a whole number from 1 to ${MAX_LIMIT}` })
  }
  return limit
}
