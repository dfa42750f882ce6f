import * as schemas from './mcp-schemas'

/**
 * A route of the HTTP API that a tool call becomes: the tool does exactly what the route does, with the
 * caller's key, so that the route's rules (scope, 403 for foreign ids, limits, the audit log) have one owner.
 */
export interface RouteCall {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
  /** The path below the base path, ids already encoded. */
  path: string
  query?: Array<[string, string]>
  body?: unknown
  /** Turns the route's success body into the tool's (list_workspaces reshapes `/api/v1/me`). */
  reshape?: (body: Record<string, unknown>) => Record<string, unknown>
  /** The v1 summary route answers 401 or 404 for a survey that is not the key's; a tool answers it as v3 does (403). */
  notFoundIsForbidden?: true
}

/**
 * What a delete asks before it runs, unless its call has `confirm: true` (docs/api.md, "MCP for agents"): a
 * client that can answer elicitation is asked through it; one that cannot gets `withoutElicitation`: `ask`, the
 * 428 answer that has the agent ask its user, or `proceed` (`delete_survey`, which the reference runs without
 * asking, so that an agent written for it keeps working).
 */
export interface Confirmation {
  question(args: Record<string, unknown>): string
  /** What the question is about, so that an answer given about one target is never taken for another. */
  target(args: Record<string, unknown>): string
  withoutElicitation: 'ask' | 'proceed'
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
  outputSchema: schemas.JsonObjectSchema
  annotations: { readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: boolean }
  confirmation?: Confirmation
  call(args: Record<string, unknown>, facts: RouteFacts): RouteCall
}

const READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true } as const

const RESPONSE_BOUNDARY =
  'A response is the submission-shaped record: one row per respondent, every answer as submitted, writable and deletable.'

/**
 * The tools, in the reference's names with its input schemas, output schemas and annotations, and three of
 * Canvass's own (`export_survey`, `import_survey`, `summarize_survey_responses`). The reference's workflow and feedback-record tools are left out: Canvass
 * has neither resource, and a tool that can only fail would cost an agent context on every `tools/list`.
 */
