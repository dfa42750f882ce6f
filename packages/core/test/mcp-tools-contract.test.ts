/**
 * The MCP tools' contract beyond their inputs (docs/api.md, "MCP for agents"), driven by the official SDK's
 * `Client` over Streamable HTTP: every tool declares an output schema and answers structured content that
 * validates against it (checked by the client, which validates a call's result against the schema it listed,
 * and again here against the listed schema), including the block and custom-CSS tools; and the deletes ask
 * through elicitation a 2026-07-28 client that declares it (accepted, declined), and answer 428 to one that
 * cannot be asked. On PGlite.
 */
import { Client, StreamableHTTPClientTransport, fromJsonSchema } from '@modelcontextprotocol/client'
import type { ClientCapabilities, Tool } from '@modelcontextprotocol/client'
import { suiteWithBed } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import { MCP_TOOL_NAMES } from './mcp-tool-names'

const { test, bed } = suiteWithBed('MCP tools: output schemas and confirmation')

type ToolAnswer = { isError?: boolean; structuredContent?: Record<string, any>; content: Array<{ type: string; text?: string }> }

interface Connection {
  client: Client
  tools: Map<string, Tool>
  /** Every structured content this connection received, by tool, for the schema check. */
  answers: Array<{ name: string; answer: ToolAnswer }>
}

