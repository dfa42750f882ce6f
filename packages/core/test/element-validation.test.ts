/** An answer checked against its element (`domain/responses/element-validation.ts`) and the linear-time patterns it runs. */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { PATTERN_STEPS_PER_WRITE, answerProblems, patternBudget } from '../src/domain/responses/element-validation'
import { MAX_PATTERN_PROGRAM, compileSafePattern } from '../src/domain/responses/safe-pattern'

const check = (element: Record<string, unknown>, value: unknown) =>
  answerProblems({ id: 'q', ...element }, value, { environmentId: 'env1', patternSteps: patternBudget() })
const rule = (type: string, params: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  id: `r-${type}`,
  type,
  params,
  ...extra,
})
const openText = (rules: unknown[], logic?: 'and' | 'or', extra: Record<string, unknown> = {}) => ({
  type: 'openText',
  validation: { rules, ...(logic ? { logic } : {}) },
  ...extra,
})

const rules = suite('element validation rules')

rules('a text rule that fails is one entry naming the element and the rule', () => {
  const problems = check(openText([rule('minLength', { min: 5 })]), 'abc')
  assert.equal(problems.length, 1)
  assert.equal(problems[0]?.name, 'data.q')
  assert.equal(problems[0]?.identifier, 'r-minLength')
  assert.match(problems[0]?.reason ?? '', /at least 5/)
  assert.equal(check(openText([rule('minLength', { min: 5 })]), 'abcdef'), [])
})

rules('and: every failing rule is its own entry; or: one holding rule is enough', () => {
  const both = [rule('minLength', { min: 10 }), rule('contains', { value: 'x' })]
  assert.equal(check(openText(both), 'abc').length, 2)
  assert.equal(check(openText(both, 'or'), 'abcx'), [])
  assert.equal(check(openText(both, 'or'), 'abc').length, 2)
})

rules('each text rule type', () => {
  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['maxLength', { max: 3 }, 'abc', 'abcd'],
    ['isLongerThan', { min: 3 }, 'abcd', 'abc'],
    ['isShorterThan', { max: 3 }, 'ab', 'abc'],
    ['equals', { value: 'yes' }, 'yes', 'no'],
    ['doesNotEqual', { value: 'no' }, 'yes', 'no'],
    ['contains', { value: '@' }, 'a@b', 'ab'],
    ['doesNotContain', { value: '@' }, 'ab', 'a@b'],
    ['email', {}, 'a.b@example.org', 'a@b'],
    ['url', {}, 'https://example.org/x', 'not a url'],
    ['phone', {}, '+49 30 1234-567', '12a45'],
    ['minValue', { min: 3 }, '3', '2.5'],
    ['maxValue', { max: 3 }, '3', '4'],
    ['isGreaterThan', { min: 3 }, '4', '3'],
    ['isLessThan', { max: 3 }, '2', '3'],
    ['pattern', { pattern: '^[A-Z]{2}\\d+$' }, 'AB12', 'ab12'],
    ['pattern', { pattern: '^[a-z]+$', flags: 'i' }, 'AbC', 'Ab1'],
  ]
  for (const [type, params, good, bad] of cases) {
    assert.equal(check(openText([rule(type, params)]), good), [], `${type} accepts ${good}`)
    assert.equal(check(openText([rule(type, params)]), bad).length, 1, `${type} refuses ${bad}`)
  }
})

