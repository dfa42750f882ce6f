/** One field the server refused: a dot path into the body (`blocks.0.elements.1`) and the reason. */
export interface Problem {
  path: string
  message: string
}

/**
 * A call Canvass refused, or one that never reached it (`status` 0). `message` is the server's own words (v1
 * `message`, v3 problem+json `detail` or `title`); `problems` lists the fields it named (v3 `invalid_params`,
 * v1 `details` of a 400). `body` is the parsed answer, for a caller that needs more.
 */
export class CanvassApiError extends Error {
  readonly status: number
  readonly code: string | undefined
  readonly details: unknown
  readonly problems: Problem[]
  readonly body: unknown

  constructor(status: number, body: unknown, fallback = `The server answered ${status}`) {
    const said = (body ?? {}) as { message?: unknown; detail?: unknown; title?: unknown; code?: unknown; details?: unknown }
    const message = [said.detail, said.title, said.message].find((value) => typeof value === 'string' && value !== '')
    super((message as string | undefined) ?? fallback)
    this.name = 'CanvassApiError'
    this.status = status
    this.code = typeof said.code === 'string' ? said.code : undefined
    this.details = said.details
    this.problems = problemsOf(status, body)
    this.body = body
  }
}

/** `blocks[0].elements[1]` and `blocks.0.elements.1` name the same field: problems use the dotted form. */
export const normalizePath = (name: string): string => name.replace(/\[(\w+)\]/g, '.$1').replace(/^\./, '')

/** The fields a refusal names: v3 `invalid_params`, and a v1 400's `details` object. */
export function problemsOf(status: number, body: unknown): Problem[] {
  const said = (body ?? {}) as { invalid_params?: unknown; details?: unknown }
  const fromParams = Array.isArray(said.invalid_params)
    ? said.invalid_params.map((param: { name?: unknown; reason?: unknown }) => ({
        path: normalizePath(String(param?.name ?? '')),
        message: String(param?.reason ?? ''),
      }))
    : []
  const details = said.details
  const fromDetails =
    status === 400 && typeof details === 'object' && details !== null && !Array.isArray(details)
      ? Object.entries(details).map(([name, reason]) => ({ path: normalizePath(name), message: String(reason) }))
      : []
  return [...fromParams, ...fromDetails]
}
