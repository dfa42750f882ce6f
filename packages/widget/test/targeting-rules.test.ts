/** Segments, URL filters, languages and the surveys an action shows. */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { surveysForAction } from '../src/core/rules/eligible-surveys'
import { surveyLanguageCode } from '../src/core/rules/language'
import { passesSegment } from '../src/core/rules/segment'
import { matchesUrl, passesUrlFilters } from '../src/core/rules/url-filters'
import type { CoreState } from '../src/core/types'
import { anonymousUser } from '../src/core/types'
import type { WidgetSurvey } from '../src/shared/survey'

const anonymous = { userId: null, segments: [] }
const identified = (segments: string[]) => ({ userId: 'u1', segments })
const filtered = { id: 'seg1', filters: [{ id: 'f', connector: null, resource: {} }] }

const segments = suite('segments')
segments('a survey without a segment is for everyone', () => {
  assert.is(passesSegment(null, anonymous), true)
  assert.is(passesSegment(undefined, identified([])), true)
})
segments('a segment with filters: anonymous visitors never, identified users only when in it', () => {
  assert.is(passesSegment(filtered, anonymous), false)
  assert.is(passesSegment(filtered, identified([])), false)
  assert.is(passesSegment(filtered, identified(['other'])), false)
  assert.is(passesSegment(filtered, identified(['other', 'seg1'])), true)
})
segments('a segment without filters matches everyone; one whose filters are not said is targeted', () => {
  assert.is(passesSegment({ id: 'seg2', filters: [] }, anonymous), true)
  assert.is(passesSegment({ id: 'seg2', hasFilters: false } as never, identified([])), true)
  assert.is(passesSegment({ id: 'seg3', hasFilters: true } as never, identified(['seg3'])), true)
  assert.is(passesSegment({ id: 'seg3' }, anonymous), false)
  assert.is(passesSegment({ id: 'seg3' }, identified(['seg3'])), true)
})
segments.run()

const urls = suite('URL filters')
const url = 'https://app.example.com/settings/billing?tab=plans'
urls('each rule', () => {
  assert.is(matchesUrl(url, { rule: 'exactMatch', value: url }), true)
  assert.is(matchesUrl(url, { rule: 'exactMatch', value: 'https://app.example.com/settings' }), false)
  assert.is(matchesUrl(url, { rule: 'contains', value: '/billing' }), true)
  assert.is(matchesUrl(url, { rule: 'startsWith', value: 'https://app.example.com/' }), true)
  assert.is(matchesUrl(url, { rule: 'startsWith', value: 'https://example.com/' }), false)
  assert.is(matchesUrl(url, { rule: 'endsWith', value: 'tab=plans' }), true)
  assert.is(matchesUrl(url, { rule: 'notMatch', value: 'https://app.example.com/' }), true)
  assert.is(matchesUrl(url, { rule: 'notMatch', value: url }), false)
  assert.is(matchesUrl(url, { rule: 'notContains', value: '/admin' }), true)
  assert.is(matchesUrl(url, { rule: 'notContains', value: 'billing' }), false)
  assert.is(matchesUrl(url, { rule: 'matchesRegex', value: '/settings/(billing|team)' }), true)
  assert.is(matchesUrl(url, { rule: 'matchesRegex', value: '^/settings' }), false)
})
urls('an invalid regular expression or an unknown rule never matches', () => {
  assert.is(matchesUrl(url, { rule: 'matchesRegex', value: '(' }), false)
  assert.is(matchesUrl(url, { rule: 'fuzzy', value: url }), false)
})
urls('no filters: every page; or by default; and when asked', () => {
  assert.is(passesUrlFilters(url, []), true)
  assert.is(passesUrlFilters(url, undefined), true)
  const filters = [
    { rule: 'contains', value: 'billing' },
    { rule: 'contains', value: 'team' },
  ]
  assert.is(passesUrlFilters(url, filters), true)
  assert.is(passesUrlFilters(url, filters, 'or'), true)
  assert.is(passesUrlFilters(url, filters, 'and'), false)
  assert.is(passesUrlFilters(url, [filters[0] as (typeof filters)[0], { rule: 'endsWith', value: 'plans' }], 'and'), true)
})
urls.run()