rules('date, selection, ranking, matrix and file extension rules', () => {
  const date = { type: 'date' }
  assert.equal(check({ ...date, validation: { rules: [rule('isLaterThan', { date: '2026-01-01' })] } }, '2025-12-31').length, 1)
  assert.equal(check({ ...date, validation: { rules: [rule('isEarlierThan', { date: '2026-01-01' })] } }, '2025-12-31'), [])
  const between = rule('isBetween', { startDate: '2026-01-01', endDate: '2026-02-01' })
  assert.equal(check({ ...date, validation: { rules: [between] } }, '2026-01-15'), [])
  assert.equal(check({ ...date, validation: { rules: [between] } }, '2026-03-01').length, 1)
  const notBetween = rule('isNotBetween', { startDate: '2026-01-01', endDate: '2026-02-01' })
  assert.equal(check({ ...date, validation: { rules: [notBetween] } }, '2026-01-15').length, 1)

  const multi = (r: unknown) => ({ type: 'multipleChoiceMulti', validation: { rules: [r] } })
  assert.equal(check(multi(rule('minSelections', { min: 2 })), ['A']).length, 1)
  // The "other" marker and its text are one selection.
  assert.equal(check(multi(rule('minSelections', { min: 2 })), ['A', '', 'mine']), [])
  assert.equal(check(multi(rule('maxSelections', { max: 1 })), ['A', 'B']).length, 1)

  const ranking = (r: unknown) => ({ type: 'ranking', choices: [{ id: 'a' }, { id: 'b' }, { id: 'c' }], validation: { rules: [r] } })
  assert.equal(check(ranking(rule('rankAll')), ['a', 'b']).length, 1)
  assert.equal(check(ranking(rule('rankAll')), ['a', 'b', 'c']), [])
  assert.equal(check(ranking(rule('minRanked', { min: 2 })), ['a']).length, 1)

  const matrix = (r: unknown) => ({ type: 'matrix', rows: [{ id: 'r1' }, { id: 'r2' }], validation: { rules: [r] } })
  assert.equal(check(matrix(rule('answerAllRows')), { Speed: 'Good' }).length, 1)
  assert.equal(check(matrix(rule('answerAllRows')), { Speed: 'Good', Price: 'Bad' }), [])
  assert.equal(check(matrix(rule('minRowsAnswered', { min: 2 })), { Speed: 'Good', Price: '' }).length, 1)

  const files = (r: unknown) => ({ type: 'fileUpload', validation: { rules: [r] } })
  const url = (name: string) => `https://x.test/storage/env1/private/${name}`
  assert.equal(check(files(rule('fileExtensionIs', { extensions: ['pdf'] })), [url('a.pdf')]), [])
  assert.equal(check(files(rule('fileExtensionIs', { extensions: ['.pdf'] })), [url('a.png')]).length, 1)
  assert.equal(check(files(rule('fileExtensionIsNot', { extensions: ['exe'] })), [url('a.EXE')]).length, 1)
})

rules('address and contact info rules read the input they name', () => {
  const address = { type: 'address', validation: { rules: [rule('pattern', { pattern: '^\\d{5}$' }, { field: 'zip' })] } }
  assert.equal(check(address, ['Main St 1', '', 'Berlin', '', '10115', 'DE']), [])
  assert.equal(check(address, ['Main St 1', '', 'Berlin', '', '1011', 'DE']).length, 1)
})

rules('unknown rule types and unusable params are skipped', () => {
  assert.equal(check(openText([rule('fileSizeAtMost', { size: 1 }), rule('minLength', { min: 'x' }), { type: 'minLength' }]), 'a'), [])
  // With "or", a skipped rule does not count as holding.
  assert.equal(check(openText([rule('nonsense'), rule('minLength', { min: 5 })], 'or'), 'a').length, 1)
})

rules('an empty answer is not checked by the rules; a required element refuses it', () => {
  assert.equal(check(openText([rule('minLength', { min: 5 })]), ''), [])
  const required = check({ ...openText([]), required: true }, '')
  assert.equal(required.length, 1)
  assert.equal(required[0]?.code, 'missing_required_field')
  assert.equal(check({ type: 'matrix', required: true, rows: [] }, { Speed: '' })[0]?.code, 'missing_required_field')
  assert.equal(check({ type: 'cta', required: true }, ''), [])
  assert.equal(check({ ...openText([]), required: false }, ''), [])
})

const widget = suite('open text input types, character limits and contact info, as the widget checks them')

widget('input types', () => {
  const typed = (inputType: string) => ({ type: 'openText', inputType })
  assert.equal(check(typed('email'), 'a@b.co'), [])
  assert.equal(check(typed('email'), 'a@b').length, 1)
  assert.equal(check(typed('url'), 'https://example.org'), [])
  assert.equal(check(typed('url'), 'ftp://example.org').length, 1)
  assert.equal(check(typed('phone'), '+1 (555) 123-4567'), [])
  assert.equal(check(typed('phone'), '12345').length, 1)
  assert.equal(check(typed('number'), ' 42.5 '), [])
  assert.equal(check(typed('number'), '4x').length, 1)
  assert.equal(check(typed('number'), 42), [])
  assert.equal(check(typed('email'), 'a@b')[0]?.identifier, 'inputType')
  // An email rule of the element says it once, not twice.
  assert.equal(check({ ...typed('email'), validation: { rules: [rule('email')] } }, 'a@b').length, 1)
})

