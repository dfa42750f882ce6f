/**
 * Converters from other tools (docs/moving-in.md): each fixture, written from the tool's public documentation,
 * converts as its expected report says (what became which element, what was left out and why), its document
 * passes Canvass's own v3 create validation, and hostile files are refused by name or neutralised.
 */
import { readFileSync } from 'node:fs'
import { suiteWithBed } from '@canvass/test-bed'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { SurveyConversion } from '../src/convert/conversion'
import { CONVERT_LIMITS } from '../src/convert/json-bounds'
import { convertSurveyFile, detectSurveyKind } from '../src/convert/convert-survey-file'
import { convertTypeform } from '../src/convert/typeform'
import { plainText } from '../src/convert/plain-text'

const fixture = (name: string) => readFileSync(new URL(`./fixtures/convert/${name}`, import.meta.url))
const convert = (name: string) => convertSurveyFile(fixture(name), { fileName: name })
const mappedOf = (result: SurveyConversion) =>
  result.mapped.map(({ sourceRef, elementId, type }) => `${sourceRef} -> ${elementId}: ${type}`)
const skippedOf = (result: SurveyConversion) => result.skipped.map(({ sourceRef, type, reason }) => `${sourceRef} (${type}): ${reason}`)
const codesOf = (result: SurveyConversion) =>
  result.report.issues.map(({ severity, code, sourceRef }) => `${severity} ${code} ${sourceRef ?? '-'}`)
const elements = (result: SurveyConversion) => result.document?.blocks.flatMap((block) => block.elements) ?? []
const element = (result: SurveyConversion, id: string) => elements(result).find((item) => item.id === id) as Record<string, unknown>

const qualtrics = suite('convert: Qualtrics .qsf')

qualtrics('every question type the converter claims becomes its element; the rest is reported with why', () => {
  const result = convert('qualtrics.qsf')
  assert.equal(result.source, { lane: 'structured', kind: 'qsf', fileName: 'qualtrics.qsf' })
  assert.equal(mappedOf(result), [
    'QID1 -> plan_q: multipleChoiceSingle',
    'QID2 -> Q2: multipleChoiceMulti',
    'QID3 -> Q3: multipleChoiceSingle',
    'QID4 -> Q4: openText',
    'QID5 -> Q5: openText',
    'QID6 -> Q6: date',
    'QID8 -> Q8: cta',
    'QID9 -> Q9: nps',
    'QID10 -> Q10: matrix',
    'QID11 -> Q11: ranking',
    'QID12 -> Q12: rating',
    'QID14 -> Q14: fileUpload',
  ])
  assert.equal(skippedOf(result), [
    'QID7 (TE/FORM): Canvass has no element of several free text boxes',
    'QID13 (Slider/HSLIDER): a scale of 101 points has no Canvass element',
    'QID15 (CS/VRTL): Canvass has no constant sum element',
    'QID16 (Draw/Signature): Canvass has no signature element',
  ])
  assert.equal(codesOf(result), [
    // `source` is a name Canvass keeps for its own data; `plan` is taken.
    'warning hidden_field_skipped FL_2',
    'warning logic_not_imported FL_4',
    'warning logic_not_imported QID2',
    'warning piping_not_imported QID4',
    'warning translations_not_imported QID5',
    'warning element_skipped QID7',
    'warning logic_not_imported QID9',
    'warning element_skipped QID13',
    'warning element_skipped QID15',
    'warning element_skipped QID16',
    'info unplaced_questions -',
  ])
  assert.equal(result.report.summary, {
    blocks: 3,
    elements: 12,
    endings: 0,
    languages: ['en-US'],
    logicRules: 0,
    logicRulesReported: 3,
    hiddenFields: 1,
  })
})

