/**
 * @module
 * Canvass's survey editor for hosts: `readEditorBundle()` reads the browser bundle this package builds
 * (`editor.js`, an ES module defining `<canvass-survey-editor>`), to hand to `createCanvass({ editor })`, which
 * serves it at `/js/editor.js`.
 *
 * ```ts
 * const canvass = createCanvass({ storage, editor: await readEditorBundle() })
 * ```
 */
import { readFile } from 'node:fs/promises'

/** Reads the built editor bundle (`dist/editor.js`) as text. */
export async function readEditorBundle(): Promise<string> {
  return readFile(new URL('./editor.js', import.meta.url), 'utf8')
}
