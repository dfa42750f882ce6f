import { createContext } from 'preact'
import { useContext } from 'preact/hooks'
import type { Api } from './api'
import type { Boot } from './boot'
import type { Route } from './route'

/** What every screen gets: the boot data, the API client, where the person is, and how to tell them things. */
export interface ConsoleContext {
  boot: Boot
  api: Api
  route: Route
  /** Goes to a hash (`#/surveys`). */
  navigate(hash: string): void
  /** A short message in the page's live region (saved, copied, failed). */
  notify(message: string, tone?: 'ok' | 'error'): void
  /** Bumped when the environment changes: screens reload what they show. */
  environmentId: string
}

export const Console = createContext<ConsoleContext | null>(null)

export function useConsole(): ConsoleContext {
  const value = useContext(Console)
  if (!value) throw new Error('useConsole outside the console')
  return value
}
