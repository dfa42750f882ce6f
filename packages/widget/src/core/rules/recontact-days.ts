const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Whether enough whole days have passed since the user last saw any survey: the survey's own
 * `recontactDays` when set (0 included), else the project's (0: no wait). A user never shown a survey passes.
 */
export function passesRecontactDays(
  surveyDays: number | null | undefined,
  projectDays: number | null | undefined,
  lastDisplayAt: string | null,
  now: Date,
): boolean {
  if (!lastDisplayAt) return true
  const days = surveyDays ?? projectDays ?? 0
  if (days <= 0) return true
  const last = Date.parse(lastDisplayAt)
  // A date the core cannot read must not hide every survey for good.
  if (Number.isNaN(last)) return true
  return Math.floor(Math.abs(now.getTime() - last) / DAY_MS) >= days
}
