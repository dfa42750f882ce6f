/**
 * Moving focus after a row is added or removed: the component names the control that should have focus next
 * (its `data-cse-focus` key) and the hook focuses it once the new render is in the DOM. Keys are looked up
 * inside the component's own root, so the editor works inside a shadow root and with several editors on a page.
 */
import type { RefObject } from 'preact'
import { useLayoutEffect, useRef } from 'preact/hooks'

export const FOCUS_ATTRIBUTE = 'data-cse-focus'

/** `[rootRef, focusLater]`: give `rootRef` to the component's outer element, call `focusLater(key)` in a handler. */
export function useFocusAfterRender<T extends HTMLElement>(): [RefObject<T | null>, (key: string) => void] {
  const root = useRef<T>(null)
  const pending = useRef<string | undefined>(undefined)
  useLayoutEffect(() => {
    const key = pending.current
    if (key === undefined || !root.current) return
    pending.current = undefined
    for (const element of root.current.querySelectorAll<HTMLElement>(`[${FOCUS_ATTRIBUTE}]`)) {
      if (element.getAttribute(FOCUS_ATTRIBUTE) === key) {
        element.focus()
        return
      }
    }
  })
  return [root, (key: string) => (pending.current = key)]
}

/** The focus key of the item that takes the place of the removed `index`: the next one, else the one before, else `empty`. */
export function neighbourKey(keys: readonly string[], index: number, empty: string): string {
  return keys[index + 1] ?? keys[index - 1] ?? empty
}
