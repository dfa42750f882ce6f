import * as schemas from './mcp-schemas'

/**
 * A route of the HTTP API that a tool call becomes: the tool does exactly what the route does, with the
 * caller's key, so that the route's rules (scope, 403 for foreign ids, limits, the audit log) have one owner.
 */
export interface RouteCall {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  /** The path below the base path, ids already encoded. */
  path: string
  query?: Array<[string, string]>
  body?: unknown
  /** Turns the route's success body into the tool's (list_workspaces reshapes `/api/v1/me`). */
  reshape?: (body: Record<string, unknown>) => Record<string, unknown>
  /** The v1 summary route answers 401 or 404 for a survey that is not the key's; a tool answers it as v3 does (403). */
  notFoundIsForbidden?: true
}

/** A tool's answer without a route: `delete_response` without `confirm` asks first. */
export interface DirectAnswer {
  answer: Record<string, unknown>
}

/** What the MCP server knows of the routes it calls: whether one takes a query parameter (see `batch_delete_responses`). */
export interface RouteFacts {
  takesQuery(method: RouteCall['method'], path: string, name: string): boolean
}

export interface McpTool {
  name: string
  title: string
  description: string
  inputSchema: Record<string, unknown>
  annotations: { readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: boolean }
  call(args: Record<string, unknown>, facts: RouteFacts): RouteCall | DirectAnswer
}

const READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true } as const

const RESPONSE_BOUNDARY =
  'A response is the submission-shaped record: one row per respondent, every answer as submitted, writable and deletable.'

/**
 * The tools, in the reference's names with its input schemas and annotations, and three of Canvass's own
 * (`export_survey`, `import_survey`, `summarize_survey_responses`). The reference's workflow and feedback-record tools are left out: Canvass
 * has neither resource, and a tool that can only fail would cost an agent context on every `tools/list`.
 */
