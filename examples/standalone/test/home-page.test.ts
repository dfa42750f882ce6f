/**
 * The page the standalone server answers at `/` (the URL it prints), in-process: what it links to, that it
 * loads nothing (its policy allows its own style element by hash and nothing else), HEAD, and the check that
 * finds the root without parsing every request's URL.
 */
import { createHash } from 'node:crypto'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { DOCS_URL, homePage, isRootUrl } from '../src/home-page'

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
  assert.equal(links, ['api/v1/docs', 'api/v1/openapi.json', 'health', DOCS_URL])
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

test.run()
