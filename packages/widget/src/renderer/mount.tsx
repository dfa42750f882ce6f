/**
 * Puts a survey on the page: a host element (the `page` container, or a new element under `body` for a
 * `modal` survey) with an open shadow root holding the style sheet and the survey, so that page and survey
 * styles stay apart. Every `<style>` carries the CSP nonce (`setNonce` or the options' own).
 */
import { render } from 'preact'
import type { RenderSurveyOptions, SurveyHandle } from '../shared/protocol'
import { Survey } from './components/survey'
import { STYLES } from './styles'
import { cssVariables, resolveTheme } from './theme'

let currentNonce: string | undefined
const liveStyles = new Set<HTMLStyleElement>()

export function setNonce(nonce: string | undefined): void {
  currentNonce = nonce
  for (const style of liveStyles) {
    if (nonce) style.setAttribute('nonce', nonce)
    else style.removeAttribute('nonce')
  }
}

export function renderSurvey(options: RenderSurveyOptions): SurveyHandle {
  const modal = options.mode !== 'page' || !options.container
  const host = modal ? document.body.appendChild(document.createElement('div')) : (options.container as HTMLElement)
  host.setAttribute('data-canvass-survey', options.survey.id)
  if (modal) host.setAttribute('data-mode', 'modal')
  const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' })
  shadow.replaceChildren()

  const prefersDark = typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches
  const theme = resolveTheme(options.project, options.survey, modal ? 'modal' : 'page', { appUrl: options.appUrl, prefersDark })
  const style = document.createElement('style')
  const nonce = options.nonce ?? currentNonce
  if (nonce) style.setAttribute('nonce', nonce)
  // Inline, the survey paints only inside its container, whatever a workspace's custom CSS sizes, moves or
  // stacks (`!important` in a shadow root's sheet outranks the page's own rules for the host). A modal draws
  // its own layer over the page and is not contained.
  const containment = modal ? '' : ':host{contain:paint!important}'
  style.textContent = `${STYLES}:host{${cssVariables(theme.vars)}}${containment}`
  liveStyles.add(style)
  const root = document.createElement('div')
  // The root custom CSS is anchored at (docs/api.md, "Workspace custom CSS in v3"); surveys are drawn light unless
  // the theme has a dark look and the respondent's system asks for it.
  root.id = 'fbjs'
  root.setAttribute('data-appearance', theme.appearance)
  shadow.append(style, root)
  // The workspace's CSS, then the survey's own (later in the sheet, so it wins a tie).
  const custom = [customCssOf(options.project), customCssOf(options.survey)].filter((css) => css !== '').join('\n')
  if (custom) {
    // Compiled and sanitized by the server; inserted as text, inside the shadow root, after the survey's own sheet.
    const sheet = document.createElement('style')
    if (nonce) sheet.setAttribute('nonce', nonce)
    sheet.textContent = custom
    liveStyles.add(sheet)
    shadow.insertBefore(sheet, root)
  }

  let closed = false
  const close = () => {
    if (closed) return
    closed = true
    render(null, root)
    for (const live of shadow.querySelectorAll('style')) liveStyles.delete(live)
    liveStyles.delete(style)
    if (modal) host.remove()
    else shadow.replaceChildren()
    options.callbacks?.onClose?.()
  }
  render(<Survey options={{ ...options, mode: modal ? 'modal' : 'page' }} theme={theme} onClose={close} />, root)
  return { close }
}

/**
 * The compiled custom CSS the server sent with the project (the workspace's) or the survey (its own), light and
 * dark together; '' when none.
 */
function customCssOf(holder: unknown): string {
  const css = typeof holder === 'object' && holder !== null ? (holder as { customCss?: unknown }).customCss : undefined
  if (typeof css !== 'object' || css === null) return ''
  const { light, dark } = css as { light?: unknown; dark?: unknown }
  return [light, dark].filter((part): part is string => typeof part === 'string').join('')
}
