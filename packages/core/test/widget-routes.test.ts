/**
 * `GET /js/formbricks.umd.cjs` and `GET /js/surveys.umd.cjs`: the bundles a host hands in, as JavaScript any
 * origin may load, with a strong `ETag` that turns a revalidation into a 304; without the option, 404.
 */
import { suiteWithBed } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import { createCanvass } from '../src'
import type { CanvassOptions } from '../src'

const { test: serve, bed } = suiteWithBed('widget bundles', { widgetBundles: false })
/** A Canvass on the bed's database with these options (each test builds the instances it compares). */
const canvassWith = (options: Omit<CanvassOptions, 'storage'>) => createCanvass({ storage: bed().storage, ...options })
const bundles = { formbricks: 'globalThis.formbricks = { core: "é" }', surveys: 'globalThis.formbricksSurveys = {}' }
const get = (canvass: ReturnType<typeof createCanvass>, path: string, headers: Record<string, string> = {}, method = 'GET') =>
  canvass.fetch(new Request(`http://localhost${path}`, { method, headers }))

serve('each bundle as text/javascript, for any origin, cached briefly and revalidated', async () => {
  const canvass = canvassWith({ widget: bundles })
  for (const [path, source] of [
    ['/js/formbricks.umd.cjs', bundles.formbricks],
    ['/js/surveys.umd.cjs', bundles.surveys],
  ] as const) {
    const res = await get(canvass, path)
    assert.is(res.status, 200)
    assert.is(await res.text(), source)
    assert.is(res.headers.get('content-type'), 'text/javascript; charset=utf-8')
    assert.is(res.headers.get('access-control-allow-origin'), '*')
    assert.is(res.headers.get('cross-origin-resource-policy'), 'cross-origin')
    assert.is(res.headers.get('x-content-type-options'), 'nosniff')
    assert.is(res.headers.get('cache-control'), 'public, max-age=300')
    assert.match(res.headers.get('etag') ?? '', /^"[0-9a-f]{32}"$/, 'a strong tag')
  }
})
serve('the tag is the content: stable across requests and instances, different per bundle and per content', async () => {
  const tag = async (canvass: ReturnType<typeof createCanvass>, path: string) => (await get(canvass, path)).headers.get('etag')
  const one = canvassWith({ widget: bundles })
  const two = canvassWith({ widget: { ...bundles } })
  const changed = canvassWith({ widget: { ...bundles, formbricks: `${bundles.formbricks};` } })
  const first = await tag(one, '/js/formbricks.umd.cjs')
  assert.is(await tag(one, '/js/formbricks.umd.cjs'), first)
  assert.is(await tag(two, '/js/formbricks.umd.cjs'), first, 'every instance of a deployment answers the same tag')
  assert.is.not(await tag(one, '/js/surveys.umd.cjs'), first)
  assert.is.not(await tag(changed, '/js/formbricks.umd.cjs'), first)
})
serve('If-None-Match with the tag (as sent, weak, in a list, or *) → 304 with the caching headers and no body', async () => {
  const canvass = canvassWith({ widget: bundles })
  const etag = (await get(canvass, '/js/surveys.umd.cjs')).headers.get('etag') as string
  for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
    const res = await get(canvass, '/js/surveys.umd.cjs', { 'if-none-match': header })
    assert.is(res.status, 304, header)
    assert.is(await res.text(), '')
    assert.is(res.headers.get('etag'), etag)
    assert.is(res.headers.get('cache-control'), 'public, max-age=300')
    assert.is(res.headers.get('access-control-allow-origin'), '*')
  }
  const stale = await get(canvass, '/js/surveys.umd.cjs', { 'if-none-match': '"0000"' })
  assert.is(stale.status, 200)
  assert.is(await stale.text(), bundles.surveys)
})
serve('under a base path', async () => {
  const canvass = canvassWith({ widget: bundles, basePath: '/feedback' })
  assert.is((await get(canvass, '/feedback/js/formbricks.umd.cjs')).status, 200)
  assert.is((await get(canvass, '/js/formbricks.umd.cjs')).status, 404)
})
serve('other methods: 405 with Allow; OPTIONS: 204', async () => {
  const canvass = canvassWith({ widget: bundles })
  const post = await get(canvass, '/js/formbricks.umd.cjs', {}, 'POST')
  assert.is(post.status, 405)
  assert.is(post.headers.get('allow'), 'GET, HEAD, OPTIONS')
  assert.is((await get(canvass, '/js/formbricks.umd.cjs', {}, 'OPTIONS')).status, 204)
})
serve('widget: false: 404 like any unknown route, and no such routes in the table', async () => {
  const canvass = canvassWith({ widget: false })
  const res = await get(canvass, '/js/formbricks.umd.cjs')
  assert.is(res.status, 404)
  assert.equal(await res.json(), {
    code: 'not_found',
    message: 'Route not found',
    details: { resource_id: '/js/formbricks.umd.cjs', resource_type: 'Route' },
  })
  assert.not.ok(canvass.routes.some((route) => route.path.startsWith('/js/')))
})
serve('a widget option without both bundles is refused at creation', () => {
  assert.throws(() => canvassWith({ widget: { formbricks: 'x' } as never }), /readWidgetBundles/)
})
serve('editor: the module at /js/editor.js as text/javascript for any origin, tagged and revalidated', async () => {
  const editor = 'export const tag = "canvass-survey-editor" // é'
  const canvass = canvassWith({ widget: false, editor })
  const res = await get(canvass, '/js/editor.js', { origin: 'https://host.example' })
  assert.is(res.status, 200)
  assert.is(await res.text(), editor)
  assert.is(res.headers.get('content-type'), 'text/javascript; charset=utf-8')
  // A module script from another origin is fetched in CORS mode: without this header the browser refuses it.
  assert.is(res.headers.get('access-control-allow-origin'), '*')
  assert.is(res.headers.get('cross-origin-resource-policy'), 'cross-origin')
  assert.is(res.headers.get('x-content-type-options'), 'nosniff')
  assert.is(res.headers.get('cache-control'), 'public, max-age=300')
  const etag = res.headers.get('etag') as string
  assert.match(etag, /^"[0-9a-f]{32}"$/)
  const again = await get(canvass, '/js/editor.js', { 'if-none-match': etag })
  assert.is(again.status, 304)
  assert.is(await again.text(), '')
  assert.is((await get(canvass, '/js/editor.js', {}, 'HEAD')).status, 200)
  assert.is((await get(canvassWith({ widget: false, editor: `${editor};` }), '/js/editor.js')).headers.get('etag') === etag, false)
  assert.ok(canvass.routes.some((route) => route.method === 'GET' && route.path === '/js/editor.js'))
})
serve('without the editor option /js/editor.js is 404 like any unknown route', async () => {
  const canvass = canvassWith({ widget: bundles })
  const res = await get(canvass, '/js/editor.js')
  assert.is(res.status, 404)
  assert.is((await res.json()).code, 'not_found')
  assert.not.ok(canvass.routes.some((route) => route.path === '/js/editor.js'))
})
serve('an editor option that is not text is refused at creation', () => {
  assert.throws(() => canvassWith({ editor: { source: 'x' } as never }), /editor needs the bundle as text/)
})
serve.run()