qualtrics('blocks follow the flow and split at page breaks; labels are plain text; choices keep their order and other', () => {
  const result = convert('qualtrics.qsf')
  const document = result.document
  assert.ok(document)
  assert.is(document.name, 'Customer feedback 2026')
  assert.equal(
    document.blocks.map((block) => block.name),
    ['About you', 'About you (2)', 'Ratings'],
  )
  assert.equal(document.hiddenFields, { enabled: true, fieldIds: ['plan'] })
  const plan = element(result, 'plan_q')
  assert.equal(plan.headline, { 'en-US': 'Which plan are you on?' })
  assert.is(plan.required, true)
  assert.equal(plan.choices, [
    { id: '1', label: { 'en-US': 'Free' } },
    { id: '2', label: { 'en-US': 'Pro' } },
    { id: 'other', label: { 'en-US': 'Something else' } },
  ])
  assert.equal(
    (element(result, 'Q2').choices as Array<{ id: string }>).map((choice) => choice.id),
    ['3', '1', '2'],
  )
  assert.is(element(result, 'Q2').shuffleOption, 'all')
  assert.is(element(result, 'Q3').displayType, 'dropdown')
  assert.is(element(result, 'Q4').inputType, 'email')
  assert.equal(element(result, 'Q5').headline, { 'en-US': 'Tell us more' })
  assert.is(element(result, 'Q5').longAnswer, true)
  assert.equal(element(result, 'Q8').headline, { 'en-US': 'Now a few ratings.' })
  assert.equal([element(result, 'Q12').scale, element(result, 'Q12').range], ['star', 5])
  assert.is((element(result, 'Q10').rows as unknown[]).length, 2)
  assert.is((element(result, 'Q10').columns as unknown[]).length, 3)
})

const surveyJs = suite('convert: SurveyJS')

surveyJs('every question type the converter claims becomes its element; the rest is reported with why', () => {
  const result = convert('surveyjs.json')
  assert.equal(mappedOf(result), [
    'fullName -> fullName: openText',
    'email -> email: openText',
    'phone -> phone: openText',
    'site -> site: openText',
    'age -> age: openText',
    'birthday -> birthday: date',
    'color -> color: openText',
    'bio -> bio: openText',
    'subscribe -> subscribe: multipleChoiceSingle',
    'plan -> plan: multipleChoiceSingle',
    'features -> features: multipleChoiceMulti',
    'country -> country: multipleChoiceSingle',
    'tags -> tags: multipleChoiceMulti',
    'satisfaction -> satisfaction: rating',
    'recommend -> recommend: nps',
    'effort -> effort: multipleChoiceSingle',
    'priorities -> priorities: ranking',
    'quality -> quality: matrix',
    'animal -> animal: multipleChoiceSingle',
    'screenshot -> screenshot: fileUpload',
    'note -> note: cta',
  ])
  assert.equal(skippedOf(result), [
    'total (expression): it is calculated, not answered',
    'address (multipletext): Canvass has no element of several free text boxes',
    'grid (matrixdropdown): Canvass matrices take one choice per row, not a cell editor',
    'signature (signaturepad): Canvass has no signature element',
    'secret (text): a password is not an answer a survey should keep',
  ])
  assert.equal(codesOf(result), [
    'warning input_type_changed color',
    'warning piping_not_imported bio',
    'warning logic_not_imported contactPanel',
    'info panel_flattened contactPanel',
    'warning scale_as_choices effort',
    'warning images_not_imported animal',
    'warning element_skipped total',
    'warning element_skipped address',
    'warning element_skipped grid',
    'warning element_skipped signature',
    'warning element_skipped secret',
    'warning translations_not_imported page2',
    'warning logic_not_imported triggers',
    'info description_not_imported description',
  ])
  assert.equal(result.report.summary.blocks, 2)
  assert.equal(result.report.summary.logicRulesReported, 2)
})

surveyJs('input types, choices with other and none, scales, the completed page and plain-text HTML', () => {
  const result = convert('surveyjs.json')
  assert.equal(
    ['email', 'phone', 'site', 'age', 'color'].map((id) => element(result, id).inputType),
    ['email', 'phone', 'url', 'number', 'text'],
  )
  assert.equal(element(result, 'fullName').placeholder, { 'en-US': 'Jane Doe' })
  assert.equal(
    (element(result, 'plan').choices as Array<{ id: string; label: unknown }>).map((choice) => [choice.id, choice.label]),
    [
      ['Free', { 'en-US': 'Free' }],
      ['pro', { 'en-US': 'Pro' }],
      ['other', { 'en-US': 'Another plan' }],
    ],
  )
  assert.equal((element(result, 'features').choices as Array<{ id: string }>).at(-1)?.id, 'none')
  assert.equal(element(result, 'satisfaction').lowerLabel, { 'en-US': 'Not at all' })
  assert.is((element(result, 'effort').choices as unknown[]).length, 9)
  assert.is(element(result, 'quality').required, true)
  assert.is(element(result, 'screenshot').maxSizeInMB, 5)
  assert.equal(element(result, 'note').headline, { 'en-US': 'Almost done!' })
  assert.equal(result.document?.endings, [{ id: 'ending_1', type: 'endScreen', headline: { 'en-US': 'Thank you for your feedback' } }])
  assert.equal(result.document?.blocks[1]?.name, 'Your opinion')
})

