/** Small parts every screen uses: loading data, a confirmation dialog, a copy button, an error line. */
import type { ComponentChildren } from 'preact'
import { useCallback, useEffect, useId, useRef, useState } from 'preact/hooks'
import { useConsole } from './context'

export interface Loaded<T> {
  data: T | undefined
  error: string | null
  loading: boolean
  reload(): void
}

/** Runs `load` when `deps` change (and on `reload()`), keeping its answer or its error in words. */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, deps: unknown[]): Loaded<T> {
  const [state, setState] = useState<{ data: T | undefined; error: string | null; loading: boolean }>({
    data: undefined,
    error: null,
    loading: true,
  })
  const [round, setRound] = useState(0)
  useEffect(() => {
    const controller = new AbortController()
    setState((previous) => ({ ...previous, loading: true }))
    load(controller.signal).then(
      (data) => !controller.signal.aborted && setState({ data, error: null, loading: false }),
      (error: unknown) =>
        !controller.signal.aborted &&
        setState({ data: undefined, error: error instanceof Error ? error.message : String(error), loading: false }),
    )
    return () => controller.abort()
  }, [...deps, round])
  const reload = useCallback(() => setRound((value) => value + 1), [])
  return { ...state, reload }
}

/** `action` with its failure told to the person, and a flag while it runs (to disable the button). */
export function useAction(): [boolean, (action: () => Promise<unknown>, done?: string) => Promise<boolean>] {
  const { notify } = useConsole()
  const [busy, setBusy] = useState(false)
  const run = async (action: () => Promise<unknown>, done?: string) => {
    setBusy(true)
    try {
      await action()
      if (done) notify(done)
      return true
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), 'error')
      return false
    } finally {
      setBusy(false)
    }
  }
  return [busy, run]
}

export function ErrorText({ error }: { error: string | null }) {
  return error ? (
    <p class="cv-error" role="alert">
      {error}
    </p>
  ) : null
}

/** A modal dialog asking to confirm `title`; `confirm` names the action ("Delete survey"). Escape cancels. */
export function ConfirmDialog(props: {
  open: boolean
  title: string
  children?: ComponentChildren
  confirm: string
  /** A destructive action: the dialog opens with the focus on Cancel, as with `safeFocus`. */
  danger?: boolean
  /** Opens with the focus on Cancel, so that an Enter pressed too soon does nothing it cannot undo. */
  safeFocus?: boolean
  /** The safe choice's words ("Cancel"). */
  cancel?: string
  onConfirm(): void
  onCancel(): void
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const cancel = useRef<HTMLButtonElement>(null)
  const titleId = `cv-confirm-${useId()}`
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (props.open && !dialog.open) {
      dialog.showModal()
      if (props.safeFocus || props.danger) cancel.current?.focus()
    }
    if (!props.open && dialog.open) dialog.close()
  }, [props.open])
  return (
    <dialog ref={ref} aria-labelledby={titleId} onCancel={props.onCancel}>
      <h2 id={titleId}>{props.title}</h2>
      {props.children}
      <div class="cv-row">
        <button type="button" class={props.danger ? 'cv-danger' : 'cv-primary'} onClick={props.onConfirm}>
          {props.confirm}
        </button>
        <button type="button" ref={cancel} onClick={props.onCancel}>
          {props.cancel ?? 'Cancel'}
        </button>
      </div>
    </dialog>
  )
}

/** Copies `text` to the clipboard and says so in the live region. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { notify } = useConsole()
  return (
    <button
      type="button"
      onClick={() =>
        navigator.clipboard.writeText(text).then(
          () => notify('Copied to the clipboard'),
          () => notify('The browser did not allow copying: select the text and copy it yourself.', 'error'),
        )
      }
    >
      {label}
    </button>
  )
}

/** A date and time in the person's locale. */
export const when = (value: string | null | undefined): string => (value ? new Date(value).toLocaleString() : '—')

/** Moves the focus to the screen's heading (made focusable), as after a change of screen. */
export function focusHeading(): void {
  const heading = document.querySelector<HTMLElement>('#cv-main h1')
  if (!heading) return
  heading.tabIndex = -1
  heading.focus({ preventScroll: true })
}
