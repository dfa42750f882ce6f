/**
 * The MCP tools' input schemas (docs/api.md, "MCP for agents"), in JSON Schema as the reference advertises
 * them: the same argument names, bounds, defaults and descriptions, every object closed
 * (`additionalProperties: false`), so that a misspelled argument is refused rather than dropped.
 */

/** A JSON Schema object, as `tools/list` advertises it. */
export type JsonObjectSchema = { type: 'object'; properties: Record<string, unknown>; required?: string[]; additionalProperties: false }

const closed = (properties: Record<string, unknown>, required: string[] = []): JsonObjectSchema => ({
  type: 'object',
  properties,
  ...(required.length > 0 ? { required } : {}),
  additionalProperties: false,
})

/** The reference's ids are cuid2: lowercase letters and digits. */
const id = (description: string) => ({ type: 'string', pattern: '^[0-9a-z]+$', description })
const freeObject = (description: string) => ({ type: 'object', additionalProperties: {}, description })
const isoDateTime = (description: string) => ({ type: 'string', format: 'date-time', description })

export const listWorkspacesInput = closed({})

export const listSurveysInput = closed(
  {
    workspaceId: id('Workspace ID whose surveys should be listed.'),
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 20, description: 'Maximum number of surveys to return. Defaults to 20.' },
    cursor: { type: 'string', minLength: 1, description: 'Opaque pagination cursor from a previous list_surveys response.' },
    includeTotalCount: {
      type: 'boolean',
      default: true,
      description: 'Whether to include the total matching survey count in the response metadata. Defaults to true.',
    },
    filter: {
      ...closed({
        name: {
          ...closed({ contains: { type: 'string', maxLength: 512, description: 'Case-insensitive survey name substring.' } }),
          description: 'Filter by survey name.',
        },
        status: {
          ...closed({
            in: {
              type: 'array',
              items: { type: 'string', enum: ['draft', 'scheduled', 'inProgress', 'paused', 'completed'] },
              description: 'Survey statuses to include, for example draft or inProgress.',
            },
          }),
          description: 'Filter by survey status.',
        },
        type: {
          ...closed({
            in: {
              type: 'array',
              items: { type: 'string', enum: ['link', 'app'] },
              description: 'Survey types to include, for example link.',
            },
          }),
          description: 'Filter by survey type.',
        },
      }),
      description: 'Optional supported v3 survey filters.',
    },
    sortBy: {
      type: 'string',
      enum: ['createdAt', 'updatedAt', 'name', 'relevance'],
      description: 'Sort field for pagination. Defaults to the v3 API default of updatedAt.',
    },
  },
  ['workspaceId'],
)

export const getSurveyInput = closed(
  {
    surveyId: id('Survey ID to fetch.'),
    lang: {
      type: 'array',
      items: { type: 'string', minLength: 1 },
      description: 'Optional language codes or configured aliases used to filter translatable survey fields.',
    },
  },
  ['surveyId'],
)

export const createSurveyInput = closed(
  {
    workspaceId: id('Workspace ID where the survey should be created.'),
    name: { type: 'string', minLength: 1, description: 'Survey name.' },
    type: { type: 'string', const: 'link', description: 'Survey type. Only link surveys are supported.' },
    status: {
      type: 'string',
      enum: ['draft', 'scheduled', 'inProgress', 'paused', 'completed'],
      description: 'Initial survey status. Defaults to draft.',
    },
    defaultLanguage: {
      type: 'string',
      minLength: 1,
      description: 'Default language code or configured language alias. Defaults to en-US.',
    },
    metadata: freeObject('Survey metadata using the v3 survey document contract.'),
    languages: {
      type: 'array',
      items: closed(
        {
          code: { type: 'string', minLength: 1, description: 'Language code or configured language alias.' },
          default: { type: 'boolean', description: 'Whether this language is the default language.' },
          enabled: { type: 'boolean', description: 'Whether this language is enabled.' },
        },
        ['code'],
      ),
      description: 'Configured survey languages using the v3 survey document contract.',
    },
    welcomeCard: freeObject('Welcome card using the v3 survey document contract.'),
    blocks: {
      type: 'array',
      minItems: 1,
      items: { type: 'object', additionalProperties: {} },
      description: 'Survey blocks using the v3 survey document contract.',
    },
    endings: {
      type: 'array',
      items: { type: 'object', additionalProperties: {} },
      description: 'Survey endings using the v3 survey document contract.',
    },
    hiddenFields: freeObject('Hidden fields using the v3 survey document contract.'),
    variables: {
      type: 'array',
      items: { type: 'object', additionalProperties: {} },
      description: 'Survey variables using the v3 survey document contract.',
    },
  },
  ['workspaceId', 'name', 'blocks'],
)

