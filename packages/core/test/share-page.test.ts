/**
 * The shared results page's HTML (`sharePageHtml`) from real data on the test bed: a survey with every question
 * type and responses made through the management routes, its summary from the summary route. The numbers at
 * the page's `data-cv` elements are the summary's; stored texts stay text; nothing is loaded from another
 * origin; every control has a label; the responses tab never shows the contact, meta or attributes; and the
 * page's size is bounded whatever the answers.
 */
import { suiteWithBed } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import type { SharePageInput, SharePageSummary } from '../src/pages/share-page'
import { SHARE_PAGE_LIMITS, sharePageHtml, shareSummaryFields } from '../src/pages/share-page'
import type { surveySummaryOutput } from '../src/domain/results/survey-summary'
import type { SharedSurveySeed } from './share-page-fixtures'
import { answersFrom, latestFrom, seedSharedSurvey } from './share-page-fixtures'

const { test, bed } = suiteWithBed('shared results page')

/** The summary service's output is what the page reads: the type checker holds the two together. */
const asPageSummary = (summary: ReturnType<typeof surveySummaryOutput>): SharePageSummary => summary

let seed: SharedSurveySeed
let survey: SharePageInput['survey']
test.before(async () => {
  seed = await seedSharedSurvey(bed(), 24)
  const stored = await bed().storage.surveys.get(seed.surveyId)
  if (!stored) throw new Error('the seeded survey is missing')
  survey = stored
})

const NONCE = 'bm9uY2Utbm9uY2Utbm9uY2U='

function summaryPage(filters: SharePageInput['filters'] = {}, summary = seed.summary) {
  const latest = latestFrom(seed.responses, shareSummaryFields(survey), SHARE_PAGE_LIMITS.latestAnswers)
  return sharePageHtml({ survey, filters, nonce: NONCE, basePath: '', view: { tab: 'summary', summary: asPageSummary(summary), latest } })
}

const unescape = (text: string) => text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))

/** The page's `<data data-cv>` numbers, and a reader that finds exactly one by `data-cv` and its attributes. */
function numbersOf(html: string) {
  const all = [...html.matchAll(/<data class="cv-num" data-cv="([^"]+)"((?: data-[a-z]+="[^"]*")*) value="([^"]*)">([^<]*)<\/data>/g)].map(
    (match) => ({
      cv: match[1] as string,
      attrs: Object.fromEntries(
        [...(match[2] as string).matchAll(/ data-([a-z]+)="([^"]*)"/g)].map((a) => [a[1], unescape(a[2] as string)]),
      ),
      value: match[3] as string,
    }),
  )
  const read = (cv: string, attrs: Record<string, string> = {}) => {
    const found = all.filter((entry) => entry.cv === cv && Object.entries(attrs).every(([name, value]) => entry.attrs[name] === value))
    assert.is(found.length, 1, `exactly one ${cv} ${JSON.stringify(attrs)}`)
    return found[0]?.value
  }
  return { all, read }
}
const exact = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value))

