import { useRef } from 'preact/hooks'
import type { Json, SurveyBlock, SurveyDocument, SurveyElement } from './doc'
import { asDocument, blocksOf, elementsOf, moved, readableId, textIn, usedIds, withBlocks, withElements } from './doc'
import type { ElementAt } from './doc-field'
import { blockField, elementAt, elementField, itemField, surveyField } from './doc-field'
import type { ElementType } from './elements'
import { ELEMENT_FORMS, ELEMENT_TYPES, convertElement, newElement } from './elements'
import type { EditorTexts } from './i18n'
import { BlockLogicEditor } from './logic'
import { fieldId, useEditor } from './ui/context'
import { CheckboxField, LocalizedTextField, TextField } from './ui/fields'

/** Where an element is: its block's index and its own within the block. */
export type ElementPlace = ElementAt

/** The DOM id of an element's headline input in the default language (where the focus goes when it is added). */
export const headlineId = (place: ElementPlace) => fieldId(['blocks', place.block, 'elements', place.element, 'headline'])
const elementControlId = (place: ElementPlace, control: string) => fieldId(['blocks', place.block, 'elements', place.element], control)
const blockControlId = (block: number, control: string) => fieldId(['blocks', block], control)

/** Adds an open text after `after` (or at the end of the last block; in a new block when there is none). */
export function addQuestion(survey: Json, after: ElementPlace | undefined, lang: string): { doc: SurveyDocument; place: ElementPlace } {
  const doc = asDocument(survey)
  const taken = usedIds(doc)
  const element = newElement('openText', readableId('question', taken), lang)
  const blocks = blocksOf(doc)
  if (blocks.length === 0) {
    const block = { id: readableId('block', taken), name: 'Block 1', elements: [element] }
    return { doc: withBlocks(doc, [block]), place: { block: 0, element: 0 } }
  }
  const place = after && blocks[after.block] ? { block: after.block, element: after.element + 1 } : undefined
  const target = place ?? { block: blocks.length - 1, element: elementsOf(blocks[blocks.length - 1]).length }
  const elements = [...elementsOf(blocks[target.block])]
  elements.splice(target.element, 0, element)
  return { doc: withElements(doc, target.block, elements), place: target }
}

/** Adds a block of one open text after block `after` (or at the end). */
export function addBlock(survey: Json, after: number | undefined, lang: string): { doc: SurveyDocument; place: ElementPlace } {
  const doc = asDocument(survey)
  const taken = usedIds(doc)
  const blocks = blocksOf(doc)
  const index = after === undefined ? blocks.length : after + 1
  const id = readableId('block', taken)
  const block: SurveyBlock = {
    id,
    name: `Block ${blocks.length + 1}`,
    elements: [newElement('openText', readableId('question', [...taken, id]), lang)],
  }
  return { doc: withBlocks(doc, [...blocks.slice(0, index), block, ...blocks.slice(index)]), place: { block: index, element: 0 } }
}

interface BlocksProps {
  /**
   * Called when the user works in an element (types, changes a control, presses the pointer in it): "Add
   * question" and "Add block" add after it. Not on focus: a keyboard user going back to the toolbar passes
   * through every element above, which would move the place to the first block.
   */
  onFocusElement(place: ElementPlace): void
}

/**
 * The survey's blocks and their elements: each block with its id, name and buttons' labels, each element with
 * its type, id, headline, description, required and its type's own form; reordering by Move up / Move down
 * (focus follows the moved item) and by dragging the handle.
 */
