/**
 * Where a shown survey's answers go: the display and every answer through the outbox, kept on this device
 * until the server has them (`response-saver.ts`), or nowhere for a preview (a link page's `?preview=`
 * token, `preview-saver.ts`); files uploaded as they are chosen; and whether the browser is offline.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks'
import type { Endpoint } from '../../shared/client-api'
import { uploadFile } from '../../shared/client-api'
import type { RenderSurveyOptions } from '../../shared/protocol'
import { ENDING_CLOSE_MS, closesAfterEnding } from '../ending-close'
import { PREVIEW_RESPONSE_ID, createPreviewSaver } from '../preview-saver'
import type { RenderEnv } from '../questions/question-props'
import type { ResponseSaver, ResponseSaverOptions, SaveFailure } from '../response-saver'
import { createResponseSaver, saveFailure } from '../response-saver'
import type { Flow } from '../next-step'
import { resolveUrl } from './survey-parts'
import type { SurveyState } from './survey-state'

/**
 * The survey's saver, made once, with what it reports: waiting for the network, a failure, the ending a full
 * quota jumps to. `close` removes the survey (a finished modal survey closes itself after its ending).
 */
export function useSaving(options: RenderSurveyOptions, endpoint: Endpoint, flow: Flow, state: SurveyState, close: () => void) {
  const [waiting, setWaiting] = useState(false)
  const [failure, setFailure] = useState<SaveFailure | undefined>(undefined)
  const [redirectTo, setRedirectTo] = useState<string | undefined>(undefined)
  const [loaded, setLoaded] = useState(false)
  /** The survey leaves the page for a redirect ending: it does not close itself after it. */
  const redirecting = useRef(false)
  const endingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const leave = (url: string) => {
    options.callbacks?.onClose?.()
    window.location.assign(url)
  }
  const saver = useMemo(
    () =>
      (options.preview ? createPreviewSaver : createResponseSaver)({
        ...saverOptions(options, endpoint),
        onDisplay: (id) => options.callbacks?.onDisplay?.(id),
        onWaiting: setWaiting,
        onSaved: (responseId, done) => {
          options.callbacks?.onResponse?.({ responseId, finished: done })
          // A finished modal survey shows its ending for a few seconds, then closes itself (see ../ending-close.ts).
          if (done && endingTimer.current === undefined) {
            endingTimer.current = setTimeout(() => {
              if (closesAfterEnding(options.mode === 'modal' ? 'modal' : 'page', redirecting.current)) close()
            }, ENDING_CLOSE_MS)
          }
        },
        // A full quota ended the response: its ending is shown (or followed, for a redirect), whatever comes next.
        onQuotaEnded: (endingId) => {
          const quotaEnding = flow.endings.find((e) => e.id === endingId)
          state.setStep(endingId)
          state.setFinished(true)
          const target = quotaEnding?.type === 'redirectToUrl' ? resolveUrl(quotaEnding.url, endpoint.appUrl) : undefined
          if (target) {
            redirecting.current = true
            setRedirectTo(target)
            leave(target)
          }
        },
        onFailure: setFailure,
      }),
    [],
  )
  useEffect(() => {
    saver.display()
    void saver.ready.then((resumed) => {
      state.resume(resumed)
      setLoaded(true)
    })
    return () => clearTimeout(endingTimer.current)
  }, [])

  return {
    saver,
    waiting,
    failure,
    redirectTo,
    /** Whether the saver has read what this device kept (the first step waits for it). */
    loaded,
    /** Leaves for a redirect ending once `saved` says the answers are kept. */
    redirect(target: string, saved: Promise<boolean>) {
      redirecting.current = true
      setRedirectTo(target)
      void saved.then((ok) => ok && leave(target))
    },
    async retry() {
      options.callbacks?.onRetry?.()
      const ok = await saver.retry()
      if (ok && redirectTo) leave(redirectTo)
    },
  }
}

/** Who answers and where, as the saver records it. */
function saverOptions(
  options: RenderSurveyOptions,
  endpoint: Endpoint,
): Pick<ResponseSaverOptions, 'endpoint' | 'surveyId' | 'userId' | 'contactId' | 'singleUseId' | 'pinAuthToken' | 'meta' | 'resumeDays'> {
  return {
    endpoint,
    surveyId: options.survey.id,
    ...(options.userId ? { userId: options.userId } : {}),
    ...(options.contactId ? { contactId: options.contactId } : {}),
    ...(options.singleUseId ? { singleUseId: options.singleUseId } : {}),
    ...(options.pinAuthToken ? { pinAuthToken: options.pinAuthToken } : {}),
    ...(options.meta ? { meta: options.meta } : {}),
    ...(options.resumeDays !== undefined ? { resumeDays: options.resumeDays } : {}),
  }
}

/** What question components need from the page: URLs made absolute and file uploads. */
export function renderEnv(options: RenderSurveyOptions, endpoint: Endpoint, saver: ResponseSaver): RenderEnv {
  return {
    resolveUrl: (url) => resolveUrl(url, endpoint.appUrl),
    async upload(file, elementId, allowedFileExtensions) {
      // A preview stores nothing, files included: the answer names the file only.
      if (options.preview) return { ok: true, url: `${PREVIEW_RESPONSE_ID}:${file.name}` }
      const result = await uploadFile(endpoint, {
        file,
        fileName: file.name,
        fileType: file.type || 'application/octet-stream',
        surveyId: options.survey.id,
        elementId,
        ...(allowedFileExtensions?.length ? { allowedFileExtensions } : {}),
      })
      if (result.ok) return { ok: true, url: result.data.fileUrl }
      // Offline (or the server unreachable): the file waits in the outbox and goes before the answer naming it.
      const kept =
        saveFailure(result.status, result.message) === 'network' ? await saver.keepFile(file, elementId, allowedFileExtensions) : undefined
      return kept ? { ok: true, url: kept } : { ok: false }
    },
  }
}

/** Whether the browser says it is offline, as it changes. */
export function useOffline(): boolean {
  const [offline, setOffline] = useState(() => typeof navigator !== 'undefined' && navigator.onLine === false)
  useEffect(() => {
    const online = () => setOffline(false)
    const gone = () => setOffline(true)
    window.addEventListener('online', online)
    window.addEventListener('offline', gone)
    return () => {
      window.removeEventListener('online', online)
      window.removeEventListener('offline', gone)
    }
  }, [])
  return offline
}
