/**
 * Workspace custom CSS (docs/api.md, "Workspace custom CSS in v3") in a real browser: headless Chromium (Debian's
 * `chromium-headless-shell`, driven by playwright-core) against Canvass served over loopback HTTP from this process
 * (the test bed). Each hostile stylesheet of `ATTACKS` is saved through `PATCH /api/v3/workspaces/{id}/custom-css`
 * beside one benign rule, and the survey is shown twice: on its link page (`/s/{id}`), compared with the same survey
 * of a workspace without CSS, and in a host page of another loopback origin, under a strict CSP with a nonce, that
 * renders an app survey in a small container with the project the environment state delivered. In both the benign
 * rule must apply inside the survey, and nothing outside it may change: the computed styles of the page's own
 * elements, what sits at the page's corners, no request but to the pages' own loopback origins (anything else is
 * also aborted, so nothing leaves the machine even if the CSS got through), no script run, no CSP violation, no
 * warning or error logged, and axe-core finds nothing serious. A survey's own CSS (docs/api.md, "Survey custom CSS in
 * v3"), saved through `PATCH /api/v3/surveys/{id}` in a workspace without CSS, is tried with the same attacks.
 */
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { skipSuiteUnless } from '@canvass/test-bed'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createTestCanvass } from '@canvass/test-bed'
import type { Call, TestCanvass, TestProject } from '@canvass/test-bed'
import { axeViolations, chromiumMissing, launchChromium, openWatched, releaseChromium } from '@canvass/test-bed/chromium'
import { callAt as client } from '@canvass/test-bed'

/** The rule that must apply: the survey's headline colour. */
const BENIGN = '.cv-headline{color:rgb(12, 34, 56)}'
const BENIGN_COLOR = 'rgb(12, 34, 56)'

/** Hostile CSS, each (colours dark on light, so that axe judges the survey and not the test's taste) saved alone beside `BENIGN`; `refused` ones are a 422 and never reach a page. */
const ATTACKS: { name: string; css: string; refused?: boolean }[] = [
  { name: '@import of another origin', css: '@import url(http://other.example/x.css);' },
  { name: 'the page body', css: 'body{background:rgb(255, 230, 230)}' },
  { name: ':root and html', css: ':root{--x:1} html{display:none}' },
  { name: 'the universal selector', css: '* {font-style:italic;text-decoration:underline}' },
  { name: 'a background from another origin', css: 'div{background:rgb(255, 230, 230) url(http://other.example/a.png)}' },
  { name: '@font-face from another origin', css: '@font-face{font-family:x;src:url(//other.example/f.woff)} *{font-family:x}' },
  { name: 'a closing style tag and a script (refused: not CSS)', css: '</style><script>window.pwned=1</script>', refused: true },
  { name: 'a closing style tag in a string', css: '.cv-card::before{content:"</style><script>window.pwned=1</script>"}' },
  { name: 'the root’s siblings', css: '#fbjs ~ *{display:none} #fbjs + *{display:none}' },
  { name: ':host', css: ':host{display:none!important} :host-context(body) *{display:none} :host(*) {background:rgb(255, 230, 230)}' },
  { name: '::part and ::slotted', css: '::part(x){display:none} ::slotted(*){display:none}' },
  {
    name: 'escaped names',
    css: '\\62 ody{background:rgb(255, 230, 230)} \\68tml{display:none} .cv-card{\\62 ackground:\\75rl("http://other.example/e.png")}',
  },
  { name: 'expression()', css: 'div{width:expression(alert(1))}' },
  { name: '-moz-binding and behavior', css: 'div{-moz-binding:url(http://other.example/b.xml#x);behavior:url(x.htc)}' },
  {
    name: 'a fixed overlay',
    css: '.cv-card{position:fixed;inset:0;width:100vw;height:100vh;background:rgb(255, 230, 230)} #fbjs{position:fixed;inset:0}',
  },
  {
    name: 'an overlay with a huge z-index',
    css: '.cv-card{position:absolute;top:0;left:0;width:100vw;height:100vh;z-index:2147483647;background:rgb(255, 230, 230)}',
  },
  { name: 'a translated survey', css: ':root{transform:translate(-2000px,-2000px) scale(50)}' },
  { name: 'a scaled survey root', css: '#fbjs{transform:scale(40);transform-origin:50% 50%}' },
  {
    name: 'a card grown past its container by negative margins',
    css: '.cv-card{margin:-3000px;width:8000px;height:8000px;background:rgb(255, 230, 230)}',
  },
  {
    name: 'an absolutely placed root',
    css: '#fbjs{position:absolute;top:-100vh;left:-100vw;width:300vw;height:300vh;background:rgb(255, 230, 230);z-index:2147483647}',
  },
]