test('the summary tab shows the summary route’s numbers, for every question type', () => {
  const s = seed.summary
  const { read, all } = numbersOf(summaryPage())
  assert.ok(s.responses.started === 24 && s.displays === 36, 'the seed is what the test expects')
  assert.is(read('total-displays'), exact(s.displays))
  assert.is(read('total-starts'), exact(s.responses.started))
  assert.is(read('total-completes'), exact(s.responses.finished))
  assert.is(read('start-rate'), exact(s.startRate))
  assert.is(read('completion-rate'), exact(s.completionRate))
  assert.is(read('average-time'), exact(s.averageTimeToComplete))
  assert.is(read('median-time'), exact(s.medianTimeToComplete))
  assert.is(read('dropoff-before-first'), exact(s.dropOff.beforeFirstQuestion))
  for (const row of s.dropOff.questions) {
    const q = { question: row.questionId }
    assert.is(read('dropoff-answered', q), exact(row.answered))
    assert.is(read('dropoff-count', q), exact(row.droppedAfter))
    assert.is(read('dropoff-rate', q), exact(row.dropOffRate))
  }
  const kinds = new Set<string>()
  for (const question of s.questions) {
    kinds.add(question.type)
    const q = { question: question.questionId }
    assert.is(read('question-answered', q), exact(question.answered))
    assert.is(read('question-skipped', q), exact(question.skipped))
    if (question.type === 'ranking') {
      for (const choice of question.choices ?? []) {
        assert.is(read('ranking-average', { ...q, choice: choice.id }), exact(choice.averagePosition))
        assert.is(read('ranking-count', { ...q, choice: choice.id }), exact(choice.count))
      }
    } else if (question.choices) {
      for (const choice of question.choices) {
        assert.is(read('choice-count', { ...q, choice: choice.id }), exact(choice.count))
        assert.is(read('choice-percentage', { ...q, choice: choice.id }), exact(choice.percentage))
      }
      if (question.other.count > 0 || question.other.label) {
        assert.is(read('other-count', q), exact(question.other.count))
        assert.is(read('other-percentage', q), exact(question.other.percentage))
        for (const other of question.other.values) assert.is(read('other-value-count', { ...q, other: other.value }), exact(other.count))
      }
    }
    if (question.type === 'nps') {
      assert.is(read('nps-score', q), exact(question.score))
      assert.is(read('nps-average', q), exact(question.average))
      for (const group of ['promoters', 'passives', 'detractors']) {
        assert.is(read(`nps-${group}`, q), exact(question[group].count))
        assert.is(read(`nps-${group}-percentage`, q), exact(question[group].percentage))
      }
      const scores = all.filter((entry) => entry.cv === 'nps-count' && entry.attrs.question === question.questionId)
      assert.is(scores.length, 11, 'a column for each score 0 to 10')
      assert.ok(question.distribution.length > 0)
      for (const point of question.distribution) {
        assert.is(read('nps-count', { ...q, rating: String(point.rating) }), exact(point.count))
        assert.is(read('nps-percentage', { ...q, rating: String(point.rating) }), exact(point.percentage))
      }
    }
    if (question.distribution && question.type !== 'nps') {
      assert.is(read('scale-average', q), exact(question.average))
      const points = all.filter((entry) => entry.cv === 'scale-count' && entry.attrs.question === question.questionId)
      assert.is(points.length, { stars: 10, csat: 5, effort: 7 }[question.questionId as string], 'a column for each point of the scale')
      for (const point of question.distribution) {
        assert.is(read('scale-count', { ...q, rating: String(point.rating) }), exact(point.count))
        assert.is(read('scale-percentage', { ...q, rating: String(point.rating) }), exact(point.percentage))
      }
    }
    if (question.satisfied) {
      assert.is(read('csat-satisfied', q), exact(question.satisfied.count))
      assert.is(read('csat-satisfied-percentage', q), exact(question.satisfied.percentage))
    }
    if (question.type === 'cta')
      assert.equal([read('cta-clicked', q), read('cta-dismissed', q)], [exact(question.clicked), exact(question.dismissed)])
    if (question.type === 'consent')
      assert.equal([read('consent-accepted', q), read('consent-dismissed', q)], [exact(question.accepted), exact(question.dismissed)])
    if (question.type === 'cal')
      assert.equal(
        [read('cal-booked', q), read('cal-booked-percentage', q)],
        [exact(question.booked.count), exact(question.booked.percentage)],
      )
    if (question.type === 'matrix') {
      assert.ok(question.rows.length === 2, 'both rows were answered')
      for (const row of question.rows)
        for (const cell of row.columns) assert.is(read('matrix-count', { ...q, row: row.row, column: cell.column }), exact(cell.count))
    }
  }
  assert.is(kinds.size, 17, 'every question type is on the page')
})

