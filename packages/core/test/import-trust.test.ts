/**
 * Issue 58, the importer's trust and bounds (`canvass.admin.importFormbricks`), against stand-in sources that
 * are loopback HTTP servers of this process: a source that redirects or links to a second loopback server on
 * another port (another origin), which must never be asked anything, let alone get the key; an item Postgres
 * cannot store, refused alone; a body that stalls or trickles, cut off at the request's deadline; a source
 * that links pages without end, stopped at the import's bounds; a refused key and an unreachable source,
 * which stop the import at once with one clear error; and the audit entries of admin actions. On PGlite, and
 * on the Postgres server when TEST_DATABASE_URL is set.
 */
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import type { FormbricksImportOptions, FormbricksImportReport } from '@canvass/core'
import { SourceError } from '@canvass/core'
import { availableBackends, suiteWithBed } from '@canvass/test-bed'
import * as assert from 'uvu/assert'

interface Seen {
  path: string
  key: string | undefined
}

/** A loopback server answering with `handle` (undefined: an empty list), recording every request it gets. */
async function standIn(handle: (url: URL, response: ServerResponse, request: IncomingMessage) => boolean | undefined = () => undefined) {
  const seen: Seen[] = []
  const sockets = new Set<Socket>()
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in')
    seen.push({ path: url.pathname + url.search, key: request.headers['x-api-key'] as string | undefined })
    if (handle(url, response, request)) return
    answer(response, 200, { data: [] })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

function answer(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): true {
  response.writeHead(status, { 'content-type': 'application/json', ...headers })
  response.end(JSON.stringify(body))
  return true
}

/** Items `skip`/`offset` on from the list, `limit` of them, as the reference pages. */
function paged(url: URL, items: unknown[]): { data: unknown[] } {
  const skip = Number(url.searchParams.get('skip') ?? url.searchParams.get('offset') ?? 0)
  return { data: items.slice(skip, skip + Number(url.searchParams.get('limit') ?? 100)) }
}

const SURVEY = {
  id: 'cltrustsurvey00000000000',
  name: 'Trust',
  type: 'link',
  status: 'inProgress',
  questions: [{ id: 'q1', type: 'openText', headline: { default: 'Why?' }, required: false, inputType: 'text' }],
  endings: [],
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
}

/** Fails instead of hanging when the import does not end (an unbounded importer). */
function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the import did not end within ${ms} ms`)), ms)
  })
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}

const row = (report: FormbricksImportReport, resource: string) => report.resources.find((r) => r.resource === resource)!
const reasons = (report: FormbricksImportReport, resource: string) => Object.keys(row(report, resource).reasons).join(' | ')

for (const backend of availableBackends()) {
  const { test, bed } = suiteWithBed(`import formbricks: trust and bounds (${backend})`, { backend })

  /** A new project here and an import of `source` into it, with waits recorded rather than slept. */
  async function importFrom(url: string, options: Partial<FormbricksImportOptions> = {}) {
    const canvass = bed().canvass
    const environmentId = (await canvass.admin.createProject({ name: 'Target' })).environments.production
    const waits: number[] = []
    const run = canvass.admin.importFormbricks({
      url,
      apiKey: 'fbk_trusted_source_key',
      environmentId,
      pageSize: 2,
      sleep: async () => {},
      onWait: ({ ms }) => void waits.push(ms),
      ...options,
    })
    return { run: within(20_000, run), environmentId, waits }
  }

  test('no redirect is followed: the import stops naming it, and the other origin is never asked', async () => {
    const elsewhere = await standIn()
    const source = await standIn((url, response) => {
      response.writeHead(302, { location: `${elsewhere.url}${url.pathname}${url.search}` })
      response.end()
      return true
    })
    try {
      const { run } = await importFrom(source.url)
      const error = await run.catch((caught: unknown) => caught)
      assert.instance(error, SourceError, String(error))
      assert.ok((error as SourceError).fatal)
      assert.match(String(error), `answered a redirect (302 to ${elsewhere.url}/api/v1/management/action-classes`)
      assert.equal(elsewhere.seen, [], 'the other origin got no request, so never the key')
      assert.is(source.seen.length, 1, 'stopped at the first redirect')
    } finally {
      await source.close()
      await elsewhere.close()
    }
  })

  test('a Link rel=next off the --url origin is not followed: that list is reported and the import goes on', async () => {
    const elsewhere = await standIn()
    const source = await standIn((url, response) => {
      if (url.pathname === '/api/v1/management/action-classes')
        return answer(
          response,
          200,
          { data: [{ id: 'clcheckout000000000000000', name: 'Checkout', type: 'code', key: 'checkout' }] },
          { link: `<${elsewhere.url}/api/v1/management/action-classes?cursor=2>; rel="next"` },
        )
      return undefined
    })
    try {
      const { run } = await importFrom(source.url)
      const report = await run
      assert.is(row(report, 'actionClasses').created, 1, 'the page from the source is copied')
      assert.match(reasons(report, 'actionClasses'), `off ${source.url}: not read (the API key is sent to ${source.url} only)`)
      assert.equal(elsewhere.seen, [], 'the other origin got no request, so never the key')
      assert.ok(
        source.seen.some((s) => s.path.startsWith('/api/v1/webhooks')),
        'the import went on to the last resource',
      )
    } finally {
      await source.close()
      await elsewhere.close()
    }
  })

  test('an item the database cannot store (NUL) refuses that item alone, not its page', async () => {
    const responses = ['a', 'b', 'c'].map((letter) => ({
      id: `cltrustresponse${letter}00000000`,
      surveyId: SURVEY.id,
      finished: true,
      data: { q1: letter === 'b' ? 'with a \u0000 inside' : `answer ${letter}` },
      createdAt: '2024-01-02T00:00:00.000Z',
      updatedAt: '2024-01-02T00:00:00.000Z',
    }))
    const contacts = ['a', 'b', 'c'].map((letter) => ({ id: `cltrustcontact${letter}000000000`, createdAt: '2024-01-01T00:00:00.000Z' }))
    const keys = [{ id: 'clkeyplan000000000000000', key: 'plan', name: 'Plan', type: 'custom' }]
    // The reference's shape: contacts without values, the values listed apart (one of them with a NUL).
    const values = contacts.map((contact, i) => ({
      id: `clvalue${i}`,
      contactId: contact.id,
      attributeKeyId: keys[0]!.id,
      value: i === 2 ? 'pro\u0000' : 'free',
    }))
    const source = await standIn((url, response) => {
      switch (url.pathname) {
        case '/api/v1/management/contact-attribute-keys':
          return answer(response, 200, paged(url, keys))
        case '/api/v1/management/contacts':
          return answer(response, 200, paged(url, contacts))
        case '/api/v1/management/contact-attributes':
          return answer(response, 200, paged(url, values))
        case '/api/v1/management/surveys':
          return answer(response, 200, paged(url, [SURVEY]))
        case '/api/v1/management/responses':
          return answer(response, 200, { data: url.searchParams.get('skip') ? [] : responses })
      }
      return undefined
    })
    try {
      const { run } = await importFrom(source.url, { pageSize: 5 })
      const report = await run
      assert.equal(
        [row(report, 'responses').created, row(report, 'responses').refused],
        [2, 1],
        JSON.stringify(row(report, 'responses').reasons),
      )
      assert.match(reasons(report, 'responses'), 'U+0000')
      assert.equal(Object.values(row(report, 'responses').reasons)[0]!.ids, ['cltrustresponseb00000000'])
      assert.equal([row(report, 'contacts').created, row(report, 'contacts').refused], [2, 1], reasons(report, 'contacts'))
      assert.equal(Object.values(row(report, 'contacts').reasons)[0]!.ids, ['cltrustcontactc000000000'])
    } finally {
      await source.close()
    }
  })

  test('a body that stalls or trickles is cut off at the deadline; that list is reported and the import goes on', async () => {
    const timers = new Set<NodeJS.Timeout>()
    const source = await standIn((url, response, request) => {
      // Contacts: headers never come. Responses: a byte now and then, never the end.
      if (url.pathname === '/api/v1/management/contacts') return true
      if (url.pathname === '/api/v1/management/responses') {
        response.writeHead(200, { 'content-type': 'application/json' })
        response.write('{"data":[')
        const timer = setInterval(() => response.write(' '), 20)
        timers.add(timer)
        request.socket.on('close', () => clearInterval(timer))
        return true
      }
      return undefined
    })
    try {
      const { run } = await importFrom(source.url, { requestTimeoutMs: 300, attempts: 2 })
      const report = await run
      assert.match(reasons(report, 'contacts'), 'no complete answer within 0.3 s')
      assert.match(reasons(report, 'responses'), 'no complete answer within 0.3 s')
      assert.ok(
        source.seen.some((s) => s.path.startsWith('/api/v1/webhooks')),
        'the import went on to the last resource',
      )
    } finally {
      for (const timer of timers) clearInterval(timer)
      await source.close()
    }
  })

  test('a source that links pages without end is stopped at the bounds, and says so', async () => {
    let page = 0
    const source = await standIn((url, response) => {
      const next = (path: string) => ({ link: `<${path}?cursor=${++page}>; rel="next"` })
      switch (url.pathname) {
        // The reference's shape: contacts without values, the values listed apart, here without end.
        case '/api/v1/management/contacts':
          return answer(response, 200, { data: [{ id: 'clendlesscontact00000000' }] })
        case '/api/v1/management/contact-attributes':
          return answer(
            response,
            200,
            { data: [{ id: `v${page}`, contactId: `c${page}`, attributeKeyId: 'k', value: 'x'.repeat(2_000) }] },
            next(url.pathname),
          )
        case '/api/v1/management/responses':
          return answer(response, 200, { data: [{ id: `r${page}`, surveyId: 'nowhere', data: {} }] }, next(url.pathname))
      }
      return undefined
    })
    try {
      const { run } = await importFrom(source.url, { maxPages: 5, maxAttributeBytes: 5_000 })
      const report = await run
      assert.match(reasons(report, 'contacts'), "The source's attribute values passed 5000 bytes: the rest was not read")
      assert.match(reasons(report, 'responses'), 'went on past 5 pages')
      assert.is(row(report, 'responses').read, 5)
      const asked = (path: string) => source.seen.filter((s) => s.path.startsWith(path)).length
      // The third value passes the bound; the fourth page was asked for while the third was read.
      assert.is(asked('/api/v1/management/contact-attributes'), 4)
      assert.is(asked('/api/v1/management/responses'), 5)
    } finally {
      await source.close()
    }
  })

  test('a refused key stops the import at its first request, with one error naming the key', async () => {
    const source = await standIn((_url, response) => answer(response, 401, { code: 'not_authenticated', message: 'Not authenticated' }))
    try {
      const { run } = await importFrom(source.url)
      const error = await run.catch((caught: unknown) => caught)
      assert.instance(error, SourceError, String(error))
      assert.is((error as SourceError).status, 401)
      assert.match(String(error), 'refused the API key fbk_tru… (22 characters) (401 to GET')
      assert.not.match(String(error), 'fbk_trusted_source_key', 'the key itself is not shown')
      assert.is(source.seen.length, 1)
    } finally {
      await source.close()
    }
  })

  test('an unreachable source is named with its cause after a few quick tries', async () => {
    const gone = await standIn()
    await gone.close()
    const { run, waits } = await importFrom(gone.url)
    const error = await run.catch((caught: unknown) => caught)
    assert.instance(error, SourceError, String(error))
    assert.ok((error as SourceError).fatal)
    assert.match(String(error), `Cannot reach ${gone.url}/api/v1/management/action-classes?limit=2: network error: `)
    assert.match(String(error), 'ECONNREFUSED')
    assert.equal(waits, [250, 500], 'three tries, under a second of waiting')
  })

  test('admin actions and the import are written to the audit log', async () => {
    const source = await standIn((url, response) =>
      url.pathname === '/api/v1/management/surveys' ? answer(response, 200, paged(url, [SURVEY])) : undefined,
    )
    try {
      const canvass = bed().canvass
      const project = await canvass.admin.createProject({ name: 'Audited' })
      const environmentId = project.environments.production
      const { id: keyId, key } = await canvass.admin.createApiKey({ environmentId, label: 'reader' })
      const other = await canvass.admin.createApiKey({ environmentId })
      assert.ok(await canvass.admin.revokeApiKey(other.id))
      const report = await canvass.admin.importFormbricks({ url: source.url, apiKey: 'k', environmentId, sleep: async () => {} })
      assert.is(row(report, 'surveys').created, 1)
      const log = await bed().call('GET', '/api/v1/management/audit-log?limit=50', { key })
      assert.is(log.status, 200, log.text)
      const entries = (log.body.data as any[]).map((e) => [e.action, e.resourceType, e.resourceId, e.apiKeyId, e.method])
      assert.equal(entries.reverse().slice(0, 5), [
        ['create', 'project', project.projectId, null, null],
        ['create', 'apiKey', keyId, null, null],
        ['create', 'apiKey', other.id, null, null],
        ['revoke', 'apiKey', other.id, null, null],
        ['import', 'environment', environmentId, null, null],
      ])
      const imported = (log.body.data as any[]).find((e) => e.action === 'import')
      assert.equal(imported.summary, { result: { read: 1, created: 1, already: 0, refused: 0 } })
      const development = await bed().call('GET', '/api/v1/management/audit-log', {
        key: (await canvass.admin.createApiKey({ environmentId: project.environments.development })).key,
      })
      assert.ok(
        (development.body.data as any[]).some((e) => e.action === 'create' && e.resourceType === 'project'),
        'each environment of a new project has its entry',
      )
    } finally {
      await source.close()
    }
  })

  test.run()
}
