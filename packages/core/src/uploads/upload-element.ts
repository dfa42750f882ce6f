import type { SurveyRecord } from '../ports/storage'
import { extensionOf } from './file-name'

/** The `fileUpload` element a respondent's file answers, reduced to what limits the file. */
export interface UploadElement {
  /** The most bytes the file may hold: the element's `maxSizeInMB`, never above the server's limit. */
  maxBytes: number
  /** The extensions the element allows (lowercase, no dot), or null when it names none. */
  extensions: string[] | null
}

/**
 * The `fileUpload` element `elementId` of `survey` and its limits, or the reference's text for why a respondent
 * may not upload there (docs/api.md, "Uploads and files"): the survey has no file-upload element, `elementId`
 * names none of them, or `fileName`'s extension is not one the element allows. The client presign and the
 * client upload both apply it, each answering a refusal in its own shape. An element's `maxSizeInMB` lowers
 * `serverMaxBytes` (a missing or zero one leaves it); an empty `allowedFileExtensions` allows what the server
 * allows, as the widget reads it.
 */
export function uploadElement(
  survey: Pick<SurveyRecord, 'questions'>,
  elementId: string,
  fileName: string,
  serverMaxBytes: number,
): UploadElement | { refusal: string } {
  const elements = survey.questions.filter((question): question is FileUploadElement => {
    const element = question as Partial<FileUploadElement> | null
    return typeof element === 'object' && element !== null && element.type === 'fileUpload'
  })
  if (elements.length === 0) return { refusal: 'Survey does not allow file uploads' }
  const element = elements.find((candidate) => candidate.id === elementId)
  if (!element) return { refusal: 'Element does not allow file uploads' }
  const extensions = allowedExtensionsOf(element)
  if (extensions && !extensions.includes(extensionOf(fileName))) return { refusal: 'File extension is not allowed for this element' }
  const megabytes = element.maxSizeInMB
  const elementMax = typeof megabytes === 'number' && megabytes > 0 ? Math.floor(megabytes * 1024 * 1024) : serverMaxBytes
  return { maxBytes: Math.max(1, Math.min(serverMaxBytes, elementMax)), extensions }
}

/**
 * The extensions a `fileUpload` element's `allowedFileExtensions` allows (lowercase, no dot), or null when it names
 * none (the server's own list applies).
 */
export function allowedExtensionsOf(element: { allowedFileExtensions?: unknown }): string[] | null {
  const listed = Array.isArray(element.allowedFileExtensions)
    ? element.allowedFileExtensions.filter((entry): entry is string => typeof entry === 'string')
    : []
  return listed.length > 0 ? listed.map((entry) => entry.replace(/^\./, '').toLowerCase()) : null
}

/** The fields of a stored `fileUpload` question this rule reads (stored surveys were validated on write). */
interface FileUploadElement {
  id: string
  type: 'fileUpload'
  maxSizeInMB?: unknown
  allowedFileExtensions?: unknown
}
