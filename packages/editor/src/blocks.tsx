import type { ComponentChildren } from 'preact'
import { useRef } from 'preact/hooks'
import type { Json, SurveyBlock, SurveyDocument, SurveyElement } from './doc'
import { asDocument, blocksOf, elementsOf, moved, readableId, textIn, usedIds, withBlocks, withElements } from './doc'
import type { ElementAt } from './doc-field'
import { blockField, elementAt, elementField, itemField, surveyField } from './doc-field'
import type { ElementType } from './elements'
import { ELEMENT_FORMS, convertElement, newElement } from './elements'
import type { EditorTexts } from './i18n'
import { TypeIcon } from './icons'
import { BlockLogicEditor } from './logic'
import { cardKey, fieldId, useEditor } from './ui/context'
import { Advanced } from './ui/advanced'
import { CheckboxField, LocalizedTextField, TextField } from './ui/fields'

/** Where an element is: its block's index and its own within the block. */
export type ElementPlace = ElementAt

/** The DOM id of an element's headline input in the default language (where the focus goes when it is added). */
export const headlineId = (place: ElementPlace) => fieldId(['blocks', place.block, 'elements', place.element, 'headline'])
const elementControlId = (place: ElementPlace, control: string) => fieldId(['blocks', place.block, 'elements', place.element], control)
export const blockControlId = (block: number, control: string) => fieldId(['blocks', block], control)

