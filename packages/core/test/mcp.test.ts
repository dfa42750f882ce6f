/**
 * The MCP server at `/api/mcp` (docs/api.md, "MCP for agents"), driven by the official SDK's `Client` over
 * Streamable HTTP on loopback: the tools as listed (names, schemas, annotations), each called against the
 * real routes, the key (header and Bearer, 401 with the challenge), foreign ids as `forbidden` tool errors,
 * the audit entry of a write, and what the transport refuses; on PGlite, and on Postgres when TEST_DATABASE_URL
 * is set.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { availableBackends, suiteWithBed } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import { MCP_TOOL_NAMES } from './mcp-tool-names'

for (const backend of availableBackends()) {
  const { test, bed } = suiteWithBed(`MCP server (${backend})`, { backend })

  type ToolAnswer = { isError?: boolean; structuredContent?: Record<string, any>; content: Array<{ type: string; text?: string }> }

  async function connect(headers: Record<string, string> = { 'x-api-key': bed().keyA }, modern = false): Promise<Client> {
    const origin = await bed().listen()
    const client = new Client({ name: 'canvass-test', version: '1.0.0' }, modern ? { versionNegotiation: { mode: 'auto' } } : {})
    await client.connect(new StreamableHTTPClientTransport(new URL(`${origin}/api/mcp`), { requestInit: { headers } }))
    return client
  }

  async function callTool(client: Client, name: string, args: Record<string, unknown> = {}): Promise<ToolAnswer> {
    const answer = (await client.callTool({ name, arguments: args })) as ToolAnswer
    // Structured content and text carry the same JSON.
    assert.equal(JSON.parse(answer.content[0]?.text ?? 'null'), answer.structuredContent)
    return answer
  }

  async function ok(client: Client, name: string, args: Record<string, unknown> = {}): Promise<Record<string, any>> {
    const answer = await callTool(client, name, args)
    assert.not.ok(answer.isError, `${name}: ${JSON.stringify(answer.structuredContent)}`)
    return answer.structuredContent as Record<string, any>
  }

  async function toolError(client: Client, name: string, args: Record<string, unknown>, code: string, status: number) {
    const answer = await callTool(client, name, args)
    assert.ok(answer.isError, `${name} is a tool error: ${JSON.stringify(answer.structuredContent)}`)
    const error = answer.structuredContent?.error
    assert.is(error.code, code, JSON.stringify(error))
    assert.is(error.status, status)
    assert.type(error.detail, 'string')
    return error as { code: string; status: number; detail: string; invalid_params?: Array<{ name: string; reason: string }> }
  }

  const surveyDocument = (workspaceId: string, name = 'Agent survey') => ({
    workspaceId,
    name,
    blocks: [
      {
        name: 'Main',
        elements: [
          { id: 'nps', type: 'nps', headline: { 'en-US': 'How likely are you to recommend us?' }, required: false },
          { id: 'why', type: 'openText', headline: { 'en-US': 'Why?' }, required: false },
        ],
      },
    ],
  })

  test('lists the tools with the reference’s names, input schemas and annotations', async () => {
    const client = await connect()
    assert.is(client.getServerVersion()?.name, 'canvass')
    const { tools } = await client.listTools()
    assert.equal(tools.map((tool) => tool.name).sort(), [...MCP_TOOL_NAMES].sort())
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]))
    const hints = (name: string) => {
      const { readOnlyHint, destructiveHint, idempotentHint } = byName[name]!.annotations ?? {}
      return [readOnlyHint, destructiveHint, idempotentHint]
    }
    for (const name of [
      'list_workspaces',
      'list_surveys',
      'get_survey',
      'validate_survey',
      'list_responses',
      'count_responses',
      'get_response',
    ]) {
      assert.equal(hints(name), [true, false, true], name)
    }
    assert.equal(hints('create_survey'), [false, false, false])
    assert.equal(hints('patch_survey'), [false, true, false])
    assert.equal(hints('delete_survey'), [false, true, false])
    assert.equal(hints('create_response'), [false, false, false])
    assert.equal(hints('update_response'), [false, true, false])
    assert.equal(hints('delete_response'), [false, true, true])
    assert.equal(hints('batch_delete_responses'), [false, true, true])
    assert.equal(hints('summarize_survey_responses'), [true, false, true])
    assert.equal(hints('export_survey'), [true, false, true])
    assert.equal(hints('import_survey'), [false, false, false])
    const list = byName.list_surveys!.inputSchema as Record<string, any>
    assert.equal(list.required, ['workspaceId'])
    assert.is(list.additionalProperties, false)
    assert.equal([list.properties.limit.minimum, list.properties.limit.maximum, list.properties.limit.default], [1, 100, 20])
    assert.equal(Object.keys(list.properties).sort(), ['cursor', 'filter', 'includeTotalCount', 'limit', 'sortBy', 'workspaceId'])
    assert.equal(list.properties.filter.properties.status.additionalProperties, false)
    const create = byName.create_survey!.inputSchema as Record<string, any>
    assert.equal(create.required, ['workspaceId', 'name', 'blocks'])
    const batch = byName.batch_delete_responses!.inputSchema as Record<string, any>
    assert.equal([batch.properties.ids.minItems, batch.properties.ids.maxItems], [1, 100])
    const responses = byName.list_responses!.inputSchema as Record<string, any>
    assert.equal(responses.properties.limit.maximum, 50)
    assert.equal(responses.properties.sortBy.enum, ['-createdAt', 'createdAt'])
    await client.close()
  })

  test('a survey through the tools: create, get, list, validate, patch, delete; the create leaves the route’s audit entry', async () => {
    const x = bed()
    const client = await connect({ authorization: `Bearer ${x.keyA}` })
    const workspaces = await ok(client, 'list_workspaces')
    assert.equal(
      workspaces.data.map((w: { id: string }) => w.id),
      [x.projectId],
    )
    assert.type(workspaces.requestId, 'string')

    const created = await ok(client, 'create_survey', surveyDocument(x.projectId))
    const surveyId = created.data.id as string
    assert.is(created.data.name, 'Agent survey')
    const entries = await x.call('GET', `/api/v1/management/audit-log?resourceId=${surveyId}`, { key: x.keyA })
    assert.is(entries.status, 200, entries.text)
    const [entry] = entries.body.data
    assert.equal(
      [entry.action, entry.method, entry.route, entry.resourceType, entry.resourceId, entry.status],
      ['create', 'POST', '/api/v3/surveys', 'survey', surveyId, 201],
    )
    // The entry names the MCP request the agent sent.
    assert.is(entry.requestId, created.requestId)
    // As the route's own create writes it.
    const direct = await x.call('POST', '/api/v3/surveys', { key: x.keyA, body: surveyDocument(x.projectId, 'Direct') })
    const directEntries = await x.call('GET', `/api/v1/management/audit-log?resourceId=${direct.body.data.id}`, { key: x.keyA })
    const [directEntry] = directEntries.body.data
    const shape = (e: Record<string, unknown>) => [e.action, e.method, e.route, e.resourceType, e.status, e.apiKeyId, e.summary]
    assert.equal(shape(entry), shape(directEntry))

    const got = await ok(client, 'get_survey', { surveyId })
    assert.is(got.data.id, surveyId)
    const listed = await ok(client, 'list_surveys', { workspaceId: x.projectId, filter: { name: { contains: 'agent' } } })
    assert.equal(
      listed.data.map((s: { id: string }) => s.id),
      [surveyId],
    )
    assert.is(listed.meta.totalCount, 1)
    // The route's verdict: the document the create took is valid, and a v1-shaped one is not.
    const validation = await ok(client, 'validate_survey', { operation: 'create', data: surveyDocument(x.projectId) })
    assert.is(validation.data.operation, 'create')
    assert.is(validation.data.valid, true, JSON.stringify(validation.data.invalid_params))
    const v1Shaped = { ...surveyDocument(x.projectId), questions: [] }
    const invalid = await ok(client, 'validate_survey', { operation: 'create', data: v1Shaped })
    assert.is(invalid.data.valid, false)
    await toolError(client, 'validate_survey', { operation: 'patch', surveyId: 'unknownsurvey', data: { name: 'x' } }, 'forbidden', 403)
    const patched = await ok(client, 'patch_survey', { surveyId, data: { name: 'Renamed by an agent' } })
    assert.is(patched.data.name, 'Renamed by an agent')
    const refused = await toolError(client, 'patch_survey', { surveyId, data: { slug: 'x' } }, 'bad_request', 400)
    assert.ok(
      refused.invalid_params?.some((param) => param.name === 'slug'),
      JSON.stringify(refused),
    )
    const deleted = await ok(client, 'delete_survey', { surveyId })
    assert.type(deleted.requestId, 'string')
    await toolError(client, 'get_survey', { surveyId }, 'forbidden', 403)
    await client.close()
  })

  test('a survey file through the tools: export, a dry run that writes nothing, an import', async () => {
    const client = await connect()
    const created = await ok(client, 'create_survey', surveyDocument(bed().projectId, 'Exported by an agent'))
    const envelope = (await ok(client, 'export_survey', { surveyId: created.data.id })).data
    assert.is(envelope.formbricks.exportFormat, 1)
    assert.is(envelope.survey.name, 'Exported by an agent')
    const before = (await ok(client, 'list_surveys', { workspaceId: bed().projectId })).meta.totalCount
    const dry = await ok(client, 'import_survey', { workspaceId: bed().projectId, export: envelope, options: { dryRun: true } })
    assert.is(dry.data.validation.valid, true)
    assert.is((await ok(client, 'list_surveys', { workspaceId: bed().projectId })).meta.totalCount, before)
    const imported = await ok(client, 'import_survey', { workspaceId: bed().projectId, export: envelope, options: { name: 'Imported' } })
    assert.is(imported.data.survey.name, 'Imported')
    assert.is(imported.data.survey.status, 'draft')
    assert.is((await ok(client, 'list_surveys', { workspaceId: bed().projectId })).meta.totalCount, before + 1)
    const refused = await toolError(
      client,
      'import_survey',
      { workspaceId: bed().projectId, document: { name: 'Old', questions: [{ id: 'q' }] } },
      'unprocessable_content',
      422,
    )
    assert.ok(refused.invalid_params?.some((param) => param.name === 'questions'))
    await toolError(client, 'export_survey', { surveyId: 'nosuchsurvey' }, 'forbidden', 403)
    await client.close()
  })

  test('responses through the tools, and a summary narrowed by answer filters', async () => {
    const x = bed()
    const client = await connect()
    const survey = await ok(client, 'create_survey', { ...surveyDocument(x.projectId, 'Scored'), status: 'inProgress' })
    const surveyId = survey.data.id as string
    const ids: string[] = []
    for (const [nps, finished] of [
      [10, true],
      [9, true],
      [3, true],
      [7, false],
    ] as const) {
      const created = await ok(client, 'create_response', { data: { surveyId, finished, data: { nps } } })
      ids.push(created.data.id)
    }
    const got = await ok(client, 'get_response', { responseId: ids[0] })
    assert.is(got.data.id, ids[0])
    const page = await ok(client, 'list_responses', { workspaceId: x.projectId, surveyId, limit: 2 })
    assert.is(page.data.length, 2)
    assert.type(page.meta.nextCursor, 'string')
    const count = await ok(client, 'count_responses', { workspaceId: x.projectId, surveyId })
    assert.is(count.data.count, 4)
    const finished = await ok(client, 'count_responses', { workspaceId: x.projectId, surveyId, finished: true })
    assert.is(finished.data.count, 3)
    const updated = await ok(client, 'update_response', { responseId: ids[3], data: { finished: true } })
    assert.is(updated.data.finished, true)

    const summary = await ok(client, 'summarize_survey_responses', { surveyId })
    assert.equal(summary.data.responses, { started: 4, finished: 4 })
    const promoters = await ok(client, 'summarize_survey_responses', { surveyId, filter: { 'data.nps': { gte: 9 } } })
    assert.equal(promoters.data.responses, { started: 2, finished: 2 })
    const badFilter = await toolError(
      client,
      'summarize_survey_responses',
      { surveyId, filter: { 'data.nps': { contains: 'x' }, 'nope.field': { eq: 1 } } },
      'bad_request',
      400,
    )
    assert.ok(
      badFilter.invalid_params?.some((param) => param.name.startsWith('filter[nope.field]')),
      JSON.stringify(badFilter),
    )

    // validate_response answers the route's verdict, writing nothing.
    const validation = await callTool(client, 'validate_response', { operation: 'create', data: { surveyId, finished: true, data: {} } })
    assert.not.ok(validation.isError, JSON.stringify(validation.structuredContent))
    assert.is((validation.structuredContent as { data: { valid: boolean } }).data.valid, true, JSON.stringify(validation.structuredContent))
    // Issue 82: an answer off its scale is refused as the write refuses it, named as the write names it.
    const offScale = { surveyId, finished: true, data: { nps: 11 } }
    const refused = await callTool(client, 'validate_response', { operation: 'create', data: offScale })
    assert.equal(refused.structuredContent?.data.valid, false, JSON.stringify(refused.structuredContent))
    const refusedNames = (refused.structuredContent?.data.invalid_params as Array<{ name: string }>).map((param) => param.name)
    assert.equal(refusedNames, ['data.nps'])
    const written = await toolError(client, 'create_response', { data: offScale }, 'unprocessable_content', 422)
    assert.equal(
      written.invalid_params?.map((param) => param.name),
      refusedNames,
    )

    // A delete asks first: nothing is deleted, and it is no error.
    const asked = await callTool(client, 'delete_response', { responseId: ids[0] })
    assert.not.ok(asked.isError)
    assert.is(asked.structuredContent?.error.status, 428)
    await ok(client, 'get_response', { responseId: ids[0] })
    await ok(client, 'delete_response', { responseId: ids[0], confirm: true })
    await toolError(client, 'get_response', { responseId: ids[0] }, 'forbidden', 403)
    const batch = await ok(client, 'batch_delete_responses', { workspaceId: x.projectId, ids: [ids[1], ids[2]], confirm: true })
    assert.is(batch.data.deleted, 2)
    assert.is((await ok(client, 'count_responses', { workspaceId: x.projectId, surveyId })).data.count, 1)
    await client.close()
  })

  test('a client of the 2026-07-28 revision is served too', async () => {
    const client = await connect({ 'x-api-key': bed().keyA }, true)
    const workspaces = await ok(client, 'list_workspaces')
    assert.equal(
      workspaces.data.map((w: { id: string }) => w.id),
      [bed().projectId],
    )
    const { tools } = await client.listTools()
    assert.is(tools.length, MCP_TOOL_NAMES.length)
    await client.close()
  })

  test('another workspace’s ids are forbidden tool errors, whatever the tool', async () => {
    const x = bed()
    const other = await x.newProject('not mine')
    const theirs = await x.call('POST', '/api/v3/surveys', { key: other.key, body: surveyDocument(other.projectId, 'Theirs') })
    assert.is(theirs.status, 201, theirs.text)
    const client = await connect()
    const surveyId = theirs.body.data.id as string
    await toolError(client, 'list_surveys', { workspaceId: other.projectId }, 'forbidden', 403)
    await toolError(client, 'get_survey', { surveyId }, 'forbidden', 403)
    await toolError(client, 'patch_survey', { surveyId, data: { name: 'Mine now' } }, 'forbidden', 403)
    await toolError(client, 'delete_survey', { surveyId }, 'forbidden', 403)
    await toolError(client, 'summarize_survey_responses', { surveyId }, 'forbidden', 403)
    await toolError(client, 'list_responses', { workspaceId: other.projectId }, 'forbidden', 403)
    // Still theirs, unchanged.
    const still = await x.call('GET', `/api/v3/surveys/${surveyId}`, { key: other.key })
    assert.is(still.body.data.name, 'Theirs')
    await client.close()
  })

  test('a key that is missing or wrong is a 401 with the Bearer challenge; the SDK client cannot connect', async () => {
    const origin = await bed().listen()
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    }
    const keys: Array<Record<string, string>> = [{}, { 'x-api-key': 'cvs_wrong' }, { authorization: `Bearer cvs_${'a'.repeat(43)}` }]
    for (const headers of keys) {
      const res = await fetch(`${origin}/api/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
        body: JSON.stringify(initialize),
      })
      assert.is(res.status, 401)
      assert.is(res.headers.get('www-authenticate'), 'Bearer realm="formbricks"')
      assert.is(res.headers.get('content-type'), 'application/problem+json')
      assert.is((await res.json()).code, 'not_authenticated')
    }
    try {
      await connect({ authorization: 'Bearer cvs_nope' })
      assert.unreachable('connected without a key')
    } catch (error) {
      assert.not.instance(error, assert.Assertion)
    }
  })

  test('malformed calls: an unknown argument or tool, a batch, a body too large, GET; a key in the query', async () => {
    const x = bed()
    const client = await connect()
    // A misspelled argument is refused, never dropped (the schemas are closed).
    const misspelled = await client
      .callTool({ name: 'list_surveys', arguments: { workspaceID: x.projectId } })
      .catch((error: Error) => error)
    assert.ok(misspelled instanceof Error || (misspelled as ToolAnswer).isError, JSON.stringify(misspelled))
    const unknown = await client.callTool({ name: 'list_workflows', arguments: {} }).catch((error: Error) => error)
    assert.ok(unknown instanceof Error || (unknown as ToolAnswer).isError, JSON.stringify(unknown))
    await client.close()

    const origin = await x.listen()
    const post = (body: string, headers: Record<string, string> = {}) =>
      fetch(`${origin}/api/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'x-api-key': x.keyA, ...headers },
        body,
      })
    const ping = { jsonrpc: '2.0', id: 1, method: 'ping' }
    const batch = await post(JSON.stringify([ping, { ...ping, id: 2 }]))
    assert.is(batch.status, 400)
    assert.match((await batch.json()).detail, /batches are not supported/)
    const notJson = await post('{"jsonrpc":')
    assert.is(notJson.status, 400)
    assert.is(notJson.headers.get('content-type'), 'application/problem+json')
    assert.is((await notJson.json()).code, 'bad_request')
    const huge = await post(JSON.stringify({ ...ping, params: { pad: 'x'.repeat(1024 * 1024) } }))
    assert.is(huge.status, 413)
    const get = await fetch(`${origin}/api/mcp`, { headers: { 'x-api-key': x.keyA, accept: 'text/event-stream' } })
    assert.is(get.status, 405)
    await get.body?.cancel()
    const inQuery = await post(JSON.stringify(ping), {})
    await inQuery.body?.cancel()
    const keyInQuery = await fetch(`${origin}/api/mcp?api_key=${x.keyA}`, { method: 'POST', body: JSON.stringify(ping) })
    assert.is(keyInQuery.status, 400)
    const foreignPage = await post(JSON.stringify(ping), { origin: 'https://evil.example' })
    assert.is(foreignPage.status, 403)
  })

  test.run()
}
