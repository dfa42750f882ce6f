import { suite } from 'uvu'
import type { Test } from 'uvu'
import * as assert from 'uvu/assert'
import type { RunningProcess } from './start-process'
import { testHttpApi } from './test-http-api'

export interface TestMountedCanvassOptions {
  /** Names the suites in the report, e.g. `express example`. */
  name: string
  /** The path Canvass is mounted under, without a trailing slash, e.g. `/feedback`. */
  basePath: string
  /**
   * Starts the host app as a process of its own with Canvass under `basePath`, with `apiKey` as a key of
   * its production environment; without `apiKey` the app makes a key and prints it once. Called once for the
   * HTTP suite and the app's tests together, and once for the start-and-stop test.
   */
  start: (apiKey?: string) => Promise<RunningProcess>
  /** A key in Canvass's format for `start`. */
  apiKey: string
  /** Tests of the host app's own routes and middleware, run against the same process. */
  additionalTests?: Record<string, (app: RunningProcess) => Promise<void>>
  /**
   * The host app's own sign-in, which Canvass's console trusts through `console.authorize`: a form at
   * `signInPath` whose `field` names a person; `owner` and `viewer` name one of each role. With it, the suite
   * checks the mounted console behind that sign-in.
   */
  console?: { signInPath: string; field: string; owner: string; viewer: string }
}

/**
 * Canvass mounted under a path of a host app: the shared HTTP API suite under `basePath`, the widget bundle
 * served there, Canvass's own 404 inside the path and the host's outside it, and a graceful SIGTERM.
 * The HTTP suite and the app's tests share one process, started by the first and stopped after the last.
 *
 * ```ts
 * testMountedCanvass({ name: 'express example', basePath: '/feedback', apiKey, start: (key) => startProcess(...) })
 * ```
 */
export function testMountedCanvass({
  name,
  basePath,
  start,
  apiKey,
  additionalTests = {},
  console: signIn,
}: TestMountedCanvassOptions): void {
  // One process for the shared HTTP suite and the app's own tests: each start costs the host app's whole boot.
  let starting: Promise<RunningProcess> | undefined
  let app: RunningProcess | undefined
  const acquire = async () => {
    starting ??= start(apiKey)
    app = await starting
    return app
  }
  testHttpApi({
    name: `${name}: Canvass under ${basePath}`,
    start: async () => ({ baseUrl: (await acquire()).url + basePath, apiKey }),
    // The next suite runs on the same process and stops it.
    stop: async () => {},
  })

  const running = () => {
    if (!app) throw new Error('testMountedCanvass: start() did not finish')
    return app
  }
  const mounted = suite(`${name}: the app around Canvass`)
  mounted.before(async () => {
    await acquire()
  })
  mounted.after(async () => {
    const started = starting
    starting = undefined
    app = undefined
    await (await started?.catch(() => undefined))?.stop()
  })

  mounted(`the widget the @formbricks/js loader loads is served under ${basePath}`, async () => {
    const bundle = await fetch(`${running().url}${basePath}/js/formbricks.umd.cjs`)
    assert.is(bundle.status, 200)
    assert.is(bundle.headers.get('content-type'), 'text/javascript; charset=utf-8')
    assert.match(await bundle.text(), /formbricks/)
  })

  mounted(`outside ${basePath} the app answers; inside, Canvass answers with its own 404`, async () => {
    const { url } = running()
    const appMiss = await fetch(`${url}/api/v1/me`, { headers: { 'x-api-key': apiKey } })
    assert.is(appMiss.status, 404)
    assert.not.match(appMiss.headers.get('content-type') ?? '', /json/, "the app's own 404 page, not Canvass")
    await appMiss.body?.cancel()
    const canvassMiss = await fetch(`${url}${basePath}/nothing`)
    assert.is(canvassMiss.status, 404)
    assert.equal(await canvassMiss.json(), {
      code: 'not_found',
      message: 'Route not found',
      details: { resource_id: `${basePath}/nothing`, resource_type: 'Route' },
    })
  })

  if (signIn) consoleTests(mounted, running, basePath, signIn)

  for (const [title, run] of Object.entries(additionalTests)) mounted(title, () => run(running()))

  mounted.run()

  lifecycleSuite(name, start)
}

