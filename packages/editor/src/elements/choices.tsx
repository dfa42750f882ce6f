import type { Json, Path } from '../doc'
import { getIn, moved, readableId } from '../doc'
import { fieldId, useEditor } from '../ui/context'
import { CheckboxField, LocalizedTextField, SelectField, TextField } from '../ui/fields'

/** The id the reference gives the "Other" choice of a choice question (its free-text answer). */
export const OTHER_ID = 'other'

interface ItemListProps {
  /** Path of the list in the document. */
  path: Path
  /** The singular noun for labels ("Choice", "Row"). */
  noun: string
  addLabel: string
  removeLabel: string
  /** The id prefix of new items. */
  idPrefix: string
  /** Offer "Add 'Other'" (choice questions). */
  other?: boolean
  /** Items are pictures (`imageUrl`) rather than labelled texts. */
  pictures?: boolean
}

/**
 * A list of labelled items (choices, matrix rows and columns, pictures) with add, remove and reorder by
 * keyboard (Move up / Move down); the focus follows the item moved, and goes to a new item's first input.
 */
export function ItemList({ path, noun, addLabel, removeLabel, idPrefix, other, pictures }: ItemListProps) {
  const { doc, texts, set, defaultLanguage, focusLater } = useEditor()
  const items = (getIn(doc, path) as Json[] | undefined) ?? []
  const hasOther = items.some((item) => item.id === OTHER_ID)
  const firstInput = (index: number) => fieldId([...path, index, pictures ? 'imageUrl' : 'label'])
  const add = (item: Json, index: number) => {
    set(path, [...items.slice(0, index), item, ...items.slice(index)])
    focusLater(firstInput(index))
  }
  const addItem = () => {
    const id = readableId(
      idPrefix,
      items.map((item) => String(item.id)),
    )
    const item = pictures ? { id, imageUrl: '' } : { id, label: { [defaultLanguage]: '' } }
    // New choices go before "Other", which stays last.
    add(item, hasOther ? items.length - 1 : items.length)
  }
  const move = (from: number, to: number, control: 'up' | 'down') => {
    set(path, moved(items, from, to))
    focusLater(fieldId([...path, to], control))
  }
  return (
    <div class="cse-items">
      <ol>
        {items.map((item, index) => (
          <li key={index} class="cse-item">
            {!pictures && !('label' in item) && !('id' in item) ? (
              // An older matrix row or column: a bare text map, kept in that shape.
              <LocalizedTextField path={[...path, index]} label={`${noun} ${index + 1}`} />
            ) : pictures ? (
              <TextField path={[...path, index, 'imageUrl']} label={`${texts.pictureUrl} ${index + 1}`} type="url" />
            ) : item.id === OTHER_ID ? (
              <LocalizedTextField path={[...path, index, 'label']} label={texts.otherLabel} />
            ) : (
              <LocalizedTextField path={[...path, index, 'label']} label={`${noun} ${index + 1}`} />
            )}
            {'id' in item && <TextField path={[...path, index, 'id']} label={`${texts.choiceId} ${index + 1}`} />}
            <div class="cse-row-buttons">
              <button
                type="button"
                id={fieldId([...path, index], 'up')}
                disabled={index === 0}
                aria-label={`${texts.moveUp}: ${noun} ${index + 1}`}
                onClick={() => move(index, index - 1, 'up')}
              >
                {texts.moveUp}
              </button>
              <button
                type="button"
                id={fieldId([...path, index], 'down')}
                disabled={index === items.length - 1}
                aria-label={`${texts.moveDown}: ${noun} ${index + 1}`}
                onClick={() => move(index, index + 1, 'down')}
              >
                {texts.moveDown}
              </button>
              <button
                type="button"
                aria-label={`${removeLabel} ${index + 1}`}
                onClick={() => {
                  set(
                    path,
                    items.filter((_, at) => at !== index),
                  )
                  focusLater(items.length > 1 ? firstInput(Math.max(0, index - 1)) : fieldId(path, 'add'))
                }}
              >
                {removeLabel}
              </button>
            </div>
          </li>
        ))}
      </ol>
      <button type="button" id={fieldId(path, 'add')} onClick={addItem}>
        {addLabel}
      </button>
      {other && !hasOther && (
        <button type="button" onClick={() => add({ id: OTHER_ID, label: { [defaultLanguage]: texts.otherLabel } }, items.length)}>
          {texts.addOther}
        </button>
      )}
    </div>
  )
}

