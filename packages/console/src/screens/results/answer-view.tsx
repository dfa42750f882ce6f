/**
 * One answer as the response detail and the responses table show it: the results' `Answer` (contact info and
 * address with their fields' labels, files by name, opened through a file link), else its text.
 */
import type { ComponentChildren } from 'preact'
import { Answer } from '@canvass/core/results'
import { FileLink } from './file-link'

export function AnswerView({ type, value, empty }: { type: string; value: unknown; empty?: ComponentChildren }) {
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) return <>{empty ?? null}</>
  return (
    <div class="cv-results cv-answer-view">
      <Answer type={type} value={value} file={(url, name) => <FileLink url={url} name={name} />} />
    </div>
  )
}
