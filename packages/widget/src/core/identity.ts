/** Who the user is: `setUserId`, attributes (language and email included) and `logout`. */
import type { Session } from './session'
import type { SurveyRunner } from './survey-runner'
import { identify } from './sync'
import { anonymousUser } from './types'

export type AttributeValue = string | number | Date

const MAX_USER_ID = 255

export async function setUserId(current: Session, runner: SurveyRunner, userId: string): Promise<void> {
  if (typeof userId !== 'string' || userId === '' || userId.length > MAX_USER_ID) {
    console.error(`🧱 Formbricks - a userId is a string of 1 to ${MAX_USER_ID} characters`)
    return
  }
  const previous = current.state.user.data
  if (previous.userId === userId) return
  // A language chosen before identifying goes to the contact, so that it is not lost.
  const carried = previous.userId === null && previous.language ? { language: previous.language } : undefined
  if (previous.userId !== null) signOut(current, runner)
  const user = await identify(current.endpoint, userId, carried)
  if (!user) return
  current.state.user = user
  current.save()
}

export async function setAttributes(current: Session, attributes: Record<string, AttributeValue>): Promise<void> {
  const values: Record<string, string> = {}
  for (const [key, value] of Object.entries(attributes ?? {})) {
    if (typeof value === 'string') values[key] = value
    else if (typeof value === 'number' && Number.isFinite(value)) values[key] = String(value)
    else if (value instanceof Date && !Number.isNaN(value.getTime())) values[key] = value.toISOString()
    else console.warn(`🧱 Formbricks - attribute ${key} must be a string, a number or a date`)
  }
  const user = current.state.user.data
  if (user.userId === null) {
    // An anonymous visitor's language chooses the survey language on this device.
    if (values.language !== undefined) {
      user.language = values.language
      current.save()
    }
    const others = Object.keys(values).filter((key) => key !== 'language')
    if (others.length > 0) console.error(`🧱 Formbricks - attributes need a user: call setUserId() before setting ${others.join(', ')}`)
    return
  }
  if (Object.keys(values).length === 0) return
  const userId = user.userId
  const updated = await identify(current.endpoint, userId, values)
  if (updated && current.state.user.data.userId === userId) {
    current.state.user = updated
    current.save()
  }
}

/** Forgets the user (the environment state stays) and closes their survey. */
export function signOut(current: Session, runner: SurveyRunner): void {
  runner.close()
  current.state.user = { data: anonymousUser(), expiresAt: null }
  current.save()
}