export const patchSurveyInput = closed(
  {
    surveyId: id('Survey ID to update.'),
    data: freeObject(
      'Strict top-level v3 survey patch payload. Omitted top-level fields are preserved; provided objects and arrays replace that whole subtree.',
    ),
  },
  ['surveyId', 'data'],
)

export const validateSurveyInput = closed(
  {
    operation: { type: 'string', enum: ['create', 'patch'], description: 'Validation operation to run.' },
    surveyId: id('Survey ID to validate against. Required for patch validation.'),
    data: freeObject('Create or patch payload to validate using the v3 survey document contract.'),
  },
  ['operation', 'data'],
)

const confirm = {
  type: 'boolean',
  description:
    'Set true only when the user has already agreed to this deletion, or when your client cannot answer confirmation prompts. Omit it to be asked.',
}

export const deleteSurveyInput = closed({ surveyId: id('Survey ID to delete.'), confirm }, ['surveyId'])

/** A block id as the v3 block routes take it. */
const blockId = (description: string) => ({ type: 'string', minLength: 1, maxLength: 128, description })
const expectedUpdatedAt = isoDateTime(
  'The survey’s `updatedAt` from get_survey: the write happens only if the survey has not changed since (else a 409 conflict; read again and retry).',
)
const responseFormat = {
  type: 'string',
  enum: ['concise', 'detailed'],
  default: 'concise',
  description:
    '`concise` (the default) answers the survey’s id, its new `updatedAt` (the `expectedUpdatedAt` of the next edit) and its block count; `detailed` answers the whole survey.',
}
const looseBlock = (description: string) => ({ type: 'object', additionalProperties: {}, description })

export const editSurveyBlocksInput = closed(
  {
    surveyId: id('Survey whose blocks to edit.'),
    ops: {
      type: 'array',
      minItems: 1,
      maxItems: 100,
      description: 'Block operations, applied in order and all or none.',
      items: {
        oneOf: [
          closed(
            {
              op: { type: 'string', const: 'update' },
              id: blockId('The block to replace.'),
              block: looseBlock('The whole new block, in the v3 survey document contract, with every configured language.'),
            },
            ['op', 'id', 'block'],
          ),
          closed(
            {
              op: { type: 'string', const: 'insert' },
              block: looseBlock('The new block, in the v3 survey document contract.'),
              position: {
                description: 'Where the block goes: at the start, at the end, or after a block.',
                oneOf: [
                  closed({ type: { type: 'string', const: 'start' } }, ['type']),
                  closed({ type: { type: 'string', const: 'end' } }, ['type']),
                  closed({ type: { type: 'string', const: 'after' }, blockId: blockId('The block to insert after.') }, ['type', 'blockId']),
                ],
              },
            },
            ['op', 'block', 'position'],
          ),
          closed({ op: { type: 'string', const: 'remove' }, id: blockId('The block to remove.') }, ['op', 'id']),
        ],
      },
    },
    expectedUpdatedAt,
    response_format: responseFormat,
  },
  ['surveyId', 'ops'],
)

