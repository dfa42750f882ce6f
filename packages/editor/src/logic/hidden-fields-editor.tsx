/**
 * The survey's hidden fields: whether they are used, and their ids (values a link or the SDK passes in,
 * stored with the response under the id). A new id is checked before it is added, by the server's rules (no
 * spaces, letters, digits, `-` and `_` only, not reserved, not an element's id, not listed yet); an id the
 * logic reads is not removed, its uses are listed instead.
 */
import { useState } from 'preact/hooks'
import { FOCUS_ATTRIBUTE, neighbourKey, useFocusAfterRender } from './focus'
import { blockLabel, fill } from './labels'
import { usesOf } from './model'
import { hiddenFieldIdProblem, hiddenFieldsOf } from './survey-settings'
import type { SurveyDocument, HiddenFields, LogicTexts } from './types'

export interface HiddenFieldsEditorProps {
  survey: SurveyDocument
  texts: LogicTexts
  onChange(hiddenFields: HiddenFields): void
}

export function HiddenFieldsEditor(props: HiddenFieldsEditorProps) {
  const { survey, texts, onChange } = props
  const hidden = hiddenFieldsOf(survey)
  const ids = hidden.fieldIds ?? []
  const [root, focusLater] = useFocusAfterRender<HTMLElement>()
  const [draft, setDraft] = useState('')
  const [message, setMessage] = useState<string | undefined>()
  const keys = ids.map((id) => `hidden:${id}`)
  const add = () => {
    const id = draft.trim()
    const problem = hiddenFieldIdProblem(survey, id)
    if (problem) {
      setMessage(fill(texts[problem], { id }))
      return
    }
    setMessage(undefined)
    setDraft('')
    focusLater('new-hidden-field')
    onChange({ ...hidden, fieldIds: [...ids, id] })
  }
  return (
    <section class="cse-logic" ref={root} aria-label={texts.hiddenFieldsHeading}>
      <label class="cse-logic-check">
        <input
          type="checkbox"
          checked={hidden.enabled}
          onChange={(event) => onChange({ ...hidden, enabled: event.currentTarget.checked })}
        />
        <span>{texts.hiddenFieldsEnabled}</span>
      </label>
      {ids.length === 0 ? (
        <p class="cse-logic-note">{texts.noHiddenFields}</p>
      ) : (
        <ul class="cse-logic-list" aria-label={texts.hiddenFieldsHeading}>
          {ids.map((id, index) => (
            <li key={id} class="cse-logic-row">
              <code>{id}</code>
              <button
                type="button"
                class="cse-logic-remove"
                {...{ [FOCUS_ATTRIBUTE]: keys[index] }}
                onClick={() => {
                  const uses = usesOf(survey, 'hiddenField', id)
                  if (uses.length > 0) {
                    const places = uses.map((use) => {
                      const block = survey.blocks?.find((item) => item.id === use.blockId)
                      return fill(texts.usePlace, { block: block ? blockLabel(block, survey, texts) : use.blockId, rule: use.rule })
                    })
                    setMessage(fill(texts.hiddenFieldInUse, { id, places: places.join(', ') }))
                    return
                  }
                  setMessage(undefined)
                  focusLater(neighbourKey(keys, index, 'new-hidden-field'))
                  onChange({ ...hidden, fieldIds: ids.filter((item) => item !== id) })
                }}
              >
                {fill(texts.removeHiddenField, { id })}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div class="cse-logic-row">
        <label class="cse-logic-field">
          <span>{texts.newHiddenField}</span>
          <input
            type="text"
            {...{ [FOCUS_ATTRIBUTE]: 'new-hidden-field' }}
            value={draft}
            aria-invalid={message ? 'true' : undefined}
            aria-describedby={message ? 'cse-logic-hidden-message' : undefined}
            onInput={(event) => setDraft(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return
              // Enter adds the id, as the button does, and does not submit a form the editor may sit in.
              event.preventDefault()
              add()
            }}
          />
        </label>
        <button type="button" class="cse-logic-add" onClick={add}>
          {texts.addHiddenField}
        </button>
      </div>
      {message && (
        <p id="cse-logic-hidden-message" class="cse-logic-error" role="alert">
          {message}
        </p>
      )}
    </section>
  )
}
