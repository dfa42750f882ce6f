/**
 * An uploaded file of a response, by its name: activated, it asks the server for a short-lived link to the file
 * (`POST /api/v1/management/storage/file-links`, docs/api.md "Opening a file") and opens it in a new tab (a
 * download for files a browser does not show). The stored URL is never shown: a private file's answers 401 to a
 * browser tab, which carries no key.
 */
import { useState } from 'preact/hooks'
import { useConsole } from '../../context'

export function FileLink({ url, name }: { url: string; name: string }) {
  const { api } = useConsole()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const open = async () => {
    setBusy(true)
    setError(null)
    try {
      const link = await api.data<{ url: string; expiresAt: string | null }>('/api/v1/management/storage/file-links', {
        method: 'POST',
        body: { url },
      })
      const anchor = document.createElement('a')
      anchor.href = link.url
      anchor.target = '_blank'
      anchor.rel = 'noopener noreferrer'
      document.body.append(anchor)
      anchor.click()
      anchor.remove()
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure))
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <button type="button" class="cv-file-link" onClick={open} aria-busy={busy ? 'true' : undefined}>
        {name}
        <span class="cv-sr"> (opens the file in a new tab)</span>
      </button>
      {error && (
        <span class="cv-error" role="alert">
          {' '}
          The file could not be opened: {error}
        </span>
      )}
    </>
  )
}
