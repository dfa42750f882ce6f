/**
 * Link survey pages over HTTP (`GET /s/{surveyId}`) on the test bed, Request in, Response out: what each survey gets
 * (its page, a PIN prompt, or a 404/403 page, always HTML), the page's safety (CSP with a fresh nonce,
 * nosniff, escaped title, survey JSON that cannot end its script element, no secret fields), and the
 * renderer script it loads. The browser test answers these pages.
 */
import { TEST_ORIGIN, createSurvey, suiteWithBed } from '@canvass/test-bed'
import * as assert from 'uvu/assert'

const { test, bed } = suiteWithBed('link pages over HTTP')

async function page(path: string, headers: Record<string, string> = {}) {
  const res = await bed().fetch(new Request(TEST_ORIGIN + path, { headers }))
  const text = await res.text()
  const csp = res.headers.get('content-security-policy') ?? ''
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
  const boot = /<script id="canvass-boot" type="application\/json">(.*?)<\/script>/s.exec(text)?.[1]
  return { status: res.status, headers: res.headers, text, csp, nonce, boot: boot === undefined ? undefined : JSON.parse(boot) }
}

function assertHtmlPage(p: Awaited<ReturnType<typeof page>>) {
  assert.is(p.headers.get('content-type'), 'text/html; charset=utf-8')
  assert.is(p.headers.get('x-content-type-options'), 'nosniff')
  assert.is(p.headers.get('cache-control'), 'no-store')
  assert.ok(p.nonce && p.nonce.length >= 16, 'a nonce')
  assert.ok(p.csp.startsWith("default-src 'none'; "), p.csp)
  for (const part of [
    `script-src 'self' 'nonce-${p.nonce}'`,
    `style-src 'self' 'nonce-${p.nonce}'`,
    "connect-src 'self'",
    "img-src 'self' data: https:",
    "base-uri 'none'",
  ]) {
    assert.ok(p.csp.includes(part), `${part} in ${p.csp}`)
  }
  // Every script and style element carries the nonce; nothing refers to another origin.
  for (const tag of p.text.match(/<(script|style)\b[^>]*>/g) ?? []) {
    if (tag.includes('application/json')) continue
    assert.ok(tag.includes(`nonce="${p.nonce}"`), tag)
  }
  assert.not.ok(/(src|href)="(https?:)?\/\//.test(p.text), 'no other origin')
}

test('a link survey: its page, the renderer from the server itself, the survey embedded safely', async () => {
  const hostile = '</script><script>alert(1)</script><!--'
  const survey = await createSurvey(bed(), {
    name: `Feedback ${hostile}`,
    status: 'inProgress',
    pin: null,
    hiddenFields: { enabled: true, fieldIds: ['plan', 'ref'] },
    languages: [
      { default: true, enabled: true, language: { code: 'en', alias: null } },
      { default: false, enabled: true, language: { code: 'de', alias: 'german' } },
    ],
    questions: [{ id: 'q1', type: 'openText', headline: { default: `How ${hostile}?`, de: 'Wie?' }, required: true }],
  })
  const p = await page(
    `/s/${survey.id}?lang=german&plan=${encodeURIComponent(hostile)}&other=x&plan=second&suid=ignored&q1=${encodeURIComponent(hostile)}&skipPrefilled=true`,
  )
  assert.is(p.status, 200)
  assertHtmlPage(p)
  assert.ok(
    p.text.includes('<title>Feedback &#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62;&#60;!--</title>'),
    'the title is escaped',
  )
  assert.is(p.text.split('</script>').length - 1, 3, 'three script elements and no other </script>')
  assert.not.ok(p.text.includes('<!--'), 'no comment opens inside the page')
  assert.ok(p.text.includes(`<script nonce="${p.nonce}" src="/js/surveys.umd.cjs"></script>`))
  assert.ok(p.text.includes('<html lang="de">'), 'the language asked for by its alias')
  assert.is(p.boot.environmentId, bed().envA)
  assert.equal(p.boot.hiddenFields, { plan: hostile }, 'listed hidden fields only, the first value of a repeat')
  assert.is(p.boot.languageCode, 'de', 'the language asked for, by its code')
  assert.is(p.boot.singleUseId, 'ignored', 'passed on; only a single-use survey checks it')
  assert.equal([p.boot.prefill, p.boot.skipPrefilled], [{ q1: hostile }, true], 'the answer prefilled from the URL, inside the JSON')
  assert.equal(p.boot.survey.questions[0].headline.default, `How ${hostile}?`)
  assert.equal(
    p.boot.survey.languages.map((l: any) => l.language.code),
    ['en', 'de'],
  )
  for (const secret of ['pin', 'resultShareKey', 'createdBy', 'surveyClosedMessage']) assert.not.ok(secret in p.boot.survey, secret)
  assert.is(p.boot.project.placement, 'bottomRight')
  const again = await page(`/s/${survey.id}`)
  assert.is.not(again.nonce, p.nonce, 'a fresh nonce per request')
  assert.is(again.text.includes('<html lang="en">'), true)
  assert.not.ok('prefill' in again.boot || 'skipPrefilled' in again.boot, 'nothing prefilled, nothing to skip')
  const unusable = await page(`/s/${survey.id}?q1=&skipPrefilled=true`)
  assert.not.ok('prefill' in unusable.boot || 'skipPrefilled' in unusable.boot, 'an empty answer to a required question is left out')
})

test("the page's title, description and preview image come from the survey's metadata, in the language shown", async () => {
  const made = (metadata: Record<string, unknown>) =>
    bed().call('POST', '/api/v3/surveys', {
      key: bed().keyA,
      body: {
        workspaceId: bed().projectId,
        name: 'Internal name',
        languages: [
          { code: 'en-US', default: true, enabled: true },
          { code: 'de-DE', default: false, enabled: true },
        ],
        blocks: [
          { name: 'Main', elements: [{ id: 'why', type: 'openText', headline: { 'en-US': 'Why?', 'de-DE': 'Warum?' }, required: true }] },
        ],
        metadata,
      },
    })
  const shown = await made({
    title: { 'en-US': 'Pricing <feedback>', 'de-DE': 'Preise' },
    description: { 'en-US': 'Two quick questions' },
    ogImage: 'https://cdn.example.com/card.png',
  })
  assert.is(shown.status, 201, shown.text)
  const english = await page(`/s/${shown.body.data?.id ?? shown.body.id}`)
  assert.ok(english.text.includes('<title>Pricing &#60;feedback&#62;</title>'), english.text.slice(0, 600))
  assert.ok(english.text.includes('<meta name="description" content="Two quick questions">'))
  assert.ok(english.text.includes('<meta property="og:image" content="https://cdn.example.com/card.png">'))
  const german = await page(`/s/${shown.body.data?.id ?? shown.body.id}?lang=de`)
  assert.ok(german.text.includes('<title>Preise</title>'), 'the title in the language shown')
  assert.ok(german.text.includes('<meta name="description" content="Two quick questions">'), "else the default language's")

  const plain = await made({ ogImage: 'javascript:alert(1)' })
  const unnamed = await page(`/s/${plain.body.data?.id ?? plain.body.id}`)
  assert.ok(unnamed.text.includes('<title>Internal name</title>'), 'no title set: the survey name')
  assert.not.ok(unnamed.text.includes('og:image'), 'an image address that is not https is left out')
  assert.not.ok(unnamed.text.includes('name="description"'))
})

test("the language: ?lang= by its exact code, then by its base language; else the browser's Accept-Language; else the default", async () => {
  const survey = await createSurvey(bed(), {
    name: 'Languages',
    status: 'inProgress',
    languages: [
      { default: true, enabled: true, language: { code: 'en-US', alias: null } },
      { default: false, enabled: true, language: { code: 'de-DE', alias: null } },
      { default: false, enabled: false, language: { code: 'fr-FR', alias: null } },
    ],
    questions: [
      {
        id: 'q1',
        type: 'multipleChoiceSingle',
        headline: { default: 'Colour?', 'de-DE': 'Farbe?' },
        choices: [
          { id: 'r', label: { default: 'Red', 'de-DE': 'Rot' } },
          { id: 'b', label: { default: 'Blue', 'de-DE': 'Blau' } },
        ],
      },
    ],
  })
  const langOf = (p: Awaited<ReturnType<typeof page>>) => [/<html lang="([^"]+)">/.exec(p.text)?.[1], p.boot.languageCode]
  assert.equal(langOf(await page(`/s/${survey.id}?lang=de-DE`)), ['de-DE', 'de-DE'])
  const base = await page(`/s/${survey.id}?lang=de&q1=Rot`)
  assert.equal(langOf(base), ['de-DE', 'de-DE'], '?lang=de names de-DE')
  assert.equal(base.boot.prefill, { q1: 'Rot' }, 'a label prefilled in the language matched by its base')
  assert.equal(langOf(await page(`/s/${survey.id}?lang=de-AT`)), ['de-DE', 'de-DE'])
  assert.equal(langOf(await page(`/s/${survey.id}?lang=fr`)), ['en-US', undefined], 'a language turned off: the default')
  const browser = await page(`/s/${survey.id}`, { 'accept-language': 'fr-CH, fr;q=0.9, de;q=0.8, en;q=0.7' })
  assert.equal(langOf(browser), ['de-DE', 'de-DE'], "the browser's first language the survey has")
  assert.match(browser.headers.get('vary') ?? '', /accept-language/i)
  assert.equal(langOf(await page(`/s/${survey.id}?lang=en`, { 'accept-language': 'de' })), ['en-US', 'en-US'], '?lang= before the browser')
  const none = await page(`/s/${survey.id}`, { 'accept-language': 'ja, *;q=0.5' })
  assert.equal([/<html lang="([^"]+)">/.exec(none.text)?.[1], 'languageCode' in none.boot], ['en-US', false], 'no match: the default')
})