export const MCP_TOOLS: readonly McpTool[] = [
  {
    name: 'list_workspaces',
    title: 'List workspaces',
    description:
      'List the workspaces the API key can access (a Canvass key sees the one workspace of its environment). Use this to discover the workspaceId required by the survey and response tools.',
    inputSchema: schemas.listWorkspacesInput,
    annotations: READ,
    call: () => ({ method: 'GET', path: '/api/v1/me', reshape: workspacesOf }),
  },
  {
    name: 'list_surveys',
    title: 'List surveys',
    description: 'List surveys in a workspace using the v3 Surveys API contract.',
    inputSchema: schemas.listSurveysInput,
    annotations: READ,
    call: (args) => {
      const query: Array<[string, string]> = [
        ['workspaceId', String(args.workspaceId)],
        ['limit', String(args.limit ?? 20)],
      ]
      if (typeof args.cursor === 'string') query.push(['cursor', args.cursor])
      if (args.includeTotalCount === false) query.push(['includeTotalCount', 'false'])
      if (typeof args.sortBy === 'string') query.push(['sortBy', args.sortBy])
      const filter = (args.filter ?? {}) as { name?: { contains?: string }; status?: { in?: string[] }; type?: { in?: string[] } }
      if (filter.name?.contains) query.push(['filter[name][contains]', filter.name.contains])
      for (const status of filter.status?.in ?? []) query.push(['filter[status][in]', status])
      for (const type of filter.type?.in ?? []) query.push(['filter[type][in]', type])
      return { method: 'GET', path: '/api/v3/surveys', query }
    },
  },
  {
    name: 'get_survey',
    title: 'Get survey',
    description: 'Get one survey using the v3 Surveys API contract.',
    inputSchema: schemas.getSurveyInput,
    annotations: READ,
    call: (args) => ({
      method: 'GET',
      path: `/api/v3/surveys/${segment(args.surveyId)}`,
      ...(Array.isArray(args.lang) ? { query: [['lang', args.lang.join(',')]] } : {}),
    }),
  },
  {
    name: 'create_survey',
    title: 'Create survey',
    description: 'Create a link survey using the v3 Surveys API contract.',
    inputSchema: schemas.createSurveyInput,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    call: (args) => ({ method: 'POST', path: '/api/v3/surveys', body: args }),
  },
  {
    name: 'validate_survey',
    title: 'Validate survey',
    description: 'Validate a v3 survey create or patch payload without writing survey changes.',
    inputSchema: schemas.validateSurveyInput,
    annotations: READ,
    call: (args) => ({ method: 'POST', path: '/api/v3/surveys/validate', body: args }),
  },
  {
    name: 'patch_survey',
    title: 'Patch survey',
    description: [
      'Update survey-level fields — name, status, languages, endings, welcomeCard, variables, hiddenFields, blocks — using the v3 Surveys API patch contract.',
      'Provided top-level arrays and objects replace that whole subtree, so a partial `blocks` array deletes every block it leaves out.',
    ].join(' '),
    inputSchema: schemas.patchSurveyInput,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    call: (args) => ({ method: 'PATCH', path: `/api/v3/surveys/${segment(args.surveyId)}`, body: args.data }),
  },
  {
    name: 'delete_survey',
    title: 'Delete survey',
    description: 'Delete a survey, with its responses, displays and files, using the v3 Surveys API contract.',
    inputSchema: schemas.deleteSurveyInput,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    call: (args) => ({ method: 'DELETE', path: `/api/v3/surveys/${segment(args.surveyId)}` }),
  },
  {
    name: 'export_survey',
    title: 'Export survey',
    description:
      "Export a survey as a portable `.formbricks.json` envelope: the v3 document without instance-bound fields and the action classes its triggers name. Canvass's own tool.",
    inputSchema: schemas.exportSurveyInput,
    annotations: READ,
    call: (args) => ({ method: 'GET', path: `/api/v3/surveys/${segment(args.surveyId)}/export` }),
  },
  {
    name: 'import_survey',
    title: 'Import survey',
    description: [
      'Import an export envelope or a raw v3 document into a workspace as a draft; triggers are matched to its action classes or created, and every change is a line of the report.',
      "Call with options.dryRun: true first to see the resolved document and the report without writing anything. Canvass's own tool.",
    ].join(' '),
    inputSchema: schemas.importSurveyInput,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    call: (args) => ({ method: 'POST', path: '/api/v3/surveys/import', body: args }),
  },
  {
    name: 'list_responses',
    title: 'List responses',
    description: [
      'List survey responses in a workspace, newest first.',
      'Scope is always a workspace; narrow with surveyId or contactId.',
      RESPONSE_BOUNDARY,
    ].join(' '),
    inputSchema: schemas.listResponsesInput,
    annotations: READ,
    call: (args) => {
      const query = responseScopeQuery(args)
      query.push(['limit', String(args.limit ?? 20)])
      if (typeof args.cursor === 'string') query.push(['cursor', args.cursor])
      query.push(['includeTotalCount', args.includeTotalCount === true ? 'true' : 'false'])
      // The default order is the route's own: only an order asked for is sent.
      if (typeof args.sortBy === 'string' && args.sortBy !== '-createdAt') query.push(['sortBy', args.sortBy])
      return { method: 'GET', path: '/api/v3/responses', query }
    },
  },
  {
    name: 'count_responses',
    title: 'Count responses',
    description: [
      'Count the survey responses matching a filter, without fetching them.',
      'Prefer this over listing a page and counting it.',
      RESPONSE_BOUNDARY,
    ].join(' '),
    inputSchema: schemas.countResponsesInput,
    annotations: READ,
    call: (args) => {
      const query = responseScopeQuery(args)
      if (typeof args.precision === 'string' && args.precision !== 'capped') query.push(['precision', args.precision])
      return { method: 'GET', path: '/api/v3/responses/count', query }
    },
  },
  {
    name: 'get_response',
    title: 'Get response',
    description: 'Read one survey response in full.',
    inputSchema: schemas.getResponseInput,
    annotations: READ,
    call: (args) => ({ method: 'GET', path: `/api/v3/responses/${segment(args.responseId)}` }),
  },
  {
    name: 'validate_response',
    title: 'Validate a response payload',
    description: [
      'Check a create or patch payload and see what the write would do, without writing anything.',
      'Use it before create_response or update_response on anything you cannot easily undo.',
    ].join(' '),
    inputSchema: schemas.validateResponseInput,
    annotations: READ,
    call: (args) => ({ method: 'POST', path: '/api/v3/responses/validate', body: args }),
  },
  {
    name: 'create_response',
    title: 'Create response',
    description: [
      'Record a survey response. This is a real submission: it fires webhooks and counts against quotas.',
      'Call validate_response first to see exactly what it would do.',
    ].join(' '),
    inputSchema: schemas.createResponseInput,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    call: (args) => ({ method: 'POST', path: '/api/v3/responses', body: args.data }),
  },
  {
    name: 'update_response',
    title: 'Update response',
    description: 'Correct a survey response with the v3 patch body. Finishing a response fires the response pipeline.',
    inputSchema: schemas.updateResponseInput,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    call: (args) => ({ method: 'PATCH', path: `/api/v3/responses/${segment(args.responseId)}`, body: args.data }),
  },
  {
    name: 'delete_response',
    title: 'Delete response',
    description: [
      'Permanently delete one survey response and its uploaded files. This cannot be undone.',
      'Ask the user first, then call again with confirm: true.',
    ].join(' '),
    inputSchema: schemas.deleteResponseInput,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
    call: (args) =>
      args.confirm === true
        ? { method: 'DELETE', path: `/api/v3/responses/${segment(args.responseId)}` }
        : confirmationRequired(`Permanently delete response ${String(args.responseId)}?`),
  },
  {
    name: 'batch_delete_responses',
    title: 'Delete responses in bulk',
    description: [
      'Permanently delete up to 100 survey responses in one transaction. This cannot be undone.',
      'Use this rather than calling delete_response in a loop. Ask the user first, then call again with confirm: true.',
    ].join(' '),
    inputSchema: schemas.batchDeleteResponsesInput,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
    call: (args, facts) => {
      const ids = args.ids as string[]
      if (args.confirm !== true) return confirmationRequired(`Permanently delete ${ids.length} response(s)?`)
      const path = '/api/v3/responses/batch-delete'
      // The workspace is a query parameter where the route takes it there (the reference's form), else a body field.
      return facts.takesQuery('POST', path, 'workspaceId')
        ? { method: 'POST', path, query: [['workspaceId', String(args.workspaceId)]], body: { ids } }
        : { method: 'POST', path, body: { workspaceId: args.workspaceId, ids } }
    },
  },
  {
    name: 'summarize_survey_responses',
    title: "Summarize a survey's results",
    description: [
      "A survey's results as its summary page shows them, computed by the database over the matching responses (none are fetched):",
      'displays, started and finished responses, start and completion rates, time to complete, drop-off, and per question',
      'answered/skipped with choice counts, NPS (promoters, passives, detractors, score), rating and CSAT averages and distributions,',
      'matrix rows and ranking positions, and quota progress.',
      'Narrow it with a date range, finished, language and answer filters (e.g. only the responses whose NPS is 9 or more),',
      'to compare segments without reading any response.',
    ].join(' '),
    inputSchema: schemas.summarizeSurveyResponsesInput,
    annotations: READ,
    call: (args) => {
      const query: Array<[string, string]> = []
      for (const name of ['startDate', 'endDate', 'filterDateField'] as const) {
        if (typeof args[name] === 'string') query.push([name, args[name] as string])
      }
      if (typeof args.finished === 'boolean') query.push(['finished', String(args.finished)])
      if (typeof args.language === 'string') query.push(['lang', args.language])
      for (const [field, operators] of Object.entries((args.filter ?? {}) as Record<string, Record<string, unknown>>)) {
        for (const [operator, value] of Object.entries(operators)) {
          const values = Array.isArray(value) ? value : [value]
          for (const one of values) query.push([`filter[${field}][${operator}]`, String(one)])
        }
      }
      return { method: 'GET', path: `/api/v1/management/surveys/${segment(args.surveyId)}/summary`, query, notFoundIsForbidden: true }
    },
  },
]

