import type { WidgetSurvey } from '../../shared/survey'
import type { UserData } from '../types'

/**
 * Whether a survey's segment lets this user see it. A survey without a segment is for everyone. A segment
 * without filters matches everyone (the reference's editor gives every app survey such a private segment).
 * A segment with filters (or one whose filters this state does not say) is for identified users only, and
 * only when the server put its id in the user's `segments`: an anonymous visitor has no attributes to match.
 */
export function passesSegment(segment: WidgetSurvey['segment'] | undefined, user: Pick<UserData, 'userId' | 'segments'>): boolean {
  if (!segment) return true
  if (!hasFilters(segment)) return true
  if (!user.userId) return false
  return user.segments.includes(segment.id)
}

/** `hasFilters` as the reference's newer state says it, else a non-empty `filters`; unknown counts as filtered. */
function hasFilters(segment: { filters?: unknown; hasFilters?: unknown }): boolean {
  if (typeof segment.hasFilters === 'boolean') return segment.hasFilters
  if (Array.isArray(segment.filters)) return segment.filters.length > 0
  return true
}
