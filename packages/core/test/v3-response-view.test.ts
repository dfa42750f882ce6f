/**
 * Issue 70: the reference's v3 response views (docs/api.md, "Responses in v3"): the nine answer shapes of the
 * 17 element types, the choice match precedence, embedded data of every kind, `unresolved[]` with each reason,
 * `durationSeconds`, `resolution`, and what is never shown.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createV3ResponseViews, labelContext } from '../src/domain/responses/v3-response-view'
import type { ResponseRecord } from '../src/ports/storage'

const t = (value: string, de?: string) => ({ default: value, ...(de ? { de } : {}) })
const choices = (...labels: string[]) => labels.map((label, index) => ({ id: `c${index + 1}`, label: t(label, `${label}-de`) }))

const elements = [
  { id: 'text', type: 'openText', headline: t('<p>Your <b>name</b>?</p>'), inputType: 'email' },
  { id: 'nps', type: 'nps', headline: t('NPS') },
  { id: 'rating', type: 'rating', headline: t('Rating'), range: 5, scale: 'star' },
  { id: 'csat', type: 'csat', headline: t('CSAT'), range: 3, scale: 'smiley' },
  { id: 'ces', type: 'ces', headline: t('CES'), range: 7, scale: 'number' },
  { id: 'consent', type: 'consent', headline: t('Consent') },
  { id: 'cta', type: 'cta', headline: t('CTA') },
  { id: 'single', type: 'multipleChoiceSingle', headline: t('Single'), choices: choices('Red', 'Blue') },
  {
    id: 'multi',
    type: 'multipleChoiceMulti',
    headline: t('Multi'),
    choices: [...choices('Red', 'Blue'), { id: 'other', label: t('Other') }],
  },
  {
    id: 'picture',
    type: 'pictureSelection',
    headline: t('Picture'),
    choices: [
      { id: 'p1', imageUrl: 'a' },
      { id: 'p2', imageUrl: 'b' },
    ],
  },
  { id: 'ranking', type: 'ranking', headline: t('Ranking'), choices: choices('A', 'B', 'C') },
  { id: 'date', type: 'date', headline: t('Date') },
  { id: 'files', type: 'fileUpload', headline: t('Files') },
  { id: 'cal', type: 'cal', headline: t('Cal') },
  {
    id: 'matrix',
    type: 'matrix',
    headline: t('Matrix'),
    rows: [{ id: 'r1', label: t('Speed', 'Tempo') }],
    columns: [{ id: 'k1', label: t('Good', 'Gut') }],
  },
  { id: 'address', type: 'address', headline: t('Address'), city: { show: true, placeholder: t('City') } },
  { id: 'contact', type: 'contactInfo', headline: t('Contact'), email: { show: true, placeholder: t('E-mail') } },
]

const survey = {
  id: 'survey1',
  name: 'Everything',
  updatedAt: new Date('2026-11-01T00:00:00.000Z'),
  blocks: [
    { id: 'b1', name: 'Block 1', elements: elements.slice(0, 9) },
    { id: 'b2', name: 'Block 2', elements: elements.slice(9) },
  ],
  questions: [],
  languages: [
    { language: { code: 'en', alias: null }, default: true, enabled: true },
    { language: { code: 'de', alias: null }, default: false, enabled: true },
  ],
  hiddenFields: { enabled: true, fieldIds: ['campaign', 'nps'] },
  variables: [
    { id: 'v1', name: 'score', type: 'number', value: 0 },
    { id: 'v2', name: 'tier', type: 'text', value: 'free' },
  ],
}

function response(fields: Partial<ResponseRecord> = {}): ResponseRecord {
  return {
    id: 'resp1',
    createdAt: new Date('2026-11-02T00:00:00.000Z'),
    updatedAt: new Date('2026-11-02T00:01:00.000Z'),
    surveyId: 'survey1',
    finished: true,
    data: {},
    meta: {},
    ttc: {},
    variables: {},
    language: null,
    singleUseId: null,
    displayId: null,
    endingId: null,
    environmentId: 'env1',
    personAttributes: { email: 'secret@example.com' },
    person: null,
    notes: [],
    tags: [],
    ...fields,
  }
}

const data = {
  contact: ['', '', 'a@b.c', '', ''],
  text: 'Ann',
  nps: 9,
  rating: 4,
  csat: 2,
  ces: 6,
  consent: 'accepted',
  cta: 'dismissed',
  single: 'Blue',
  multi: ['c1', 'Blue', 'my own'],
  picture: ['p2'],
  ranking: ['C', 'A', 'B'],
  date: '2026-01-31',
  files: ['https://files.example/a.pdf'],
  cal: 'booked',
  matrix: { Speed: 'Good', Gone: 'Bad' },
  address: ['1 Main St', '', 'Springfield', '', '', ''],
  campaign: 'spring',
  gone: 'an answer to a deleted question',
  verifiedEmail: 'respondent@example.com',
}

test('each of the 17 element types as its answer shape, in survey order', () => {
  const view = createV3ResponseViews('ws1').listItem(response({ data, ttc: { text: 1500, nps: 2000, _total: 99_000 } }), survey)
  const byId = Object.fromEntries(view.answers.map((answer) => [answer.elementId, answer]))
  assert.equal(
    view.answers.map((answer) => answer.elementId),
    elements.map((element) => element.id),
  )
  assert.equal(byId.text, {
    position: 1,
    elementId: 'text',
    elementType: 'openText',
    elementLabel: 'Your name?',
    durationSeconds: 1.5,
    valueText: 'Ann',
    inputType: 'email',
  })
  assert.equal(byId.nps, {
    position: 2,
    elementId: 'nps',
    elementType: 'nps',
    elementLabel: 'NPS',
    durationSeconds: 2,
    valueNumber: 9,
    range: { min: 0, max: 10 },
  })
  assert.equal(byId.rating?.range, { min: 1, max: 5 })
  assert.is(byId.rating?.scale, 'star')
  assert.equal([byId.csat?.valueNumber, byId.csat?.range, byId.csat?.scale], [2, { min: 1, max: 3 }, 'smiley'])
  assert.equal([byId.ces?.valueNumber, byId.ces?.range], [6, { min: 1, max: 7 }])
  assert.equal([byId.consent?.valueBoolean, byId.consent?.rawValue], [true, 'accepted'])
  assert.equal([byId.cta?.valueBoolean, byId.cta?.rawValue], [false, 'dismissed'])
  assert.equal([byId.cal?.booked, byId.cal?.rawValue], [true, 'booked'])
  assert.is(byId.date?.valueDate, '2026-01-31')
  assert.equal([byId.files?.fileUrls, byId.files?.fileCount], [['https://files.example/a.pdf'], 1])
  assert.equal(byId.single?.selections, [{ optionId: 'c2', optionLabel: 'Blue', rawValue: 'Blue', match: 'label' }])
  assert.equal(byId.multi?.selections, [
    { optionId: 'c1', optionLabel: 'Red', rawValue: 'c1', match: 'exact' },
    { optionId: 'c2', optionLabel: 'Blue', rawValue: 'Blue', match: 'label' },
    { optionId: 'other', optionLabel: 'Other', rawValue: 'my own', match: 'other' },
  ])
  assert.equal(byId.picture?.selections, [{ optionId: 'p2', optionLabel: null, rawValue: 'p2', match: 'exact' }])
  assert.equal(
    (byId.ranking?.selections as Array<{ optionId: string; rank: number }>).map((s) => [s.optionId, s.rank]),
    [
      ['c3', 1],
      ['c1', 2],
      ['c2', 3],
    ],
  )
  assert.equal(byId.matrix?.rows, [
    { rawKey: 'Speed', rowId: 'r1', rowLabel: 'Speed', columnId: 'k1', columnLabel: 'Good', rawValue: 'Good', match: 'label' },
    { rawKey: 'Gone', rowId: null, rowLabel: 'Gone', columnId: null, columnLabel: null, rawValue: 'Bad', match: 'unmatched' },
  ])
  const address = byId.address?.fields as Array<{ slot: number; fieldId: string; fieldLabel: string; valueText: string }>
  assert.is(address.length, 6)
  assert.equal(address[2], { slot: 2, fieldId: 'city', fieldLabel: 'City', valueText: 'Springfield' })
  assert.equal(address[1], { slot: 1, fieldId: 'addressLine2', fieldLabel: '', valueText: '' }, 'a blank slot is kept')
  const contact = byId.contact?.fields as Array<{ fieldId: string; valueText: string; fieldLabel: string }>
  assert.equal(
    contact.map((field) => field.fieldId),
    ['firstName', 'lastName', 'email', 'phone', 'company'],
  )
  assert.equal([contact[2]?.valueText, contact[2]?.fieldLabel], ['a@b.c', 'E-mail'])
  assert.is(view.durationSeconds, 3.5, 'the sum of the elements, _total left out')
})

test('a choice with no Other input that matches nothing is unmatched; `other` is never an id', () => {
  const view = createV3ResponseViews('ws1').listItem(response({ data: { single: 'Green', multi: ['other'] } }), survey)
  assert.equal(view.answers[0]?.selections, [{ optionId: null, optionLabel: null, rawValue: 'Green', match: 'unmatched' }])
  assert.equal(view.answers[1]?.selections, [{ optionId: 'other', optionLabel: 'Other', rawValue: 'other', match: 'other' }])
})

test('a value of the wrong shape, an unknown key and an undeclared variable are unresolved with their reasons', () => {
  const view = createV3ResponseViews('ws1').listItem(
    response({
      data: { nps: 'nine', matrix: 'flat', address: ['1', '2', '3', '4', '5', '6', '7'], gone: 'x', verifiedEmail: 'a@b.c' },
      variables: { v1: 3, old: 'x' },
    }),
    survey,
  )
  assert.equal(view.answers, [])
  assert.equal(view.unresolved, [
    { key: 'nps', rawValue: 'nine', reason: 'valueShapeMismatch' },
    { key: 'matrix', rawValue: 'flat', reason: 'valueShapeMismatch' },
    { key: 'address', rawValue: ['1', '2', '3', '4', '5', '6', '7'], reason: 'valueShapeMismatch' },
    { key: 'gone', rawValue: 'x', reason: 'elementNotInSurvey' },
    { key: 'old', rawValue: 'x', reason: 'variableNotInSurvey' },
  ])
})

test('embedded data: hidden fields (ingested), variables (computed, defaults), the reserved catalog from meta', () => {
  const view = createV3ResponseViews('ws1').listItem(
    response({
      data: { campaign: 'spring' },
      variables: { v1: 12 },
      meta: {
        source: 'app',
        url: 'https://example.com/pricing?email=a@b.c',
        country: 'DE',
        action: 'clicked',
        ipAddress: '10.0.0.1',
        userAgent: { browser: 'Firefox', os: 'Linux', device: 'desktop' },
        viewportWidth: 800,
      },
    }),
    survey,
  )
  assert.equal(view.embeddedData, [
    { key: 'campaign', kind: 'ingested', type: 'string', label: 'campaign', value: 'spring' },
    { key: 'score', kind: 'computed', type: 'number', label: 'score', value: 12 },
    { key: 'tier', kind: 'computed', type: 'string', label: 'tier', value: 'free' },
    { key: 'source', kind: 'reserved', type: 'string', label: 'Source', value: 'app' },
    { key: 'url', kind: 'reserved', type: 'string', label: 'Url', value: 'https://example.com/pricing' },
    { key: 'country', kind: 'reserved', type: 'string', label: 'Country', value: 'DE' },
    { key: 'action', kind: 'reserved', type: 'string', label: 'Action', value: 'clicked' },
    { key: 'browser', kind: 'reserved', type: 'string', label: 'Browser', value: 'Firefox' },
    { key: 'os', kind: 'reserved', type: 'string', label: 'Os', value: 'Linux' },
    { key: 'deviceType', kind: 'reserved', type: 'string', label: 'Device Type', value: 'desktop' },
    { key: 'viewportWidth', kind: 'reserved', type: 'number', label: 'Viewport Width', value: 800 },
  ])
  assert.not.ok(JSON.stringify(view).includes('10.0.0.1'), 'never the IP address')
  // `nps` is a hidden field id and an element id: the element owns the key, its value is an answer.
  const both = createV3ResponseViews('ws1').listItem(response({ data: { nps: 7 } }), survey)
  assert.equal(
    both.answers.map((answer) => answer.elementId),
    ['nps'],
  )
})

test('the resource: data without hidden fields or system keys, contact, displayId, singleUseId; never contact attributes', () => {
  const person = {
    id: 'contact1',
    userId: 'u1',
    environmentId: 'env1',
    attributes: { email: 'x@y.z' },
    createdAt: new Date(),
    updatedAt: new Date(),
  }
  const view = createV3ResponseViews('ws1').resource(
    response({ data, person, displayId: 'd1', singleUseId: 'su1', tags: [{ id: 't1', name: 'vip', environmentId: 'env1' }] }),
    survey,
  )
  assert.equal(view.contact, { id: 'contact1', userId: 'u1' })
  assert.equal([view.displayId, view.singleUseId, view.workspaceId, view.surveyName], ['d1', 'su1', 'ws1', 'Everything'])
  assert.equal(view.tags, [{ id: 't1', name: 'vip' }])
  assert.not.ok('campaign' in view.data)
  assert.not.ok('verifiedEmail' in view.data)
  assert.is(view.data.gone, 'an answer to a deleted question')
  assert.equal(view.data.matrix, data.matrix)
  const text = JSON.stringify(view)
  assert.not.ok(text.includes('secret@example.com') || text.includes('x@y.z'), 'no contact attributes')
  assert.equal(view.resolution, {
    labelPolicy: 'currentSurveyDefinition',
    labelsLanguage: 'en',
    surveyUpdatedAt: '2026-11-01T00:00:00.000Z',
  })
  const list = createV3ResponseViews('ws1').listItem(response({ data }), survey) as Record<string, unknown>
  for (const field of ['data', 'contact', 'displayId', 'singleUseId', 'meta', 'contactAttributes']) assert.not.ok(field in list, field)
})

test('labels in the response language: matrix and choices match translated labels; unknown languages read the default', () => {
  const view = createV3ResponseViews('ws1').listItem(
    response({ language: 'de', data: { matrix: { Tempo: 'Gut' }, single: 'Blue-de' } }),
    survey,
  )
  assert.equal(view.resolution.labelsLanguage, 'de')
  assert.equal(view.answers[0]?.selections, [{ optionId: 'c2', optionLabel: 'Blue-de', rawValue: 'Blue-de', match: 'label' }])
  assert.is((view.answers[1]?.rows as Array<{ rowId: string }>)[0]?.rowId, 'r1')
  assert.equal(labelContext(survey.languages, 'fr'), { lookupKey: 'default', labelsLanguage: 'en' })
  assert.equal(labelContext([], null), { lookupKey: 'default', labelsLanguage: null })
  assert.equal(labelContext(survey.languages, 'DE'), { lookupKey: 'de', labelsLanguage: 'de' })
})

test('durations: clamped to a day per element, absent without ttc', () => {
  const view = createV3ResponseViews('ws1').listItem(response({ data: { text: 'a' }, ttc: { text: 999_999_999, nps: -5 } }), survey)
  assert.is(view.answers[0]?.durationSeconds, 86_400)
  assert.is(view.durationSeconds, 86_400)
  assert.not.ok('durationSeconds' in createV3ResponseViews('ws1').listItem(response(), survey))
})

test.run()
