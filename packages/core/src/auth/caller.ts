import type { ConsoleRole } from '../ports/storage'

/** Who sent a request, as `authenticate` finds it. */
export interface Caller {
  environmentId: string
  apiKeyId: string
  /**
   * The key's label, as the audit log records it (`editor token of <label>` for an editor token a key minted,
   * `editor token of console: <name>` for one a console session minted).
   */
  apiKeyLabel: string | null
  /**
   * Set when the request came with an editor token rather than a key (`auth/editor-auth.ts`): the one survey
   * the token is bound to, or null. The key is then the one that minted it (empty for the library's tokens and
   * a console session's).
   */
  editor?: { surveyId: string | null }
  /**
   * Set when the request came from the console (`auth/console-auth.ts`): the grant's project, role and person.
   * `apiKeyId` is then empty: no key did it; `apiKeyLabel` is `console: <person>`.
   */
  console?: { projectId: string; role: ConsoleRole; personId: string | null; personName: string | null }
}

/**
 * What an editor token may do on a route (`RouteDoc.editorToken`; docs/editor.md#editor-tokens):
 * - `workspace`: any token of the route's workspace; a token bound to one survey only where the route writes
 *   nothing (`readOnly`: validate, preview), since a list would show other surveys and a create makes one.
 * - `survey`: a route of one survey (`:surveyId`): a token bound to a survey only for that survey.
 * A route without it refuses every editor token with its own 401.
 */
export type EditorTokenScope = 'workspace' | 'survey'