export const setSurveyBlockOrderInput = closed(
  {
    surveyId: id('Survey whose blocks to reorder.'),
    order: {
      type: 'array',
      minItems: 1,
      maxItems: 1000,
      items: blockId('A block id.'),
      description: 'Every block id of the survey exactly once, in the order wanted.',
    },
    expectedUpdatedAt,
    response_format: responseFormat,
  },
  ['surveyId', 'order'],
)

export const getWorkspaceCustomCssInput = closed({ workspaceId: id('Workspace whose custom CSS to read.') }, ['workspaceId'])

const cssField = (appearance: string) => ({
  type: ['string', 'null'],
  maxLength: 100_000,
  description: `CSS for the ${appearance} appearance, or null for none.`,
})

export const patchWorkspaceCustomCssInput = closed(
  {
    workspaceId: id('Workspace whose custom CSS to save.'),
    customCss: {
      description: 'The new source, both fields; null clears both.',
      oneOf: [closed({ light: cssField('light'), dark: cssField('dark') }, ['light', 'dark']), { type: 'null' }],
    },
  },
  ['workspaceId', 'customCss'],
)

export const exportSurveyInput = closed({ surveyId: id('Survey ID to export.') }, ['surveyId'])

export const importSurveyInput = closed(
  {
    workspaceId: id('Workspace ID the survey is imported into.'),
    export: freeObject('A `.formbricks.json` envelope as export_survey answers it (its `data`). Give this or `document`.'),
    document: freeObject('A raw v3 survey document. Give this or `export`.'),
    references: freeObject('The action classes a `document` names in its triggers (`{actionClasses: [...]}`), as a dry run answers them.'),
    options: closed({
      name: { type: 'string', minLength: 1, maxLength: 200, description: 'Overrides the survey name.' },
      dryRun: { type: 'boolean', description: 'Resolve and validate only: nothing is written.' },
    }),
  },
  ['workspaceId'],
)

/** What `list_responses` and `count_responses` both take, so that a count cannot drift from its list. */
const responseScope = {
  workspaceId: id('Workspace whose responses are in scope. Always required.'),
  surveyId: id('Restrict to one survey.'),
  contactId: id('Restrict to responses from one contact.'),
  createdAtGte: isoDateTime('Only responses created at or after this ISO 8601 timestamp.'),
  createdAtLte: isoDateTime('Only responses created at or before this ISO 8601 timestamp.'),
  finished: { type: 'boolean', description: 'Only finished or only unfinished responses. Requires surveyId or contactId.' },
  language: {
    type: 'array',
    minItems: 1,
    items: { type: 'string', minLength: 1, maxLength: 35 },
    description: 'Only responses stored in these language codes. Requires surveyId or contactId.',
  },
}

export const listResponsesInput = closed(
  {
    ...responseScope,
    limit: { type: 'integer', minimum: 1, maximum: 50, default: 20, description: 'Maximum number of responses to return. Defaults to 20.' },
    cursor: { type: 'string', minLength: 1, description: 'Opaque pagination cursor from a previous list_responses result.' },
    includeTotalCount: {
      type: 'boolean',
      default: false,
      description: 'Include the total matching count in `meta`. Defaults to false — use count_responses when the count is what you want.',
    },
    sortBy: { type: 'string', enum: ['-createdAt', 'createdAt'], default: '-createdAt', description: 'Newest first by default.' },
  },
  ['workspaceId'],
)

export const countResponsesInput = closed(
  {
    ...responseScope,
    precision: {
      type: 'string',
      enum: ['capped', 'exact'],
      default: 'capped',
      description: '`capped` stops counting past a ceiling and is cheap on large surveys; `exact` always counts every row.',
    },
  },
  ['workspaceId'],
)

export const getResponseInput = closed({ responseId: id('Response to read.') }, ['responseId'])

export const deleteResponseInput = closed({ responseId: id('Response to delete. This cannot be undone.'), confirm }, ['responseId'])