const test = skipSuiteUnless(suite('workspace custom CSS in Chromium'), chromiumMissing())
let bed: TestCanvass
let x: { url: string; call: Call }
let browser: Browser
let context: BrowserContext
type WithSurveys = TestProject & { linkSurvey: string; appSurvey: string }
/**
 * The workspace whose CSS is saved, its link survey and app survey; a workspace without CSS whose two surveys get
 * their own CSS (docs/api.md, "Survey custom CSS in v3"); and a workspace without any CSS.
 */
let styled: WithSurveys
let surveyStyled: WithSurveys
let plain: WithSurveys
/** The host page's server: another loopback origin. */
let host: Server
let hostUrl: string
/** Requests the route guard aborted: none may be needed. */
const blocked: string[] = []

const NONCE = 'hostnonce123'

/**
 * A page of another site embedding an app survey of `environmentId` (the environment state's) in a small container
 * that does not clip: what keeps the survey inside it is the survey's own containment.
 */
function hostPage(environmentId: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Host page</title>
<style nonce="${NONCE}">html,body{margin:0;height:100%;background:rgb(250, 250, 250);color:rgb(0, 0, 0)}
#marker{margin:0;padding:8px;background:rgb(0, 128, 0);color:rgb(255, 255, 255)}
#embed{width:480px;margin:24px auto}</style></head>
<body><main><p id="marker">Host page</p><div id="embed"></div></main>
<script nonce="${NONCE}" src="${x.url}/js/surveys.umd.cjs"></script>
<script nonce="${NONCE}">(async () => {
  const answer = await fetch(${JSON.stringify(`${x.url}/api/v1/client/${environmentId}/environment`)})
  const state = (await answer.json()).data.data
  window.formbricksSurveys.renderSurvey({
    appUrl: ${JSON.stringify(x.url)}, environmentId: ${JSON.stringify(environmentId)}, survey: state.surveys[0],
    project: state.project, mode: 'page', container: document.getElementById('embed'), nonce: ${JSON.stringify(NONCE)},
  })
})()</script></body></html>`
}

/** The host page's CSP: nothing but its own origin and Canvass's, inline code only with the nonce. */
const hostPolicy = () =>
  [
    "default-src 'none'",
    `script-src 'nonce-${NONCE}' ${x.url}`,
    `style-src 'nonce-${NONCE}'`,
    `connect-src ${x.url}`,
    `img-src ${x.url} data:`,
    "font-src 'none'",
    "base-uri 'none'",
  ].join('; ')

test.before(async () => {
  browser = await launchChromium()
  bed = await createTestCanvass()
  const url = await bed.listen()
  x = { url, call: client(url) }
  context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } })
  await context.addInitScript(() => {
    ;(window as any).violations = []
    document.addEventListener(
      'securitypolicyviolation',
      (event) => (window as any).violations.push(`${event.violatedDirective}: ${event.blockedURI}`),
      true,
    )
  })
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspMessages.push({ page: message.page(), text: message.text() })
  })
  // Only loopback: even a stylesheet that got through could not reach another machine.
  await context.route(
    (target) => !['127.0.0.1', 'localhost', '[::1]'].includes(target.hostname) && target.protocol !== 'data:',
    async (route) => {
      blocked.push(route.request().url())
      await route.abort('blockedbyclient')
    },
  )
  styled = await withSurveys(await bed.newProject('styled'))
  surveyStyled = await withSurveys(await bed.newProject('survey-styled'))
  plain = await withSurveys(await bed.newProject('plain'))
  host = createServer((request, response) => {
    const environmentId = new URL(request.url ?? '/', 'http://host').searchParams.get('env') ?? ''
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': hostPolicy() })
    response.end(hostPage(environmentId))
  })
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve))
  hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`
})
test.after(async () => {
  if (browser) await releaseChromium()
  await new Promise((resolve) => (host ? host.close(resolve) : resolve(undefined)))
  await bed?.close()
})

