/** What a tool call answers (MCP's `CallToolResult`), as far as Canvass fills it. */
export interface ToolResult {
  [key: string]: unknown
  content: Array<{ type: 'text'; text: string }>
  structuredContent: Record<string, unknown>
  isError?: true
}

/** A payload as a tool result: the same JSON as structured content and as text, for clients that read either. */
export function toolResult(payload: Record<string, unknown>, isError = false): ToolResult {
  return {
    ...(isError ? { isError: true as const } : {}),
    structuredContent: payload,
    content: [{ type: 'text', text: JSON.stringify(payload) }],
  }
}

/**
 * A route's answer as a tool result (docs/api.md, "MCP for agents"): a success is its JSON body with the
 * `requestId`; an error is `isError` with `{error: {status, title, detail, requestId, code, invalid_params?,
 * details?}}`, from a v3 problem or from a v1 error (`{code, message, details}`, whose field messages become
 * `invalid_params`).
 */
export async function routeToolResult(
  response: Response,
  requestId: string,
  options: { reshape?: (body: Record<string, unknown>) => Record<string, unknown>; notFoundIsForbidden?: true } = {},
): Promise<ToolResult> {
  const body = await jsonObjectOf(response)
  if (response.ok) return toolResult({ ...(options.reshape ? options.reshape(body) : body), requestId })
  // The key was checked before the call: a v1 route's 401 `unauthorized` or 404 is a record that is not the key's.
  if (options.notFoundIsForbidden && (response.status === 404 || (response.status === 401 && body.code === 'unauthorized'))) {
    const detail = 'You are not authorized to access this resource'
    return toolResult({ error: { status: 403, title: 'Forbidden', detail, requestId, code: 'forbidden' } }, true)
  }
  const details = plainRecord(body.details)
  const invalidParams = Array.isArray(body.invalid_params)
    ? body.invalid_params
    : details && response.status === 400
      ? Object.entries(details)
          .filter(([name]) => name !== '_more')
          .map(([name, reason]) => ({ name, reason: String(reason) }))
      : undefined
  const error = {
    status: response.status,
    title: typeof body.title === 'string' ? body.title : response.statusText || 'Error',
    detail: typeof body.detail === 'string' ? body.detail : typeof body.message === 'string' ? body.message : 'Request failed',
    requestId,
    ...(typeof body.code === 'string' ? { code: body.code } : {}),
    ...(details && !invalidParams ? { details } : {}),
    ...(invalidParams && invalidParams.length > 0 ? { invalid_params: invalidParams } : {}),
  }
  return toolResult({ error }, true)
}

async function jsonObjectOf(response: Response): Promise<Record<string, unknown>> {
  const text = await response.text()
  if (text === '') return {}
  try {
    return plainRecord(JSON.parse(text)) ?? {}
  } catch {
    return {}
  }
}

function plainRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
}