export const batchDeleteResponsesInput = closed(
  {
    workspaceId: id('Workspace the responses belong to.'),
    ids: {
      type: 'array',
      minItems: 1,
      maxItems: 100,
      uniqueItems: true,
      items: { type: 'string', pattern: '^[0-9a-z]+$' },
      description: 'Responses to delete, at most 100 and each id at most once. Deleted in one transaction: all or none.',
    },
    confirm,
  },
  ['workspaceId', 'ids'],
)

export const createResponseInput = closed(
  {
    data: {
      description:
        'The response to create, in the v3 `POST /api/v3/responses` body shape: `surveyId` and `finished` are required, `data` maps element ids to answers. Call validate_response first to see what the write would do.',
    },
  },
  ['data'],
)

export const updateResponseInput = closed(
  {
    responseId: id('Response to update.'),
    data: {
      description:
        'The v3 `PATCH /api/v3/responses/{responseId}` body. A provided `data` or `tags` replaces that whole value rather than merging into it.',
    },
  },
  ['responseId', 'data'],
)

export const validateResponseInput = {
  description: 'A create or patch payload to check without writing it.',
  oneOf: [
    closed({ operation: { type: 'string', const: 'create' }, data: { description: 'The create body to check.' } }, ['operation', 'data']),
    closed(
      {
        operation: { type: 'string', const: 'patch' },
        responseId: id('Response the patch would apply to.'),
        data: { description: 'The patch body to check.' },
      },
      ['operation', 'responseId', 'data'],
    ),
  ],
}

/** The operators of Canvass's answer filters (docs/api.md, "Filtering responses"). */
const scalar = { type: ['string', 'number', 'boolean'] }
const filterOperators = closed({
  eq: scalar,
  in: { type: 'array', minItems: 1, maxItems: 100, items: scalar },
  nin: { type: 'array', minItems: 1, maxItems: 100, items: scalar },
  gt: { type: ['number', 'string'] },
  gte: { type: ['number', 'string'] },
  lt: { type: ['number', 'string'] },
  lte: { type: ['number', 'string'] },
  contains: { type: 'string', maxLength: 1000 },
  exists: { type: 'boolean' },
})

export const summarizeSurveyResponsesInput = closed(
  {
    surveyId: id('Survey whose responses to summarize.'),
    startDate: isoDateTime('Only responses created (or, with filterDateField updatedAt, updated) at or after this ISO 8601 time.'),
    endDate: isoDateTime('Only responses created (or updated) at or before this ISO 8601 time.'),
    filterDateField: {
      type: 'string',
      enum: ['createdAt', 'updatedAt'],
      description: 'Which date startDate and endDate bound. Defaults to createdAt.',
    },
    finished: { type: 'boolean', description: 'Only finished (true) or only unfinished (false) responses.' },
    language: {
      type: 'string',
      minLength: 1,
      maxLength: 35,
      description: 'Only responses in this language code; `default` also takes those stored without one.',
    },
    filter: {
      type: 'object',
      maxProperties: 20,
      propertyNames: { minLength: 1, maxLength: 300 },
      additionalProperties: filterOperators,
      description:
        'Answer filters, all of which must hold, keyed by field: `data.<questionId>`, `hiddenFields.<id>`, `variables.<id>`, ' +
        '`meta.<url|source|action|country|city|region>`, `meta.userAgent.<browser|os|device>`, `contactAttributes.<key>`, ' +
        '`quota.<quotaId>` (screenedIn, screenedOut), `language`, `tags`, `finished`, `createdAt`, `updatedAt`; each maps ' +
        'operators to values, e.g. {"data.nps": {"gte": 9}, "tags": {"in": ["vip"]}, "meta.url": {"contains": "/pricing"}}. ' +
        'Operators: eq, in, nin (tags), gt, gte, lt, lte (numbers, or ISO dates on createdAt and updatedAt), contains, exists.',
    },
  },
  ['surveyId'],
)

