import { CanvassApiError } from './canvass-api-error'

/** What openapi-fetch answers: the parsed JSON of a success, or of a failure, and the response. */
export interface FetchAnswer<T> {
  data?: T
  error?: unknown
  response: Response
}

/**
 * The answer of a call made with a `CanvassClient`, with its response (for headers such as `Link`), or a
 * `CanvassApiError`: the server's refusal, or status 0 when it could not be reached. An abort stays an abort,
 * so that a caller that cancelled can tell.
 */
export async function answerOf<T>(pending: Promise<FetchAnswer<T>>): Promise<{ data: T; response: Response }> {
  let answer: FetchAnswer<T>
  try {
    answer = await pending
  } catch (error) {
    if ((error as Error | undefined)?.name === 'AbortError') throw error
    throw new CanvassApiError(0, undefined, 'The server could not be reached')
  }
  if (!answer.response.ok) throw new CanvassApiError(answer.response.status, answer.error)
  return { data: answer.data as T, response: answer.response }
}
