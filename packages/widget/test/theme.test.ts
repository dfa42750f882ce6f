import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { WidgetProject } from '../src/shared/survey'
import { contrast, cssVariables, hex, imageUrl, mix, readableOn, resolveTheme } from '../src/renderer/theme'

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

test("a survey's unset or null fields keep the project's; the dark look only when asked for and on", () => {
  const own = { styling: { overwriteThemeStyling: true, brandColor: null, roundness: null, questionColor: { light: '#111111' } } }
  const theme = resolveTheme(project(), own, 'page')
  assert.equal([theme.vars['--cv-brand'], theme.vars['--cv-radius'], theme.vars['--cv-text']], ['#0055ff', '12px', '#111111'])
  const dark = project({
    styling: { isDarkModeEnabled: true, brandColor: { light: '#0055ff', dark: '#88aaff' }, cardBackgroundColor: { light: '#ffffff' } },
  })
  assert.is(resolveTheme(dark, {}, 'page').appearance, 'light', 'the system asks for light')
  const shown = resolveTheme(dark, {}, 'page', { prefersDark: true })
  assert.is(shown.appearance, 'dark')
  assert.is(shown.vars['--cv-brand'], '#88aaff')
  assert.is(shown.vars['--cv-card'], '#0f172a', 'a surface without a dark colour takes the dark default, not its light one')
  assert.ok(contrast(shown.vars['--cv-text'] as string, shown.vars['--cv-card'] as string) >= 4.5)
  const off = project({ styling: { brandColor: { light: '#0055ff', dark: '#88aaff' } } })
  assert.is(resolveTheme(off, {}, 'page', { prefersDark: true }).vars['--cv-brand'], '#0055ff', 'dark look off')
})

test('background images and the logo: https or the own storage only, made absolute; hidden by the styling', () => {
  assert.is(imageUrl('https://cdn.example.com/a b.png', undefined), 'https://cdn.example.com/a%20b.png')
  assert.is(
    imageUrl('/storage/env/public/logo.png', 'https://surveys.example.com/feedback'),
    'https://surveys.example.com/feedback/storage/env/public/logo.png',
  )
  for (const bad of [
    'http://example.com/a.png',
    'javascript:alert(1)',
    'data:image/png;base64,AA',
    '/other/path',
    '//evil.example/a.png',
  ]) {
    assert.is(imageUrl(bad, 'https://surveys.example.com'), undefined, bad)
  }
  assert.is(imageUrl('https://x.example/a") ; background:red', undefined)?.includes('"'), false, 'quotes are encoded')
  const styled = project({
    styling: { background: { bgType: 'image', bg: 'https://cdn.example.com/sea.jpg', brightness: 50 } },
    logo: { url: '/storage/env/public/logo.png', bgColor: '#ffffff' },
  })
  const theme = resolveTheme(styled, {}, 'page', { appUrl: 'https://surveys.example.com' })
  assert.is(theme.vars['--cv-page-image'], 'url("https://cdn.example.com/sea.jpg")')
  assert.is(theme.vars['--cv-page-brightness'], '0.5')
  assert.equal(theme.logo, { url: 'https://surveys.example.com/storage/env/public/logo.png', bgColor: '#ffffff' })
  const hidden = resolveTheme(styled, { styling: { overwriteThemeStyling: true, isLogoHidden: true } }, 'page', {
    appUrl: 'https://surveys.example.com',
  })
  assert.is(hidden.logo, undefined)
})

test.run()