test('open questions, hidden fields and variables show their latest answers, newest first, with a link to all', () => {
  const html = summaryPage({ finished: true })
  for (const field of ['data:why', 'data:when', 'data:addr', 'data:contact', 'data:files', 'data:plan', 'variables:score']) {
    const items = html.match(new RegExp(`<li data-cv="answer" data-field="${field}">`, 'g')) ?? []
    assert.is(items.length, SHARE_PAGE_LIMITS.latestAnswers, field)
    assert.ok(
      html.includes(`href="?tab=answers&#38;field=${encodeURIComponent(field)}&#38;finished=true"`),
      `a link to ${field}'s answers, filters kept`,
    )
  }
  const newestWhy = seed.responses.find((response) => typeof response.data.why === 'string')?.data.why as string
  const firstWhy = /<li data-cv="answer" data-field="data:why"><span class="cv-answer">([^<]*)</.exec(html)?.[1]
  assert.is(unescape(firstWhy ?? ''), newestWhy)
  // An address with its fields' labels (docs/api.md, "A question's answers"), an empty line left out.
  assert.ok(html.includes('<dt>Address line 1</dt><dd>12 Main Street</dd>'), 'an address with its labels')
  assert.ok(html.includes('<dt>ZIP</dt><dd>62701</dd>'))
})

test('stored texts stay text: a hostile survey name, choice label, headline and answer are escaped', () => {
  const html = summaryPage()
  assert.not.ok(/<script/i.test(html), 'no script element at all')
  assert.not.ok(html.includes('" onmouseover'), 'no attribute breaks out')
  const escaped = '&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;&#39;&#38;'
  assert.ok(html.includes(`<h1 class="cv-title">Product feedback ${escaped}</h1>`), 'the name')
  assert.ok(html.includes(`<title>Product feedback ${escaped}: results</title>`), 'the title')
  assert.ok(html.includes(`Evil ${escaped}`), 'the choice label')
  assert.ok(html.includes(`Why? ${escaped}`), 'the headline')
  const answers = sharePageHtml({
    survey,
    filters: {},
    nonce: NONCE,
    basePath: '',
    view: {
      tab: 'answers',
      field: { source: 'data', key: 'why' },
      answers: answersFrom(seed.responses, { source: 'data', key: 'why' }, 50),
    },
  })
  assert.not.ok(/<script/i.test(answers) || answers.includes('" onmouseover'))
  assert.ok(answers.includes(`I want &#34;${escaped}&#34; x&#34; onmouseover=&#34;alert(1)`), 'the answer')
  const { read } = numbersOf(html)
  assert.is(read('other-value-count', { question: 'color', other: 'Purple' }), '3')
})

test('nothing from another origin, no inline style attribute, one style with the nonce, every control labelled', () => {
  for (const html of [summaryPage({ language: 'de' }), responsesPage().html]) {
    assert.not.ok(
      /\s(?:href|src|srcset|action|poster|formaction|xlink:href)="\s*(?!data:)[a-z][a-z0-9+.-]*:/i.test(html),
      'no absolute URL',
    )
    assert.not.ok(/\s(?:href|src|action)="\s*\/\//.test(html), 'no scheme-relative URL')
    assert.not.ok(/url\(|@import/i.test(html), 'the style loads nothing')
    assert.not.ok(/\sstyle=/i.test(html), 'no style attribute (the policy refuses them)')
    const styles = html.match(/<style\b[^>]*>/g) ?? []
    assert.equal(styles, [`<style nonce="${NONCE}">`])
    const controls = [...html.matchAll(/<(input|select|textarea)\b([^>]*)>/g)].filter((match) => !/type="hidden"/.test(match[2] as string))
    assert.ok(controls.length >= 4, 'the filters')
    for (const control of controls) {
      const id = /\sid="([^"]+)"/.exec(control[2] as string)?.[1]
      assert.ok(id && html.includes(`<label for="${id}">`), `${control[0]} has a label`)
    }
  }
  const html = summaryPage()
  assert.ok(
    html.includes('<a class="cv-link" href="?file=report-23--fid--0f8fad5b-d9cb-469f-a165-70867728950e.pdf">report-23.pdf</a>'),
    'a public file of the environment is linked through the page, under its own name',
  )
  assert.not.ok(html.includes(bed().envA), 'never the environment id')
  assert.ok(html.includes('secret.pdf <span class="cv-muted">(not linked)</span>'), 'a file elsewhere is named, not linked')
})

