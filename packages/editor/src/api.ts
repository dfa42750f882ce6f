import {
  type AnswerData,
  answerOf,
  type Body,
  CanvassApiError,
  createCanvassClient,
  type FetchAnswer,
  type Problem,
  problemsOf,
} from '@canvass/api-client'
import type { Json } from './doc'

/**
 * The HTTP calls the editor makes, through the shared `@canvass/api-client`, all to `api` with the editor token
 * as a Bearer credential (docs/api.md, v3 surveys), or, when the host gives `requestHeaders` (the console), with
 * those headers and the page's own cookies instead: a route change touches this file only.
 */

export type { Problem }

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
  /** The environment's action classes, for an app survey's triggers (the host's credentials; a token gets a 401). */
  actionClasses(): Promise<ActionClass[]>
  createActionClass(action: NewActionClass): Promise<ActionClass>
  /** The environment's segments, private ones included (the Settings panel lists the saved ones). */
  segments(): Promise<SavedSegment[]>
  /** The contact attribute keys a segment's conditions test. */
  attributeKeys(): Promise<AttributeKey[]>
  /** The survey's quotas (at most 50, the most a survey holds), each with `count`, the responses it counts so far. */
  listQuotas(surveyId: string): Promise<Quota[]>
  createQuota(surveyId: string, quota: QuotaInput): Promise<Quota>
  /** Replaces the quota's fields with those of `quota`. */
  updateQuota(surveyId: string, quotaId: string, quota: QuotaInput): Promise<Quota>
  deleteQuota(surveyId: string, quotaId: string): Promise<Quota>
}

/** An action class as the management route lists it. */
export interface ActionClass {
  id: string
  name: string
  type: string
  key?: string | null
  description?: string | null
}

/** An action class to make: a code action by its key, a no-code one by when it fires. */
export type NewActionClass = { name: string; type: 'code'; key: string } | { name: string; type: 'noCode'; noCodeConfig: Json }

export interface SavedSegment {
  id: string
  title: string
  isPrivate: boolean
  filters: unknown[]
}

export interface AttributeKey {
  key: string
  name?: string | null
}

const QUOTAS = '/api/v1/management/surveys/{surveyId}/quotas'
const QUOTA = '/api/v1/management/surveys/{surveyId}/quotas/{quotaId}'

/** A quota as the quota routes answer it (docs/api.md, "Quotas"). */
export type Quota = AnswerData<typeof QUOTAS>[number]
/** What the editor sends for a quota: every field the quota routes take but `surveyId`. */
export type QuotaInput = Omit<Body<typeof QUOTAS, 'post'>, 'surveyId'>

export { normalizePath } from '@canvass/api-client'

/**
 * `requestHeaders`: when it gives headers, every call sends them with the page's cookies (`credentials:
 * 'same-origin'`) and no token: the console's session, on its own origin. Else the token, and never a cookie.
 */
export function createEditorApi(
  base: () => string,
  token: () => string | null,
  requestHeaders: () => Readonly<Record<string, string>> | null = () => null,
): EditorApi {
  const client = createCanvassClient({ baseUrl: base, token, headers: requestHeaders })
  /** The answer's `data`, or an `EditorApiError` with the server's words and the problems it named. */
  const data = async <T>(pending: () => Promise<FetchAnswer<{ data?: T }>>): Promise<T> => {
    // Without `api` there is nowhere to send it: never the page's own origin by a relative URL.
    if (!base()) throw new EditorApiError('Set the api attribute first', 0)
    try {
      return ((await answerOf(pending())).data?.data ?? {}) as T
    } catch (error) {
      if (!(error instanceof CanvassApiError)) throw error
      throw new EditorApiError(error.message, error.status, error.problems, error.body)
    }
  }
  const surveyAt = (surveyId: string) => ({ params: { path: { surveyId } } })
  // The document is the editor's own, checked by the server: it goes as the route's body as it is.
  const asBody = <B>(doc: Json) => doc as unknown as B
  // A survey scheduled through the management API keeps that status: the v3 routes take no `scheduled` (nor its
  // start date), so a change leaves the status out and the server keeps it as it is.
  const patchBody = (doc: Json): Json => {
    if (doc.status !== 'scheduled') return doc
    const { status: _kept, ...rest } = doc
    return rest
  }
  return {
    load: (id) => data(() => client.GET('/api/v3/surveys/{surveyId}', surveyAt(id))),
    create: (doc, workspaceId) =>
      data(() => client.POST('/api/v3/surveys', { body: asBody<Body<'/api/v3/surveys', 'post'>>({ ...doc, workspaceId }) })),
    save: (id, doc) =>
      data(() =>
        client.PATCH('/api/v3/surveys/{surveyId}', {
          ...surveyAt(id),
          body: asBody<Body<'/api/v3/surveys/{surveyId}', 'patch'>>(patchBody(doc)),
        }),
      ),
    validate: async (doc, { surveyId, workspaceId }, signal) => {
      const envelope = surveyId
        ? { operation: 'patch', surveyId, data: patchBody(doc) }
        : { operation: 'create', data: workspaceId ? { ...doc, workspaceId } : doc }
      const result = await data<AnswerData<'/api/v3/surveys/validate', 'post'>>(() =>
        client.POST('/api/v3/surveys/validate', {
          body: asBody<Body<'/api/v3/surveys/validate', 'post'>>(envelope),
          ...(signal ? { signal } : {}),
        }),
      )
      return { valid: result.valid === true, problems: problemsOf(200, result) }
    },
    preview: (doc, signal) =>
      data(() =>
        client.POST('/api/v3/surveys/preview', {
          body: asBody<Body<'/api/v3/surveys/preview', 'post'>>(previewBody(doc)),
          ...(signal ? { signal } : {}),
        }),
      ) as Promise<PreviewData>,
    // The lists are short (an environment's own); one page of the largest size holds them.
    actionClasses: () =>
      data(() => client.GET('/api/v1/management/action-classes', { params: { query: { limit: '1000' } } })) as Promise<ActionClass[]>,
    createActionClass: (action) =>
      data(() =>
        client.POST('/api/v1/management/action-classes', {
          // The route's body is a union the generated types spell two ways (a `null` the request type leaves out).
          body: action as never,
        }),
      ) as Promise<ActionClass>,
    segments: () =>
      data(() => client.GET('/api/v1/management/segments', { params: { query: { limit: '1000' } } })) as Promise<SavedSegment[]>,
    attributeKeys: () =>
      data(() => client.GET('/api/v1/management/contact-attribute-keys', { params: { query: { limit: '1000' } } })) as Promise<
        AttributeKey[]
      >,
    listQuotas: (surveyId) => data(() => client.GET(QUOTAS, { params: { path: { surveyId }, query: { limit: '50' } } })),
    createQuota: (surveyId, quota) => data(() => client.POST(QUOTAS, { params: { path: { surveyId } }, body: quota })),
    updateQuota: (surveyId, quotaId, quota) => data(() => client.PUT(QUOTA, { params: { path: { surveyId, quotaId } }, body: quota })),
    deleteQuota: (surveyId, quotaId) => data(() => client.DELETE(QUOTA, { params: { path: { surveyId, quotaId } } })),
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
