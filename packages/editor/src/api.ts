import type { Json } from './doc'

/**
 * The HTTP calls the editor makes, all to `api` with the editor token as a Bearer credential (docs/api.md, v3
 * surveys), or, when the host gives `requestHeaders` (the console), with those headers and the page's own
 * cookies instead: a route change touches this file only.
 */

/** One problem the server names: a dot path into the document and the reason. */
export interface Problem {
  path: string
  message: string
}

/** A refused call: its status, message and, for a 400 or 422, the problems at their paths. */
export class EditorApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly problems: Problem[] = [],
    readonly body: unknown = undefined,
  ) {
    super(message)
  }
}

export interface ValidationResult {
  valid: boolean
  problems: Problem[]
}

export interface PreviewData {
  environmentId: string
  survey: Json
  project: Json
}

export interface EditorApi {
  load(surveyId: string): Promise<Json>
  create(doc: Json, workspaceId: string): Promise<Json>
  /** PATCH with the document's `updatedAt`: a 409 `EditorApiError` when someone else saved meanwhile. */
  save(surveyId: string, doc: Json): Promise<Json>
  /** Checks a patch of survey `surveyId`, or a create in `workspaceId` when there is no survey yet. */
  validate(
    doc: Json,
    target: { surveyId?: string | undefined; workspaceId?: string | undefined },
    signal?: AbortSignal,
  ): Promise<ValidationResult>
  preview(doc: Json, signal?: AbortSignal): Promise<PreviewData>
}

/** `blocks[0].elements[1]` and `blocks.0.elements.1` name the same field: the editor uses the dotted form. */
export const normalizePath = (name: string): string => name.replace(/\[(\w+)\]/g, '.$1').replace(/^\./, '')

const problemsOf = (params: unknown): Problem[] =>
  Array.isArray(params)
    ? params.map((param: { name?: unknown; reason?: unknown }) => ({
        path: normalizePath(String(param?.name ?? '')),
        message: String(param?.reason ?? ''),
      }))
    : []

/**
 * `requestHeaders`: when it gives headers, every call sends them with the page's cookies (`credentials:
 * 'same-origin'`) and no token: the console's session, on its own origin. Else the token, and never a cookie.
 */
export function createEditorApi(
  base: () => string,
  token: () => string | null,
  requestHeaders: () => Readonly<Record<string, string>> | null = () => null,
): EditorApi {
  const call = async (method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<Json> => {
    // Without `api` there is nowhere to send it: never the page's own origin by a relative URL.
    if (!base()) throw new EditorApiError('Set the api attribute first', 0)
    const given = requestHeaders()
    const headers: Record<string, string> = { ...given, accept: 'application/json, application/problem+json' }
    const bearer = given ? null : token()
    if (bearer) headers.authorization = `Bearer ${bearer}`
    if (body !== undefined) headers['content-type'] = 'application/json'
    let response: Response
    try {
      response = await fetch(`${base()}${path}`, {
        method,
        headers,
        body: body === undefined ? null : JSON.stringify(body),
        signal: signal ?? null,
        credentials: given ? 'same-origin' : 'omit',
      })
    } catch (error) {
      if ((error as Error)?.name === 'AbortError') throw error
      throw new EditorApiError('The server could not be reached', 0)
    }
    const text = await response.text()
    let parsed: unknown
    try {
      parsed = text ? JSON.parse(text) : {}
    } catch {
      parsed = {}
    }
    if (!response.ok) {
      const problem = (parsed ?? {}) as Json
      const message = String(problem.detail ?? problem.title ?? problem.message ?? `The server answered ${response.status}`)
      const details = problem.details
      const fromDetails =
        typeof details === 'object' && details !== null && !Array.isArray(details) && response.status === 400
          ? Object.entries(details as Json).map(([name, reason]) => ({ path: normalizePath(name), message: String(reason) }))
          : []
      throw new EditorApiError(message, response.status, [...problemsOf(problem.invalid_params), ...fromDetails], parsed)
    }
    return (parsed ?? {}) as Json
  }
  const data = (answer: Json): Json => (answer.data ?? {}) as Json
  return {
    load: async (id) => data(await call('GET', `/api/v3/surveys/${encodeURIComponent(id)}`)),
    create: async (doc, workspaceId) => data(await call('POST', '/api/v3/surveys', { ...doc, workspaceId })),
    save: async (id, doc) => data(await call('PATCH', `/api/v3/surveys/${encodeURIComponent(id)}`, doc)),
    validate: async (doc, { surveyId, workspaceId }, signal) => {
      const envelope = surveyId
        ? { operation: 'patch', surveyId, data: doc }
        : { operation: 'create', data: workspaceId ? { ...doc, workspaceId } : doc }
      const result = data(await call('POST', '/api/v3/surveys/validate', envelope, signal))
      return { valid: result.valid === true, problems: problemsOf(result.invalid_params) }
    },
    preview: async (doc, signal) => data(await call('POST', '/api/v3/surveys/preview', previewBody(doc), signal)) as unknown as PreviewData,
  }
}

/** What GET answers but a create body (and so the preview's) does not take: the server owns them. */
const SERVER_OWNED = ['createdAt', 'updatedAt', 'archivedAt', 'visibility', 'owner', 'access']

/**
 * The document as the preview takes it: the create body's shape (docs/api.md, "Previewing a v3 survey"), so
 * without the server-owned fields a loaded survey carries and each language's `alias`, which a PATCH may echo
 * but a create refuses as unsupported (a 400).
 */
export function previewBody(doc: Json): Json {
  const body: Json = { ...doc }
  for (const field of SERVER_OWNED) delete body[field]
  if (Array.isArray(doc.languages))
    body.languages = doc.languages.map((language) => {
      if (typeof language !== 'object' || language === null) return language
      const { alias: _alias, ...rest } = language as Json
      return rest
    })
  return body
}
