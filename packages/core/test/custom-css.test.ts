import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { CUSTOM_CSS_MAX_SOURCE_BYTES, normalizeCustomCss, processCustomCss } from '../src/domain/css/custom-css'

const light = (css: string) => processCustomCss({ light: css, dark: null }, 'workspace')

/** Hostile inputs: what must not survive, what is said about it, and what of the rest stays. */
const hostile: { name: string; css: string; warning?: string; absent: RegExp[]; kept?: string }[] = [
  {
    name: '@import',
    css: '@import url(https://evil.test/x.css); .a{color:red}',
    warning: 'import_removed',
    absent: [/@import/i, /evil/],
    kept: '#fbjs .a{color:red!important}',
  },
  { name: '@import as a string', css: '@import "https://evil.test/x.css";', warning: 'import_removed', absent: [/@import/i] },
  {
    name: 'url() to another origin',
    css: '.a{background:url(https://evil.test/x.png);color:red}',
    warning: 'external_resource_removed',
    absent: [/url\(/i, /evil/],
    kept: 'color:red',
  },
  {
    name: 'url() of data:',
    css: '.a{background-image:url("data:image/png;base64,AAAA")}',
    warning: 'external_resource_removed',
    absent: [/url\(/i, /data:/],
  },
  {
    name: 'url() in a custom property',
    css: '.a{--bg:url(https://evil.test/x.png)}',
    warning: 'external_resource_removed',
    absent: [/url/i],
  },
  {
    name: 'url() spelt with escapes, quoted',
    css: '.a{background:U\\52 L("https://evil.test/x.png")}',
    warning: 'external_resource_removed',
    absent: [/evil/],
  },
  { name: 'image-set()', css: '.a{background:image-set("x.png" 1x)}', warning: 'external_resource_removed', absent: [/image-set/] },
  {
    name: 'a resource in @supports',
    css: '@supports (background:url(x)){.a{color:red}}',
    warning: 'external_resource_removed',
    absent: [/@supports/],
  },
  {
    name: '@font-face',
    css: '@font-face{font-family:x;src:url(https://evil.test/f.woff)}',
    warning: 'font_face_removed',
    absent: [/font-face/, /evil/],
  },
  {
    name: '@layer, @property, @scope',
    css: '@layer x{.a{color:red}}@property --x{syntax:"*";inherits:false}@scope (.a){.b{color:red}}',
    warning: 'unsupported_at_rule_removed',
    absent: [/@layer|@property|@scope/],
  },
  { name: 'expression()', css: '.a{width:expression(alert(1))}', warning: 'unsafe_value_removed', absent: [/expression/] },
  { name: 'behavior', css: '.a{behavior:url(x.htc)}', warning: 'unsafe_property_removed', absent: [/behavior/] },
  { name: 'behavior spelt with escapes', css: '.a{\\62 ehavior:url(x.htc)}', warning: 'unsafe_property_removed', absent: [/ehavior/] },
  { name: '-moz-binding', css: '.a{-moz-binding:url(x.xml#x)}', warning: 'unsafe_property_removed', absent: [/binding/] },
  { name: 'attr()', css: '.a::after{content:attr(data-secret)}', warning: 'unsafe_value_removed', absent: [/attr/] },
  {
    name: 'position: fixed',
    css: '.a{position:fixed;inset:0;z-index:2147483647}',
    warning: 'fixed_position_removed',
    absent: [/fixed/],
    kept: 'inset:0!important',
  },
  { name: 'position: fixed in escapes', css: '.a{pos\\69tion:F\\49XED}', warning: 'fixed_position_removed', absent: [/XED/i] },
  { name: 'position from var()', css: '.a{position:var(--p)}', warning: 'fixed_position_removed', absent: [/position/] },
  { name: 'all: inherit', css: '.a{all:inherit}', warning: 'fixed_position_removed', absent: [/all:/] },
  { name: 'pointer-events', css: '.a{pointer-events:auto}', warning: 'unsafe_property_removed', absent: [/pointer/] },
  { name: ':host', css: ':host{display:none}', warning: 'unsafe_selector_removed', absent: [/host/] },
  { name: ':host-context()', css: ':host-context(body) .a{color:red}', warning: 'unsafe_selector_removed', absent: [/host/] },
  { name: '::part()', css: '.a::part(x){color:red}', warning: 'unsafe_selector_removed', absent: [/part/] },
  { name: '::backdrop', css: '.a::backdrop{background:red}', warning: 'unsafe_selector_removed', absent: [/backdrop/] },
  {
    name: 'a selector reading the host page',
    css: '.host-page :root .a{color:red}',
    warning: 'unsafe_selector_removed',
    absent: [/host-page/],
  },
  { name: 'html deeper in a selector', css: 'div html{color:red}', warning: 'unsafe_selector_removed', absent: [/html/] },
  { name: 'a sibling of the root', css: 'body ~ div{display:none}', warning: 'unsafe_selector_removed', absent: [/~/] },
  { name: ':has(+ …) on the root', css: ':root:has(+ .x){color:red}', warning: 'unsafe_selector_removed', absent: [/has/] },
  { name: ':root inside :not()', css: '.a:not(:root){color:red}', warning: 'unsafe_selector_removed', absent: [/not/] },
  { name: 'a namespace', css: 'svg|a{color:red}', warning: 'unsafe_selector_removed', absent: [/\|/] },
  {
    name: 'nested rules',
    css: '.a{color:red;& .b{color:blue}}',
    warning: 'unsafe_selector_removed',
    absent: [/blue/],
    kept: '#fbjs .a{color:red!important}',
  },
  {
    name: '</style> in a string',
    css: '.a::after{content:"</style><script>alert(1)</script>"}',
    absent: [/<\//],
    kept: 'content:"<\\/style><script>alert(1)<\\/script>"!important',
  },
  { name: '</style> in an escaped identifier', css: '.a{font-family:\\3c\\2f style\\3e}', absent: [/<\//] },
]

const sanitizer = suite('custom CSS: hostile input')

for (const item of hostile) {
  sanitizer(item.name, () => {
    const result = light(item.css)
    assert.ok(result.ok, JSON.stringify(result))
    if (!result.ok) return
    const out = result.compiled.light ?? ''
    for (const pattern of item.absent) assert.not.match(out, pattern, `${item.name}: ${out}`)
    if (item.warning)
      assert.ok(
        result.warnings.some((warning) => warning.code === item.warning),
        JSON.stringify(result.warnings),
      )
    if (item.kept) assert.ok(out.includes(item.kept), out)
    // Every rule left is anchored at the survey root.
    for (const selector of out
      .replace(/@[^{]*\{/g, '')
      .split('}')
      .filter((part) => part.includes('{'))) {
      if (/^(from|to|\d)/.test(selector)) continue
      for (const one of (selector.split('{')[0] as string).split(',')) assert.ok(one.startsWith('#fbjs'), `unscoped ${one} in ${out}`)
    }
    // What is served is a fixed point: processing it again changes nothing and removes nothing.
    const again = light(out)
    assert.ok(again.ok && again.compiled.light === (out === '' ? null : out) && again.warnings.length === 0, JSON.stringify(again))
  })
}
sanitizer.run()

const scoping = suite('custom CSS: scoping')

scoping('root aliases anchor at #fbjs; other selectors get #fbjs in front', () => {
  const result = light(':root{--brand:red} html > .q{color:blue} body.x{color:red} .a, .b > .c{color:green}')
  assert.ok(result.ok)
  if (!result.ok) return
  assert.is(
    result.compiled.light,
    '#fbjs{--brand:red!important}#fbjs>.q{color:blue!important}#fbjs.x{color:red!important}#fbjs .a,#fbjs .b>.c{color:green!important}',
  )
  assert.equal(result.warnings, [])
})

scoping('dark CSS anchors at the dark root, without doubling the attribute', () => {
  const result = processCustomCss({ light: null, dark: 'body{color:red} #fbjs[data-appearance="dark"] .a{color:blue}' }, 'workspace')
  assert.ok(result.ok)
  if (!result.ok) return
  assert.is(
    result.compiled.dark,
    '#fbjs[data-appearance="dark"]{color:red!important}#fbjs[data-appearance="dark"] .a{color:blue!important}',
  )
})

scoping('@media, @supports and @keyframes stay, their rules scoped', () => {
  const result = light('@media (width < 600px){.a{color:red}}@keyframes spin{from{transform:rotate(0)}to{transform:rotate(360deg)}}')
  assert.ok(result.ok)
  if (!result.ok) return
  assert.is(
    result.compiled.light,
    '@media (width<600px){#fbjs .a{color:red!important}}@keyframes spin{from{transform:rotate(0)}to{transform:rotate(360deg)}}',
  )
})

scoping.run()

const refusals = suite('custom CSS: refused whole')

const refused: [string, string, string][] = [
  ['an unclosed block', '.a{color:red', 'syntax_error'],
  ['a stray }', '.a{color:red}}', 'syntax_error'],
  ['an unclosed string', '.a{content:"x\n}', 'syntax_error'],
  // An escaped `url(` is no URL token: css-tree reads a function whose unquoted argument it cannot parse.
  ['url() spelt with escapes, unquoted', '.a{background:U\\52 L(https://evil.test/x.png)}', 'syntax_error'],
  ['a selector css-tree cannot read', 'u\\72l(x){color:red}', 'syntax_error'],
  ['blocks nested too deep (the parser recurses on them)', `${'@media x{'.repeat(10_000)}${'}'.repeat(10_000)}`, 'limit_exceeded'],
  ['brackets nested too deep', `.a{width:${'calc('.repeat(40)}1px${')'.repeat(40)}}`, 'limit_exceeded'],
  ['too many rules', '.a{color:red}'.repeat(2_001), 'limit_exceeded'],
  ['a long selector list', `${Array.from({ length: 65 }, (_, i) => `.a${i}`).join(',')}{color:red}`, 'limit_exceeded'],
  ['a long selector', `${Array.from({ length: 21 }, (_, i) => `.a${i}`).join(' ')}{color:red}`, 'limit_exceeded'],
]

for (const [name, css, code] of refused) {
  refusals(name, () => {
    const result = light(css)
    assert.not.ok(result.ok)
    if (result.ok) return
    assert.is(result.errors[0]?.code, code, JSON.stringify(result.errors))
    assert.is(result.errors[0]?.appearance, code === 'source_too_large' ? null : 'light')
  })
}

refusals('source over the budget of its scope', () => {
  const big = `.a{color:red}/*${'x'.repeat(CUSTOM_CSS_MAX_SOURCE_BYTES.survey)}*/`
  const survey = processCustomCss({ light: big, dark: null }, 'survey')
  assert.is(!survey.ok && survey.errors[0]?.code, 'source_too_large')
  assert.ok(processCustomCss({ light: big, dark: null }, 'workspace').ok)
  // Bytes, not characters: light and dark together.
  const wide = 'é'.repeat(CUSTOM_CSS_MAX_SOURCE_BYTES.workspace / 4 + 1)
  const both = processCustomCss({ light: `/*${wide}*/`, dark: `/*${wide}*/` }, 'workspace')
  assert.is(!both.ok && both.errors[0]?.code, 'source_too_large')
})

refusals('blank fields are no CSS', () => {
  assert.is(normalizeCustomCss({ light: '  ', dark: null }), null)
  assert.equal(normalizeCustomCss({ light: '.a{}', dark: '\n' }), { light: '.a{}', dark: null })
})

refusals.run()
