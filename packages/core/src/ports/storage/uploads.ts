/** Uploads: spent upload uuids (each signed upload is usable once) and the files stored (docs/design.md, "Uploads"). */
export interface UploadStore {
  /**
   * Marks the upload uuid spent. Resolves `true` when this call spent it and `false` when it was spent
   * already (a replay). MUST be atomic: of concurrent calls with one uuid exactly one resolves `true`.
   */
  spendUuid(spent: SpentUploadUuid): Promise<boolean>
  /**
   * Forgets uuids spent before `before`; resolves how many. Core calls it with a time past which no
   * signature is valid any more, so a forgotten uuid can never be replayed.
   */
  purgeSpentUuids(before: Date): Promise<number>
  /** Records a stored file, replacing the record of the same environment, access type and name. */
  recordFile(file: FileRecord): Promise<void>
  /** The record of a stored file of the environment, or `null`. */
  getFile(environmentId: string, accessType: FileAccessType, fileName: string): Promise<FileRecord | null>
}

export interface SpentUploadUuid {
  uuid: string
  environmentId: string
  spentAt: Date
}

export type FileAccessType = 'public' | 'private'

export interface FileRecord {
  id: string
  environmentId: string
  /** The survey the upload named (`X-Survey-ID`), when it is a survey of the environment. */
  surveyId: string | null
  /**
   * Uploaded by a respondent (the client route) for a response. Only such a file goes with a response that
   * names it (see docs/data-rights.md, "Files of responses"); a manager's upload never does.
   */
  forResponse: boolean
  accessType: FileAccessType
  /** The stored name, `<base>--fid--<uuid>.<ext>`. */
  fileName: string
  contentType: string
  size: number
  createdAt: Date
}
