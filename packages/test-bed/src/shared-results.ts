/**
 * A survey with every question type, a hidden field, a variable and two languages, and responses to it made
 * through the management routes: what the shared results page is tested and photographed on (core's page
 * tests, the standalone example's browser test and its screenshots). Names, labels and some answers are
 * hostile, to show they stay text.
 */
import type { Storage } from '@canvass/core'
import type { Call } from './test-canvass'

type ResponseRecord = Awaited<ReturnType<Storage['responses']['list']>>[number]

/** Markup and quotes a page must show as text. */
export const HOSTILE = `<script>alert("x")</script>'&`

const t = (text: string) => ({ default: text })

/** The questions: one of every type the summary knows; with `hostile`, a label and a headline are markup. */
export const sharedSurveyQuestions = (hostile = true) => [
  {
    id: 'color',
    type: 'multipleChoiceSingle',
    headline: t('Which colour do you like best?'),
    required: false,
    choices: [
      { id: 'red', label: t('Red') },
      { id: 'blue', label: t('Blue') },
      { id: 'evil', label: t(evilLabel(hostile)) },
    ],
  },
  {
    id: 'tools',
    type: 'multipleChoiceMulti',
    headline: t('Which tools do you use?'),
    required: false,
    choices: [
      { id: 'cli', label: t('Command line') },
      { id: 'web', label: t('Web app') },
      { id: 'api', label: t('API') },
    ],
  },
  {
    id: 'pic',
    type: 'pictureSelection',
    headline: t('Pick a logo'),
    required: false,
    choices: [
      { id: 'p1', imageUrl: 'https://images.example/one.png' },
      { id: 'p2', imageUrl: 'https://images.example/two.png' },
    ],
  },
  { id: 'nps', type: 'nps', headline: t('How likely are you to recommend us?'), required: false },
  { id: 'stars', type: 'rating', headline: t('How do you rate the docs?'), required: false, scale: 'number', range: 10 },
  { id: 'csat', type: 'csat', headline: t('How satisfied are you?'), required: false, scale: 'smiley', range: 5 },
  { id: 'effort', type: 'ces', headline: t('How easy was it?'), required: false, scale: 'number', range: 7 },
  { id: 'cta', type: 'cta', headline: t('Read the guide'), required: false, buttonExternal: false },
  { id: 'terms', type: 'consent', headline: t('Terms'), required: false, label: t('I agree') },
  { id: 'call', type: 'cal', headline: t('Book a call'), required: false, calUserName: 'rick' },
  {
    id: 'grid',
    type: 'matrix',
    headline: t('Rate each part'),
    required: false,
    rows: [t('Speed'), t('Price')],
    columns: [t('Bad'), t('Good')],
  },
  {
    id: 'rank',
    type: 'ranking',
    headline: t('Rank these features'),
    required: false,
    choices: [
      { id: 'speed', label: t('Speed') },
      { id: 'price', label: t('Price') },
      { id: 'support', label: t('Support') },
    ],
  },
  { id: 'why', type: 'openText', headline: t(hostile ? `Why? ${HOSTILE}` : 'Why?'), required: false },
  { id: 'when', type: 'date', headline: t('When did you start?'), required: false, format: 'y-M-d' },
  { id: 'addr', type: 'address', headline: t('Where do you live?'), required: false },
  { id: 'contact', type: 'contactInfo', headline: t('How can we reach you?'), required: false },
  { id: 'files', type: 'fileUpload', headline: t('Attach a file'), required: false, allowMultipleFiles: true },
]

const evilLabel = (hostile: boolean) => (hostile ? `Evil ${HOSTILE}` : 'Green')

/** The answers of the `i`-th response (a mix that gives every chart a few different numbers). */
export function sharedSurveyAnswers(i: number, environmentId: string, origin: string, hostile = true) {
  const colors = ['Red', 'Blue', 'Red', evilLabel(hostile), 'Purple', 'Red', 'Blue']
  const data: Record<string, unknown> = {
    color: colors[i % colors.length],
    tools: [['Command line'], ['Web app', 'API'], ['Command line', 'API'], ['API']][i % 4],
    pic: [i % 3 === 0 ? 'p2' : 'p1'],
    nps: (i * 7) % 11,
    stars: 1 + ((i * 3) % 10),
    csat: 1 + ((i * 2 + 3) % 5),
    effort: 1 + ((i * 5) % 7),
    cta: i % 3 === 0 ? 'dismissed' : 'clicked',
    terms: 'accepted',
    call: i % 4 === 0 ? 'booked' : 'skipped',
    grid: { Speed: i % 2 ? 'Good' : 'Bad', Price: i % 3 ? 'Good' : 'Bad' },
    rank: [
      ['Speed', 'Price', 'Support'],
      ['Price', 'Speed', 'Support'],
      ['Speed', 'Support', 'Price'],
    ][i % 3],
    why: i === 1 && hostile ? `I want "${HOSTILE}" x" onmouseover="alert(1)` : `Answer number ${i}: it is quick and the charts are clear.`,
    when: `2026-0${1 + (i % 9)}-1${i % 10}`,
    addr: ['12 Main Street', i % 2 ? 'Flat 3' : '', 'Springfield', 'IL', '62701', 'US'],
    contact: ['Ada', `Lovelace ${i}`, `ada${i}@example.org`, '+1 555 0100', 'Analytical Engines'],
    files: [
      `${origin}/storage/${environmentId}/public/report-${i}--fid--0f8fad5b-d9cb-469f-a165-70867728950e.pdf`,
      'https://files.example/secret.pdf',
    ],
    plan: i % 2 ? 'pro' : 'free',
  }
  // Later responses stop earlier, unfinished: the drop-off table has something to show.
  const stop = i % 5 === 4 ? 3 : i % 7 === 6 ? 0 : undefined
  if (stop !== undefined) for (const key of Object.keys(data).slice(stop)) delete data[key]
  return {
    finished: stop === undefined,
    data,
    variables: { score: i % 10 },
    ttc: { color: 1000 + i * 250, nps: 2000 },
    language: i % 4 === 0 ? 'de' : 'default',
    userId: i === 0 ? 'user-secret-id' : null,
    meta: { url: 'https://secret.example/?token=abc', userAgent: { browser: 'SecretBrowser' } },
  }
}

