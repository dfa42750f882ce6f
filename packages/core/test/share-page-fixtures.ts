/**
 * A survey with every question type, hidden fields, a variable and two languages, and responses to it made
 * through the management routes (not a test file: the share page's tests and screenshots use it). Names,
 * labels and some answers are hostile, to show they stay text.
 */
import type { TestCanvass } from '@canvass/test-bed'
import type { ResponseRecord } from '../src/ports/storage'
import type { ShareAnswerPage, ShareField } from '../src/services/share-page'
import { shareFieldParam } from '../src/services/share-page'
import { GRID_QUESTION, t } from './helpers'

export const HOSTILE = `<script>alert("x")</script>'&`

export const everyQuestion = () => [
  {
    id: 'color',
    type: 'multipleChoiceSingle',
    headline: t('Which colour do you like best?'),
    required: false,
    choices: [
      { id: 'red', label: t('Red') },
      { id: 'blue', label: t('Blue') },
      { id: 'evil', label: t(`Evil ${HOSTILE}`) },
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
  { ...GRID_QUESTION, headline: t('Rate each part') },
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
  { id: 'why', type: 'openText', headline: t(`Why? ${HOSTILE}`), required: false },
  { id: 'when', type: 'date', headline: t('When did you start?'), required: false, format: 'y-M-d' },
  { id: 'addr', type: 'address', headline: t('Where do you live?'), required: false },
  { id: 'contact', type: 'contactInfo', headline: t('How can we reach you?'), required: false },
  { id: 'files', type: 'fileUpload', headline: t('Attach a file'), required: false, allowMultipleFiles: true },
]

/** The answers of the `i`-th response (a mix that gives every chart a few different numbers). */
export function answersOf(i: number, environmentId: string, origin: string) {
  const colors = ['Red', 'Blue', 'Red', `Evil ${HOSTILE}`, 'Purple', 'Red', 'Blue']
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
    why: i === 1 ? `I want "${HOSTILE}" x" onmouseover="alert(1)` : `Answer number ${i}: it is quick and the charts are clear.`,
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

export interface SharedSurveySeed {
  surveyId: string
  /** The management summary route's answer, `data`. */
  summary: any
  /** The survey's stored responses, newest first. */
  responses: ResponseRecord[]
}

/** Creates the survey and `count` responses, a day apart from 2026-03-01, and reads its summary. */
export async function seedSharedSurvey(bed: TestCanvass, count: number, name = `Product feedback ${HOSTILE}`): Promise<SharedSurveySeed> {
  const created = await bed.call('POST', '/api/v1/management/surveys', {
    key: bed.keyA,
    body: {
      environmentId: bed.envA,
      name,
      type: 'link',
      status: 'inProgress',
      questions: everyQuestion(),
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
  const start = Date.parse('2026-03-01T09:00:00Z')
  for (let i = 0; i < count; i++) {
    const createdAt = new Date(start + i * 86_400_000 + (i % 24) * 60_000).toISOString()
    const res = await bed.call('POST', '/api/v1/management/responses', {
      key: bed.keyA,
      body: { surveyId, createdAt, ...answersOf(i, bed.envA, 'http://canvass.test') },
    })
    if (res.status !== 200) throw new Error(`response create failed: ${res.status} ${res.text}`)
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

/** A field's non-empty values, newest first, `limit` of them (what `shareAnswers` answers, from the responses). */
export function answersFrom(responses: ResponseRecord[], field: ShareField, limit: number): ShareAnswerPage {
  const items = responses.flatMap((response) => {
    const value = response[field.source][field.key]
    const empty = value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
    return empty ? [] : [{ responseId: response.id, createdAt: response.createdAt, value }]
  })
  return { items: items.slice(0, limit), next: items.length > limit ? `cursor-${items[limit - 1]?.responseId}` : null }
}

/** The latest answers of each field, keyed as the page looks them up. */
export function latestFrom(responses: ResponseRecord[], fields: ShareField[], limit: number): Record<string, ShareAnswerPage> {
  return Object.fromEntries(fields.map((field) => [shareFieldParam(field), answersFrom(responses, field, limit)]))
}
