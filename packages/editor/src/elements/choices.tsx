import type { Choice, LocalizedText } from '../doc'
import { moved, readableId } from '../doc'
import type { DocField, ElementAt } from '../doc-field'
import { elementField, itemField, mappedField, subField } from '../doc-field'
import { fieldId, useEditor } from '../ui/context'
import { CheckboxField, LocalizedTextField, SelectField, TextField } from '../ui/fields'

/** The id the reference gives the "Other" choice of a choice question (its free-text answer). */
export const OTHER_ID = 'other'

interface ItemListProps {
  /** The list in the document. */
  field: DocField<Array<Choice | LocalizedText>>
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
export function ItemList({ field, noun, addLabel, removeLabel, idPrefix, other, pictures }: ItemListProps) {
  const { doc, texts, write, defaultLanguage, focusLater } = useEditor()
  const path = field.path
  const items = field.get(doc) ?? []
  const hasOther = items.some((item) => item.id === OTHER_ID)
  const firstInput = (index: number) => fieldId([...path, index, pictures ? 'imageUrl' : 'label'])
  const add = (item: Choice, index: number) => {
    write(field, [...items.slice(0, index), item, ...items.slice(index)])
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
    write(field, moved(items, from, to))
    focusLater(fieldId([...path, to], control))
  }
  return (
    <div class="cse-items">
      <ol>
        {items.map((item, index) => {
          const choice = choiceField(field, index)
          return (
            <li key={index} class="cse-item">
              {!pictures && isBareText(item) ? (
                // An older matrix row or column: a bare text map, kept in that shape.
                <LocalizedTextField field={bareTextField(field, index)} label={`${noun} ${index + 1}`} />
              ) : pictures ? (
                <TextField field={subField(choice, 'imageUrl')} label={`${texts.pictureUrl} ${index + 1}`} type="url" />
              ) : item.id === OTHER_ID ? (
                <LocalizedTextField field={subField(choice, 'label')} label={texts.otherLabel} />
              ) : (
                <LocalizedTextField field={subField(choice, 'label')} label={`${noun} ${index + 1}`} />
              )}
              {'id' in item && <TextField field={subField(choice, 'id')} label={`${texts.choiceId} ${index + 1}`} />}
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
                    write(
                      field,
                      items.filter((_, at) => at !== index),
                    )
                    focusLater(items.length > 1 ? firstInput(Math.max(0, index - 1)) : fieldId(path, 'add'))
                  }}
                >
                  {removeLabel}
                </button>
              </div>
            </li>
          )
        })}
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

/** An older matrix row or column: a text map with neither an id nor a label. */
const isBareText = (item: Choice | LocalizedText): item is LocalizedText => !('label' in item) && !('id' in item)

/** Item `index` of `list` as a choice (nothing when it is a bare text map). */
const choiceField = (list: DocField<Array<Choice | LocalizedText>>, index: number): DocField<Choice> =>
  mappedField(
    itemField(list, index),
    (item) => (item === undefined || isBareText(item) ? undefined : item),
    (item) => item,
  )

/** Item `index` of `list` as a bare text map (nothing when it is a choice). */
const bareTextField = (list: DocField<Array<Choice | LocalizedText>>, index: number): DocField<LocalizedText> =>
  mappedField(
    itemField(list, index),
    (item) => (item !== undefined && isBareText(item) ? item : undefined),
    (item) => item,
  )

export function ShuffleField({ at }: { at: ElementAt }) {
  const { texts } = useEditor()
  return (
    <SelectField
      field={elementField(at, 'shuffleOption')}
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
export function MultipleChoiceForm({ at }: { at: ElementAt }) {
  const { doc, texts } = useEditor()
  const choices = elementField(at, 'choices').get(doc) ?? []
  const type = elementField(at, 'type').get(doc)
  return (
    <>
      <fieldset class="cse-subsection">
        <legend>{texts.choices}</legend>
        <ItemList
          field={elementField(at, 'choices')}
          noun={texts.choice}
          addLabel={texts.addChoice}
          removeLabel={texts.removeChoice}
          idPrefix="choice"
          other
        />
      </fieldset>
      {choices.some((choice) => choice.id === OTHER_ID) && (
        <LocalizedTextField field={elementField(at, 'otherOptionPlaceholder')} label={texts.otherPlaceholder} />
      )}
      <ShuffleField at={at} />
      {type !== 'ranking' && (
        <SelectField
          field={elementField(at, 'displayType')}
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
export function RankingForm({ at }: { at: ElementAt }) {
  const { texts } = useEditor()
  return (
    <>
      <fieldset class="cse-subsection">
        <legend>{texts.choices}</legend>
        <ItemList
          field={elementField(at, 'choices')}
          noun={texts.choice}
          addLabel={texts.addChoice}
          removeLabel={texts.removeChoice}
          idPrefix="choice"
        />
      </fieldset>
      <ShuffleField at={at} />
    </>
  )
}

/** Matrix: rows and columns (each an id and a label in every language), shuffling. */
export function MatrixForm({ at }: { at: ElementAt }) {
  const { texts } = useEditor()
  return (
    <>
      <fieldset class="cse-subsection">
        <legend>{texts.rows}</legend>
        <ItemList field={elementField(at, 'rows')} noun={texts.row} addLabel={texts.addRow} removeLabel={texts.removeRow} idPrefix="row" />
      </fieldset>
      <fieldset class="cse-subsection">
        <legend>{texts.columns}</legend>
        <ItemList
          field={elementField(at, 'columns')}
          noun={texts.column}
          addLabel={texts.addColumn}
          removeLabel={texts.removeColumn}
          idPrefix="column"
        />
      </fieldset>
      <ShuffleField at={at} />
    </>
  )
}

/** Picture selection: the pictures (URL and id each) and whether several may be picked. */
export function PictureSelectionForm({ at }: { at: ElementAt }) {
  const { texts } = useEditor()
  return (
    <>
      <CheckboxField field={elementField(at, 'allowMulti')} label={texts.allowMulti} />
      <fieldset class="cse-subsection">
        <legend>{texts.choices}</legend>
        <ItemList
          field={elementField(at, 'choices')}
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
