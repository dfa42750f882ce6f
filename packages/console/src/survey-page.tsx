/**
 * What the tabs of a survey's page share: the survey they show, and the pager of their cursor-paged lists. It
 * is a module of its own so that the tabs need not import the page that holds them.
 */
import type { V1Survey } from './survey-data'

/** What a survey page knows: the survey as v1 reads it, whether it is archived (v3), and the results' filters. */
export interface SurveyPageData {
  survey: V1Survey
  archived: boolean
  reload(): void
}

/** Previous and next page buttons for a cursor-paged list. */
export function Pager(props: { hasPrevious: boolean; next: string | null; onPrevious(): void; onNext(next: string): void; label: string }) {
  if (!props.hasPrevious && !props.next) return null
  return (
    <nav class="cv-row" aria-label={`${props.label} pages`}>
      <button type="button" disabled={!props.hasPrevious} onClick={props.onPrevious}>
        Previous page
      </button>
      <button type="button" disabled={!props.next} onClick={() => props.next && props.onNext(props.next)}>
        Next page
      </button>
    </nav>
  )
}
