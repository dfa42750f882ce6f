/**
 * The page the standalone server answers at `/` (the URL it prints), in-process: what it links to, that it
 * loads nothing (its policy allows its own style element by hash and nothing else), HEAD, and the check that
 * finds the root without parsing every request's URL.
 */
import { createHash } from 'node:crypto'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync, readdirSync } from 'node:fs'
import { docsAnswer, readDocsPages } from '../src/docs-pages'
import { DOCS_URL, homePage, isRootUrl } from '../src/home-page'
import { whereInstalled } from '../src/where-installed'

const test = suite('home page')

test('GET / is an HTML page linking to the API reference, the OpenAPI document, /health and the docs', async () => {
  const answer = homePage(new Request('http://localhost:3000/'))
  assert.is(answer.status, 200)
  assert.is(answer.headers.get('content-type'), 'text/html; charset=utf-8')
  assert.is(answer.headers.get('x-content-type-options'), 'nosniff')
  const html = await answer.text()
  assert.match(html, /<html lang="en">/)
  assert.match(html, /<title>Canvass<\/title>/)
  assert.match(html, /<main>[\s\S]*<h1>Canvass<\/h1>/)
  const links = [...html.matchAll(/<a href="([^"]+)">([^<]+)<\/a>/g)].map((match) => match[1])
  // Relative, so that they hold behind a proxy that serves the server under a prefix.
  assert.equal(links, ['api/v1/docs', 'api/v1/openapi.json', 'health', 'docs/'])
})

test('loads nothing: no script, no outside resource, its style allowed by hash and nothing else', async () => {
  const answer = homePage(new Request('http://localhost:3000/'))
  const html = await answer.text()
  assert.not.match(html, /<script|\ssrc=|<link rel="stylesheet"|@import|url\(/)
  const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1]
  assert.ok(style, 'one style element')
  const policy = answer.headers.get('content-security-policy') ?? ''
  assert.ok(policy.startsWith("default-src 'none'"), policy)
  assert.ok(
    policy.includes(`style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`),
    'the style element is allowed by its hash',
  )
  assert.not.match(policy, /https?:|'unsafe-inline'|\*/)
})

test('HEAD / has the headers of GET / and no body', async () => {
  const get = homePage(new Request('http://localhost:3000/'))
  const head = homePage(new Request('http://localhost:3000/', { method: 'HEAD' }))
  assert.is(head.status, 200)
  assert.equal(Object.fromEntries(head.headers), Object.fromEntries(get.headers))
  assert.is(head.body, null)
})

test('isRootUrl: the path `/` with or without a query or fragment, nothing else', () => {
  for (const url of ['http://localhost:3000/', 'http://localhost:3000/?a=1', 'https://x.example/#top', 'http://[::1]:3000/', 'http://h']) {
    assert.ok(isRootUrl(url), url)
  }
  for (const url of ['http://localhost:3000/health', 'http://localhost:3000//', 'http://localhost:3000/s/abc', 'http://h/x', '/']) {
    assert.not.ok(isRootUrl(url), url)
  }
})

// Issue 58, item 26: the page linked to a repository address that does not exist. It links to the docs this
// server serves, of its own version; nothing on it leads off the server.
test('the documentation link is the docs this server serves: an index of every page, each page as text', async () => {
  assert.is(DOCS_URL, 'docs/')
  const pages = await readDocsPages(whereInstalled().docsFolder)
  assert.ok(pages, 'the docs folder is read')
  const files = readdirSync(new URL('../../../docs/', import.meta.url)).filter((name) => name.endsWith('.md'))
  assert.equal(pages!.names, files.sort())
  assert.ok(pages!.names.includes('configuration.md'))

  const index = await docsAnswer(pages!, new Request(`http://localhost:3000/${DOCS_URL}`))
  assert.ok(index)
  assert.is(index!.status, 200)
  assert.is(index!.headers.get('content-type'), 'text/html; charset=utf-8')
  const html = await index!.text()
  const links = [...html.matchAll(/<a href="([^"]+)">/g)].map((match) => match[1])
  assert.equal(links, files.sort())
  assert.match(html, /<a href="configuration.md">configuration.md<\/a>: Configuration<\/li>/)
  // A page that names no icon makes a full Chromium ask for /favicon.ico, a 404 in its console (issue 82, item 11).
  assert.match(html, /<head>[\s\S]*<link rel="icon" href="data:,">[\s\S]*<\/head>/, 'the index names its icon')

  const page = await docsAnswer(pages!, new Request('http://localhost:3000/docs/configuration.md'))
  assert.is(page?.headers.get('content-type'), 'text/plain; charset=utf-8')
  assert.is(page?.headers.get('x-content-type-options'), 'nosniff')
  assert.is(await page?.text(), readFileSync(new URL('../../../docs/configuration.md', import.meta.url), 'utf8'))
  const head = await docsAnswer(pages!, new Request('http://localhost:3000/docs/configuration.md', { method: 'HEAD' }))
  assert.is(head?.body, null)

  for (const path of [
    '/docs/nope.md',
    '/docs/../package.json',
    '/docs/%2e%2e/package.json',
    '/docs/images',
    '/docsconfiguration.md',
    '/api/v1/docs',
  ]) {
    assert.is(await docsAnswer(pages!, new Request(`http://localhost:3000${path}`)), undefined, path)
  }
  assert.is(await docsAnswer(pages!, new Request('http://localhost:3000/docs/configuration.md', { method: 'POST' })), undefined)
})

test('no link on the home page leads off the server; the packages name one repository', async () => {
  const html = await homePage(new Request('http://localhost:3000/')).text()
  assert.not.match(html, /href="(https?:)?\/\//)
  const root = new URL('../../../packages/', import.meta.url)
  const repositories = new Set(
    readdirSync(root)
      .map(
        (folder) =>
          JSON.parse(readFileSync(new URL(`${folder}/package.json`, root), 'utf8')) as { private?: boolean; repository?: { url?: string } },
      )
      .filter((manifest) => !manifest.private)
      .map((manifest) => manifest.repository?.url),
  )
  assert.equal([...repositories], ['git+https://github.com/canvass-dev/canvass.git'])
})

test.run()