/** A link survey and an app survey (the only one of its environment) of `project`, the same two-card survey. */
async function withSurveys(project: TestProject): Promise<WithSurveys> {
  const survey = (type: string) => ({
    environmentId: project.environmentId,
    name: `Styled ${type}`,
    type,
    status: 'inProgress',
    questions: [
      { id: 'mood', type: 'openText', inputType: 'text', headline: { default: 'How is it going?' }, required: false },
      { id: 'more', type: 'openText', inputType: 'text', headline: { default: 'Anything else?' }, required: false },
    ],
    endings: [{ id: 'thanks', type: 'endScreen', headline: { default: 'Thanks' } }],
  })
  const ids: string[] = []
  for (const type of ['link', 'app']) {
    const res = await x.call('POST', '/api/v1/management/surveys', { key: project.key, body: survey(type) })
    assert.is(res.status, 200, res.text)
    ids.push(res.body.data.id)
  }
  return { ...project, linkSurvey: ids[0] as string, appSurvey: ids[1] as string }
}

/** Saves `light` as the own CSS of both surveys of `project`; the first refusal, else the last answer. */
async function saveSurveyCss(project: WithSurveys, light: string) {
  let last: Awaited<ReturnType<Call>> | undefined
  for (const id of [project.linkSurvey, project.appSurvey]) {
    last = await x.call('PATCH', `/api/v3/surveys/${id}`, { key: project.key, body: { customCss: { light, dark: null } } })
    if (last.status !== 200) return last
  }
  return last as Awaited<ReturnType<Call>>
}

async function saveCss(project: TestProject, light: string | null) {
  return x.call('PATCH', `/api/v3/workspaces/${project.projectId}/custom-css`, {
    key: project.key,
    body: { customCss: light === null ? null : { light, dark: null } },
  })
}

/**
 * What the page shows outside the survey: computed styles of the page's own elements (and of the survey's host
 * element, which the page owns), what is at the viewport's corners and around the container, and whether script
 * ran. Elements inside the shadow root are reported as their host, as `elementFromPoint` does.
 */
function outside(page: Page): Promise<{ styles: Record<string, string[]>; corners: string[]; pwned: unknown }> {
  // Text, not a function: the test's compiler would name the inner functions with a helper the page lacks.
  return page.evaluate(`(() => {
    const describe = (el) => (el ? el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') : 'nothing')
    const props = ['display', 'visibility', 'color', 'background-color', 'background-image', 'opacity', 'transform', 'font-family', 'font-style', 'text-decoration-line']
    const styles = {}
    const hostEl = document.querySelector('[data-canvass-survey]')
    for (const el of [document.documentElement, document.body, document.querySelector('main'), document.getElementById('marker'), hostEl]) {
      if (!el) continue
      const style = getComputedStyle(el)
      styles[describe(el)] = props.map((name) => name + ': ' + style.getPropertyValue(name))
    }
    const w = window.innerWidth
    const h = window.innerHeight
    const points = [[1, 1], [w - 2, 1], [1, h - 2], [w - 2, h - 2], [Math.round(w / 2), h - 2]]
    const box = hostEl && hostEl.getBoundingClientRect()
    if (box && box.width > 0) {
      // Just outside the container, on each side.
      points.push([Math.round(box.left - 4), Math.round(box.top + 10)], [Math.round(box.right + 4), Math.round(box.top + 10)])
      if (box.bottom + 4 < h) points.push([Math.round(box.left + 10), Math.round(box.bottom + 4)])
    }
    const corners = points.map(([px, py]) => px + ',' + py + ': ' + describe(document.elementFromPoint(px, py)))
    return { styles, corners, pwned: window.pwned }
  })()`)
}

