/**
 * A read-only link carries no id a route takes (docs/results.md, "What it never shows"): the shared page's
 * tabs (summary, responses, answers, each with its next pages) and `summary.json` hold no response, contact,
 * display, survey or environment id, in the text or inside a cursor; every id-shaped token they hold is tried
 * against the client routes (the public response update first, which would let a link's visitor overwrite
 * answers in progress) and the management ones, and none is accepted. Files are linked through the page.
 * On PGlite and (with TEST_DATABASE_URL) the Postgres server.
 */
import { availableBackends, seedSharedSurvey, suiteWithBed } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import * as assert from 'uvu/assert'

/** What a visitor can read: every page reached by the page's own links, and the JSON. */
async function crawl(x: TestCanvass, key: string): Promise<Map<string, string>> {
  const bodies = new Map<string, string>()
  const queue = ['', '?tab=responses', '?tab=answers&field=data:why', '/summary.json', '/summary.json?finished=true']
  while (queue.length > 0 && bodies.size < 40) {
    const target = queue.shift() as string
    const res = await x.call('GET', `/share/${key}${target}`)
    assert.is(res.status, 200, `${target}: ${res.text.slice(0, 200)}`)
    bodies.set(target, res.text)
    // Paging links: relative to the page (`?tab=…&after=…`).
    for (const [, href] of res.text.matchAll(/data-cv="next-page" rel="next" href="([^"]+)"/g)) {
      const next = (href as string).replace(/&#38;/g, '&')
      if (!bodies.has(next) && !queue.includes(next)) queue.push(next)
    }
  }
  return bodies
}

