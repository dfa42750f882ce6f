import type { CoreState } from './types'

/** Where the state is kept. Not the reference's key: its state has another shape. */
export const STORAGE_KEY = 'formbricks-canvass'
/** Displays and responses kept per user, newest last: enough for every display option and limit. */
const MAX_KEPT = 200

/** The saved state, or undefined when there is none, it does not parse, or storage is unavailable. */
export function readState(): CoreState | undefined {
  try {
    const text = globalThis.localStorage?.getItem(STORAGE_KEY)
    if (!text) return undefined
    const state = JSON.parse(text) as CoreState
    const valid =
      state?.version === 1 &&
      typeof state.appUrl === 'string' &&
      typeof state.environmentId === 'string' &&
      Array.isArray(state.environment?.data?.surveys) &&
      Array.isArray(state.user?.data?.displays)
    return valid ? state : undefined
  } catch {
    return undefined
  }
}

/** Saves the state, trimmed to its bounds. Storage that refuses (private mode, quota) keeps it in memory only. */
export function writeState(state: CoreState): void {
  const user = state.user.data
  if (user.displays.length > MAX_KEPT) user.displays = user.displays.slice(-MAX_KEPT)
  if (user.responses.length > MAX_KEPT) user.responses = user.responses.slice(-MAX_KEPT)
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(state))
  } catch {}
}

export function clearState(): void {
  try {
    globalThis.localStorage?.removeItem(STORAGE_KEY)
  } catch {}
}