const typeform = suite('convert: Typeform')

typeform('every field type the converter claims becomes its element; the rest is reported with why', () => {
  const result = convert('typeform.json')
  assert.equal(mappedOf(result), [
    'name_ref -> name_ref: openText',
    'story -> story: openText',
    'mail -> mail: openText',
    'tel -> tel: openText',
    'seats -> seats: openText',
    'homepage -> homepage: openText',
    'role -> role: multipleChoiceSingle',
    'tools -> tools: multipleChoiceMulti',
    'avatar -> avatar: multipleChoiceSingle',
    'country -> country: multipleChoiceSingle',
    'ease -> ease: rating',
    'stars -> stars: rating',
    'recommend -> recommend: nps',
    'again -> again: multipleChoiceSingle',
    // `start` is a name Canvass keeps for its own data.
    'start -> start_15: date',
    'intro -> intro: cta',
    'priorities -> priorities: ranking',
    'grid -> grid: matrix',
    'shot -> shot: fileUpload',
    'terms -> terms: consent',
    'contact -> contact: contactInfo',
    'where -> where: address',
    'about_team -> about_team: cta',
    'team_size -> team_size: openText',
    'team_name -> team_name: openText',
    'wide -> wide: multipleChoiceSingle',
  ])
  assert.equal(skippedOf(result), [
    'pay (payment): Canvass takes no payments',
    'meet (calendly): Canvass has no Calendly element (its Cal.com element needs a Cal.com user)',
  ])
  assert.equal(codesOf(result), [
    'warning images_not_imported avatar',
    'warning element_skipped pay',
    'warning element_skipped meet',
    'warning scale_as_choices wide',
    'warning logic_not_imported logic',
    'info variables_not_imported variables',
    'warning piping_not_imported thanks',
    'warning external_url_removed bad_redirect',
  ])
  assert.equal(result.report.summary, {
    blocks: 24,
    elements: 26,
    endings: 3,
    languages: ['en-US'],
    logicRules: 0,
    logicRulesReported: 1,
    hiddenFields: 2,
  })
})

typeform('screens, groups, scales, dates and field sets carry their settings', () => {
  const result = convert('typeform.json')
  const document = result.document
  assert.ok(document)
  assert.equal(document.welcomeCard, {
    enabled: true,
    headline: { 'en-US': 'Hi there!' },
    subheader: { 'en-US': 'It takes two minutes.' },
    buttonLabel: { 'en-US': 'Start' },
  })
  assert.equal(
    document.endings.map((ending) => [ending.type, ending.url ?? null]),
    [
      ['endScreen', null],
      ['redirectToUrl', 'https://example.com/done'],
      ['endScreen', null],
    ],
  )
  assert.equal(document.hiddenFields, { enabled: true, fieldIds: ['utm_source', 'user_id'] })
  assert.equal(
    document.blocks.find((block) => block.name === 'About your team')?.elements.map((item) => item.id),
    ['about_team', 'team_size', 'team_name'],
  )
  assert.equal([element(result, 'ease').scale, element(result, 'ease').range], ['number', 5])
  assert.equal(element(result, 'ease').upperLabel, { 'en-US': 'Easy' })
  assert.equal(element(result, 'start_15').format, 'd-M-y')
  // A statement's button is its page's next button.
  assert.equal(document.blocks.find((block) => block.elements[0]?.id === 'intro')?.buttonLabel, { 'en-US': 'Continue' })
  assert.equal(element(result, 'role').choices, [
    { id: 'dev', label: { 'en-US': 'Developer' } },
    { id: 'pm', label: { 'en-US': 'Product manager' } },
    { id: 'other', label: { 'en-US': 'Other' } },
  ])
  assert.equal(element(result, 'contact').firstName, { show: true, required: true, placeholder: { 'en-US': 'First name' } })
  assert.equal(element(result, 'contact').phone, { show: false, required: false, placeholder: { 'en-US': 'Phone' } })
  assert.equal((element(result, 'where').city as { show: boolean }).show, true)
  assert.equal((element(result, 'where').country as { show: boolean }).show, false)
  assert.is(element(result, 'terms').required, true)
  assert.equal(
    (element(result, 'wide').choices as Array<{ id: string }>).map((choice) => choice.id),
    ['0', '1', '2', '3', '4', '5', '6', '7'],
  )
})