export function ShuffleField({ path }: { path: Path }) {
  const { texts } = useEditor()
  return (
    <SelectField
      path={[...path, 'shuffleOption']}
      label={texts.shuffle}
      defaultValue="none"
      options={[
        { value: 'none', label: texts.shuffleNone },
        { value: 'all', label: texts.shuffleAll },
        { value: 'exceptLast', label: texts.shuffleExceptLast },
      ]}
    />
  )
}

/** Single and multiple choice: choices (with "Other" and its placeholder), shuffling, list or drop-down. */
export function MultipleChoiceForm({ path }: { path: Path }) {
  const { doc, texts } = useEditor()
  const choices = (getIn(doc, [...path, 'choices']) as Json[] | undefined) ?? []
  const type = getIn(doc, [...path, 'type'])
  return (
    <>
      <fieldset class="cse-subsection">
        <legend>{texts.choices}</legend>
        <ItemList
          path={[...path, 'choices']}
          noun={texts.choice}
          addLabel={texts.addChoice}
          removeLabel={texts.removeChoice}
          idPrefix="choice"
          other
        />
      </fieldset>
      {choices.some((choice) => choice.id === OTHER_ID) && (
        <LocalizedTextField path={[...path, 'otherOptionPlaceholder']} label={texts.otherPlaceholder} />
      )}
      <ShuffleField path={path} />
      {type !== 'ranking' && (
        <SelectField
          path={[...path, 'displayType']}
          label={texts.displayType}
          defaultValue="list"
          options={[
            { value: 'list', label: texts.displayList },
            { value: 'dropdown', label: texts.displayDropdown },
          ]}
        />
      )}
    </>
  )
}

/** Ranking: two or more choices, optionally shuffled. */
export function RankingForm({ path }: { path: Path }) {
  const { texts } = useEditor()
  return (
    <>
      <fieldset class="cse-subsection">
        <legend>{texts.choices}</legend>
        <ItemList
          path={[...path, 'choices']}
          noun={texts.choice}
          addLabel={texts.addChoice}
          removeLabel={texts.removeChoice}
          idPrefix="choice"
        />
      </fieldset>
      <ShuffleField path={path} />
    </>
  )
}

/** Matrix: rows and columns (each an id and a label in every language), shuffling. */
export function MatrixForm({ path }: { path: Path }) {
  const { texts } = useEditor()
  return (
    <>
      <fieldset class="cse-subsection">
        <legend>{texts.rows}</legend>
        <ItemList path={[...path, 'rows']} noun={texts.row} addLabel={texts.addRow} removeLabel={texts.removeRow} idPrefix="row" />
      </fieldset>
      <fieldset class="cse-subsection">
        <legend>{texts.columns}</legend>
        <ItemList
          path={[...path, 'columns']}
          noun={texts.column}
          addLabel={texts.addColumn}
          removeLabel={texts.removeColumn}
          idPrefix="column"
        />
      </fieldset>
      <ShuffleField path={path} />
    </>
  )
}

/** Picture selection: the pictures (URL and id each) and whether several may be picked. */
export function PictureSelectionForm({ path }: { path: Path }) {
  const { texts } = useEditor()
  return (
    <>
      <CheckboxField path={[...path, 'allowMulti']} label={texts.allowMulti} />
      <fieldset class="cse-subsection">
        <legend>{texts.choices}</legend>
        <ItemList
          path={[...path, 'choices']}
          noun={texts.pictureUrl}
          addLabel={texts.addPicture}
          removeLabel={texts.removePicture}
          idPrefix="picture"
          pictures
        />
      </fieldset>
    </>
  )
}