async function connect(
  options: { modern?: boolean; capabilities?: ClientCapabilities; elicit?: (message: string) => Record<string, unknown> } = {},
): Promise<Connection> {
  const x = bed()
  const origin = await x.listen()
  const client = new Client(
    { name: 'canvass-test', version: '1.0.0' },
    {
      ...(options.modern === false ? {} : { versionNegotiation: { mode: 'auto' as const } }),
      ...(options.capabilities ? { capabilities: options.capabilities } : {}),
    },
  )
  const elicit = options.elicit
  if (elicit) {
    client.setRequestHandler('elicitation/create', async (request) => elicit((request.params as { message: string }).message) as never)
  }
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${origin}/api/mcp`), { requestInit: { headers: { 'x-api-key': x.keyA } } }),
  )
  // Listed first, so that the client validates every call's structured content against the tool's schema.
  const { tools } = await client.listTools()
  return { client, tools: new Map(tools.map((tool) => [tool.name, tool])), answers: [] }
}

async function call(connection: Connection, name: string, args: Record<string, unknown> = {}): Promise<ToolAnswer> {
  const answer = (await connection.client.callTool({ name, arguments: args })) as ToolAnswer
  assert.equal(JSON.parse(answer.content[0]?.text ?? 'null'), answer.structuredContent, `${name}: text and structured content agree`)
  connection.answers.push({ name, answer })
  return answer
}

async function ok(connection: Connection, name: string, args: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const answer = await call(connection, name, args)
  assert.not.ok(answer.isError, `${name}: ${JSON.stringify(answer.structuredContent)}`)
  return answer.structuredContent as Record<string, any>
}

/** Each answer against the output schema its tool listed, validated independently of the client. */
function checkAgainstSchemas(connection: Connection): void {
  for (const { name, answer } of connection.answers) {
    const schema = connection.tools.get(name)?.outputSchema
    assert.ok(schema, `${name} declares an output schema`)
    const result = fromJsonSchema(schema as Parameters<typeof fromJsonSchema>[0])['~standard'].validate(answer.structuredContent)
    assert.not.ok(
      'issues' in result && result.issues,
      `${name}: ${JSON.stringify(answer.structuredContent)} fails its schema: ${JSON.stringify('issues' in result ? result.issues : [])}`,
    )
  }
}

const twoBlocks = (workspaceId: string, name: string) => ({
  workspaceId,
  name,
  status: 'inProgress',
  blocks: [
    { id: 'first', name: 'First', elements: [{ id: 'nps', type: 'nps', headline: { 'en-US': 'How likely?' }, required: false }] },
    { id: 'second', name: 'Second', elements: [{ id: 'why', type: 'openText', headline: { 'en-US': 'Why?' }, required: false }] },
  ],
})

test('every tool declares an object output schema, and the four block and custom-CSS tools have the reference’s annotations', async () => {
  const { client, tools } = await connect()
  assert.equal([...tools.keys()].sort(), [...MCP_TOOL_NAMES].sort())
  for (const tool of tools.values()) {
    assert.is(tool.outputSchema?.type, 'object', `${tool.name} declares an object output schema`)
  }
  const hints = (name: string) => {
    const { readOnlyHint, destructiveHint, idempotentHint } = tools.get(name)!.annotations ?? {}
    return [readOnlyHint, destructiveHint, idempotentHint]
  }
  assert.equal(hints('edit_survey_blocks'), [false, true, false])
  assert.equal(hints('set_survey_block_order'), [false, true, true])
  assert.equal(hints('get_workspace_custom_css'), [true, false, true])
  assert.equal(hints('patch_workspace_custom_css'), [false, false, true])
  const edit = tools.get('edit_survey_blocks')!.inputSchema as Record<string, any>
  assert.equal(edit.required, ['surveyId', 'ops'])
  assert.equal(Object.keys(edit.properties).sort(), ['expectedUpdatedAt', 'ops', 'response_format', 'surveyId'])
  assert.equal([edit.properties.ops.minItems, edit.properties.ops.maxItems], [1, 100])
  const order = tools.get('set_survey_block_order')!.inputSchema as Record<string, any>
  assert.equal(order.required, ['surveyId', 'order'])
  const css = tools.get('patch_workspace_custom_css')!.inputSchema as Record<string, any>
  assert.equal(css.required, ['workspaceId', 'customCss'])
  assert.equal(tools.get('get_workspace_custom_css')!.inputSchema.required, ['workspaceId'])
  await client.close()
})

test('every tool called: each structured content validates against the tool’s output schema, successes and refusals alike', async () => {
  const x = bed()
  const c = await connect()
  await ok(c, 'list_workspaces')
  const created = await ok(c, 'create_survey', twoBlocks(x.projectId, 'Blocks'))
  const surveyId = created.data.id as string
  await ok(c, 'list_surveys', { workspaceId: x.projectId })
  const got = await ok(c, 'get_survey', { surveyId })
  await ok(c, 'validate_survey', { operation: 'create', data: twoBlocks(x.projectId, 'Check') })
  await ok(c, 'patch_survey', { surveyId, data: { name: 'Blocks, renamed' } })

  // The block tools: concise by default (id, the next expectedUpdatedAt, the block count), detailed on asking.
  const renamed = await ok(c, 'get_survey', { surveyId })
  const inserted = await ok(c, 'edit_survey_blocks', {
    surveyId,
    expectedUpdatedAt: renamed.data.updatedAt,
    ops: [
      {
        op: 'insert',
        position: { type: 'end' },
        block: {
          id: 'third',
          name: 'Third',
          elements: [{ id: 'mail', type: 'openText', headline: { 'en-US': 'Mail?' }, required: false }],
        },
      },
    ],
  })
  assert.equal(Object.keys(inserted.data).sort(), ['applied', 'blockCount', 'id', 'updatedAt'])
  assert.is(inserted.data.blockCount, 3)
  assert.equal(inserted.data.applied, [{ op: 'insert', id: 'third' }])
  const stale = await call(c, 'edit_survey_blocks', {
    surveyId,
    expectedUpdatedAt: got.data.updatedAt,
    ops: [{ op: 'remove', id: 'first' }],
  })
  assert.ok(stale.isError)
  assert.is(stale.structuredContent?.error.status, 409)
  const reordered = await ok(c, 'set_survey_block_order', {
    surveyId,
    order: ['third', 'first', 'second'],
    expectedUpdatedAt: inserted.data.updatedAt,
    response_format: 'detailed',
  })
  assert.equal(
    reordered.data.blocks.map((block: { id: string }) => block.id),
    ['third', 'first', 'second'],
  )
  const missing = await call(c, 'set_survey_block_order', { surveyId, order: ['third', 'first'] })
  assert.is(missing.structuredContent?.error.status, 422)
  const removed = await ok(c, 'edit_survey_blocks', { surveyId, ops: [{ op: 'remove', id: 'third' }] })
  assert.equal([removed.data.blockCount, removed.data.applied], [2, [{ op: 'remove', id: 'third' }]])

  // Workspace custom CSS: read, save (with the processor's warnings), clear.
  const css = await ok(c, 'get_workspace_custom_css', { workspaceId: x.projectId })
  assert.equal([css.data.workspaceId, css.data.customCss], [x.projectId, null])
  const saved = await ok(c, 'patch_workspace_custom_css', {
    workspaceId: x.projectId,
    customCss: { light: '@import url(https://evil.example/x.css); .fb-survey { color: red }', dark: null },
  })
  assert.match(saved.data.customCss.light, /color: red/)
  assert.ok(Array.isArray(saved.warnings) && saved.warnings.length > 0, JSON.stringify(saved))
  const cleared = await ok(c, 'patch_workspace_custom_css', { workspaceId: x.projectId, customCss: null })
  assert.equal([cleared.data.customCss, cleared.data.previous?.light], [null, saved.data.customCss.light])
  const other = await x.newProject('not mine')
  const foreign = await call(c, 'get_workspace_custom_css', { workspaceId: other.projectId })
  assert.equal([foreign.isError, foreign.structuredContent?.error.code], [true, 'forbidden'])

  // Responses.
  const response = await ok(c, 'create_response', { data: { surveyId, finished: true, data: { nps: 9 } } })
  const responseId = response.data.id as string
  await ok(c, 'list_responses', { workspaceId: x.projectId, surveyId })
  await ok(c, 'count_responses', { workspaceId: x.projectId, surveyId })
  await ok(c, 'get_response', { responseId })
  await ok(c, 'validate_response', { operation: 'patch', responseId, data: { finished: true } })
  await ok(c, 'update_response', { responseId, data: { data: { nps: 10 } } })
  await ok(c, 'summarize_survey_responses', { surveyId })

  // Survey files (Canvass's own tools): an export, a dry run of its import that writes nothing, and the import.
  const exported = await ok(c, 'export_survey', { surveyId })
  assert.equal(exported.data.formbricks.source.surveyId, surveyId)
  const dryRun = await ok(c, 'import_survey', { workspaceId: x.projectId, export: exported.data, options: { dryRun: true } })
  assert.ok(dryRun.data.document, 'a dry run answers the resolved document')
  const imported = await ok(c, 'import_survey', { workspaceId: x.projectId, export: exported.data })
  assert.is(imported.data.survey.name, 'Blocks, renamed')
  assert.is.not(imported.data.survey.id, surveyId)
  const asked = await call(c, 'delete_response', { responseId })
  assert.is(asked.structuredContent?.error.code, 'confirmation_required')
  await ok(c, 'delete_response', { responseId, confirm: true })
  const second = await ok(c, 'create_response', { data: { surveyId, finished: false, data: {} } })
  await ok(c, 'batch_delete_responses', { workspaceId: x.projectId, ids: [second.data.id], confirm: true })
  const refused = await call(c, 'create_response', { data: { surveyId, finished: true, data: { nps: 11 } } })
  assert.ok(refused.isError)
  await ok(c, 'delete_survey', { surveyId })
  const gone = await call(c, 'get_survey', { surveyId })
  assert.is(gone.structuredContent?.error.code, 'forbidden')

  assert.equal([...new Set(c.answers.map(({ name }) => name))].sort(), [...MCP_TOOL_NAMES].sort(), 'every tool was called')
  checkAgainstSchemas(c)

  // The client does check a result against the schema it holds: one that the answer cannot meet is refused.
  const listed = c.tools.get('list_workspaces')!
  const impossible = { ...listed, outputSchema: { type: 'object' as const, properties: {}, required: ['nowhere'] } }
  const checked = await c.client
    .callTool({ name: 'list_workspaces', arguments: {} }, { toolDefinition: impossible })
    .then(() => undefined)
    .catch((error: Error) => error)
  assert.instance(checked, Error, 'the client validated the structured content')
  await c.client.close()
})

test('a 2025-revision client gets the same structured content, valid against the same schemas', async () => {
  const x = bed()
  const c = await connect({ modern: false })
  await ok(c, 'list_workspaces')
  const created = await ok(c, 'create_survey', twoBlocks(x.projectId, 'Legacy'))
  await ok(c, 'set_survey_block_order', { surveyId: created.data.id, order: ['second', 'first'] })
  await ok(c, 'get_workspace_custom_css', { workspaceId: x.projectId })
  await call(c, 'get_survey', { surveyId: 'unknownsurvey' })
  checkAgainstSchemas(c)
  await c.client.close()
})

const ELICITATION: ClientCapabilities = { elicitation: { form: {} } }

async function surveyWithResponses(c: Connection, count: number): Promise<{ surveyId: string; ids: string[] }> {
  const created = await ok(c, 'create_survey', twoBlocks(bed().projectId, 'To delete'))
  const surveyId = created.data.id as string
  const ids: string[] = []
  for (let i = 0; i < count; i++)
    ids.push((await ok(c, 'create_response', { data: { surveyId, finished: true, data: { nps: i } } })).data.id)
  return { surveyId, ids }
}

test('a client that declares elicitation is asked before a delete; accepting deletes', async () => {
  const x = bed()
  const questions: string[] = []
  const c = await connect({
    capabilities: ELICITATION,
    elicit: (message) => {
      questions.push(message)
      return { action: 'accept', content: { confirm: true } }
    },
  })
  const { surveyId, ids } = await surveyWithResponses(c, 3)
  await ok(c, 'delete_response', { responseId: ids[0] })
  assert.is(questions.length, 1)
  assert.match(questions[0]!, ids[0]!)
  const gone = await call(c, 'get_response', { responseId: ids[0] })
  assert.is(gone.structuredContent?.error.code, 'forbidden')
  const batch = await ok(c, 'batch_delete_responses', { workspaceId: x.projectId, ids: [ids[1], ids[2]] })
  assert.is(batch.data.deleted, 2)
  assert.match(questions[1]!, /2 response/)
  // `confirm: true` is not asked again.
  const other = await surveyWithResponses(c, 1)
  await ok(c, 'delete_response', { responseId: other.ids[0], confirm: true })
  assert.is(questions.length, 2)
  await ok(c, 'delete_survey', { surveyId })
  assert.match(questions[2]!, surveyId)
  const survey = await x.call('GET', `/api/v3/surveys/${surveyId}`, { key: x.keyA })
  assert.is(survey.status, 403)
  checkAgainstSchemas(c)
  await c.client.close()
})

test('declining (or cancelling) the question deletes nothing and says so', async () => {
  const x = bed()
  let action = 'decline'
  const c = await connect({ capabilities: ELICITATION, elicit: () => ({ action }) })
  const { surveyId, ids } = await surveyWithResponses(c, 2)
  for (const [name, args] of [
    ['delete_response', { responseId: ids[0] }],
    ['batch_delete_responses', { workspaceId: x.projectId, ids }],
    ['delete_survey', { surveyId }],
  ] as const) {
    const answer = await call(c, name, args)
    assert.not.ok(answer.isError, name)
    assert.equal([answer.structuredContent?.error.status, answer.structuredContent?.error.code], [428, 'confirmation_declined'], name)
  }
  action = 'cancel'
  const cancelled = await call(c, 'delete_response', { responseId: ids[0] })
  assert.is(cancelled.structuredContent?.error.code, 'confirmation_declined')
  // An acceptance that does not say yes is no yes.
  const unsure = await connect({ capabilities: ELICITATION, elicit: () => ({ action: 'accept', content: { confirm: false } }) })
  assert.is((await call(unsure, 'delete_response', { responseId: ids[0] })).structuredContent?.error.code, 'confirmation_declined')
  const count = await ok(c, 'count_responses', { workspaceId: x.projectId, surveyId })
  assert.is(count.data.count, 2)
  const survey = await x.call('GET', `/api/v3/surveys/${surveyId}`, { key: x.keyA })
  assert.is(survey.status, 200)
  checkAgainstSchemas(c)
  await Promise.all([c.client.close(), unsure.client.close()])
})

test('a client that cannot be asked (no elicitation, or a 2025-revision client) gets the 428; delete_survey deletes as the reference does', async () => {
  const x = bed()
  for (const options of [{}, { modern: false, capabilities: ELICITATION }]) {
    let asked = 0
    const elicit = () => ({ action: 'accept', content: { confirm: (asked += 1) > 0 } })
    const c = await connect({ ...options, ...('capabilities' in options ? { elicit } : {}) })
    const { surveyId, ids } = await surveyWithResponses(c, 1)
    const answer = await call(c, 'delete_response', { responseId: ids[0] })
    assert.not.ok(answer.isError)
    assert.equal([answer.structuredContent?.error.status, answer.structuredContent?.error.code], [428, 'confirmation_required'])
    const batch = await call(c, 'batch_delete_responses', { workspaceId: x.projectId, ids })
    assert.is(batch.structuredContent?.error.code, 'confirmation_required')
    assert.is((await ok(c, 'count_responses', { workspaceId: x.projectId, surveyId })).data.count, 1)
    await ok(c, 'delete_survey', { surveyId })
    assert.is((await x.call('GET', `/api/v3/surveys/${surveyId}`, { key: x.keyA })).status, 403)
    assert.is(asked, 0, 'the client was never asked')
    checkAgainstSchemas(c)
    await c.client.close()
  }
})

test.run()
