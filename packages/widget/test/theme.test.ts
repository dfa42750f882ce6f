import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { WidgetProject } from '../src/shared/survey'
import { contrast, cssVariables, hex, mix, readableOn, resolveTheme } from '../src/renderer/theme'

const project = (extra: Partial<WidgetProject> = {}): WidgetProject => ({
  id: 'p',
  recontactDays: 7,
  clickOutsideClose: true,
  darkOverlay: false,
  placement: 'bottomRight',
  inAppSurveyBranding: true,
  styling: { allowStyleOverwrite: true, brandColor: { light: '#0055ff' }, roundness: 12 },
  ...extra,
})

const test = suite('theme')

test("the project's styling, unless the survey overwrites it and the project allows that", () => {
  assert.is(resolveTheme(project(), { styling: null }, 'page').vars['--cv-brand'], '#0055ff')
  const own = { styling: { overwriteThemeStyling: true, brandColor: { light: '#aa0000' } } }
  assert.is(resolveTheme(project(), own, 'page').vars['--cv-brand'], '#aa0000')
  assert.is(resolveTheme(project(), own, 'page').vars['--cv-radius'], '12px', 'unset survey fields keep the project’s')
  const locked = project({ styling: { allowStyleOverwrite: false, brandColor: { light: '#0055ff' } } })
  assert.is(resolveTheme(locked, own, 'page').vars['--cv-brand'], '#0055ff')
  assert.is(
    resolveTheme(project(), { styling: { brandColor: { light: '#aa0000' } } }, 'page').vars['--cv-brand'],
    '#0055ff',
    'no overwrite asked for',
  )
})

test('project overwrites of a survey: brand colour, placement, overlay, click outside', () => {
  const theme = resolveTheme(
    project(),
    { styling: null, projectOverwrites: { brandColor: '#00aa00', placement: 'center', darkOverlay: true, clickOutsideClose: false } },
    'modal',
  )
  assert.equal([theme.vars['--cv-brand'], theme.placement, theme.overlay, theme.clickOutsideClose], ['#00aa00', 'center', 'dark', false])
  const plain = resolveTheme(project(), { styling: null }, 'modal')
  assert.equal([plain.placement, plain.overlay, plain.clickOutsideClose], ['bottomRight', 'none', true])
  assert.is(resolveTheme(project({ placement: 'center' }), { styling: null }, 'modal').overlay, 'light')
  assert.is(resolveTheme(project({ overlay: 'dark' }), { styling: null }, 'modal').overlay, 'dark', 'the newer setting for any placement')
  assert.is(
    resolveTheme(project({ placement: 'middle' }), { styling: null }, 'modal').placement,
    'bottomRight',
    'unknown placements fall back',
  )
})

test('card arrangement per kind of survey; progress bar', () => {
  const styling = { allowStyleOverwrite: true, cardArrangement: { linkSurveys: 'casual', appSurveys: 'simple' }, hideProgressBar: true }
  assert.is(resolveTheme(project({ styling }), { styling: null }, 'page').cardArrangement, 'casual')
  assert.is(resolveTheme(project({ styling }), { styling: null }, 'modal').cardArrangement, 'simple')
  assert.is(resolveTheme(project({ styling }), { styling: null }, 'page').hideProgressBar, true)
  assert.is(resolveTheme(project(), { styling: null }, 'page').cardArrangement, 'straight')
})

test('only hex colours are taken: nothing else reaches the style sheet', () => {
  const hostile = project({
    styling: { brandColor: { light: 'red;}body{display:none' }, questionColor: { light: 'url(https://evil.example/x)' }, roundness: 1e9 },
  })
  const theme = resolveTheme(hostile, { styling: null, projectOverwrites: { brandColor: '#12345' } }, 'page')
  const css = cssVariables(theme.vars)
  assert.not.ok(css.includes('display:none'))
  assert.not.ok(css.includes('url('))
  assert.is(theme.vars['--cv-radius'], '32px')
  assert.is(hex(' #AbC '), '#AbC')
  assert.is(hex('#abcd'), '#abcd')
  assert.is(hex('rgb(0,0,0)'), undefined)
})

test('text on the brand colour reads well (WCAG AA for large text at least)', () => {
  for (const brand of ['#000000', '#ffffff', '#0055ff', '#ffcc00', '#777777', '#334155']) {
    assert.ok(contrast(brand, readableOn(brand)) >= 4.5, `${brand} on ${readableOn(brand)}`)
  }
  assert.is(mix('#000000', '#ffffff', 0.5), '#808080')
})

test.run()
