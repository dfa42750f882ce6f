/**
 * The widget's survey renderer (`/js/surveys.umd.cjs`), loaded once per page with the page's nonce (the /console
 * page's CSP allows nothing else): the template preview and the Styling screen's preview draw with it.
 */
import type { Boot } from './boot'

/** The renderer's global, as `surveys.umd.cjs` sets it. */
export interface Renderer {
  renderSurvey(options: Record<string, unknown>): { close(): void } | undefined
}

let rendererLoading: Promise<Renderer> | undefined

export function loadRenderer(boot: Boot): Promise<Renderer> {
  const loaded = (globalThis as { formbricksSurveys?: Renderer }).formbricksSurveys
  if (loaded) return Promise.resolve(loaded)
  rendererLoading ??= new Promise<Renderer>((resolve, reject) => {
    const script = document.createElement('script')
    script.nonce = boot.nonce
    script.src = `${boot.basePath}/js/surveys.umd.cjs`
    const failed = () => {
      rendererLoading = undefined
      reject(new Error('The preview could not be loaded. Reload the page to try again.'))
    }
    script.onload = () => {
      const renderer = (globalThis as { formbricksSurveys?: Renderer }).formbricksSurveys
      if (renderer) resolve(renderer)
      else failed()
    }
    script.onerror = failed
    document.head.append(script)
  })
  return rendererLoading
}
