/** Displays: a widget showing a survey to a respondent (`POST /client/{environmentId}/displays`). */
export interface DisplayStore {
  /**
   * Inserts the display when the environment exists and the survey belongs to it, in one statement or
   * transaction. With `userId`, the contact with that userId in the environment is linked, created if
   * absent, atomically with the insert. Nothing is written unless the outcome is `created`.
   */
  create(input: NewDisplay): Promise<CreateDisplayResult>
}

export interface NewDisplay {
  id: string
  environmentId: string
  surveyId: string
  userId: string | null
  responseId: string | null
  createdAt: Date
  /** Generates the id of a contact created for `userId`. */
  newId: () => string
}

export type CreateDisplayResult =
  | { outcome: 'created'; id: string }
  | { outcome: 'environment_not_found' }
  | { outcome: 'survey_not_found' }
  | { outcome: 'survey_in_other_environment' }