test('a draft link survey is served (drafts accept answers: tests); a preview saves nothing (authoring.test.ts)', async () => {
  const survey = await createSurvey(bed(), { status: 'draft' })
  const p = await page(`/s/${survey.id}`)
  assert.is(p.status, 200)
  assert.not.ok('preview' in p.boot, 'no token, no preview')
})

test('no survey, or no link survey: a 404 page that names nothing', async () => {
  const app = await createSurvey(bed(), { type: 'app', status: 'inProgress' })
  for (const id of ['does-not-exist', app.id, 'x'.repeat(3000), '%ED%A0%80']) {
    const p = await page(`/s/${id}`)
    assert.is(p.status, 404, id.slice(0, 20))
    assertHtmlPage(p)
    assert.is(p.boot, undefined)
    assert.not.ok(p.text.includes(app.id))
    assert.not.ok(p.text.includes('<script'), 'a message page runs nothing')
  }
  const other = await createSurvey(bed(), { status: 'inProgress' }, 'B')
  assert.is((await page(`/s/${other.id}`)).status, 200, 'a link is public: any environment’s link survey opens by its id')
})

test('surveys that accept no answers: a 403 page saying why, with the survey’s own closed message', async () => {
  const paused = await createSurvey(bed(), { status: 'paused' })
  const p = await page(`/s/${paused.id}`)
  assert.is(p.status, 403)
  assertHtmlPage(p)
  assert.ok(p.text.includes('This survey is paused'))
  assert.is(p.boot, undefined)
  const closed = await createSurvey(bed(), {
    status: 'completed',
    surveyClosedMessage: { enabled: true, heading: 'All done <b>here</b>', subheading: 'See you' },
  })
  const c = await page(`/s/${closed.id}`)
  assert.is(c.status, 403)
  assert.ok(c.text.includes('All done &#60;b&#62;here&#60;/b&#62;'))
  const scheduled = await createSurvey(bed(), { status: 'scheduled', runOnDate: '2999-01-01T00:00:00.000Z' })
  assert.ok((await page(`/s/${scheduled.id}`)).text.includes('not started yet'))
  const ended = await createSurvey(bed(), { status: 'inProgress', closeOnDate: '2000-01-01T00:00:00.000Z' })
  assert.is((await page(`/s/${ended.id}`)).status, 403, 'closed by its date')
})