/*
 * The tools' output schemas: what `structuredContent` holds. One object root for the success and the error
 * alike, every branch optional: a tool answers `data` (with `meta` on a list) and `requestId`, or `error`.
 * A union at the root would be the truer shape, but a root `anyOf` is not an object schema, which the protocol
 * asks `outputSchema` to be. The objects a route answers stay open below the keys named here: they grow with
 * the API, and a client types itself only against what is named.
 */

const open = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  properties,
  ...(required.length > 0 ? { required } : {}),
  additionalProperties: {},
})
const string = { type: 'string' }
const anyArray = { type: 'array', items: {} }

/** `error`: a route's problem (or a delete's confirmation answer), as `routeToolResult` builds it. */
const toolError = closed(
  {
    status: { type: 'integer' },
    title: string,
    detail: string,
    requestId: string,
    code: string,
    invalid_params: { type: 'array', items: open({ name: string, reason: string }, ['name', 'reason']) },
    details: { type: 'object', additionalProperties: {} },
  },
  ['status', 'title', 'detail'],
)

/** The envelope of every tool's structured content, around its `data`. */
export const toolOutput = (data: Record<string, unknown>, extra: Record<string, unknown> = {}): JsonObjectSchema =>
  closed({ data, meta: open({}), requestId: string, error: toolError, ...extra })

const withId = open({ id: string }, ['id'])
const survey = open({ id: string, name: string, updatedAt: string }, ['id'])
const surveyList = { type: 'array', items: withId }
/** A block write's answer: the whole survey (`detailed`), or its id, `updatedAt` and block count (`concise`). */
const blockWrite = open({ id: string, updatedAt: string, blockCount: { type: 'integer' } }, ['id', 'updatedAt'])
const validation = open({ valid: { type: 'boolean' } }, ['valid'])
const customCssSource = { oneOf: [closed({ light: { type: ['string', 'null'] }, dark: { type: ['string', 'null'] } }), { type: 'null' }] }
const customCss = open(
  {
    workspaceId: string,
    customCss: customCssSource,
    previous: customCssSource,
    status: { type: 'string', enum: ['ok', 'stale', 'withheld'] },
    canEdit: { type: 'boolean' },
    planAllowed: { type: 'boolean' },
  },
  ['workspaceId', 'customCss', 'previous', 'status', 'canEdit', 'planAllowed'],
)
/** A delete answers no `data`. */
const nothing = { not: {} }

export const outputSchemas = {
  list_workspaces: toolOutput({
    type: 'array',
    items: open({ id: string, name: string, environmentId: string, environmentType: string }, ['id', 'environmentId']),
  }),
  list_surveys: toolOutput(surveyList),
  get_survey: toolOutput(survey),
  create_survey: toolOutput(survey),
  validate_survey: toolOutput(validation),
  patch_survey: toolOutput(survey),
  edit_survey_blocks: toolOutput(blockWrite),
  set_survey_block_order: toolOutput(blockWrite),
  delete_survey: toolOutput(nothing),
  list_responses: toolOutput({ type: 'array', items: withId }),
  count_responses: toolOutput(open({ count: { type: 'integer' } }, ['count'])),
  get_response: toolOutput(withId),
  validate_response: toolOutput(validation),
  create_response: toolOutput(withId),
  update_response: toolOutput(withId),
  delete_response: toolOutput(nothing),
  batch_delete_responses: toolOutput(open({ deleted: { type: 'integer' } }, ['deleted'])),
  get_workspace_custom_css: toolOutput(customCss),
  patch_workspace_custom_css: toolOutput(customCss, { warnings: anyArray }),
  export_survey: toolOutput(open({ formbricks: open({}), survey: open({}), references: open({}) }, ['formbricks', 'survey'])),
  /** A dry run answers the resolved document, its references, the report and the validation; an import, the survey and the report. */
  import_survey: toolOutput(
    open({
      survey,
      document: { type: ['object', 'null'] },
      references: { type: ['object', 'null'] },
      report: open({}),
      validation: open({}),
    }),
  ),
  summarize_survey_responses: toolOutput(open({})),
} satisfies Record<string, JsonObjectSchema>
