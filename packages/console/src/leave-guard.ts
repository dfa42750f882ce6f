/**
 * Whether leaving the current screen would lose work: a screen with unsaved changes (the editor) sets a check,
 * and the shell asks the person before a tab, a link or a changed hash takes them away, and the browser asks
 * before the page closes.
 */
import { useEffect, useRef, useState } from 'preact/hooks'

let check: (() => boolean) | null = null

/** Sets the check of the screen on show; returns what clears it. */
export function setLeaveGuard(next: () => boolean): () => void {
  check = next
  return () => {
    if (check === next) check = null
  }
}

/** Whether there is unsaved work to ask about before leaving. */
export const unsavedWork = (): boolean => check?.() ?? false

/**
 * The console's route (`location.hash`), held while there is unsaved work: a changed hash is put back (no new
 * history entry) and `leaving` names where it wanted to go until the person chooses `stay` or `leave`.
 * `navigate` is the console's own move after an action the person took (a delete): it does not ask.
 */
export function useGuardedHash() {
  const [hash, setHash] = useState(() => location.hash)
  const [leaving, setLeaving] = useState<string | null>(null)
  const allowed = useRef<string | null>(null)
  useEffect(() => {
    let shown = location.hash
    const onHash = () => {
      const next = location.hash
      if (allowed.current !== next && unsavedWork()) {
        history.replaceState(history.state, '', shown || location.pathname + location.search)
        setLeaving(next)
        return
      }
      allowed.current = null
      shown = next
      setHash(next)
    }
    const onUnload = (event: BeforeUnloadEvent) => {
      if (!unsavedWork()) return
      event.preventDefault()
      event.returnValue = ''
    }
    addEventListener('hashchange', onHash)
    addEventListener('beforeunload', onUnload)
    return () => {
      removeEventListener('hashchange', onHash)
      removeEventListener('beforeunload', onUnload)
    }
  }, [])
  const go = (next: string) => {
    allowed.current = next.startsWith('#') ? next : `#${next}`
    location.hash = next
  }
  return {
    hash,
    leaving,
    stay: () => setLeaving(null),
    leave: () => {
      const target = leaving ?? ''
      setLeaving(null)
      go(target)
    },
    navigate: go,
  }
}