/** The mounted console behind the host app's own sign-in: redirected without it, an owner's and a viewer's rights with it. */
function consoleTests(
  mounted: Test,
  running: () => RunningProcess,
  basePath: string,
  signIn: NonNullable<TestMountedCanvassOptions['console']>,
): void {
  /** Signs `person` in through the app's form: its session cookie. */
  const sessionOf = async (person: string) => {
    const answer = await fetch(`${running().url}${signIn.signInPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ [signIn.field]: person }),
      redirect: 'manual',
    })
    assert.is(answer.status, 303, 'the sign-in redirects')
    const cookie = (answer.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
    assert.ok(cookie.includes('='), 'the sign-in sets a cookie')
    return cookie
  }
  /** The console page as `cookie` sees it, and the boot data it holds. */
  const consolePage = async (cookie: string) => {
    const page = await fetch(`${running().url}${basePath}/console`, { headers: { cookie } })
    assert.is(page.status, 200)
    const html = await page.text()
    const json = /<script type="application\/json" id="canvass-console-boot"[^>]*>([^<]*)<\/script>/.exec(html)?.[1]
    assert.ok(json, 'the page holds the boot data')
    return JSON.parse(json) as { role: string; csrfToken: string; basePath: string }
  }
  const call = (cookie: string, path: string, init: { method?: string; csrf?: string; body?: unknown } = {}) =>
    fetch(`${running().url}${basePath}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        cookie,
        'x-canvass-console': '1',
        ...(init.csrf ? { 'x-canvass-csrf': init.csrf } : {}),
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    })
  const newSurvey = {
    name: 'Made in the console',
    type: 'link',
    questions: [{ id: 'why', type: 'openText', headline: { default: 'Why?' } }],
  }

  mounted(`the console under ${basePath} sends a person without the app's session to the app's sign-in`, async () => {
    const page = await fetch(`${running().url}${basePath}/console`, { redirect: 'manual' })
    assert.is(page.status, 303)
    assert.is(page.headers.get('location'), signIn.signInPath)
    const api = await call('', '/api/v1/management/surveys')
    assert.is(api.status, 401)
    await api.body?.cancel()
  })

  mounted(`the console under ${basePath}: an owner signed in by the app reads and changes through the API`, async () => {
    const cookie = await sessionOf(signIn.owner)
    const boot = await consolePage(cookie)
    assert.is(boot.role, 'owner')
    assert.is(boot.basePath, basePath)
    const list = await call(cookie, '/api/v1/management/surveys')
    assert.is(list.status, 200, await list.clone().text())
    await list.body?.cancel()
    const refused = await call(cookie, '/api/v1/management/surveys', { method: 'POST', body: newSurvey })
    assert.is(refused.status, 403, 'a change without the CSRF token is refused')
    await refused.body?.cancel()
    const made = await call(cookie, '/api/v1/management/surveys', { method: 'POST', csrf: boot.csrfToken, body: newSurvey })
    assert.is(made.status, 200, await made.clone().text())
    await made.body?.cancel()
  })

  mounted(`the console under ${basePath}: a viewer signed in by the app reads, and every change is refused`, async () => {
    const cookie = await sessionOf(signIn.viewer)
    const boot = await consolePage(cookie)
    assert.is(boot.role, 'viewer')
    const list = await call(cookie, '/api/v1/management/surveys')
    assert.is(list.status, 200)
    await list.body?.cancel()
    const made = await call(cookie, '/api/v1/management/surveys', { method: 'POST', csrf: boot.csrfToken, body: newSurvey })
    assert.is(made.status, 403)
    await made.body?.cancel()
  })
}

/** The app started on its own, without a key: it prints one, and stops cleanly on SIGTERM. */
function lifecycleSuite(name: string, start: TestMountedCanvassOptions['start']): void {
  const lifecycle = suite(`${name}: start and stop`)
  lifecycle('without a key it prints a new one once; SIGTERM stops it with exit code 0', async () => {
    const server = await start()
    try {
      const keys = server.output().match(/\bcvs_\w{43}\b/g) ?? []
      assert.is(keys.length, 1, `one new key printed:\n${server.output()}`)
      assert.is(await server.stop('SIGTERM'), 0, server.output())
      assert.match(server.output(), /stopped \(SIGTERM\)/)
    } finally {
      await server.stop('SIGKILL')
    }
  })
  lifecycle.run()
}
