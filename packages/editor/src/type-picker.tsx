import { useEffect, useRef, useState } from 'preact/hooks'
import type { ElementType } from './elements'
import { ELEMENT_TYPES } from './elements'
import type { EditorTexts } from './i18n'
import { TypeIcon } from './icons'

interface TypePickerProps {
  texts: EditorTexts
  /** The type shown chosen when the picker opens (the question's, when its type is being changed). */
  current?: string
  onChoose(type: ElementType): void
  /** Closed without a choice (Escape, Cancel): the caller puts the focus back where it was. */
  onCancel(): void
}

/**
 * The question types to choose from: a modal dialog holding a list box of the 17 types, each with its icon,
 * name and a one-line description (the option's description, not part of its name). Arrow keys, Home and End move through the list, a letter jumps to the next
 * type it starts, Enter or Space (or a click) chooses, Escape or Cancel closes.
 */
export function TypePicker({ texts, current, onChoose, onCancel }: TypePickerProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  const options = useRef<Array<HTMLDivElement | null>>([])
  const [active, setActive] = useState(Math.max(0, ELEMENT_TYPES.indexOf(current as ElementType)))
  const name = (type: ElementType) => texts[`type_${type}`]

  useEffect(() => {
    const box = dialog.current
    // A modal dialog keeps the page behind it out of reach; an old browser without one shows it in place.
    if (box && !box.open) {
      if (typeof box.showModal === 'function') box.showModal()
      else box.setAttribute('open', '')
    }
  }, [])
  useEffect(() => options.current[active]?.focus(), [active])

  const onKeyDown = (event: KeyboardEvent) => {
    const last = ELEMENT_TYPES.length - 1
    let next: number | undefined
    if (event.key === 'ArrowDown') next = Math.min(last, active + 1)
    else if (event.key === 'ArrowUp') next = Math.max(0, active - 1)
    else if (event.key === 'Home') next = 0
    else if (event.key === 'End') next = last
    else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      onChoose(ELEMENT_TYPES[active] as ElementType)
      return
    } else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      const letter = event.key.toLowerCase()
      for (let step = 1; step <= ELEMENT_TYPES.length; step++) {
        const at = (active + step) % ELEMENT_TYPES.length
        if (
          name(ELEMENT_TYPES[at] as ElementType)
            .toLowerCase()
            .startsWith(letter)
        ) {
          next = at
          break
        }
      }
    }
    if (next === undefined) return
    event.preventDefault()
    // At once, not after the next paint: a key pressed meanwhile acts on the option it sees chosen.
    options.current[next]?.focus()
    setActive(next)
  }

  return (
    <dialog
      ref={dialog}
      class="cse-picker"
      aria-labelledby="cse-picker-title"
      onCancel={(event) => {
        event.preventDefault()
        onCancel()
      }}
    >
      <h2 id="cse-picker-title">{texts.chooseType}</h2>
      <div role="listbox" class="cse-picker-list" aria-labelledby="cse-picker-title">
        {ELEMENT_TYPES.map((type, index) => (
          <div
            key={type}
            ref={(node) => {
              options.current[index] = node
            }}
            id={`cse-picker-${type}`}
            role="option"
            class="cse-picker-option"
            aria-selected={index === active}
            aria-describedby={`cse-picker-${type}-hint`}
            tabIndex={index === active ? 0 : -1}
            onClick={() => onChoose(type)}
            onKeyDown={onKeyDown}
            onFocus={() => setActive(index)}
          >
            <TypeIcon type={type} />
            <span class="cse-picker-name">{name(type)}</span>
            <span class="cse-picker-hint" id={`cse-picker-${type}-hint`} aria-hidden="true">
              {texts[`typeHint_${type}`]}
            </span>
          </div>
        ))}
      </div>
      <div class="cse-row-buttons">
        <button type="button" onClick={onCancel}>
          {texts.cancel}
        </button>
      </div>
    </dialog>
  )
}
