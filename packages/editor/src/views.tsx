import { useRef } from 'preact/hooks'
import type { EditorTexts } from './i18n'

/** The editor's views: the questions (and what they say), how the survey is given out, its look, its quotas. */
export const VIEWS = ['questions', 'settings', 'styling', 'quotas'] as const
export type View = (typeof VIEWS)[number]

const LABELS: Record<View, keyof EditorTexts> = {
  questions: 'viewQuestions',
  settings: 'viewSettings',
  styling: 'viewStyling',
  quotas: 'viewQuotas',
}

/** The DOM id of a view's tab, and of its panel (`aria-controls`). */
export const viewTabId = (view: View) => `cse-view-${view}`
export const viewPanelId = 'cse-view-panel'

/** The survey's fields the Settings view sets. */
const SETTINGS_FIELDS = [
  'type',
  'autoComplete',
  'closeOn',
  'singleUse',
  'pin',
  'isBackButtonHidden',
  'metadata',
  'distribution',
  'targeting',
  'workspaceOverwrites',
]

/**
 * The view that shows a problem's field: the settings' fields (`closeOn`, `pin`, `distribution`…) in Settings, the
 * survey's look in Styling, the rest (name, languages, questions, endings, variables) in Questions.
 */
export function viewOfPath(path: string): View {
  const head = path.split('.')[0] ?? ''
  if (head === 'styling') return 'styling'
  return SETTINGS_FIELDS.includes(head) ? 'settings' : 'questions'
}

/**
 * The views as tabs (the WAI-ARIA pattern): one stop for Tab, the arrow keys, Home and End move between them and
 * show the one they reach; Tab goes on into the view shown.
 */
export function ViewTabs({ view, onView, texts }: { view: View; onView(view: View): void; texts: EditorTexts }) {
  const list = useRef<HTMLDivElement>(null)
  const go = (next: View) => {
    onView(next)
    list.current?.querySelector<HTMLElement>(`#${viewTabId(next)}`)?.focus()
  }
  const onKeyDown = (event: KeyboardEvent) => {
    const at = VIEWS.indexOf(view)
    const next =
      event.key === 'ArrowRight'
        ? VIEWS[(at + 1) % VIEWS.length]
        : event.key === 'ArrowLeft'
          ? VIEWS[(at + VIEWS.length - 1) % VIEWS.length]
          : event.key === 'Home'
            ? VIEWS[0]
            : event.key === 'End'
              ? VIEWS[VIEWS.length - 1]
              : undefined
    if (!next) return
    event.preventDefault()
    go(next)
  }
  return (
    <div class="cse-views" role="tablist" aria-label={texts.viewsLabel} ref={list} onKeyDown={onKeyDown}>
      {VIEWS.map((each) => (
        <button
          key={each}
          type="button"
          role="tab"
          id={viewTabId(each)}
          aria-selected={each === view}
          aria-controls={each === view ? viewPanelId : undefined}
          tabIndex={each === view ? 0 : -1}
          onClick={() => go(each)}
        >
          {texts[LABELS[each]] as string}
        </button>
      ))}
    </div>
  )
}
