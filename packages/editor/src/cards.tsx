import { readableId, usedIds } from './doc'
import { itemField, subField, surveyField } from './doc-field'
import { fieldId, useEditor } from './ui/context'
import { CheckboxField, LocalizedTextField, Section, TextField } from './ui/fields'

/** The welcome card: shown or not, its headline, text, button label and what it tells about the survey. */
export function WelcomeCard() {
  const { doc, texts } = useEditor()
  const welcome = surveyField('welcomeCard')
  const enabled = welcome.get(doc)?.enabled === true
  return (
    <Section title={texts.welcomeCard}>
      <CheckboxField field={subField(welcome, 'enabled', {})} label={texts.welcomeEnabled} />
      {enabled && (
        <>
          <LocalizedTextField field={subField(welcome, 'headline', {})} label={texts.headline} />
          <LocalizedTextField field={subField(welcome, 'html', {})} label={texts.description} multiline />
          <LocalizedTextField field={subField(welcome, 'buttonLabel', {})} label={texts.buttonLabel} />
          <CheckboxField field={subField(welcome, 'timeToFinish', {})} label={texts.timeToFinish} />
          <CheckboxField field={subField(welcome, 'showResponseCount', {})} label={texts.showResponseCount} />
        </>
      )}
    </Section>
  )
}

/**
 * The endings: an end screen (headline, text, button label and link) or a redirect (URL and label); changing
 * the kind keeps the id.
 */
export function Endings() {
  const { doc, texts, write, update, defaultLanguage, focusLater } = useEditor()
  const endingsField = surveyField('endings')
  const endings = Array.isArray(doc.endings) ? doc.endings : []
  const add = () => {
    const id = readableId('ending', usedIds(doc))
    update((current) => endingsField.set(current, [...endings, { id, type: 'endScreen', headline: { [defaultLanguage]: '' } }]))
    focusLater(fieldId(['endings', endings.length, 'headline']))
  }
  return (
    <Section title={texts.endings}>
      <ol class="cse-endings">
        {endings.map((ending, index) => {
          const endingField = itemField(endingsField, index)
          const typeId = fieldId(endingField.path, 'type')
          const title = `${texts.ending} ${index + 1}`
          return (
            <li key={index} class="cse-ending">
              <h3>{title}</h3>
              <div class="cse-field">
                <label for={typeId}>{texts.endingType}</label>
                <select
                  id={typeId}
                  value={String(ending.type)}
                  onChange={(event) => {
                    const type = (event.currentTarget as HTMLSelectElement).value
                    write(
                      endingField,
                      type === 'redirectToUrl' ? { id: ending.id, type } : { id: ending.id, type, headline: { [defaultLanguage]: '' } },
                    )
                  }}
                >
                  <option value="endScreen">{texts.endScreen}</option>
                  <option value="redirectToUrl">{texts.redirect}</option>
                </select>
              </div>
              <TextField field={subField(endingField, 'id')} label={`${title} id`} />
              {ending.type === 'redirectToUrl' ? (
                <>
                  <TextField field={subField(endingField, 'url')} label={texts.redirectUrl} type="url" />
                  <TextField field={subField(endingField, 'label')} label={texts.redirectLabel} />
                </>
              ) : (
                <>
                  <LocalizedTextField field={subField(endingField, 'headline')} label={texts.headline} />
                  <LocalizedTextField field={subField(endingField, 'subheader')} label={texts.description} />
                  <LocalizedTextField field={subField(endingField, 'buttonLabel')} label={texts.buttonLabel} />
                  <TextField field={subField(endingField, 'buttonLink')} label={texts.buttonLink} type="url" />
                </>
              )}
              <button
                type="button"
                aria-label={`${texts.deleteEnding}: ${title}`}
                onClick={() => {
                  write(
                    endingsField,
                    endings.filter((_, at) => at !== index),
                  )
                  focusLater('cse-add-ending')
                }}
              >
                {texts.deleteEnding}
              </button>
            </li>
          )
        })}
      </ol>
      <button type="button" id="cse-add-ending" onClick={add}>
        {texts.addEnding}
      </button>
    </Section>
  )
}
