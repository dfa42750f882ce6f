import type { ClientContactState } from '../../ports/storage/index'

/** How long a widget may keep a user state before asking again, as the reference. */
export const USER_STATE_TTL_MS = 30 * 60 * 1000

/** The reference's user state (`data` of its `TUserState`): what its widget reads about a contact. */
export function userStateOutput(state: ClientContactState, segments: string[]) {
  const latest = state.displays[0]?.createdAt ?? null
  return {
    userId: state.userId,
    contactId: state.contactId,
    segments,
    displays: state.displays.map((display) => ({ surveyId: display.surveyId, createdAt: display.createdAt.toISOString() })),
    responses: state.responseSurveyIds,
    lastDisplayAt: latest?.toISOString() ?? null,
    ...(state.attributes.language !== undefined ? { language: state.attributes.language } : {}),
  }
}

/** Attribute keys a client may not set: the contact's identity. */
export function settableAttributes(attributes: Record<string, string>): Record<string, string> {
  const settable: Record<string, string> = {}
  for (const [key, value] of Object.entries(attributes)) if (key !== 'userId' && key !== 'id') settable[key] = value
  return settable
}