/**
 * The computed colour of the survey's first headline, once it is rendered (not necessarily visible: CSS may hide
 * its own survey, `html{display:none}` becoming `#fbjs{display:none}`).
 */
async function headlineColor(page: Page): Promise<string> {
  const headline = page.locator('h2.cv-headline').first()
  await headline.waitFor({ state: 'attached' })
  return headline.evaluate((el) => getComputedStyle(el).color)
}

/** CSP violations, from the console of every page (filled by `before`). */
const cspMessages: { page: Page | null; text: string }[] = []

/** The CSP violations `page` reported: the events (wherever they were fired) and their console messages. */
async function violationsOf(page: Page): Promise<string[]> {
  const events = await page.evaluate(() => ((window as any).violations ?? []) as string[])
  return [...cspMessages.filter((message) => message.page === page).map((message) => message.text), ...events]
}

/**
 * Opens `url`, waits for the survey, and reads everything the test compares. `axe: false` for a page whose axe
 * result no test reads (the workspace without CSS, which every styled page is compared with): axe is most of a
 * visit's CPU.
 */
async function visit(url: string, { axe: runAxe = true }: { axe?: boolean } = {}) {
  const blockedBefore = blocked.length
  const tab = await openWatched(context, url)
  assert.is(tab.status, 200)
  const color = await headlineColor(tab.page)
  // The custom sheet is in the shadow root, with the page's nonce when there is one.
  const sheets = await tab.page.evaluate(() => {
    const root = document.querySelector('[data-canvass-survey]')?.shadowRoot
    return [...(root?.querySelectorAll('style') ?? [])].map((style) => ({ nonce: style.nonce, text: style.textContent ?? '' }))
  })
  const seen = await outside(tab.page)
  // Read before axe runs: axe copies the shadow root's sheets, without their nonce, which the CSP reports.
  const reported = await violationsOf(tab.page)
  const axe = runAxe ? await axeViolations(tab.page) : []
  const result = { tab, color, sheets, seen, axe, violations: reported, blocked: blocked.slice(blockedBefore) }
  return result
}

type Visit = Awaited<ReturnType<typeof visit>>

