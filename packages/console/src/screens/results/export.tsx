/**
 * The export of the filtered responses (docs/api.md, "Exporting responses"): the console asks the server for a
 * short-lived signed link with the table's filters, then opens it as a download, so that the browser writes
 * the file to disk as it arrives and never holds it in memory (no fetch of the body, no Blob).
 */
import { useState } from 'preact/hooks'
import type { Query } from '../../api'
import { useConsole } from '../../context'

type Format = 'csv' | 'xlsx' | 'ndjson'

const FORMATS: Array<{ format: Format; label: string; name: string }> = [
  { format: 'csv', label: 'Export CSV', name: 'CSV' },
  { format: 'xlsx', label: 'Export Excel (XLSX)', name: 'Excel' },
  { format: 'ndjson', label: 'Export NDJSON', name: 'NDJSON' },
]

/** The filters as the link's body takes them: the list's query parameters, empty ones left out. */
export function linkFilters(query: Query): Record<string, string | string[]> {
  const filters: Record<string, string | string[]> = {}
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue
    filters[name] = Array.isArray(value) ? value.map(String) : String(value)
  }
  return filters
}

/** Starts a download of `url` by navigation: the server's `Content-Disposition` names the file. */
function downloadFrom(url: string): void {
  const link = document.createElement('a')
  link.href = url
  link.download = ''
  link.rel = 'noopener'
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
}

export function ExportControl({ surveyId, query }: { surveyId: string; query: Query }) {
  const { api } = useConsole()
  const [busy, setBusy] = useState(false)
  const [said, setSaid] = useState<{ text: string; error: boolean }>({ text: '', error: false })
  const start = async (format: Format, name: string) => {
    // Not `disabled` while it runs: the focus stays on the button pressed.
    if (busy) return
    setBusy(true)
    setSaid({ text: `Preparing your ${name} file…`, error: false })
    try {
      const link = await api.data<{ url: string; expiresAt: string }>('/api/v1/management/responses/export-links', {
        method: 'POST',
        body: { surveyId, format, filters: linkFilters(query) },
      })
      downloadFrom(link.url)
      setSaid({
        text: `Your ${name} download has started, with the filters shown. Your browser saves the file as it arrives; a large one can take a while.`,
        error: false,
      })
    } catch (error) {
      setSaid({ text: `The export could not start: ${error instanceof Error ? error.message : String(error)}`, error: true })
    } finally {
      setBusy(false)
    }
  }
  return (
    <div class="cv-export">
      <div class="cv-actions" role="group" aria-label="Export the filtered responses">
        {FORMATS.map(({ format, label, name }) => (
          <button key={format} type="button" aria-disabled={busy ? 'true' : undefined} onClick={() => start(format, name)}>
            {label}
          </button>
        ))}
      </div>
      <p role="status" class={said.error ? 'cv-error' : undefined} data-testid="export-status">
        {said.text}
      </p>
    </div>
  )
}