export const MCP_TOOLS: readonly McpTool[] = [
  {
    name: 'list_workspaces',
    title: 'List workspaces',
    description:
      'List the workspaces the API key can access (a Canvass key sees the one workspace of its environment). Use this to discover the workspaceId required by the survey and response tools.',
    inputSchema: schemas.listWorkspacesInput,
    outputSchema: schemas.outputSchemas.list_workspaces,
    annotations: READ,
    call: () => ({ method: 'GET', path: '/api/v1/me', reshape: workspacesOf }),
  },
  {
    name: 'list_surveys',
    title: 'List surveys',
    description: 'List surveys in a workspace using the v3 Surveys API contract.',
    inputSchema: schemas.listSurveysInput,
    outputSchema: schemas.outputSchemas.list_surveys,
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
    outputSchema: schemas.outputSchemas.get_survey,
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
    outputSchema: schemas.outputSchemas.create_survey,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    call: (args) => ({ method: 'POST', path: '/api/v3/surveys', body: args }),
  },
  {
    name: 'validate_survey',
    title: 'Validate survey',
    description: 'Validate a v3 survey create or patch payload without writing survey changes.',
    inputSchema: schemas.validateSurveyInput,
    outputSchema: schemas.outputSchemas.validate_survey,
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
    outputSchema: schemas.outputSchemas.patch_survey,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    call: (args) => ({ method: 'PATCH', path: `/api/v3/surveys/${segment(args.surveyId)}`, body: args.data }),
  },
  {
    name: 'edit_survey_blocks',
    title: 'Edit survey blocks',
    description: [
      "Edit a survey's blocks in place: update, insert or remove whole blocks without resending the others.",
      'Operations apply in order and all or none.',
      'Call get_survey first and pass its `updatedAt` as `expectedUpdatedAt`; on a 409 read again and retry.',
      'An `update` replaces the whole block, and block content must carry every configured language.',
      'Removing a block of a survey that has responses leaves the answers given to it without their question, which cannot be undone: check first and confirm with the user.',
    ].join(' '),
    inputSchema: schemas.editSurveyBlocksInput,
    outputSchema: schemas.outputSchemas.edit_survey_blocks,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    call: (args) => {
      const ops = args.ops as Array<{ op: string; id?: string; block?: { id?: unknown } }>
      const applied = ops.map((op) => ({ op: op.op, id: op.op === 'insert' ? op.block?.id : op.id }))
      return {
        method: 'PATCH',
        path: `/api/v3/surveys/${segment(args.surveyId)}/blocks`,
        body: { ops: args.ops, ...(args.expectedUpdatedAt === undefined ? {} : { expectedUpdatedAt: args.expectedUpdatedAt }) },
        ...(args.response_format === 'detailed' ? {} : { reshape: (body: Record<string, unknown>) => concise(body, { applied }) }),
      }
    },
  },
  {
    name: 'set_survey_block_order',
    title: 'Set survey block order',
    description: [
      "Reorder a survey's blocks by listing every block id exactly once, in the order you want.",
      'Cheaper and safer than resending the blocks: a missing or repeated id is refused, which catches a dropped block.',
      'Call get_survey first and pass its `updatedAt` as `expectedUpdatedAt`; on a 409 read again and retry.',
    ].join(' '),
    inputSchema: schemas.setSurveyBlockOrderInput,
    outputSchema: schemas.outputSchemas.set_survey_block_order,
    // The same order always makes the same survey, and an order the survey already has writes nothing.
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
    call: (args) => ({
      method: 'PUT',
      path: `/api/v3/surveys/${segment(args.surveyId)}/blocks/order`,
      body: { order: args.order, ...(args.expectedUpdatedAt === undefined ? {} : { expectedUpdatedAt: args.expectedUpdatedAt }) },
      ...(args.response_format === 'detailed' ? {} : { reshape: (body: Record<string, unknown>) => concise(body, { order: args.order }) }),
    }),
  },
  {
    name: 'delete_survey',
    title: 'Delete survey',
    description: [
      'Delete a survey, with its responses, displays and files, using the v3 Surveys API contract. This cannot be undone.',
      'A client that can answer confirmation prompts is asked first; pass confirm: true when the user has already agreed.',
    ].join(' '),
    inputSchema: schemas.deleteSurveyInput,
    outputSchema: schemas.outputSchemas.delete_survey,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    confirmation: {
      question: (args) => `Permanently delete survey ${String(args.surveyId)}, with all its responses?`,
      target: (args) => String(args.surveyId),
      withoutElicitation: 'proceed',
    },
    call: (args) => ({ method: 'DELETE', path: `/api/v3/surveys/${segment(args.surveyId)}` }),
  },
  {
    name: 'export_survey',
    title: 'Export survey',
    description:
      "Export a survey as a portable `.formbricks.json` envelope: the v3 document without instance-bound fields and the action classes its triggers name. Canvass's own tool.",
    inputSchema: schemas.exportSurveyInput,
    outputSchema: schemas.outputSchemas.export_survey,
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
    outputSchema: schemas.outputSchemas.import_survey,
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
    outputSchema: schemas.outputSchemas.list_responses,
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
    outputSchema: schemas.outputSchemas.count_responses,
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
    outputSchema: schemas.outputSchemas.get_response,
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
    outputSchema: schemas.outputSchemas.validate_response,
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
    outputSchema: schemas.outputSchemas.create_response,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    call: (args) => ({ method: 'POST', path: '/api/v3/responses', body: args.data }),
  },
  {
    name: 'update_response',
    title: 'Update response',
    description: 'Correct a survey response with the v3 patch body. Finishing a response fires the response pipeline.',
    inputSchema: schemas.updateResponseInput,
    outputSchema: schemas.outputSchemas.update_response,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    call: (args) => ({ method: 'PATCH', path: `/api/v3/responses/${segment(args.responseId)}`, body: args.data }),
  },
  {
    name: 'delete_response',
    title: 'Delete response',
    description: [
      'Permanently delete one survey response and its uploaded files. This cannot be undone.',
      'A client that can answer confirmation prompts is asked first; otherwise ask the user, then call again with confirm: true.',
    ].join(' '),
    inputSchema: schemas.deleteResponseInput,
    outputSchema: schemas.outputSchemas.delete_response,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
    confirmation: {
      question: (args) => `Permanently delete response ${String(args.responseId)}?`,
      target: (args) => String(args.responseId),
      withoutElicitation: 'ask',
    },
    call: (args) => ({ method: 'DELETE', path: `/api/v3/responses/${segment(args.responseId)}` }),
  },
  {
    name: 'batch_delete_responses',
    title: 'Delete responses in bulk',
    description: [
      'Permanently delete up to 100 survey responses in one transaction. This cannot be undone.',
      'Use this rather than calling delete_response in a loop.',
      'A client that can answer confirmation prompts is asked first; otherwise ask the user, then call again with confirm: true.',
    ].join(' '),
    inputSchema: schemas.batchDeleteResponsesInput,
    outputSchema: schemas.outputSchemas.batch_delete_responses,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
    confirmation: {
      question: (args) => `Permanently delete ${(args.ids as string[]).length} response(s)?`,
      // The workspace and the ids in their order: a list edited since the question is asked again.
      target: (args) => JSON.stringify([args.workspaceId, args.ids]),
      withoutElicitation: 'ask',
    },
    call: (args, facts) => {
      const ids = args.ids as string[]
      const path = '/api/v3/responses/batch-delete'
      // The workspace is a query parameter where the route takes it there (the reference's form), else a body field.
      return facts.takesQuery('POST', path, 'workspaceId')
        ? { method: 'POST', path, query: [['workspaceId', String(args.workspaceId)]], body: { ids } }
        : { method: 'POST', path, body: { workspaceId: args.workspaceId, ids } }
    },
  },
  {
    name: 'get_workspace_custom_css',
    title: 'Get workspace custom CSS',
    description:
      "Read a workspace's shared survey CSS source (light and dark), its one recoverable previous revision, whether the stored CSS is served (status), and whether you may edit it (canEdit, planAllowed).",
    inputSchema: schemas.getWorkspaceCustomCssInput,
    outputSchema: schemas.outputSchemas.get_workspace_custom_css,
    annotations: READ,
    call: (args) => ({ method: 'GET', path: `/api/v3/workspaces/${segment(args.workspaceId)}/custom-css` }),
  },
  {
    name: 'patch_workspace_custom_css',
    title: 'Save workspace custom CSS',
    description: [
      'Save or clear the shared survey CSS that applies to every survey in a workspace.',
      '`customCss` replaces both fields: `{ light, dark }` source, each a CSS string or null; null clears both.',
      'What the processor removes comes back as `warnings`; CSS it refuses is a 422 and the saved CSS stays.',
      'The replaced CSS stays recoverable as `previous` until the next change.',
    ].join(' '),
    inputSchema: schemas.patchWorkspaceCustomCssInput,
    outputSchema: schemas.outputSchemas.patch_workspace_custom_css,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    call: (args) => ({
      method: 'PATCH',
      path: `/api/v3/workspaces/${segment(args.workspaceId)}/custom-css`,
      body: { customCss: args.customCss },
    }),
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
    outputSchema: schemas.outputSchemas.summarize_survey_responses,
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
 * The answer of a delete not yet confirmed, to a client that cannot be asked: shaped like a tool error, but not
 * one (nothing failed; the user has to be asked), as the reference answers a declined confirmation.
 */
export function confirmationRequired(question: string): Record<string, unknown> {
  return {
    error: {
      status: 428,
      title: 'Confirmation required',
      code: 'confirmation_required',
      detail: `${question} This cannot be undone. Nothing was deleted: ask the user, then call again with confirm: true.`,
    },
  }
}

/** The answer of a delete the user declined when asked (or whose answer was about something else). */
export function confirmationDeclined(detail: string): Record<string, unknown> {
  return { error: { status: 428, title: 'Confirmation declined', code: 'confirmation_declined', detail } }
}

/**
 * A block write's answer as the block tools give it by default: the survey's id, its new `updatedAt` (the next
 * edit's `expectedUpdatedAt`) and its block count, rather than the whole survey, which on a large survey would
 * fill an agent's context with every edit.
 */
function concise(body: Record<string, unknown>, what: Record<string, unknown>): Record<string, unknown> {
  const survey = (body.data ?? {}) as Record<string, unknown>
  const blocks = survey.blocks
  return { data: { id: survey.id, updatedAt: survey.updatedAt, blockCount: Array.isArray(blocks) ? blocks.length : 0, ...what } }
}

/** `/api/v1/me`'s environment as the one workspace a key sees. */
function workspacesOf(me: Record<string, unknown>): Record<string, unknown> {
  const workspace = me.workspace as { id?: unknown; name?: unknown } | undefined
  return {
    data: [{ id: workspace?.id, name: workspace?.name, environmentId: me.id, environmentType: me.type }],
  }
}