test('the filters: the form shows them and every link keeps them', () => {
  const html = summaryPage({
    startDate: new Date('2026-03-02T00:00:00Z'),
    endDate: new Date('2026-03-20T23:59:59.999Z'),
    finished: true,
    language: 'de',
  })
  assert.ok(html.includes('<input type="date" id="cv-start" name="startDate" value="2026-03-02">'))
  assert.ok(html.includes('<input type="date" id="cv-end" name="endDate" value="2026-03-20">'))
  assert.ok(html.includes('<input type="checkbox" id="cv-finished" name="finished" value="true" checked>'))
  assert.ok(html.includes('<option value="en">en (default)</option><option value="de" selected>de</option>'))
  const filters = 'startDate=2026-03-02&#38;endDate=2026-03-20&#38;finished=true&#38;lang=de'
  assert.ok(html.includes(`<a class="cv-tab" href="?tab=responses&#38;${filters}">Responses</a>`), 'the responses tab')
  assert.ok(html.includes(`<a class="cv-tab" href="?${filters}" aria-current="page">Summary</a>`), 'the summary tab')
  const plain = summaryPage()
  assert.ok(plain.includes('<a class="cv-tab" href="?" aria-current="page">Summary</a>'))
  assert.ok(plain.includes('<input type="checkbox" id="cv-finished" name="finished" value="true">'))
})

function responsesPage(after?: string) {
  const limit = SHARE_PAGE_LIMITS.responsesPerPage
  // An opaque cursor, as the page gets one (`domain/results/share-cursors.ts`): here, where the next page starts.
  const start = after ? Number(after.slice('cursor-'.length)) : 0
  const items = seed.responses.slice(start, start + limit)
  const next = seed.responses.length > start + limit ? `cursor-${start + limit}` : null
  const html = sharePageHtml({
    survey,
    filters: { startDate: new Date('2026-03-01T00:00:00Z') },
    nonce: NONCE,
    basePath: '',
    view: { tab: 'responses', responses: { items, next }, after },
  })
  return { html, items, next }
}

test('the responses tab: one card per response in the order given, answers by headline; never the contact, meta or attributes', () => {
  const first = responsesPage()
  const places = [...first.html.matchAll(/<article [^>]*data-cv="response" data-response="([^"]+)"/g)].map((match) => match[1])
  assert.equal(
    places,
    first.items.map((_, index) => String(index + 1)),
    'each card by its place on the page',
  )
  const times = [...first.html.matchAll(/<article [^>]*data-cv="response"[^>]*><header [^>]*><time datetime="([^"]+)"/g)].map(
    (match) => match[1],
  )
  assert.equal(
    times,
    first.items.map((response) => response.createdAt.toISOString()),
    'in the order given',
  )
  for (const response of first.items) assert.not.ok(first.html.includes(response.id), 'never a response id')
  assert.is(places.length, SHARE_PAGE_LIMITS.responsesPerPage)
  const newest = first.items[0]
  assert.ok(newest && newest.createdAt >= (first.items[1]?.createdAt ?? 0), 'newest first, as the storage lists them')
  assert.ok(first.html.includes('<dt>Which colour do you like best?</dt>'), 'an answer by its headline')
  assert.ok(first.html.includes('<dt>plan <span class="cv-muted">(hidden field)</span></dt>'), 'a hidden field')
  assert.ok(first.html.includes('>Not completed</span>') && first.html.includes('>Completed</span>'))
  assert.ok(first.html.includes('<span class="cv-badge"><span class="cv-sr">Language: </span>de</span>'), 'the language')
  assert.ok(first.next, 'there is a next page')
  assert.ok(first.html.includes(`data-cv="next-page" rel="next" href="?tab=responses&#38;after=${first.next}&#38;startDate=2026-03-01"`))
  const second = responsesPage(first.next ?? undefined)
  assert.is((second.html.match(/data-cv="response"/g) ?? []).length, 24 - SHARE_PAGE_LIMITS.responsesPerPage)
  assert.not.ok(second.html.includes('data-cv="next-page"'), 'the last page has no next')
  assert.ok(second.html.includes('href="?tab=responses&#38;startDate=2026-03-01">← Newest</a>'))
  for (const html of [first.html, second.html])
    for (const secret of ['user-secret-id', 'secret.example', 'SecretBrowser', 'token=abc', 'personAttributes'])
      assert.not.ok(html.includes(secret), `no ${secret}`)
})