/** What `seedSharedSurvey` needs of a test bed (or of a bed served over HTTP). */
export interface SharedSurveyBed {
  call: Call
  keyA: string
  envA: string
  storage: Storage
}

export interface SharedSurveySeed {
  surveyId: string
  /** The management summary route's answer, `data`. */
  summary: any
  /** The survey's stored responses, newest first. */
  responses: ResponseRecord[]
}

/**
 * The first response's `createdAt`; the `i`-th is `i` times 20 hours (and `i % 24` minutes) later, so that a
 * few hundred of them lie in the past (the bulk import refuses a time more than 5 minutes ahead).
 */
const SHARED_SURVEY_START = Date.parse('2026-03-01T09:00:00Z')
const SHARED_SURVEY_STEP_MS = 20 * 60 * 60 * 1000

/** Responses per bulk import (the route takes up to 1,000). */
const BATCH = 500

/**
 * Creates the survey in the bed's environment A and `count` responses (by the bulk import route, in order), 20
 * hours apart from 2026-03-01, and 1.5 displays per response; reads its summary. `origin` is what file answers'
 * URLs start with (the bed's own, where a browser opens them); `hostile: false` leaves the markup out of the
 * texts (for screenshots).
 */
export async function seedSharedSurvey(
  bed: SharedSurveyBed,
  count: number,
  {
    name = `Product feedback ${HOSTILE}`,
    origin = 'http://canvass.test',
    hostile = true,
  }: { name?: string; origin?: string; hostile?: boolean } = {},
): Promise<SharedSurveySeed> {
  const created = await bed.call('POST', '/api/v1/management/surveys', {
    key: bed.keyA,
    body: {
      environmentId: bed.envA,
      name,
      type: 'link',
      status: 'inProgress',
      questions: sharedSurveyQuestions(hostile),
      hiddenFields: { enabled: true, fieldIds: ['plan'] },
      variables: [{ id: 'score', name: 'score', type: 'number', value: 0 }],
      languages: [
        { default: true, enabled: true, language: { code: 'en', alias: null } },
        { default: false, enabled: true, language: { code: 'de', alias: null } },
      ],
    },
  })
  if (created.status !== 200) throw new Error(`survey create failed: ${created.status} ${created.text}`)
  const surveyId = created.body.data.id as string
  for (let from = 0; from < count; from += BATCH) {
    const responses = Array.from({ length: Math.min(BATCH, count - from) }, (_, j) => {
      const i = from + j
      const createdAt = new Date(SHARED_SURVEY_START + i * SHARED_SURVEY_STEP_MS + (i % 24) * 60_000).toISOString()
      return { surveyId, createdAt, ...sharedSurveyAnswers(i, bed.envA, origin, hostile) }
    })
    const res = await bed.call('POST', '/api/v1/management/responses/bulk', { key: bed.keyA, body: { responses } })
    if (res.status !== 200 || res.body.data.failed !== 0) throw new Error(`response import failed: ${res.status} ${res.text}`)
  }
  for (let i = 0; i < Math.ceil(count * 1.5); i++) {
    const res = await bed.call('POST', `/api/v1/client/${bed.envA}/displays`, { body: { surveyId } })
    if (res.status !== 200) throw new Error(`display create failed: ${res.status} ${res.text}`)
  }
  const summary = await bed.call('GET', `/api/v1/management/surveys/${surveyId}/summary`, { key: bed.keyA })
  if (summary.status !== 200) throw new Error(`summary failed: ${summary.status} ${summary.text}`)
  const responses = await bed.storage.responses.list(bed.envA, { surveyId, limit: 10_000 })
  return { surveyId, summary: summary.body.data, responses }
}