test('single-use surveys need a personal link; encrypted ones a sealed id', async () => {
  const plain = await createSurvey(bed(), {
    status: 'inProgress',
    singleUse: { enabled: true, isEncrypted: false, heading: 'Personal links only' },
  })
  const none = await page(`/s/${plain.id}`)
  assert.equal([none.status, none.text.includes('Personal links only')], [403, true])
  const given = await page(`/s/${plain.id}?suid=abc123`)
  assert.equal([given.status, given.boot.singleUseId, given.boot.survey.singleUse], [200, 'abc123', { enabled: true, isEncrypted: false }])
  const sealed = await createSurvey(bed(), { status: 'inProgress', singleUse: { enabled: true, isEncrypted: true } })
  assert.is((await page(`/s/${sealed.id}?suid=abc123`)).status, 403, 'an unsealed id')
  const ids = await bed().call('GET', `/api/v1/management/surveys/${sealed.id}/singleUseIds?limit=1`, { key: bed().keyA })
  const token = ids.body.data[0] as string
  const ok = await page(`/s/${sealed.id}?suid=${encodeURIComponent(token)}`)
  assert.equal([ok.status, ok.boot.singleUseId], [200, token])
  const tampered = token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))
  assert.is((await page(`/s/${sealed.id}?suid=${encodeURIComponent(tampered)}`)).status, 403, 'a tampered token')
})