test('the answers tab: one field’s answers, whole, newest first, with its next page', () => {
  const answers = answersFrom(seed.responses, { source: 'data', key: 'why' }, 3)
  const html = sharePageHtml({
    survey,
    filters: { finished: true },
    nonce: NONCE,
    basePath: '',
    view: { tab: 'answers', field: { source: 'data', key: 'why' }, answers },
  })
  assert.is((html.match(/<li data-cv="answer" data-field="data:why">/g) ?? []).length, 3)
  assert.ok(html.includes(`<h2 id="cv-answers">Why? &#60;script&#62;`), 'the question')
  assert.ok(
    html.includes('<input type="hidden" name="tab" value="answers"><input type="hidden" name="field" value="data:why">'),
    'the form stays here',
  )
  assert.ok(html.includes(`href="?tab=answers&#38;field=data%3Awhy&#38;after=${answers.next}&#38;finished=true"`), 'the next page')
})

test('a ranking question (with `choices` by average position) is drawn in that order', () => {
  const ranking = {
    questionId: 'rank',
    type: 'ranking',
    headline: 'Rank these features',
    answered: 4,
    skipped: 0,
    choices: [
      { id: 'speed', label: 'Speed', count: 4, averagePosition: 1.25 },
      { id: 'price', label: 'Price', count: 4, averagePosition: 2 },
      { id: 'support', label: 'Support', count: 3, averagePosition: null },
    ],
  }
  const summary = { ...seed.summary, questions: seed.summary.questions.map((q: any) => (q.questionId === 'rank' ? ranking : q)) }
  const html = summaryPage({}, summary)
  const { read } = numbersOf(html)
  assert.equal(
    ranking.choices.map((choice) => [
      read('ranking-average', { question: 'rank', choice: choice.id }),
      read('ranking-count', { question: 'rank', choice: choice.id }),
    ]),
    [
      ['1.25', '4'],
      ['2', '4'],
      ['', '3'],
    ],
  )
  const order = [...html.matchAll(/data-cv="ranking-average" data-question="rank" data-choice="([^"]+)"/g)].map((match) => match[1])
  assert.equal(order, ['speed', 'price', 'support'])
})

test('the page stays bounded whatever the answers: capped lists, long answers cut on the summary', () => {
  const long = 'x'.repeat(10_000)
  const summary = {
    ...seed.summary,
    questions: seed.summary.questions.map((q: any) =>
      q.questionId === 'color'
        ? {
            ...q,
            other: { count: 500, percentage: 50, values: Array.from({ length: 500 }, (_, i) => ({ value: `${i}${long}`, count: 1 })) },
          }
        : q,
    ),
  }
  const items = Array.from({ length: 200 }, (_, i) => ({ responseId: `r${i}`, createdAt: new Date(0), value: long }))
  const latest = Object.fromEntries(shareSummaryFields(survey).map((field) => [`${field.source}:${field.key}`, { items, next: 'c' }]))
  const html = sharePageHtml({ survey, filters: {}, nonce: NONCE, basePath: '', view: { tab: 'summary', summary, latest } })
  assert.is((html.match(/data-cv="other-value-count"/g) ?? []).length, SHARE_PAGE_LIMITS.otherValues)
  assert.is((html.match(/<li data-cv="answer" data-field="data:why">/g) ?? []).length, SHARE_PAGE_LIMITS.latestAnswers)
  assert.not.ok(html.includes('x'.repeat(SHARE_PAGE_LIMITS.answerChars + 1)), 'answers cut')
  assert.ok(html.length < 400_000, `${html.length} characters`)
})

test.run()
