import * as v from 'valibot'
import type { Handler } from '../../context'
import { externalUrl, param } from '../../context'
import { authenticate } from '../../auth/authenticate'
import { checkContactAttributeFilter } from '../../auth/console-roles'
import { validationError } from '../../errors'
import { decodeCursor, listPage, cursorPageEntries } from '../../http/pagination'
import { readSummaryQuery, summaryFilterQuery } from '../../http/response-query'
import type { RouteTable } from '../../http/route-table'
import { parseQuery } from '../../http/validate'
import type { AnswerRow } from '../../ports/storage'
import { pageOf } from '../../schemas/answers'
import { ownedSurvey } from '../../domain/surveys/owned-survey'
import { reportingOf } from '../../domain/optional-ports/reporting'
import { ANSWER_PAGE, MAX_ANSWER_PAGE, MAX_ANSWER_SEARCH } from '../../domain/results/answer-search'
import { withAnswerForms } from '../../domain/results/answer-filters'

/** The query of a question's answers: the summary's filters, the question, a search and a page. */
export const surveyAnswersQuery = v.object({
  ...summaryFilterQuery.entries,
  questionId: v.pipe(v.string(), v.minLength(1, 'Must not be empty'), v.maxLength(255, 'Must be at most 255 characters')),
  search: v.optional(v.pipe(v.string(), v.maxLength(MAX_ANSWER_SEARCH, `Must be at most ${MAX_ANSWER_SEARCH} characters`))),
  ...cursorPageEntries(MAX_ANSWER_PAGE),
})

export const surveyAnswerAnswer = v.object({ responseId: v.string(), createdAt: v.string(), value: v.unknown() })

/** `GET /api/v1/management/surveys/{surveyId}/answers` (docs/api.md, "A question's answers"): a Canvass extension. */
export function registerSurveyAnswerRoutes(routes: RouteTable): void {
  routes.get('/api/v1/management/surveys/:surveyId/answers', listSurveyAnswers, {
    summary: "One question's answers, newest first, with a search inside them (a Canvass extension)",
    description:
      "The non-empty answers to `questionId` of the survey's responses, newest first, filtered as the summary is (`startDate`, `endDate`, `filterDateField`, `finished`, `lang`, `filter[…]`). `search` (at most 200 characters) keeps answers containing it in any case: a text answer's text, a contact info, address or file upload answer's values; `%` and `_` are plain characters. Pages of `limit` (1 to 100, default 20); a `Link` header with `rel=\"next\"` carries the `cursor` of the next page.",
    auth: 'apiKey',
    query: surveyAnswersQuery,
    answer: pageOf(surveyAnswerAnswer),
  })
}

const listSurveyAnswers: Handler = async (request, ctx) => {
  const caller = await authenticate(request, ctx)
  const query = request.query as Record<string, string | string[] | undefined>
  const own = ['questionId', 'search', 'limit', 'cursor'] as const
  const input = parseQuery(surveyAnswersQuery, query, own)
  const filter = readSummaryQuery(query)
  checkContactAttributeFilter(caller, filter.where)
  const survey = await ownedSurvey(ctx, caller.environmentId, param(request, 'surveyId'))
  const questionId = input.questionId
  if (
    !survey.questions.some(
      (question) => typeof question === 'object' && question !== null && (question as { id?: unknown }).id === questionId,
    )
  )
    throw validationError({ questionId: 'Not a question of this survey' })
  const page = { limit: input.limit ?? ANSWER_PAGE, ...(input.cursor !== undefined ? { after: decodeCursor(input.cursor) } : {}) }
  return listPage<AnswerRow & { id: string }>(page, {
    read: async (position) =>
      (
        await reportingOf(ctx.storage).responses.listAnswers(caller.environmentId, survey.id, {
          // A filter on a choice takes the answer in every language, as the summary's does.
          ...withAnswerForms(survey, filter),
          source: 'data',
          key: questionId,
          limit: position.limit,
          ...(input.search ? { search: input.search } : {}),
          ...(position.after ? { after: position.after } : {}),
        })
      ).map((row) => ({ ...row, id: row.responseId })),
    output: (row) => ({ responseId: row.responseId, createdAt: row.createdAt.toISOString(), value: row.value }),
    nextUrl: () => externalUrl(request, ctx),
  })
}
