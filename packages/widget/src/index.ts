/**
 * @module
 * Canvass's survey widget for hosts: `readWidgetBundles()` reads the two browser bundles this package
 * builds, to hand to `createCanvass({ widget })`, which serves them at `/js/formbricks.umd.cjs` (what the
 * unchanged `@formbricks/js` loader loads) and `/js/surveys.umd.cjs` (the renderer), and uses the renderer
 * for link survey pages (`/s/{surveyId}`).
 *
 * ```ts
 * const canvass = createCanvass({ storage, widget: await readWidgetBundles() })
 * ```
 */
import { readFile } from 'node:fs/promises'

/** The browser bundles' source text. */
export interface WidgetBundles {
  /** `formbricks.umd.cjs`: the in-app core the `@formbricks/js` loader loads. */
  formbricks: string
  /** `surveys.umd.cjs`: the survey renderer, loaded when a survey is shown and by link pages. */
  surveys: string
}

/** Reads the built bundles from this package's `dist` folder. */
export async function readWidgetBundles(): Promise<WidgetBundles> {
  const [formbricks, surveys] = await Promise.all([
    readFile(new URL('./formbricks.umd.cjs', import.meta.url), 'utf8'),
    readFile(new URL('./surveys.umd.cjs', import.meta.url), 'utf8'),
  ])
  return { formbricks, surveys }
}

/**
 * Reads the API reference page's viewer (RapiDoc, MIT, built by its authors), to hand to
 * `createCanvass({ apiReference })`, which serves it for `GET /api/v1/docs`.
 */
export async function readApiReference(): Promise<string> {
  return readFile(new URL('./api-reference.js', import.meta.url), 'utf8')
}
