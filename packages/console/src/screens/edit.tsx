/**
 * A survey in the editor: `{basePath}/js/editor.js` (served when the host gave Canvass the editor) defines
 * `<canvass-survey-editor>`, which edits the survey through the v3 routes with the console's own headers
 * (`requestHeaders`) instead of an editor token.
 */
import { useEffect, useRef, useState } from 'preact/hooks'
import type { Boot } from '../boot'
import { atLeast } from '../boot'
import { setLeaveGuard } from '../leave-guard'
import { useConsole } from '../context'
import type { SurveyPageData } from '../survey-page'

let editorScript: Promise<void> | undefined
/** The survey whose editor takes the focus once it has loaded: one just made from New survey. */
let focusOnLoad: string | null = null

/** Asks the editor of survey `id`, opened next, to take the focus once it shows the survey. */
export function focusEditorWhenOpen(id: string): void {
  focusOnLoad = id
}

/** Loads the editor's script once, with the page's nonce (the /console page's CSP allows nothing else). */
function loadEditor(boot: Boot): Promise<void> {
  if (customElements.get('canvass-survey-editor')) return Promise.resolve()
  editorScript ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script')
    script.type = 'module'
    script.nonce = boot.nonce
    script.src = `${boot.basePath}/js/editor.js`
    script.onload = () => customElements.whenDefined('canvass-survey-editor').then(() => resolve())
    script.onerror = () => {
      editorScript = undefined
      reject(new Error('The editor could not be loaded. Reload the page to try again.'))
    }
    document.head.append(script)
  })
  return editorScript
}

export function EditScreen({ page }: { page: SurveyPageData }) {
  const { boot, api, notify } = useConsole()
  const [state, setState] = useState<'loading' | 'ready' | string>('loading')
  const holder = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!boot.editor) return
    let gone = false
    loadEditor(boot).then(
      () => {
        if (gone || !holder.current) return
        const editor = document.createElement('canvass-survey-editor') as HTMLElement & {
          requestHeaders?: Record<string, string>
          dirty?: boolean
        }
        editor.className = 'cv-editor'
        // A viewer sees the survey as the editor shows it, with nothing to change (the server refuses a change too).
        if (!atLeast(boot.role, 'editor')) editor.setAttribute('readonly', '')
        // The page's CSP allows styles by nonce only: the editor puts this one on its own.
        editor.setAttribute('nonce', boot.nonce)
        editor.requestHeaders = api.headers()
        editor.setAttribute('api', `${location.origin}${boot.basePath}`)
        editor.setAttribute('workspace-id', boot.project.id)
        editor.setAttribute('survey-id', page.survey.id)
        if (focusOnLoad === page.survey.id) {
          focusOnLoad = null
          editor.addEventListener(
            'canvass-load',
            // Once painted: the editor's first field (the survey's name) takes the focus.
            () =>
              requestAnimationFrame(() =>
                editor.shadowRoot?.querySelector<HTMLElement>('input:not([type=hidden]), textarea, select, button')?.focus(),
              ),
            { once: true },
          )
        }
        editor.addEventListener('canvass-saved', () => {
          notify('Survey saved')
          page.reload()
        })
        holder.current.replaceChildren(editor)
        setState('ready')
      },
      (error: Error) => !gone && setState(error.message),
    )
    // Leaving with unsaved changes asks first (the shell's dialog, the browser's on closing the page).
    const clearGuard = setLeaveGuard(
      () => holder.current?.querySelector<HTMLElement & { dirty?: boolean }>('canvass-survey-editor')?.dirty === true,
    )
    return () => {
      gone = true
      clearGuard()
    }
  }, [page.survey.id])
  if (!boot.editor) return <p>This Canvass serves no survey editor: edit the survey through the API.</p>
  return (
    <div>
      <h2 class="cv-visually-hidden">Edit the survey</h2>
      {state === 'loading' && <p role="status">Loading the editor…</p>}
      {state !== 'loading' && state !== 'ready' && (
        <p class="cv-error" role="alert">
          {state}
        </p>
      )}
      <div ref={holder} />
    </div>
  )
}