/** The list's and the count's shared scope and filters, in the route's bracket spelling. */
function responseScopeQuery(args: Record<string, unknown>): Array<[string, string]> {
  const query: Array<[string, string]> = [['workspaceId', String(args.workspaceId)]]
  if (typeof args.surveyId === 'string') query.push(['surveyId', args.surveyId])
  if (typeof args.contactId === 'string') query.push(['contactId', args.contactId])
  if (typeof args.createdAtGte === 'string') query.push(['filter[createdAt][gte]', args.createdAtGte])
  if (typeof args.createdAtLte === 'string') query.push(['filter[createdAt][lte]', args.createdAtLte])
  if (typeof args.finished === 'boolean') query.push(['filter[finished][eq]', String(args.finished)])
  if (Array.isArray(args.language)) for (const code of args.language) query.push(['filter[language][in]', String(code)])
  return query
}

/** An id as one path segment: the schema allows only letters and digits, and this keeps it so whatever comes. */
function segment(value: unknown): string {
  return encodeURIComponent(String(value))
}

/**
 * The answer of a delete not yet confirmed: shaped like a tool error, but not one (nothing failed; the user
 * has to be asked), as the reference answers a declined confirmation.
 */
function confirmationRequired(question: string): DirectAnswer {
  return {
    answer: {
      error: {
        status: 428,
        title: 'Confirmation required',
        code: 'confirmation_required',
        detail: `${question} This cannot be undone. Nothing was deleted: ask the user, then call again with confirm: true.`,
      },
    },
  }
}

/** `/api/v1/me`'s environment as the one workspace a key sees. */
function workspacesOf(me: Record<string, unknown>): Record<string, unknown> {
  const workspace = me.workspace as { id?: unknown; name?: unknown } | undefined
  return {
    data: [{ id: workspace?.id, name: workspace?.name, environmentId: me.id, environmentType: me.type }],
  }
}