export function Blocks({ onFocusElement }: BlocksProps) {
  const editor = useEditor()
  const { doc, texts, logicTexts, defaultLanguage, write, update, focusLater } = editor
  const blocks = blocksOf(doc)

  const moveBlock = (from: number, to: number, control: string) => {
    update((current) => withBlocks(current, moved(blocksOf(current), from, to)))
    focusLater(blockControlId(to, control))
  }
  const moveElement = (from: ElementPlace, to: ElementPlace, control?: string) => {
    update((current) => withElementMoved(current, from, to))
    focusLater(control ? elementControlId(to, control) : headlineId(to))
  }
  const deleteElement = (place: ElementPlace) => {
    const count = elementsOf(blocks[place.block]).length
    if (count <= 1) {
      // A block has at least one element: deleting its last deletes the block.
      deleteBlock(place.block)
      return
    }
    update((current) =>
      withElements(
        current,
        place.block,
        elementsOf(blocksOf(current)[place.block]).filter((_, at) => at !== place.element),
      ),
    )
    focusLater(headlineId({ block: place.block, element: Math.max(0, place.element - 1) }))
  }
  const deleteBlock = (index: number) => {
    update((current) =>
      withBlocks(
        current,
        blocksOf(current).filter((_, at) => at !== index),
      ),
    )
    focusLater(blocks.length > 1 ? fieldId(['blocks', Math.max(0, index - 1), 'name']) : 'cse-add-block')
  }

  const { dragProps, dropProps } = useDragAndDrop(blocks, moveBlock, moveElement)

  return (
    <section class="cse-blocks" aria-labelledby="cse-blocks-title">
      <h2 id="cse-blocks-title">{texts.block}s</h2>
      <ol class="cse-block-list">
        {blocks.map((block, b) => {
          const elements = elementsOf(block)
          const title = `${texts.block} ${b + 1}${typeof block.name === 'string' && block.name ? `: ${block.name}` : ''}`
          return (
            <li key={b} class="cse-block" {...dropProps({ block: b })}>
              <BlockHead
                index={b}
                count={blocks.length}
                title={title}
                texts={texts}
                drag={dragProps({ block: b })}
                onMove={moveBlock}
                onDelete={deleteBlock}
              />
              <div class="cse-block-fields">
                <TextField field={blockField(b, 'name')} label={texts.blockName} />
                <TextField field={blockField(b, 'id')} label={texts.blockId} />
              </div>
              <ol class="cse-element-list">
                {elements.map((element, e) => (
                  <ElementCard
                    key={e}
                    element={element}
                    place={{ block: b, element: e }}
                    count={elements.length}
                    blockCount={blocks.length}
                    texts={texts}
                    onFocus={onFocusElement}
                    onMove={moveElement}
                    onDelete={deleteElement}
                    drag={dragProps({ block: b, element: e })}
                    drop={dropProps({ block: b, element: e })}
                  />
                ))}
              </ol>
              <LocalizedTextField field={blockField(b, 'buttonLabel')} label={texts.blockButtonLabel} />
              <LocalizedTextField field={blockField(b, 'backButtonLabel')} label={texts.blockBackButtonLabel} />
              <BlockLogicEditor
                survey={doc}
                block={block}
                lang={defaultLanguage}
                texts={logicTexts}
                onChange={(next) => write(itemField(surveyField('blocks'), b), next)}
              />
            </li>
          )
        })}
      </ol>
    </section>
  )
}

/** A place to drag from or drop on: an element, or a whole block (without `element`). */
type DragPlace = ElementPlace | { block: number; element?: undefined }

/** `doc` with the element at `from` moved to `to`, within its block or into another. */
function withElementMoved(doc: SurveyDocument, from: ElementPlace, to: ElementPlace): SurveyDocument {
  const list = blocksOf(doc)
  if (from.block === to.block) {
    return withElements(doc, from.block, moved(elementsOf(list[from.block]), from.element, to.element))
  }
  const source = [...elementsOf(list[from.block])]
  const [element] = source.splice(from.element, 1)
  const target = [...elementsOf(list[to.block])]
  target.splice(to.element, 0, element as SurveyElement)
  return withElements(withElements(doc, from.block, source), to.block, target)
}

/**
 * Dragging by the handles: a block drops on a block, an element on an element (of any block, unless it is
 * its block's last, since a block keeps at least one).
 */
function useDragAndDrop(
  blocks: SurveyBlock[],
  moveBlock: (from: number, to: number, control: string) => void,
  moveElement: (from: ElementPlace, to: ElementPlace) => void,
) {
  const dragged = useRef<DragPlace | undefined>(undefined)
  const onDrop = (event: DragEvent, to: DragPlace) => {
    event.preventDefault()
    const from = dragged.current
    dragged.current = undefined
    if (!from) return
    if (from.element === undefined) {
      if (to.element === undefined && from.block !== to.block) moveBlock(from.block, to.block, 'handle')
      return
    }
    if (to.element === undefined) return
    const sourceCount = elementsOf(blocks[from.block]).length
    if (from.block !== to.block && sourceCount <= 1) return
    if (from.block !== to.block || from.element !== to.element) moveElement(from, to)
  }
  const dragProps = (place: DragPlace) => ({
    draggable: true,
    onDragStart: (event: DragEvent) => {
      dragged.current = place
      event.dataTransfer?.setData('text/plain', JSON.stringify(place))
      if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move'
    },
    onDragEnd: () => {
      dragged.current = undefined
    },
  })
  const dropProps = (place: DragPlace) => ({
    onDragOver: (event: DragEvent) => {
      const from = dragged.current
      if (from && (from.element === undefined) === (place.element === undefined)) event.preventDefault()
    },
    onDrop: (event: DragEvent) => onDrop(event, place),
  })

  return { dragProps, dropProps }
}

interface BlockHeadProps {
  index: number
  count: number
  title: string
  texts: EditorTexts
  drag: Record<string, unknown>
  onMove(from: number, to: number, control: string): void
  onDelete(index: number): void
}