test('a PIN-protected survey asks for its PIN and shows the survey only with the right one', async () => {
  const survey = await createSurvey(bed(), { status: 'inProgress', pin: '4321' })
  const ask = await page(`/s/${survey.id}?lang=de&plan=a"b`)
  assert.is(ask.status, 200)
  assertHtmlPage(ask)
  assert.is(ask.boot, undefined, 'no survey before the PIN')
  assert.ok(ask.text.includes('<input type="hidden" name="plan" value="a&#34;b">'), 'the query is kept, escaped')
  const wrong = await page(`/s/${survey.id}?pin=1234`)
  assert.equal([wrong.status, wrong.boot, wrong.text.includes('This PIN is not right')], [403, undefined, true])
  const right = await page(`/s/${survey.id}?pin=4321`)
  assert.equal([right.status, right.boot.survey.id], [200, survey.id])
  assert.type(right.boot.pinAuthToken, 'string', 'the proof of the PIN, for the renderer to send with the response')
  const refused = await bed().call('POST', `/api/v1/client/${bed().envA}/responses`, {
    body: { surveyId: survey.id, finished: true, data: { q1: 'x' } },
  })
  assert.equal([refused.status, refused.body.message], [403, 'Survey is protected by a PIN'])
  const accepted = await bed().call('POST', `/api/v1/client/${bed().envA}/responses`, {
    body: { surveyId: survey.id, finished: true, data: { q1: 'x' }, pinAuthToken: right.boot.pinAuthToken },
  })
  assert.is(accepted.status, 200, accepted.text)
})

test('the renderer script: JavaScript, CORS, an ETag that turns a repeat into 304', async () => {
  const res = await bed().fetch(new Request(`${TEST_ORIGIN}/js/surveys.umd.cjs`))
  const body = await res.text()
  assert.is(res.status, 200)
  assert.is(res.headers.get('content-type'), 'text/javascript; charset=utf-8')
  assert.is(res.headers.get('access-control-allow-origin'), '*')
  assert.is(res.headers.get('x-content-type-options'), 'nosniff')
  assert.ok(body.includes('formbricksSurveys'))
  const etag = res.headers.get('etag') as string
  assert.match(etag, /^"[0-9a-f]{32}"$/)
  const again = await bed().fetch(new Request(`${TEST_ORIGIN}/js/surveys.umd.cjs`, { headers: { 'if-none-match': etag } }))
  assert.equal([again.status, await again.text()], [304, ''])
})

test.run()
