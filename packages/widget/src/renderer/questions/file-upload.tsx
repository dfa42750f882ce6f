import { useState } from 'preact/hooks'
import type { FileUploadQuestion } from '../types'
import type { QuestionProps, QuestionView } from './question-props'

/**
 * Files, uploaded as soon as they are chosen through the client storage routes; the answer is the list of
 * stored files' URLs. Extensions and size are checked here first, so that a wrong file is named at once.
 */
function FileUpload({ question, value, onChange, ids, describedBy, required, env, t, setBusy }: QuestionProps<FileUploadQuestion>) {
  const urls = Array.isArray(value) ? value.filter((url) => url !== 'skipped') : []
  const [uploading, setUploading] = useState(0)
  const [problems, setProblems] = useState<string[]>([])
  const extensions = (question.allowedFileExtensions ?? []).map((ext) => ext.replace(/^\./, '').toLowerCase())
  const maxBytes = typeof question.maxSizeInMB === 'number' && question.maxSizeInMB > 0 ? question.maxSizeInMB * 1024 * 1024 : undefined

  async function add(files: File[]) {
    const found: string[] = []
    const accepted = files.filter((file) => {
      const ext = file.name.includes('.') ? (file.name.split('.').pop() ?? '').toLowerCase() : ''
      if (extensions.length > 0 && !extensions.includes(ext)) found.push(t('fileTypeNotAllowed', { name: file.name }))
      else if (maxBytes !== undefined && file.size > maxBytes)
        found.push(t('fileTooLarge', { name: file.name, n: question.maxSizeInMB ?? 0 }))
      else return true
      return false
    })
    const chosen = question.allowMultipleFiles ? accepted : accepted.slice(0, 1)
    setProblems(found)
    if (chosen.length === 0) return
    setUploading((n) => n + chosen.length)
    setBusy(true)
    const stored: string[] = []
    for (const file of chosen) {
      const result = await env.upload(file, question.id, question.allowedFileExtensions)
      if (result.ok) stored.push(result.url)
      else found.push(t('uploadFailed', { name: file.name }))
      setUploading((n) => n - 1)
    }
    setBusy(false)
    setProblems([...found])
    onChange(question.allowMultipleFiles ? [...urls, ...stored] : stored.slice(0, 1))
  }

  return (
    <>
      <input
        class="cv-input"
        type="file"
        id={ids.input}
        multiple={question.allowMultipleFiles}
        accept={extensions.length > 0 ? extensions.map((ext) => `.${ext}`).join(',') : undefined}
        aria-labelledby={ids.headline}
        aria-describedby={describedBy}
        aria-required={required}
        disabled={uploading > 0}
        onChange={(event) => {
          const input = event.currentTarget as HTMLInputElement
          const files = [...(input.files ?? [])]
          input.value = ''
          void add(files)
        }}
      />
      <p class="cv-note" aria-live="polite">
        {uploading > 0 ? t('uploading') : ''}
      </p>
      {problems.length > 0 ? (
        <ul class="cv-error" role="alert">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
      {urls.length > 0 ? (
        <ul class="cv-files" aria-label={t('uploadedFiles')}>
          {urls.map((url) => {
            const name = fileName(url)
            return (
              <li class="cv-file" key={url}>
                <span>{name}</span>
                <button
                  type="button"
                  class="cv-icon-btn"
                  aria-label={t('removeFile', { name })}
                  onClick={() => onChange(urls.filter((other) => other !== url))}
                >
                  ×
                </button>
              </li>
            )
          })}
        </ul>
      ) : null}
    </>
  )
}

/** The name a respondent gave a file, from its stored URL (`name--fid--uuid.ext`). */
function fileName(url: string): string {
  let last = url.split('/').pop() ?? url
  try {
    last = decodeURIComponent(last)
  } catch {}
  const match = /^(.*)--fid--[^.]*(\.[^.]*)?$/.exec(last)
  return match ? `${match[1]}${match[2] ?? ''}` : last
}

export const fileUpload: QuestionView<FileUploadQuestion> = { view: FileUpload }
