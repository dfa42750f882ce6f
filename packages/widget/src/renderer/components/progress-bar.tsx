/** How far the respondent is, as a bar under the card (its width is the one style set from code). */
export function ProgressBar(props: { value: number; label: string }) {
  const percent = Math.round(Math.min(1, Math.max(0, props.value)) * 100)
  return (
    <div class="cv-progress" role="progressbar" aria-label={props.label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
      <div class="cv-progress-bar" style={{ width: `${percent}%` }} />
    </div>
  )
}