/** What every page with the CSS must show: the benign rule applied, nothing else changed against `baseline`. */
async function assertContained(what: string, styledVisit: Visit, baseline: Visit, nonce: string | undefined) {
  const { tab } = styledVisit
  assert.is(styledVisit.color, BENIGN_COLOR, `${what}: the benign rule applies inside the survey`)
  assert.is(baseline.color === BENIGN_COLOR, false, `${what}: the workspace without CSS keeps its colour`)
  assert.is(styledVisit.sheets.length, 2, `${what}: the survey's sheet and the custom sheet`)
  const custom = styledVisit.sheets[1]?.text ?? ''
  assert.ok(custom.includes('#fbjs .cv-headline{color:'), `${what}: the custom sheet is the compiled CSS: ${custom}`)
  if (nonce)
    assert.ok(
      styledVisit.sheets.every((sheet) => sheet.nonce === nonce),
      `${what}: every sheet has the page's nonce`,
    )
  assert.equal(styledVisit.seen.styles, baseline.seen.styles, `${what}: the page's own elements are styled as without the CSS`)
  // The survey may cover less than without the CSS (CSS may hide its own survey), never more.
  const survey = /^\S+: (div#canvass-survey|div#embed)$/
  const covered = (corners: string[]) => corners.filter((corner) => survey.test(corner))
  const more = covered(styledVisit.seen.corners).filter((corner) => !baseline.seen.corners.includes(corner))
  assert.equal(more, [], `${what}: the survey covers no more of the page than without the CSS`)
  assert.is(styledVisit.seen.pwned, undefined, `${what}: no script ran`)
  assert.equal(styledVisit.blocked, [], `${what}: no request to another machine was attempted`)
  assert.ok(
    tab.requests.every((asked) => !asked.includes('other.example')),
    `${what}: nothing asked of other.example: ${tab.requests.join(' ')}`,
  )
  assert.equal(styledVisit.violations, [], `${what}: no CSP violation`)
  assert.equal(styledVisit.axe, [], `${what}: axe with the CSS applied`)
}

/** Closes a visit's tab, checking its requests went only to `origins` and that nothing was logged. */
async function close(visited: Visit, origins: string[]) {
  const asked = new Set(visited.tab.requests.filter((url) => !url.startsWith('data:')).map((url) => new URL(url).origin))
  for (const origin of asked) assert.ok(origins.includes(origin), `a request to ${origin}`)
  await visited.tab.page.close()
}

test('the pages of a workspace without CSS have no custom sheet', async () => {
  const link = await visit(`${x.url}/s/${plain.linkSurvey}`, { axe: false })
  assert.is(link.sheets.length, 1)
  assert.not.equal(link.color, BENIGN_COLOR)
  await link.tab.done()
})

/**
 * The pages of the workspace without CSS, read once (nothing changes them between attacks): what every styled
 * page is compared with.
 */
let baselinesRead: Promise<{ link: Visit; host: Visit }> | undefined
function baselines(): Promise<{ link: Visit; host: Visit }> {
  baselinesRead ??= (async () => {
    const link = await visit(`${x.url}/s/${plain.linkSurvey}`, { axe: false })
    await close(link, [x.url])
    const host = await visit(`${hostUrl}/?env=${plain.environmentId}`, { axe: false })
    await close(host, [x.url, hostUrl])
    return { link, host }
  })()
  return baselinesRead
}

/**
 * Saves `attack` (beside `BENIGN`) with `save`, then shows `project`'s surveys on their link page and in the host
 * page: each must show the benign rule and change nothing outside the survey. A refused attack leaves what was
 * saved before, the benign rule alone.
 */
async function tryAttack(attack: (typeof ATTACKS)[number], save: (light: string) => ReturnType<Call>, project: WithSurveys) {
  const saved = await save(`${attack.css}\n${BENIGN}`)
  if (attack.refused) {
    assert.is(saved.status, 422, saved.text)
    const kept = await save(BENIGN)
    assert.is(kept.status, 200, kept.text)
  } else {
    assert.is(saved.status, 200, saved.text)
  }
  const { link: baselineLink, host: baselineHost } = await baselines()
  const link = await visit(`${x.url}/s/${project.linkSurvey}`)
  await assertContained('link page', link, baselineLink, link.sheets[0]?.nonce || undefined)
  await link.tab.done()
  const embedded = await visit(`${hostUrl}/?env=${project.environmentId}`)
  await assertContained('host page', embedded, baselineHost, NONCE)
  await close(embedded, [x.url, hostUrl])
}

for (const attack of ATTACKS) {
  test(`hostile CSS stays in the survey: ${attack.name}`, () => tryAttack(attack, (light) => saveCss(styled, light), styled))
}

/** The attacks a survey's own CSS is tried with: its processor is the workspace's, with the survey's budget. */
const SURVEY_ATTACKS = new Set([
  '@import of another origin',
  'the page body',
  'a background from another origin',
  'a closing style tag and a script (refused: not CSS)',
  'the root’s siblings',
  ':host',
  'escaped names',
  'a fixed overlay',
  'an absolutely placed root',
])

for (const attack of ATTACKS.filter((candidate) => SURVEY_ATTACKS.has(candidate.name))) {
  test(`a survey's own hostile CSS stays in the survey: ${attack.name}`, () =>
    tryAttack(attack, (light) => saveSurveyCss(surveyStyled, light), surveyStyled))
}

test.run()
