/**
 * `formbricks.umd.cjs`: what the `@formbricks/js` loader loads from `{appUrl}/js/formbricks.umd.cjs`. It puts
 * the in-app core on `globalThis.formbricks`; the renderer (`surveys.umd.cjs`) is loaded only when a survey
 * is shown.
 */
import { createFormbricks } from './formbricks'
import type { Formbricks } from './formbricks'

declare global {
  // eslint-disable-next-line no-var
  var formbricks: Formbricks | undefined
}

// A second copy of the script (loaded twice by a page) keeps the first one's state and listeners.
globalThis.formbricks ??= createFormbricks()
