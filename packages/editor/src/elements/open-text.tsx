import type { Json, Path } from '../doc'
import { getIn, readableId } from '../doc'
import { fieldId, useEditor } from '../ui/context'
import { CheckboxField, LocalizedTextField, NumberField, SelectField, TextField } from '../ui/fields'

/** Free text: placeholder, input type, long answer, character limit and validation rules. */
export function OpenTextForm({ path }: { path: Path }) {
  const { doc, texts } = useEditor()
  const limited = getIn(doc, [...path, 'charLimit', 'enabled']) === true
  return (
    <>
      <LocalizedTextField path={[...path, 'placeholder']} label={texts.placeholder} />
      <SelectField
        path={[...path, 'inputType']}
        label={texts.inputType}
        defaultValue="text"
        options={[
          { value: 'text', label: texts.inputText },
          { value: 'email', label: texts.inputEmail },
          { value: 'url', label: texts.inputUrl },
          { value: 'number', label: texts.inputNumber },
          { value: 'phone', label: texts.inputPhone },
        ]}
      />
      <CheckboxField path={[...path, 'longAnswer']} label={texts.longAnswer} />
      <CheckboxField path={[...path, 'charLimit', 'enabled']} label={texts.charLimit} />
      {limited && (
        <>
          <NumberField path={[...path, 'charLimit', 'min']} label={texts.minChars} />
          <NumberField path={[...path, 'charLimit', 'max']} label={texts.maxChars} />
        </>
      )}
      <ValidationRules path={path} />
    </>
  )
}

/** The rule kinds the editor offers (domain/responses/element-validation.ts knows more: those stay as they are). */
const RULES = {
  minLength: { param: 'min', numeric: true },
  maxLength: { param: 'max', numeric: true },
  pattern: { param: 'pattern', numeric: false },
} as const

/**
 * An element's `validation.rules` (the reference's rules, checked by v3 response writes): minimum and maximum
 * length and a pattern can be added and edited; a rule of another kind is listed and kept as it is.
 */
export function ValidationRules({ path }: { path: Path }) {
  const { doc, texts, set, focusLater } = useEditor()
  const validationPath = [...path, 'validation']
  const rules = (getIn(doc, [...validationPath, 'rules']) as Json[] | undefined) ?? []
  const rulesPath = [...validationPath, 'rules']
  const add = (type: keyof typeof RULES) => {
    const id = readableId(
      type,
      rules.map((rule) => String(rule.id)),
    )
    const params = RULES[type].numeric ? { [RULES[type].param]: type === 'minLength' ? 1 : 100 } : { pattern: '' }
    const validation = (getIn(doc, validationPath) as Json | undefined) ?? { logic: 'and' }
    set(validationPath, { ...validation, rules: [...rules, { id, type, params }] })
    focusLater(fieldId([...rulesPath, rules.length, 'params', RULES[type].param]))
  }
  const label = (type: string) =>
    type === 'minLength'
      ? texts.ruleMinLength
      : type === 'maxLength'
        ? texts.ruleMaxLength
        : type === 'pattern'
          ? texts.rulePattern
          : undefined
  return (
    <fieldset class="cse-subsection">
      <legend>{texts.validationRules}</legend>
      {rules.length > 1 && (
        <SelectField
          path={[...validationPath, 'logic']}
          label={texts.ruleLogic}
          defaultValue="and"
          options={[
            { value: 'and', label: texts.ruleAnd },
            { value: 'or', label: texts.ruleOr },
          ]}
        />
      )}
      <ul class="cse-rules">
        {rules.map((rule, index) => {
          const type = String(rule.type)
          const known = type in RULES
          const rulePath = [...rulesPath, index]
          return (
            <li key={index}>
              {known ? (
                RULES[type as keyof typeof RULES].numeric ? (
                  <NumberField path={[...rulePath, 'params', RULES[type as keyof typeof RULES].param]} label={label(type) ?? type} />
                ) : (
                  <TextField path={[...rulePath, 'params', 'pattern']} label={label(type) ?? type} />
                )
              ) : (
                <span>
                  {texts.ruleOther}: <code>{type}</code>
                </span>
              )}
              <button
                type="button"
                aria-label={`${texts.removeRule}: ${label(type) ?? type}`}
                onClick={() => {
                  const rest = rules.filter((_, at) => at !== index)
                  set(validationPath, rest.length ? { ...((getIn(doc, validationPath) as Json) ?? {}), rules: rest } : undefined)
                  focusLater(fieldId(validationPath, 'add-min'))
                }}
              >
                {texts.removeRule}
              </button>
            </li>
          )
        })}
      </ul>
      <div class="cse-row-buttons">
        <button type="button" id={fieldId(validationPath, 'add-min')} onClick={() => add('minLength')}>
          {texts.addMinLength}
        </button>
        <button type="button" onClick={() => add('maxLength')}>
          {texts.addMaxLength}
        </button>
        <button type="button" onClick={() => add('pattern')}>
          {texts.addPattern}
        </button>
      </div>
    </fieldset>
  )
}
