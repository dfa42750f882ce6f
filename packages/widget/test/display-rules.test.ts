/** Which surveys a user may be shown: display options, recontact days, display percentage. */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { passesDisplayOption } from '../src/core/rules/display-option'
import { passesDisplayPercentage } from '../src/core/rules/display-percentage'
import { passesRecontactDays } from '../src/core/rules/recontact-days'

const shown = (surveyId: string, times = 1) => Array.from({ length: times }, () => ({ surveyId, createdAt: '2026-01-01T00:00:00.000Z' }))
const user = (displays = shown('other'), responses: string[] = []) => ({ displays, responses })

const options = suite('display options')
options('displayOnce: until shown once, answered or not', () => {
  const survey = { id: 's', displayOption: 'displayOnce', displayLimit: null }
  assert.is(passesDisplayOption(survey, user()), true)
  assert.is(passesDisplayOption(survey, user(shown('s'))), false)
})
options('displayMultiple: shown again until answered', () => {
  const survey = { id: 's', displayOption: 'displayMultiple', displayLimit: null }
  assert.is(passesDisplayOption(survey, user(shown('s', 5))), true)
  assert.is(passesDisplayOption(survey, user(shown('s'), ['s'])), false)
  assert.is(passesDisplayOption(survey, user([], ['other'])), true, 'another survey answered does not count')
})
options('displaySome: until answered or shown displayLimit times', () => {
  const survey = { id: 's', displayOption: 'displaySome', displayLimit: 3 }
  assert.is(passesDisplayOption(survey, user(shown('s', 2))), true)
  assert.is(passesDisplayOption(survey, user(shown('s', 3))), false)
  assert.is(passesDisplayOption(survey, user([...shown('other', 5), ...shown('s', 2)])), true, 'only its own displays count')
  assert.is(passesDisplayOption(survey, user(shown('s', 1), ['s'])), false)
  assert.is(passesDisplayOption({ ...survey, displayLimit: null }, user(shown('s', 50))), true, 'no limit: until answered')
  assert.is(passesDisplayOption({ ...survey, displayLimit: null }, user([], ['s'])), false)
})
options('respondMultiple: always', () => {
  const survey = { id: 's', displayOption: 'respondMultiple', displayLimit: null }
  assert.is(passesDisplayOption(survey, user(shown('s', 9), ['s'])), true)
})
options('an unknown option never shows', () => {
  assert.is(passesDisplayOption({ id: 's', displayOption: 'sometimes', displayLimit: null }, user([])), false)
})
options.run()

const now = new Date('2026-03-10T12:00:00.000Z')
const daysAgo = (days: number, hours = 0) => new Date(now.getTime() - (days * 24 + hours) * 3600_000).toISOString()

const recontact = suite('recontact days')
recontact('a user never shown a survey passes', () => {
  assert.is(passesRecontactDays(30, 30, null, now), true)
})
recontact("the survey's days win over the project's, 0 included", () => {
  assert.is(passesRecontactDays(2, 7, daysAgo(3), now), true)
  assert.is(passesRecontactDays(0, 7, daysAgo(0, 1), now), true, 'survey 0: no wait, even with the project at 7')
  assert.is(passesRecontactDays(10, 1, daysAgo(3), now), false)
})
recontact("without the survey's, the project's; whole days count", () => {
  assert.is(passesRecontactDays(null, 7, daysAgo(6, 23), now), false, '6 days 23 hours is 6 whole days')
  assert.is(passesRecontactDays(null, 7, daysAgo(7), now), true)
  assert.is(passesRecontactDays(undefined, 0, daysAgo(0), now), true, 'project 0: no wait')
  assert.is(passesRecontactDays(null, null, daysAgo(0), now), true)
})
recontact('an unreadable date does not hide every survey', () => {
  assert.is(passesRecontactDays(null, 7, 'not a date', now), true)
})
recontact.run()

const percentage = suite('display percentage')
percentage('none: always shown', () => {
  assert.is(passesDisplayPercentage(null, 0.999), true)
  assert.is(passesDisplayPercentage(undefined, 0.999), true)
})
percentage('shown for that share of uniform draws', () => {
  assert.is(passesDisplayPercentage(30, 0.29), true)
  assert.is(passesDisplayPercentage(30, 0.3), false)
  assert.is(passesDisplayPercentage(100, 0.999999), true)
  assert.is(passesDisplayPercentage(0.01, 0.00009), true)
  assert.is(passesDisplayPercentage(0.01, 0.0001), false)
  const draws = Array.from({ length: 1000 }, (_, i) => i / 1000)
  assert.is(draws.filter((draw) => passesDisplayPercentage(25, draw)).length, 250)
})
percentage.run()
