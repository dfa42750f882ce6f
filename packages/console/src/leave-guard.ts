/**
 * Whether leaving the current screen would lose work: a screen with unsaved changes (the editor) sets a check,
 * and the shell asks the person before a tab, a link or a changed hash takes them away.
 */
let check: (() => boolean) | null = null

/** Sets (or, with null, clears) the check of the screen on show; returns what clears it. */
export function setLeaveGuard(next: (() => boolean) | null): () => void {
  check = next
  return () => {
    if (check === next) check = null
  }
}

/** Whether there is unsaved work to ask about before leaving. */
export const unsavedWork = (): boolean => check?.() ?? false