widget('character limits count code points of the trimmed text, only when enabled', () => {
  const limited = (charLimit: Record<string, unknown>) => ({ type: 'openText', charLimit })
  assert.equal(check(limited({ enabled: true, min: 2, max: 4 }), ' ab '), [])
  assert.equal(check(limited({ enabled: true, min: 2, max: 4 }), 'a')[0]?.identifier, 'charLimit')
  assert.equal(check(limited({ enabled: true, max: 2 }), '😀😀'), [])
  assert.equal(check(limited({ enabled: true, max: 2 }), 'abc').length, 1)
  assert.equal(check(limited({ enabled: false, max: 2 }), 'abc'), [])
})

widget('contact info: a shown email or phone, when filled, is valid', () => {
  const element = { type: 'contactInfo', email: { show: true }, phone: { show: true } }
  assert.equal(check(element, ['Ada', 'L', 'ada@example.org', '+44 20 7946 0000', '']), [])
  assert.equal(check(element, ['Ada', 'L', 'ada@', '', '']).length, 1)
  assert.equal(check(element, ['Ada', 'L', '', '12', '']).length, 1)
  assert.equal(check({ ...element, email: { show: false } }, ['Ada', 'L', 'ada@', '', '']), [])
})

const uploads = suite('file upload URLs')

uploads("each URL names a file of this environment's storage with an allowed extension", () => {
  const element = { type: 'fileUpload', allowedFileExtensions: ['pdf', 'png'] }
  assert.equal(check(element, ['https://a.test/storage/env1/private/f--fid--1.pdf', '/storage/env1/public/x.PNG']), [])
  const problems = check(element, [
    'https://a.test/storage/env2/private/f.pdf',
    'https://evil.test/f.pdf',
    'https://a.test/storage/env1/private/f.exe',
  ])
  assert.equal(
    problems.map((p) => p.name),
    ['data.q.0', 'data.q.1', 'data.q.2'],
  )
  assert.equal(problems[0]?.code, 'invalid_reference')
  assert.equal(check({ type: 'fileUpload' }, ['https://a.test/storage/env1/private/f.exe']), [])
})

const patterns = suite('safe patterns')

patterns('answers as RegExp does on ordinary patterns', () => {
  const samples: Array<[string, string, string[]]> = [
    ['^\\d{3}-\\d{2}$', '', ['123-45', '123-456', 'x123-45']],
    ['colou?r', '', ['color', 'colour', 'colr', 'the colour red']],
    ['^(?:foo|bar)+$', '', ['foobar', 'foobaz', '']],
    ['^[^@\\s]+@[\\w.-]+\\.[a-z]{2,}$', 'i', ['a@b.CO', 'a b@c.de', 'x@y']],
    ['\\bcat\\b', '', ['a cat sat', 'concat', 'cat']],
    ['^a.c$', '', ['abc', 'a\nc']],
    ['^a.c$', 's', ['a\nc']],
    ['^b$', 'm', ['a\nb\nc', 'abc']],
    ['[\\]\\-a-c]+', '', ['-]', 'd']],
    ['\\u0041\\x42{2}', '', ['ABB', 'AB']],
    ['a{2,}', '', ['a', 'aa']],
    ['x{,2}', '', ['x{,2}', 'xx']],
    ['(?<year>\\d{4})-\\d\\d', '', ['2026-11', '26-11']],
    ['[]', '', ['a']],
    ['[^]', '', ['a', '']],
    ['abc', 'y', ['abc', 'xabc']],
  ]
  for (const [source, flags, texts] of samples) {
    const compiled = compileSafePattern(source, flags)
    assert.ok(compiled.ok, `${source} compiles`)
    if (!compiled.ok) continue
    for (const text of texts)
      assert.is(compiled.test(text), new RegExp(source, flags).test(text), `/${source}/${flags} on ${JSON.stringify(text)}`)
  }
})

