import type { FormbricksSurveysGlobal } from '../shared/protocol'

let loading: Promise<FormbricksSurveysGlobal> | undefined

/**
 * Loads `{appUrl}/js/surveys.umd.cjs` once, when the first survey is about to be shown, and resolves with
 * the `formbricksSurveys` global it defines. A failed load is tried again for the next survey.
 */
export function loadRenderer(appUrl: string, nonce: string | undefined): Promise<FormbricksSurveysGlobal> {
  if (globalThis.formbricksSurveys) return Promise.resolve(globalThis.formbricksSurveys)
  loading ??= new Promise<FormbricksSurveysGlobal>((resolve, reject) => {
    const script = document.createElement('script')
    script.src = `${appUrl}/js/surveys.umd.cjs`
    script.async = true
    if (nonce) script.nonce = nonce
    const fail = (why: string) => {
      script.remove()
      loading = undefined
      reject(new Error(`the survey renderer ${why}`))
    }
    script.onload = () => (globalThis.formbricksSurveys ? resolve(globalThis.formbricksSurveys) : fail('did not start'))
    script.onerror = () => fail(`could not be loaded from ${script.src}`)
    document.head.appendChild(script)
  })
  return loading
}
