import type { IRequest } from 'itty-router'
import { problemResponse, requestIdOf } from '../http/problem'

/**
 * A v3 survey write conditional on the survey's `updatedAt` (a block edit's `expectedUpdatedAt`, a patch's
 * echoed `updatedAt`): thrown where the survey is locked, answered as a 409 `conflict` naming both times.
 */
export class SurveyStale extends Error {
  constructor(
    readonly expected: string | null,
    readonly current: Date | null,
  ) {
    super('Survey was modified since it was last read')
  }
}

/** Throws `SurveyStale` when `expected` is given and is not the survey's `updatedAt` (compared as instants). */
export function checkUnchangedSince(survey: { updatedAt: Date }, expected: string | undefined): void {
  if (expected !== undefined && new Date(expected).getTime() !== survey.updatedAt.getTime())
    throw new SurveyStale(expected, survey.updatedAt)
}

/** The 409 of a stale write. */
export function staleProblem(request: IRequest, error: SurveyStale): Response {
  const current = error.current?.toISOString() ?? null
  return problemResponse(
    409,
    'conflict',
    `Survey was modified since it was last read; updatedAt is now ${current}. Re-read the survey and retry.`,
    requestIdOf(request),
    { details: { expectedUpdatedAt: error.expected, currentUpdatedAt: current } },
  )
}
