/**
 * A question's answers (`GET /api/v1/management/surveys/{surveyId}/answers`, docs/api.md "A question's answers")
 * paged and searched, and file links (`POST /api/v1/management/storage/file-links`, "Opening a file"): a link
 * opens its one private file until it expires, and nothing else.
 */
import { createSurvey, createTestClock, fileUploadQuestion, question, suiteWithBed, uploadFile } from '@canvass/test-bed'
import * as assert from 'uvu/assert'

const clock = createTestClock('2026-03-10T12:00:00Z')
const { test, bed } = suiteWithBed('question answers and file links', { clock })

const pathOf = (url: string) => {
  const parsed = new URL(url)
  return parsed.pathname + parsed.search
}

test('answers come newest first in pages, searched in any case with % and _ as plain characters, filtered as the summary', async () => {
  const b = bed()
  const survey = await createSurvey(b, {
    questions: [question('q1'), { id: 'contact', type: 'contactInfo', headline: { default: 'Reach you?' }, required: false }],
  })
  const texts = ['Fast and 100% reliable', 'slow', 'FAST enough', 'snake_case', 'fastXcase']
  for (const [index, text] of texts.entries()) {
    clock.advance(1000)
    const data: Record<string, unknown> = { q1: text }
    if (index === 1) data.contact = ['Linus', 'T', 'linus@example.net', '', 'Kernel GmbH']
    const res = await b.call('POST', `/api/v1/client/${b.envA}/responses`, {
      body: { surveyId: survey.id, finished: index % 2 === 0, data },
    })
    assert.is(res.status, 200, res.text)
  }
  const base = `/api/v1/management/surveys/${survey.id}/answers`
  const answers = async (query: string) => {
    const res = await b.call('GET', `${base}?${query}`, { key: b.keyA })
    assert.is(res.status, 200, res.text)
    return { values: (res.body.data as Array<{ value: unknown }>).map((row) => row.value), link: res.headers.get('link') }
  }
  const walked: unknown[] = []
  let query = 'questionId=q1&limit=2'
  for (let page = 0; page < 5; page++) {
    const { values, link } = await answers(query)
    walked.push(...values)
    const next = link ? /<([^>]+)>/.exec(link)?.[1] : undefined
    if (!next) break
    query = new URL(next, 'http://x').search.slice(1)
  }
  assert.equal(walked, [...texts].reverse(), 'pages of 2 walk every answer once, newest first')
  assert.equal((await answers('questionId=q1&search=fast')).values, ['fastXcase', 'FAST enough', 'Fast and 100% reliable'])
  assert.equal((await answers('questionId=q1&search=0%25')).values, ['Fast and 100% reliable'], '% is a percent sign')
  assert.equal((await answers('questionId=q1&search=e_c')).values, ['snake_case'], '_ is an underscore')
  assert.equal((await answers('questionId=q1&search=S&finished=false')).values, ['snake_case', 'slow'], 'the summary’s filters too')
  assert.equal((await answers('questionId=contact&search=EXAMPLE.NET')).values, [['Linus', 'T', 'linus@example.net', '', 'Kernel GmbH']])

  // The shared page searches the same answers, with a GET form that keeps its tab and field.
  const shared = await b.call('POST', `/api/v1/management/surveys/${survey.id}/share`, { key: b.keyA })
  const page = await b.call('GET', `/share/${shared.body.data.resultShareKey}?tab=answers&field=data:q1&search=FAST`)
  assert.is(page.status, 200, page.text)
  assert.equal(
    [...page.text.matchAll(/<span class="cv-answer">([^<]*)</g)].map((match) => match[1]),
    ['fastXcase', 'FAST enough', 'Fast and 100% reliable'],
  )
  assert.ok(page.text.includes('name="search" maxlength="200" value="FAST"'), 'the search in its box')
  assert.ok(page.text.includes('<input type="hidden" name="field" value="data:q1">'), 'the form keeps the field')
  const long = await b.call('GET', `/share/${shared.body.data.resultShareKey}?tab=answers&field=data:q1&search=${'x'.repeat(201)}`)
  assert.is(long.status, 400)

  const refused = async (query: string, key: string, field?: string) => {
    const res = await b.call('GET', `${base}?${query}`, { key })
    // Another environment's survey is refused as the summary refuses it.
    assert.is(res.status, field ? 400 : 401, res.text)
    if (field) assert.ok(field in res.body.details, `names ${field}: ${res.text}`)
  }
  await refused(`questionId=q1&search=${'x'.repeat(201)}`, b.keyA, 'search')
  await refused('search=x', b.keyA, 'questionId')
  await refused('questionId=nope', b.keyA, 'questionId')
  await refused('questionId=q1&limit=0', b.keyA, 'limit')
  await refused('questionId=q1&cursor=%%%', b.keyA, 'cursor')
  await refused('questionId=q1&search=a&search=b', b.keyA, 'search')
  await refused('questionId=q1', b.keyB, undefined)
})

test('a file link opens its one private file until it expires; a public file is as it was', async () => {
  const b = bed()
  const survey = await createSurvey(b, { questions: [fileUploadQuestion('files')] })
  const upload = (fileName: string, text: string) =>
    uploadFile(b.call, { fileName, text, environmentId: b.envA, surveyId: survey.id as string, elementId: 'files' })
  const { presigned: first } = await upload('report.txt', 'first file')
  const { presigned: second } = await upload('other.txt', 'second file')
  const file = pathOf(first.fileUrl)
  assert.ok(file.includes('/private/'), file)
  assert.is((await b.call('GET', file)).status, 401, 'a private file needs a key or a link')

  const sign = (url: string, key = b.keyA) => b.call('POST', '/api/v1/management/storage/file-links', { key, body: { url } })
  const signed = await sign(first.fileUrl)
  assert.is(signed.status, 200, signed.text)
  const { url, expiresAt } = signed.body.data as { url: string; expiresAt: string }
  assert.is(new Date(expiresAt).getTime() - clock.now().getTime() <= 5 * 60 * 1000, true, expiresAt)
  const opened = await b.call('GET', pathOf(url))
  assert.is(opened.status, 200, opened.text)
  assert.is(opened.text, 'first file')

  const token = new URL(url).searchParams.get('token') as string
  const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
  assert.is((await b.call('GET', `${file}?token=${tampered}`)).status, 401, 'a tampered token')
  assert.is((await b.call('GET', `${pathOf(second.fileUrl)}?token=${token}`)).status, 401, 'another file')
  assert.is((await b.call('GET', `${file.replace(b.envA, b.envB)}?token=${token}`)).status, 401, 'another environment')
  assert.is((await sign(first.fileUrl, b.keyB)).status, 404, "another environment's key signs none of its files")
  assert.is((await sign('https://example.com/not-a-file')).status, 400)
  assert.is((await sign(first.fileUrl.replace('report', 'missing'))).status, 404)

  clock.advance(5 * 60 * 1000 + 1000)
  assert.is((await b.call('GET', pathOf(url))).status, 401, 'expired')

  const { presigned: open } = await uploadFile(b.call, { fileName: 'open.txt', text: 'public file', key: b.keyA })
  assert.ok(open.fileUrl.includes('/public/'), open.fileUrl)
  assert.is((await b.call('GET', pathOf(open.fileUrl))).text, 'public file', 'a public file needs nothing')
  const link = await sign(open.fileUrl)
  assert.equal(link.body.data, { url: open.fileUrl, expiresAt: null }, 'its own URL')
})

test.run()