const en = { default: true, enabled: true, language: { code: 'en', alias: null } }
const de = { default: false, enabled: true, language: { code: 'de', alias: 'german' } }
const fr = { default: false, enabled: false, language: { code: 'fr', alias: null } }

const languages = suite('survey language')
languages('a survey in one language, or a user without one: the default', () => {
  assert.is(surveyLanguageCode([], 'de'), 'default')
  assert.is(surveyLanguageCode([en], 'de'), 'default')
  assert.is(surveyLanguageCode([en, de], undefined), 'default')
})
languages("the user's language by code or alias, any case; the default language as `default`", () => {
  assert.is(surveyLanguageCode([en, de], 'de'), 'de')
  assert.is(surveyLanguageCode([en, de], 'DE'), 'de')
  assert.is(surveyLanguageCode([en, de], 'German'), 'de')
  assert.is(surveyLanguageCode([en, de], 'en'), 'default')
  assert.is(surveyLanguageCode([en, de], 'de-AT'), 'de', 'by base language')
  assert.is(surveyLanguageCode([en, de], 'en-GB'), 'default')
})
languages('a language the survey lacks, or has disabled: not shown', () => {
  assert.is(surveyLanguageCode([en, de], 'es'), undefined)
  assert.is(surveyLanguageCode([en, de, fr], 'fr'), undefined)
})
languages.run()

function survey(id: string, overrides: Partial<WidgetSurvey> = {}): WidgetSurvey {
  return {
    id,
    name: id,
    type: 'app',
    status: 'inProgress',
    environmentId: 'env',
    questions: [],
    endings: [],
    welcomeCard: { enabled: false },
    hiddenFields: { enabled: true, fieldIds: [] },
    languages: [],
    styling: null,
    triggers: [{ actionClass: { id: 'a1', name: 'Clicked buy', type: 'code', key: 'buy', noCodeConfig: null } }],
    displayOption: 'displayOnce',
    displayLimit: null,
    displayPercentage: null,
    delay: 0,
    recontactDays: null,
    autoClose: null,
    segment: null,
    ...overrides,
  }
}

function state(surveys: WidgetSurvey[], user = anonymousUser(), recontactDays = 7): Pick<CoreState, 'environment' | 'user'> {
  return {
    environment: {
      data: {
        surveys,
        actionClasses: [],
        project: {
          id: 'p',
          recontactDays,
          clickOutsideClose: true,
          darkOverlay: false,
          placement: 'bottomRight',
          inAppSurveyBranding: true,
          styling: {},
        },
      },
      etag: null,
      expiresAt: 0,
      ttlMs: 60_000,
    },
    user: { data: user, expiresAt: null },
  }
}

const now = new Date('2026-03-10T12:00:00.000Z')
const buy = { id: 'a1', name: 'Clicked buy' }

const action = suite('surveys an action shows')
action('only surveys the action triggers, by id, or by name when the trigger has no id', () => {
  const byName = survey('by-name', { triggers: [{ actionClass: { name: 'Clicked buy' } as never }] })
  const other = survey('other', {
    triggers: [{ actionClass: { id: 'a2', name: 'Clicked buy', type: 'code', key: 'x', noCodeConfig: null } }],
  })
  const ids = surveysForAction(state([survey('s1'), other, byName]), buy, now).map((s) => s.id)
  assert.equal(ids, ['s1', 'by-name'], 'a trigger with another id does not fire on a shared name')
})
action('the display option, the recontact days and the segment all apply', () => {
  const user = {
    ...anonymousUser(),
    displays: [{ surveyId: 'seen', createdAt: '2026-03-01T00:00:00.000Z' }],
    lastDisplayAt: '2026-03-01T00:00:00.000Z',
  }
  const surveys = [
    survey('seen'),
    survey('fresh'),
    survey('waits', { recontactDays: 30 }),
    survey('targeted', { segment: { id: 'seg', filters: [{}] } }),
  ]
  assert.equal(
    surveysForAction(state(surveys, user), buy, now).map((s) => s.id),
    ['fresh'],
  )
  assert.equal(
    surveysForAction(state(surveys, user, 10), buy, now).map((s) => s.id),
    [],
    'the project waits 10 days after the last display',
  )
  const member = { ...user, userId: 'u', segments: ['seg'] }
  assert.equal(
    surveysForAction(state(surveys, member), buy, now).map((s) => s.id),
    ['fresh', 'targeted'],
  )
})
action.run()