/** Tokens that could be an id: runs of id characters, and the same inside anything that decodes as base64. */
function idShapedTokens(text: string): Set<string> {
  const tokens = new Set<string>()
  const decoded = text
    .replace(/&#38;/g, '&')
    .replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
  for (const [token] of decoded.matchAll(/[A-Za-z0-9_-]{16,}/g)) {
    tokens.add(token)
    let inner = ''
    try {
      inner = atob(token.replace(/-/g, '+').replace(/_/g, '/'))
    } catch {}
    for (const [part] of inner.matchAll(/[A-Za-z0-9_-]{16,}/g)) tokens.add(part)
  }
  return tokens
}

for (const backend of availableBackends()) {
  const { test, bed } = suiteWithBed(`shared links carry no id a route takes (${backend})`, { backend })

  test('no response, contact, display, survey or environment id in the page, its cursors or summary.json; none a route accepts', async () => {
    const x = bed()
    const seed = await seedSharedSurvey(x, 45)
    const shared = await x.call('POST', `/api/v1/management/surveys/${seed.surveyId}/share`, { key: x.keyA })
    assert.is(shared.status, 200, shared.text)
    const key = shared.body.data.resultShareKey as string
    // An answer in progress, as the link's visitor would find it on the responses tab.
    const open = await x.call('POST', `/api/v1/client/${x.envA}/responses`, {
      body: { surveyId: seed.surveyId, finished: false, data: { why: 'in progress' }, userId: 'user-secret-id' },
    })
    assert.is(open.status, 200, open.text)
    const display = await x.call('POST', `/api/v1/client/${x.envA}/displays`, { body: { surveyId: seed.surveyId } })
    assert.is(display.status, 200, display.text)
    const contacts = await x.call('GET', '/api/v1/management/contacts', { key: x.keyA })
    const responses = await x.storage.responses.list(x.envA, { surveyId: seed.surveyId, limit: 1000 })

    const bodies = await crawl(x, key)
    assert.ok(
      [...bodies.keys()].some((target) => target.includes('after=')),
      'next pages were followed',
    )
    const known = new Map<string, string>([
      [x.envA, 'the environment id'],
      [seed.surveyId, 'the survey id'],
      [display.body.data.id, 'a display id'],
      ...responses.map((response) => [response.id, 'a response id'] as [string, string]),
      ...responses.flatMap((response) => (response.displayId ? [[response.displayId, 'a display id'] as [string, string]] : [])),
      ...contacts.body.data.map((contact: { id: string }) => [contact.id, 'a contact id'] as [string, string]),
    ])
    const tokens = new Set<string>()
    for (const text of bodies.values()) for (const token of idShapedTokens(text)) tokens.add(token)
    // Every id-shaped token against the routes that take ids: none is accepted.
    const accepted: string[] = []
    for (const token of tokens) {
      const tries: Array<[string, string, Record<string, unknown>]> = [
        ['PUT', `/api/v1/client/${x.envA}/responses/${token}`, { body: { data: { why: 'overwritten' } } }],
        ['PUT', `/api/v1/client/responses/${token}`, { body: { data: { why: 'overwritten' } } }],
        ['PUT', `/api/v2/client/${x.envA}/responses/${token}`, { body: { data: { why: 'overwritten' } } }],
        ['GET', `/api/v1/client/${x.envA}/displays/${token}/response`, {}],
        ['GET', `/api/v1/client/${token}/environment`, {}],
        ['POST', `/api/v1/client/${token}/displays`, { body: { surveyId: seed.surveyId } }],
        ['POST', `/api/v1/client/${x.envA}/displays`, { body: { surveyId: token } }],
        ['POST', `/api/v1/client/${x.envA}/responses`, { body: { surveyId: token, finished: false, data: {} } }],
        ['GET', `/s/${token}`, {}],
        ['GET', `/api/v1/management/responses/${token}`, { key: x.keyA }],
        ['GET', `/api/v1/management/surveys/${token}`, { key: x.keyA }],
        ['GET', `/api/v1/management/contacts/${token}`, { key: x.keyA }],
      ]
      for (const [method, path, options] of tries) {
        const res = await x.call(method, path, options)
        if (res.status < 300) accepted.push(`${method} ${path} → ${res.status}`)
      }
    }
    assert.equal(accepted, [], `${tokens.size} tokens tried`)
    for (const [target, text] of bodies) for (const [id, what] of known) assert.not.ok(text.includes(id), `${target} shows ${what}`)
    for (const token of tokens) assert.not.ok(known.has(token), `a cursor or token holds ${known.get(token)}`)
    const untouched = await x.call('GET', `/api/v1/management/responses/${open.body.data.id}`, { key: x.keyA })
    assert.is(untouched.body.data.data.why, 'in progress', 'the answer in progress is as it was')
  })

  test("a public file is linked through the page (?file=NAME) and served there; a missing one is the page's 404, a name no upload can have its 400", async () => {
    const x = bed()
    const seed = await seedSharedSurvey(x, 30)
    const key = (await x.call('POST', `/api/v1/management/surveys/${seed.surveyId}/share`, { key: x.keyA })).body.data.resultShareKey
    const name = 'report-23--fid--0f8fad5b-d9cb-469f-a165-70867728950e.pdf'
    const blobStore = x.blobStore
    assert.ok(blobStore, 'the bed has a blob store')
    const bytes = new TextEncoder().encode('%PDF-1.4 shared')
    await blobStore.put(`${x.envA}/public/${name}`, new Blob([bytes]).stream(), { contentType: 'application/pdf', maxBytes: 1024 })
    const page = await x.call('GET', `/share/${key}`)
    assert.ok(page.text.includes(`<a class="cv-link" href="?file=${name}">report-23.pdf</a>`), 'linked through the page')
    assert.not.ok(page.text.includes('/storage/'), 'no storage path, which names the environment')
    const file = await x.call('GET', `/share/${key}?file=${name}`)
    assert.is(file.status, 200)
    assert.is(file.text, '%PDF-1.4 shared')
    assert.is(file.headers.get('content-type'), 'application/pdf')
    assert.match(file.headers.get('content-disposition') ?? '', /^attachment; filename="report-23--fid--/)
    assert.is(file.headers.get('cache-control'), 'private, no-store')
    assert.is(file.headers.get('x-content-type-options'), 'nosniff')
    const missing = await x.call('GET', `/share/${key}?file=missing.pdf`)
    assert.is(missing.status, 404)
    assert.match(missing.headers.get('content-type') ?? '', /^text\/html/)
    // A name no upload can have (another folder, a NUL) is the link's mistake: the page's 400 names `file`.
    for (const other of [`..%2F..%2F${x.envB}%2Fpublic%2F${name}`, `../private/${name}`, '%00']) {
      const res = await x.call('GET', `/share/${key}?file=${other}`)
      assert.is(res.status, 400, other)
      assert.match(res.headers.get('content-type') ?? '', /^text\/html/, other)
      assert.ok(res.text.includes('file'), other)
      assert.not.ok(res.text.includes('%PDF'), other)
    }
    assert.is((await x.call('GET', `/share/not-a-key?file=${name}`)).status, 404, 'the key first')
  })

  test.run()
}