/** Adds a question of `type` after `after` (or at the end of the last block; in a new block when there is none). */
export function addQuestion(
  survey: Json,
  after: ElementPlace | undefined,
  lang: string,
  type: ElementType = 'openText',
): { doc: SurveyDocument; place: ElementPlace } {
  const doc = asDocument(survey)
  const taken = usedIds(doc)
  const element = newElement(type, readableId('question', taken), lang)
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

/** Where the element with id `id` is in `doc` (the first, should two share it). */
function placeOf(doc: SurveyDocument, id: unknown): ElementPlace | undefined {
  const blocks = blocksOf(doc)
  for (let block = 0; block < blocks.length; block++) {
    const element = elementsOf(blocks[block]).findIndex((item) => item.id === id)
    if (element >= 0) return { block, element }
  }
  return undefined
}

/**
 * The survey's blocks, each a group of question cards: a block's head (its name, Move up, Move down, Delete),
 * its cards, its ids and button labels under "Advanced", and its logic. One card is open at a time; reordering
 * by Move up / Move down (focus follows the moved item) and by dragging the handle. The open card follows its
 * question through a move.
 */
export function Blocks({ onFocusElement }: BlocksProps) {
  const editor = useEditor()
  const { doc, texts, update, focusLater, readOnly, openCard, setOpenCard } = editor
  const blocks = blocksOf(doc)

  /** Keeps the open card on its question in `next` (closed if it is gone). */
  const follow = (next: SurveyDocument) => {
    if (openCard === null) return
    const [block, element] = openCard.split('.').map(Number)
    const id = elementsOf(blocks[block as number])[element as number]?.id
    const place = id === undefined ? undefined : placeOf(next, id)
    setOpenCard(place ? cardKey(place.block, place.element) : null)
  }
  const change = (next: SurveyDocument) => {
    follow(next)
    update(() => next)
  }

  const moveBlock = (from: number, to: number, control: string) => {
    change(withBlocks(doc, moved(blocks, from, to)))
    focusLater(blockControlId(to, control))
  }
  const moveElement = (from: ElementPlace, to: ElementPlace, control?: string) => {
    change(withElementMoved(doc, from, to))
    focusLater(control ? elementControlId(to, control) : elementControlId(to, 'open'))
  }
  const deleteElement = (place: ElementPlace) => {
    const count = elementsOf(blocks[place.block]).length
    if (count <= 1) {
      // A block has at least one element: deleting its last deletes the block.
      deleteBlock(place.block)
      return
    }
    change(
      withElements(
        doc,
        place.block,
        elementsOf(blocks[place.block]).filter((_, at) => at !== place.element),
      ),
    )
    focusLater(headlineId({ block: place.block, element: Math.max(0, place.element - 1) }))
  }
  const deleteBlock = (index: number) => {
    change(
      withBlocks(
        doc,
        blocks.filter((_, at) => at !== index),
      ),
    )
    focusLater(blocks.length > 1 ? fieldId(['blocks', Math.max(0, index - 1), 'name']) : 'cse-add-block')
  }

  const { dragProps, dropProps } = useDragAndDrop(blocks, moveBlock, moveElement)

  return (
    <section class="cse-blocks" aria-labelledby="cse-blocks-title">
      <h2 id="cse-blocks-title">{texts.questions}</h2>
      <ol class="cse-block-list">
        {blocks.map((block, b) => {
          const elements = elementsOf(block)
          // Questions are numbered through the survey, across blocks.
          const before = blocks.slice(0, b).reduce((sum, earlier) => sum + elementsOf(earlier).length, 0)
          const title = `${texts.block} ${b + 1}${typeof block.name === 'string' && block.name ? `: ${block.name}` : ''}`
          return (
            <li key={b} class="cse-block" {...(readOnly ? {} : dropProps({ block: b }))}>
              <BlockHead
                index={b}
                count={blocks.length}
                title={title}
                texts={texts}
                readOnly={readOnly}
                drag={dragProps({ block: b })}
                onMove={moveBlock}
                onDelete={deleteBlock}
              >
                <BlockSettings block={block} index={b} title={title} />
              </BlockHead>
              <ol class="cse-element-list">
                {elements.map((element, e) => (
                  <ElementCard
                    key={e}
                    element={element}
                    place={{ block: b, element: e }}
                    number={before + e + 1}
                    count={elements.length}
                    blockCount={blocks.length}
                    texts={texts}
                    onFocus={onFocusElement}
                    onMove={moveElement}
                    onDelete={deleteElement}
                    drag={dragProps({ block: b, element: e })}
                    drop={readOnly ? {} : dropProps({ block: b, element: e })}
                  />
                ))}
              </ol>
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

/** A block's id, button labels and logic, folded under "Logic and settings" (with its count of rules). */
function BlockSettings({ block, index: b, title }: { block: SurveyBlock; index: number; title: string }) {
  const { doc, texts, logicTexts, defaultLanguage, write } = useEditor()
  const rules = Array.isArray(block.logic) ? block.logic.length : 0
  return (
    <details class="cse-advanced cse-block-settings">
      <summary aria-label={`${texts.blockSettings}: ${title}`}>
        {texts.blockSettings}
        {rules > 0 ? ` (${texts.ruleCount.replace('{n}', String(rules))})` : ''}
      </summary>
      <div class="cse-advanced-body">
        <TextField field={blockField(b, 'id')} label={texts.blockId} />
        <LocalizedTextField field={blockField(b, 'buttonLabel')} label={texts.blockButtonLabel} />
        <LocalizedTextField field={blockField(b, 'backButtonLabel')} label={texts.blockBackButtonLabel} />
        <BlockLogicEditor
          survey={doc}
          block={block}
          lang={defaultLanguage}
          texts={logicTexts}
          onChange={(next) => write(itemField(surveyField('blocks'), b), next)}
        />
      </div>
    </details>
  )
}

interface BlockHeadProps {
  index: number
  count: number
  title: string
  texts: EditorTexts
  readOnly: boolean
  drag: Record<string, unknown>
  onMove(from: number, to: number, control: string): void
  onDelete(index: number): void
  /** The block's settings and logic, a disclosure in the head's row that takes the full width when open. */
  children: ComponentChildren
}

/** A block's handle, number, name and its Move up, Move down and Delete buttons. */
function BlockHead({ index: b, count, title, texts, readOnly, drag, onMove, onDelete, children }: BlockHeadProps) {
  return (
    <div class="cse-block-head">
      {!readOnly && (
        <span class="cse-handle" aria-hidden="true" title={texts.block} {...drag}>
          ⠿
        </span>
      )}
      <h3 id={blockControlId(b, 'title')}>
        {texts.block} {b + 1}
      </h3>
      <div class="cse-block-name">
        <TextField field={blockField(b, 'name')} label={texts.blockName} />
      </div>
      {!readOnly && (
        <div class="cse-row-buttons">
          <MoveButtons
            id={(control) => blockControlId(b, control)}
            name={title}
            texts={texts}
            up={b > 0 ? () => onMove(b, b - 1, 'up') : undefined}
            down={b < count - 1 ? () => onMove(b, b + 1, 'down') : undefined}
          />
          <IconButton label={`${texts.deleteBlock}: ${title}`} title={texts.deleteBlock} onClick={() => onDelete(b)} danger>
            ✕
          </IconButton>
        </div>
      )}
      {children}
    </div>
  )
}

/** Move up and Move down, each disabled when there is nowhere to go; `id(control)` names them for the focus. */
function MoveButtons(props: { id(control: string): string; name: string; texts: EditorTexts; up?: () => void; down?: () => void }) {
  const { id, name, texts, up, down } = props
  return (
    <>
      <IconButton id={id('up')} label={`${texts.moveUp}: ${name}`} title={texts.moveUp} onClick={up}>
        ↑
      </IconButton>
      <IconButton id={id('down')} label={`${texts.moveDown}: ${name}`} title={texts.moveDown} onClick={down}>
        ↓
      </IconButton>
    </>
  )
}

/** A small button showing a sign, named in words by `label` (and `title` on hover); disabled without `onClick`. */
function IconButton(props: { id?: string; label: string; title: string; onClick?: () => void; danger?: boolean; children: string }) {
  return (
    <button
      type="button"
      id={props.id}
      class={`cse-icon-button${props.danger ? ' cse-danger' : ''}`}
      disabled={!props.onClick}
      aria-label={props.label}
      title={props.title}
      onClick={props.onClick}
    >
      <span aria-hidden="true">{props.children}</span>
    </button>
  )
}

/** A question's type, and the button that changes it through the type picker (the type alone, read-only). */
function TypeField({ element, place, typeName }: { element: SurveyElement; place: ElementPlace; typeName: string }) {
  const { texts, write, defaultLanguage, focusLater, readOnly, pickType } = useEditor()
  const type = String(element.type)
  const typeId = fieldId(elementAt(place).path, 'type')
  return (
    <div class="cse-field cse-type-field">
      {readOnly ? (
        <p class="cse-type-name" id={typeId}>
          {texts.questionType}: <TypeIcon type={type} /> {typeName}
        </p>
      ) : (
        <label for={typeId}>{texts.questionType}</label>
      )}
      {readOnly ? null : (
        <button
          type="button"
          id={typeId}
          class="cse-type-button"
          aria-haspopup="dialog"
          aria-describedby={`${typeId}-name`}
          onClick={() =>
            pickType(type, (next) => {
              if (next !== type) write(elementAt(place), convertElement(element, next, defaultLanguage))
              focusLater(typeId)
            })
          }
        >
          <TypeIcon type={type} />
          <span id={`${typeId}-name`}>{typeName}</span>
          <span class="cse-type-change">{texts.changeType}</span>
        </button>
      )}
    </div>
  )
}

interface ElementCardProps {
  element: SurveyElement
  place: ElementPlace
  /** Its number in the survey. */
  number: number
  count: number
  blockCount: number
  texts: EditorTexts
  onFocus(place: ElementPlace): void
  onMove(from: ElementPlace, to: ElementPlace, control?: string): void
  onDelete(place: ElementPlace): void
  drag: Record<string, unknown>
  drop: Record<string, unknown>
}

/**
 * A question's card. Closed: its number, its type's icon and its headline, on a button that opens it. Open:
 * its type (changed through the type picker), headline, description, required, its type's own form, and its
 * id and media under "Advanced".
 */
function ElementCard({ element, place, number, count, blockCount, texts, onFocus, onMove, onDelete, drag, drop }: ElementCardProps) {
  const { doc, defaultLanguage, readOnly, openCard, setOpenCard } = useEditor()
  const type = String(element.type) as ElementType
  const Form = ELEMENT_FORMS[type]
  const typeName = (texts[`type_${type}` as keyof EditorTexts] as string | undefined) ?? type
  const headline = textIn(element.headline, defaultLanguage)
  const title = `${texts.question} ${number}${headline ? `: ${headline}` : ''}`
  const key = cardKey(place.block, place.element)
  const open = openCard === key
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
  const bodyId = elementControlId(place, 'body')
  return (
    <li
      class={`cse-element${open ? ' cse-open' : ''}`}
      onInput={() => onFocus(place)}
      onChange={() => onFocus(place)}
      onPointerDown={() => onFocus(place)}
      {...drop}
    >
      <div class="cse-card-head">
        {!readOnly && (
          <span class="cse-handle" aria-hidden="true" {...drag}>
            ⠿
          </span>
        )}
        <h4 class="cse-card-title">
          <button
            type="button"
            class="cse-card-toggle"
            id={elementControlId(place, 'open')}
            aria-expanded={open}
            aria-controls={open ? bodyId : undefined}
            onClick={() => setOpenCard(open ? null : key)}
          >
            <TypeIcon type={type} />
            {/* Its name is its text: "Question 2: Which plan? (Single choice)", the words around the number unseen. */}
            <span class="cse-headline">
              <span class="cse-sr">{texts.question} </span>
              <span class="cse-num">{number}</span>
              <span class="cse-sr">: </span>
              {headline || texts.untitledQuestion}
              <span class="cse-sr"> ({typeName})</span>
            </span>
          </button>
        </h4>
        {!readOnly && (
          <div class="cse-row-buttons">
            <MoveButtons
              id={(control) => elementControlId(place, control)}
              name={title}
              texts={texts}
              up={up && (() => onMove(place, up, 'up'))}
              down={down && (() => onMove(place, down, 'down'))}
            />
            <IconButton label={`${texts.deleteQuestion}: ${title}`} title={texts.deleteQuestion} onClick={() => onDelete(place)} danger>
              ✕
            </IconButton>
          </div>
        )}
      </div>
      {open && (
        <div class="cse-card-body" id={bodyId}>
          <div class="cse-type-row">
            <TypeField element={element} place={place} typeName={typeName} />
            <CheckboxField field={elementField(place, 'required')} label={texts.required} defaultValue={true} />
          </div>
          <LocalizedTextField field={elementField(place, 'headline')} label={texts.headline} />
          <LocalizedTextField field={elementField(place, 'subheader')} label={texts.description} />
          {Form && <Form at={place} />}
          <Advanced label={texts.advanced} context={title}>
            <TextField field={elementField(place, 'id')} label={texts.questionId} />
            <TextField field={elementField(place, 'imageUrl')} label={texts.imageUrl} type="url" />
            <TextField field={elementField(place, 'videoUrl')} label={texts.videoUrl} type="url" />
          </Advanced>
        </div>
      )}
    </li>
  )
}