/** A block's handle, title and its Move up, Move down and Delete buttons. */
function BlockHead({ index: b, count, title, texts, drag, onMove, onDelete }: BlockHeadProps) {
  return (
    <div class="cse-card-head">
      <span class="cse-handle" aria-hidden="true" title={texts.block} {...drag}>
        ⠿
      </span>
      <h3 id={blockControlId(b, 'title')}>{title}</h3>
      <div class="cse-row-buttons">
        <button
          type="button"
          id={blockControlId(b, 'up')}
          disabled={b === 0}
          aria-label={`${texts.moveUp}: ${title}`}
          onClick={() => onMove(b, b - 1, 'up')}
        >
          {texts.moveUp}
        </button>
        <button
          type="button"
          id={blockControlId(b, 'down')}
          disabled={b === count - 1}
          aria-label={`${texts.moveDown}: ${title}`}
          onClick={() => onMove(b, b + 1, 'down')}
        >
          {texts.moveDown}
        </button>
        <button type="button" aria-label={`${texts.deleteBlock}: ${title}`} onClick={() => onDelete(b)}>
          {texts.deleteBlock}
        </button>
      </div>
    </div>
  )
}

interface ElementCardProps {
  element: SurveyElement
  place: ElementPlace
  count: number
  blockCount: number
  texts: EditorTexts
  onFocus(place: ElementPlace): void
  onMove(from: ElementPlace, to: ElementPlace, control?: string): void
  onDelete(place: ElementPlace): void
  drag: Record<string, unknown>
  drop: Record<string, unknown>
}

function ElementCard({ element, place, count, blockCount, texts, onFocus, onMove, onDelete, drag, drop }: ElementCardProps) {
  const { doc, write, defaultLanguage, focusLater } = useEditor()
  const path = elementAt(place).path
  const type = String(element.type) as ElementType
  const Form = ELEMENT_FORMS[type]
  const headline = textIn(element.headline, defaultLanguage)
  const title = `${texts.question} ${place.element + 1}${headline ? `: ${headline}` : ''}`
  const blocks = blocksOf(doc)
  // Up from a block's first element goes to the end of the block before; down from its last, to the next block's
  // start (a block keeps at least one element).
  const up: ElementPlace | undefined =
    place.element > 0
      ? { block: place.block, element: place.element - 1 }
      : place.block > 0 && count > 1
        ? { block: place.block - 1, element: elementsOf(blocks[place.block - 1]).length }
        : undefined
  const down: ElementPlace | undefined =
    place.element < count - 1
      ? { block: place.block, element: place.element + 1 }
      : place.block < blockCount - 1 && count > 1
        ? { block: place.block + 1, element: 0 }
        : undefined
  const typeId = fieldId(path, 'type')
  return (
    <li class="cse-element" onInput={() => onFocus(place)} onChange={() => onFocus(place)} onPointerDown={() => onFocus(place)} {...drop}>
      <div class="cse-card-head">
        <span class="cse-handle" aria-hidden="true" {...drag}>
          ⠿
        </span>
        <h4>{title}</h4>
        <div class="cse-row-buttons">
          <button
            type="button"
            id={elementControlId(place, 'up')}
            disabled={!up}
            aria-label={`${texts.moveUp}: ${title}`}
            onClick={() => up && onMove(place, up, 'up')}
          >
            {texts.moveUp}
          </button>
          <button
            type="button"
            id={elementControlId(place, 'down')}
            disabled={!down}
            aria-label={`${texts.moveDown}: ${title}`}
            onClick={() => down && onMove(place, down, 'down')}
          >
            {texts.moveDown}
          </button>
          <button type="button" aria-label={`${texts.deleteQuestion}: ${title}`} onClick={() => onDelete(place)}>
            {texts.deleteQuestion}
          </button>
        </div>
      </div>
      <div class="cse-field">
        <label for={typeId}>{texts.questionType}</label>
        <select
          id={typeId}
          value={type}
          onChange={(event) => {
            const next = (event.currentTarget as HTMLSelectElement).value as ElementType
            write(elementAt(place), convertElement(element, next, defaultLanguage))
            focusLater(typeId)
          }}
        >
          {!Form && <option value={type}>{type}</option>}
          {ELEMENT_TYPES.map((option) => (
            <option key={option} value={option}>
              {texts[`type_${option}` as keyof EditorTexts]}
            </option>
          ))}
        </select>
      </div>
      <TextField field={elementField(place, 'id')} label={texts.questionId} />
      <LocalizedTextField field={elementField(place, 'headline')} label={texts.headline} />
      <LocalizedTextField field={elementField(place, 'subheader')} label={texts.description} />
      <CheckboxField field={elementField(place, 'required')} label={texts.required} defaultValue={true} />
      {Form && <Form at={place} />}
      <TextField field={elementField(place, 'imageUrl')} label={texts.imageUrl} type="url" />
      <TextField field={elementField(place, 'videoUrl')} label={texts.videoUrl} type="url" />
    </li>
  )
}