patterns('answers as RegExp does on random texts (a differential check)', () => {
  const sources: Array<[string, string]> = [
    ['^a*b?$', ''],
    ['(ab|a)(c|bcd)?', ''],
    ['^[a-c]{2,3}(-\\d)?$', ''],
    ['\\b\\w+@\\w+\\.\\w{2,}\\b', ''],
    ['^(?:[ab]|\\.)+$', 'i'],
    ['^\\s*\\d+(?:\\.\\d+)?\\s*$', ''],
    ['a.b', 's'],
    ['^b|c$', 'm'],
    ['(?:a{2}|b{1,2}){2,}', ''],
    ['[^ab\\s]+', ''],
    ['\\Bb\\B', ''],
    ['^$', ''],
    ['A', 'i'],
    ['[A-C]+1', 'i'],
  ]
  let seed = 7
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed / 2147483648
  }
  const alphabet = 'abcAB1 -.@\n'
  for (const [source, flags] of sources) {
    const compiled = compileSafePattern(source, flags)
    assert.ok(compiled.ok, source)
    if (!compiled.ok) continue
    const native = new RegExp(source, flags)
    for (let i = 0; i < 300; i++) {
      const length = Math.floor(random() * 9)
      let text = ''
      for (let j = 0; j < length; j++) text += alphabet[Math.floor(random() * alphabet.length)]
      assert.is(compiled.test(text), native.test(text), `/${source}/${flags} on ${JSON.stringify(text)}`)
    }
  }
})

patterns('patterns that backtrack catastrophically in RegExp run in linear time', () => {
  const hostile = ['^(a+)+$', '^(a|a)*$', '^(a|aa)+$', 'a*a*a*a*a*a*a*a*b', '^(\\w+\\s?)*$']
  const text = `${'a'.repeat(4096)}!`
  for (const source of hostile) {
    const compiled = compileSafePattern(source)
    assert.ok(compiled.ok, source)
    if (!compiled.ok) continue
    const started = performance.now()
    assert.is(compiled.test(text), false)
    assert.ok(performance.now() - started < 2000, `${source} took ${performance.now() - started} ms`)
  }
})

patterns('invalid, unsupported and too large patterns are told apart', () => {
  const reason = (source: string, flags = '') => {
    const compiled = compileSafePattern(source, flags)
    return compiled.ok ? 'ok' : compiled.reason
  }
  assert.is(reason('(a'), 'invalid')
  assert.is(reason('a', 'q'), 'invalid')
  assert.is(reason('(a)\\1'), 'unsupported')
  assert.is(reason('a(?=b)'), 'unsupported')
  assert.is(reason('(?<!a)b'), 'unsupported')
  assert.is(reason('\\p{L}', 'u'), 'unsupported')
  assert.is(reason('a{1001}'), 'too_large')
  assert.is(reason(`(?:${'a{100}'.repeat(MAX_PATTERN_PROGRAM / 100 + 1)})`), 'too_large')
})

patterns("one write's pattern steps are bounded: a rule past the budget fails", () => {
  const steps = patternBudget()
  const element = { id: 'q', ...openText([rule('pattern', { pattern: '(?:a|b){400}' })]) }
  const text = 'ab'.repeat(2000)
  let refused = 0
  for (let i = 0; i < 20; i++) refused += answerProblems(element, text, { environmentId: 'env1', patternSteps: steps }).length
  assert.ok(refused > 0 && refused < 20, `${refused} of 20 refused`)
  assert.ok(steps.left >= 0 && steps.left < PATTERN_STEPS_PER_WRITE)
})

patterns('a pattern rule: invalid holds, unsupported is not checked, an over-long answer fails', () => {
  assert.equal(check(openText([rule('pattern', { pattern: '(' })]), 'x'), [])
  assert.equal(check(openText([rule('pattern', { pattern: '(a)\\1' })]), 'x'), [])
  assert.equal(check(openText([rule('pattern', { pattern: '^a+$' })]), 'a'.repeat(5000)).length, 1)
  assert.equal(check(openText([rule('pattern', { pattern: `${'a'.repeat(600)}` })]), 'a').length, 1)
})

rules.run()
widget.run()
uploads.run()
patterns.run()
