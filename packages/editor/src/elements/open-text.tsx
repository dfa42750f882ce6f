import { readableId } from '../doc'
import type { ElementAt } from '../doc-field'
import { elementField, itemField, subField } from '../doc-field'
import { fieldId, useEditor } from '../ui/context'
import { CheckboxField, LocalizedTextField, NumberField, SelectField, TextField } from '../ui/fields'

/** Free text: placeholder, input type, long answer, character limit and validation rules. */
export function OpenTextForm({ at }: { at: ElementAt }) {
  const { doc, texts } = useEditor()
  const charLimit = elementField(at, 'charLimit')
  const limited = charLimit.get(doc)?.enabled === true
  return (
    <>
      <LocalizedTextField field={elementField(at, 'placeholder')} label={texts.placeholder} />
      <SelectField
        field={elementField(at, 'inputType')}
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
      <CheckboxField field={elementField(at, 'longAnswer')} label={texts.longAnswer} />
      <CheckboxField field={subField(charLimit, 'enabled', {})} label={texts.charLimit} />
      {limited && (
        <>
          <NumberField field={subField(charLimit, 'min', {})} label={texts.minChars} />
          <NumberField field={subField(charLimit, 'max', {})} label={texts.maxChars} />
        </>
      )}
      <ValidationRules at={at} />
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
export function ValidationRules({ at }: { at: ElementAt }) {
  const { doc, texts, write, focusLater } = useEditor()
  const validation = elementField(at, 'validation')
  const validationPath = validation.path
  const rulesField = subField(validation, 'rules', {})
  const rules = rulesField.get(doc) ?? []
  const rulesPath = rulesField.path
  const add = (type: keyof typeof RULES) => {
    const id = readableId(
      type,
      rules.map((rule) => String(rule.id)),
    )
    const params = RULES[type].numeric ? { [RULES[type].param]: type === 'minLength' ? 1 : 100 } : { pattern: '' }
    write(validation, { ...(validation.get(doc) ?? { logic: 'and' }), rules: [...rules, { id, type, params }] })
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
          field={subField(validation, 'logic', {})}
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
          const params = subField(itemField(rulesField, index), 'params')
          return (
            <li key={index}>
              {known ? (
                RULES[type as keyof typeof RULES].numeric ? (
                  <NumberField field={subField(params, RULES[type as 'minLength' | 'maxLength'].param, {})} label={label(type) ?? type} />
                ) : (
                  <TextField field={subField(params, 'pattern', {})} label={label(type) ?? type} />
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
                  write(validation, rest.length ? { ...(validation.get(doc) ?? {}), rules: rest } : undefined)
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