const hostile = suite('convert: hostile files')

hostile('markup, scripts, entities that spell markup and control characters are removed from labels', () => {
  const result = convert('hostile-labels.surveyjs.json')
  assert.is(result.document?.name, 'Hostile survey')
  assert.equal(
    elements(result).map((item) => [item.id, (item.headline as Record<string, string>)['en-US']]),
    [
      // Reserved and prototype names become other ids.
      ['__proto___1', 'Name'],
      ['userId_2', 'is shown as text'],
      ['pick', 'Pick one'],
      // An unclosed script takes the rest of the label with it.
      ['unclosed', 'Before'],
    ],
  )
  assert.equal(element(result, 'pick').choices, [
    { id: 'a', label: { 'en-US': 'A' } },
    { id: 'c2', label: { 'en-US': 'Duplicate value' } },
  ])
  assert.equal(skippedOf(result), ['many (checkbox): it has 600 choices, more than 498'])
  assert.equal(codesOf(result), ['warning element_skipped many', 'warning external_url_removed navigateToUrl'])
  assert.equal(result.document?.endings, [])
  assert.not.match(JSON.stringify(result.document), /<|javascript:|onerror|onclick|cookie/i)
})

hostile('a Qualtrics file with prototype names, values of the wrong kind and repeated questions is read as data', () => {
  const result = convert('hostile-prototype.qsf')
  assert.is(result.document?.name, 'test')
  assert.equal(mappedOf(result), ['__proto__ -> constructor_1: multipleChoiceSingle'])
  assert.equal(element(result, 'constructor_1').choices, [
    { id: '__proto__', label: { 'en-US': 'Polluted' } },
    { id: 'constructor', label: { 'en-US': 'Other' } },
    { id: '2', label: { 'en-US': 'Choice 2' } },
  ])
  // A question listed twice in a block is placed once.
  assert.equal(skippedOf(result), ['QID2 (Matrix/Likert): it has no choices'])
  assert.is(({} as Record<string, unknown>).Display, undefined, 'no prototype was written')
})

hostile('plain text: entities, tags inside attributes, and long hostile inputs read to their end', () => {
  assert.is(plainText('a &lt; b &amp;&amp; c &gt; d'), 'a < b && c > d')
  assert.is(plainText('x &#x1F600; &#55296; &#99999999; &bogus;'), 'x \u{1F600} &#99999999; &bogus;')
  assert.is(plainText('<p title="a > b">Hi</p><br>there'), 'Hi there')
  assert.is(plainText('<!doctype html><?xml ?>x < y <img src=x onerror="alert(1)"'), 'x < y')
  assert.is(plainText('<!-- hidden --><b>Bold</b>'), 'Bold')
  assert.is(plainText('&amp;lt;b&amp;gt;'), '&lt;b&gt;')
  // Inputs that make a backtracking reader take quadratic time (the reader makes one pass: this test would take
  // minutes otherwise); each comes out as text or nothing, never as markup.
  assert.is(plainText('<script'.repeat(150_000)), '')
  assert.is(plainText('<a '.repeat(300_000)), '')
  assert.is(plainText('&lt;'.repeat(250_000)), '<'.repeat(250_000))
})

