import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { languageCode, localize, resolveLanguage, surveyLanguages } from '../src/renderer/i18n'
import { uiText } from '../src/renderer/ui-text'

const survey = {
  languages: [
    { default: false, enabled: true, language: { code: 'de', alias: 'german' } },
    { default: true, enabled: true, language: { code: 'en', alias: null } },
    { default: false, enabled: false, language: { code: 'fr', alias: null } },
  ],
}

const test = suite('languages')

test('enabled languages, the default first', () => {
  assert.equal(
    surveyLanguages(survey).map((l) => l.code),
    ['en', 'de'],
  )
  assert.equal(surveyLanguages({ languages: [] }), [])
})

test('a requested language resolves to its code, by code or alias; the default, unknown and disabled ones to "default"', () => {
  assert.is(resolveLanguage(survey, 'de'), 'de')
  assert.is(resolveLanguage(survey, 'DE'), 'de')
  assert.is(resolveLanguage(survey, 'german'), 'de')
  assert.is(resolveLanguage(survey, 'en'), 'default')
  assert.is(resolveLanguage(survey, 'fr'), 'default', 'disabled')
  assert.is(resolveLanguage(survey, 'xx'), 'default')
  assert.is(resolveLanguage(survey, undefined), 'default')
})

test('a request matches by the exact code first, then by the base language; a different script never matches', () => {
  const regional = {
    languages: [
      { default: true, enabled: true, language: { code: 'en-US', alias: null } },
      { default: false, enabled: true, language: { code: 'de-DE', alias: null } },
      { default: false, enabled: true, language: { code: 'de', alias: null } },
      { default: false, enabled: true, language: { code: 'zh-Hans-CN', alias: null } },
    ],
  }
  assert.is(resolveLanguage(regional, 'de-DE'), 'de-DE')
  assert.is(resolveLanguage(regional, 'de'), 'de', 'the exact code before a base match')
  assert.is(resolveLanguage(regional, 'de-AT'), 'de', 'a regional request takes its base language when listed')
  assert.is(resolveLanguage(regional, 'en-GB'), 'default', 'the default language by its base')
  assert.is(resolveLanguage({ languages: regional.languages.filter((l) => l.language.code !== 'de') }, 'de'), 'de-DE')
  assert.is(resolveLanguage({ languages: regional.languages.filter((l) => l.language.code !== 'de') }, 'de-CH'), 'de-DE')
  assert.is(resolveLanguage(regional, 'zh'), 'zh-Hans-CN')
  assert.is(resolveLanguage(regional, 'zh-Hant-TW'), 'default', 'another script is another written language')
})

test('the response language is a code', () => {
  assert.is(languageCode(survey, 'default'), 'en')
  assert.is(languageCode(survey, 'de'), 'de')
  assert.is(languageCode({ languages: [] }, 'default'), 'default')
})

test('texts fall back to the default language', () => {
  assert.is(localize({ default: 'Hello', de: 'Hallo' }, 'de'), 'Hallo')
  assert.is(localize({ default: 'Hello', de: '' }, 'de'), 'Hello')
  assert.is(localize({ default: 'Hello' }, 'fr'), 'Hello')
  assert.is(localize(undefined, 'de'), '')
  assert.is(localize('plain', 'de'), 'plain')
})

test('UI words: a regional code uses its language; unknown languages get English; values fill in', () => {
  assert.is(uiText('de-AT', 'next'), 'Weiter')
  assert.is(uiText('xx', 'next'), 'Next')
  assert.is(uiText('fr', 'invalidPhone'), 'Please enter a valid phone number.', 'missing words fall back to English')
  assert.is(uiText('en', 'tooShort', { n: 3 }), 'Please enter at least 3 characters.')
})

test.run()
