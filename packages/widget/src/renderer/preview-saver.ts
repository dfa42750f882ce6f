/**
 * The saver of a preview (`RenderOptions.preview`, a link page opened with a preview token): the same calls
 * as `createResponseSaver`, but nothing is kept on the device and nothing is sent, so a preview records no
 * display and stores no response. Pages still move on as they would, since every save "succeeds".
 */
import type { ResponseSaver, ResponseSaverOptions } from './response-saver'

/** The response id the callbacks of a preview get: no response exists. */
export const PREVIEW_RESPONSE_ID = 'preview'

export function createPreviewSaver(options: Pick<ResponseSaverOptions, 'onDisplay' | 'onSaved'>): ResponseSaver {
  return {
    ready: Promise.resolve(undefined),
    display: () => options.onDisplay?.(undefined),
    save: async (update) => {
      options.onSaved?.(PREVIEW_RESPONSE_ID, update.finished)
      return true
    },
    retry: async () => true,
    keepFile: async () => undefined,
    dismiss: () => {},
  }
}
