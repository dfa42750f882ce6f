import type { Json } from './doc'
import { getIn, readableId, setIn, usedIds } from './doc'
import { fieldId, useEditor } from './ui/context'
import { CheckboxField, LocalizedTextField, Section, TextField } from './ui/fields'

/** The welcome card: shown or not, its headline, text, button label and what it tells about the survey. */
export function WelcomeCard() {
  const { doc, texts } = useEditor()
  const enabled = getIn(doc, ['welcomeCard', 'enabled']) === true
  return (
    <Section title={texts.welcomeCard}>
      <CheckboxField path={['welcomeCard', 'enabled']} label={texts.welcomeEnabled} />
      {enabled && (
        <>
          <LocalizedTextField path={['welcomeCard', 'headline']} label={texts.headline} />
          <LocalizedTextField path={['welcomeCard', 'html']} label={texts.description} multiline />
          <LocalizedTextField path={['welcomeCard', 'buttonLabel']} label={texts.buttonLabel} />
          <CheckboxField path={['welcomeCard', 'timeToFinish']} label={texts.timeToFinish} />
          <CheckboxField path={['welcomeCard', 'showResponseCount']} label={texts.showResponseCount} />
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
  const { doc, texts, set, update, defaultLanguage, focusLater } = useEditor()
  const endings = (Array.isArray(doc.endings) ? doc.endings : []) as Json[]
  const add = () => {
    const id = readableId('ending', usedIds(doc))
    update((current) => setIn(current, ['endings'], [...endings, { id, type: 'endScreen', headline: { [defaultLanguage]: '' } }]))
    focusLater(fieldId(['endings', endings.length, 'headline']))
  }
  return (
    <Section title={texts.endings}>
      <ol class="cse-endings">
        {endings.map((ending, index) => {
          const path = ['endings', index]
          const typeId = fieldId(path, 'type')
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
                    set(
                      path,
                      type === 'redirectToUrl' ? { id: ending.id, type } : { id: ending.id, type, headline: { [defaultLanguage]: '' } },
                    )
                  }}
                >
                  <option value="endScreen">{texts.endScreen}</option>
                  <option value="redirectToUrl">{texts.redirect}</option>
                </select>
              </div>
              <TextField path={[...path, 'id']} label={`${title} id`} />
              {ending.type === 'redirectToUrl' ? (
                <>
                  <TextField path={[...path, 'url']} label={texts.redirectUrl} type="url" />
                  <TextField path={[...path, 'label']} label={texts.redirectLabel} />
                </>
              ) : (
                <>
                  <LocalizedTextField path={[...path, 'headline']} label={texts.headline} />
                  <LocalizedTextField path={[...path, 'subheader']} label={texts.description} />
                  <LocalizedTextField path={[...path, 'buttonLabel']} label={texts.buttonLabel} />
                  <TextField path={[...path, 'buttonLink']} label={texts.buttonLink} type="url" />
                </>
              )}
              <button
                type="button"
                aria-label={`${texts.deleteEnding}: ${title}`}
                onClick={() => {
                  set(
                    ['endings'],
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