hostile('a file too deep, with a huge string, too large, empty, not JSON or of no known tool is refused by name', () => {
  const refusal = (result: SurveyConversion) => [result.document, result.report.issues.map(({ severity, code }) => `${severity} ${code}`)]
  assert.equal(refusal(convert('hostile-deep.typeform.json')), [null, ['error nesting_too_deep']])
  const deepText = `{"pages":${'['.repeat(100_000)}${']'.repeat(100_000)}}`
  assert.equal(refusal(convertSurveyFile(deepText)), [null, ['error nesting_too_deep']])
  const huge = JSON.stringify({ fields: [{ type: 'short_text', title: 'x'.repeat(CONVERT_LIMITS.stringChars + 1) }] })
  assert.equal(refusal(convertSurveyFile(huge)), [null, ['error string_too_long']])
  assert.equal(refusal(convertSurveyFile(new Uint8Array(CONVERT_LIMITS.fileBytes + 1))), [null, ['error file_too_large']])
  // Counted in UTF-8 bytes, not characters: six million three-byte characters are 18 MB.
  assert.equal(refusal(convertSurveyFile(`{"fields": [], "x": "${'€'.repeat(6_000_000)}"}`)), [null, ['error file_too_large']])
  assert.equal(refusal(convertSurveyFile('  ')), [null, ['error file_empty']])
  assert.equal(refusal(convertSurveyFile('{"fields": [')), [null, ['error invalid_json']])
  assert.equal(refusal(convertSurveyFile('{"questions": "no"}')), [null, ['error unsupported_source']])
  assert.equal(refusal(convertSurveyFile('[1, 2]')), [null, ['error unsupported_source']])
  assert.equal(refusal(convertSurveyFile('{"fields": []}')), [null, ['error no_elements']])
  const cyclic: Record<string, unknown> = { fields: [] }
  ;(cyclic.fields as unknown[]).push(cyclic)
  assert.equal(refusal(convertTypeform(cyclic)), [null, ['error nesting_too_deep']])
  assert.equal(convertSurveyFile('[]').source.kind, 'unknown')
})

hostile('more elements than a survey holds: the first 200 are kept, the rest reported one by one', () => {
  const fields = Array.from({ length: 205 }, (_, index) => ({ ref: `q${index}`, type: 'short_text', title: `Question ${index}` }))
  const result = convertTypeform({ title: 'Long', fields })
  assert.is(result.report.summary.elements, 200)
  assert.equal(
    result.skipped.map((item) => item.sourceRef),
    ['q200', 'q201', 'q202', 'q203', 'q204'],
  )
  const tooMany = convertTypeform({ fields: Array.from({ length: CONVERT_LIMITS.sourceItems + 1 }, () => ({ type: 'short_text' })) })
  assert.equal(
    tooMany.report.issues.map((issue) => issue.code),
    ['too_many_elements'],
  )
  const longLabel = convertTypeform({ fields: [{ ref: 'long', type: 'short_text', title: 'y'.repeat(20_000) }] })
  assert.is((elements(longLabel)[0]?.headline as Record<string, string>)['en-US']?.length, 10_000)
  assert.equal(
    longLabel.report.issues.map((issue) => issue.code),
    ['text_truncated'],
  )
})

hostile('the tool is told by content', () => {
  assert.is(detectSurveyKind(JSON.parse(fixture('qualtrics.qsf').toString())), 'qsf')
  assert.is(detectSurveyKind(JSON.parse(fixture('surveyjs.json').toString())), 'surveyjs')
  assert.is(detectSurveyKind(JSON.parse(fixture('typeform.json').toString())), 'typeform')
  assert.is(detectSurveyKind({ elements: [] }), 'surveyjs')
  assert.is(detectSurveyKind('text'), undefined)
})

const validation = suiteWithBed('convert: documents pass the v3 create validation')

validation.test("each fixture's document is valid for POST /api/v3/surveys, and one is created as it is", async () => {
  const bed = validation.bed()
  for (const name of ['qualtrics.qsf', 'surveyjs.json', 'typeform.json', 'hostile-labels.surveyjs.json', 'hostile-prototype.qsf']) {
    const { document } = convert(name)
    const data = { workspaceId: bed.projectId, ...document }
    const answer = await bed.call('POST', '/api/v3/surveys/validate', { key: bed.keyA, body: { operation: 'create', data } })
    assert.is(answer.status, 200, answer.text)
    assert.equal(answer.body.data.invalid_params, [], `${name}: ${answer.text}`)
    assert.is(answer.body.data.valid, true, name)
  }
  const created = await bed.call('POST', '/api/v3/surveys', {
    key: bed.keyA,
    body: { workspaceId: bed.projectId, ...convert('typeform.json').document },
  })
  assert.is(created.status, 201, created.text)
  assert.is(created.body.data.blocks.length, 24)
})

qualtrics.run()
surveyJs.run()
typeform.run()
hostile.run()
validation.test.run()
