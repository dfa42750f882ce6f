/**
 * The survey and project as the widget reads them: the `data` of `GET /api/v1/client/{env}/environment`
 * (and the survey a link page embeds). Only the fields the widget uses are typed; the server sends more.
 * The renderer owns the question, ending, logic and styling types (`src/renderer`); the core owns the
 * targeting fields below.
 */
export type LocalizedText = Record<string, string> & { default?: string }

export interface WidgetSurvey {
  id: string
  name: string
  type: 'link' | 'app' | 'website' | string
  status: string
  environmentId: string
  questions: unknown[]
  /** The same elements as pages (the reference's blocks); the renderer shows one block per page. */
  blocks?: unknown[]
  endings: unknown[]
  welcomeCard: unknown
  hiddenFields: { enabled?: boolean; fieldIds?: string[] }
  variables?: unknown[]
  languages: { default: boolean; enabled: boolean; language: { code: string; alias: string | null } }[]
  styling: Record<string, unknown> | null
  projectOverwrites?: Record<string, unknown> | null
  showLanguageSwitch?: boolean | null
  isBackButtonHidden?: boolean
  isAutoProgressingEnabled?: boolean
  singleUse?: { enabled: boolean; isEncrypted: boolean } | null
  redirectUrl?: string | null
  // Targeting, read by the core.
  triggers: { actionClass: { id: string; name: string; type: string; key: string | null; noCodeConfig: unknown } }[]
  displayOption: 'displayOnce' | 'displayMultiple' | 'displaySome' | 'respondMultiple' | string
  displayLimit: number | null
  displayPercentage: number | null
  delay: number
  recontactDays: number | null
  autoClose: number | null
  segment: { id: string; filters?: unknown } | null
  [field: string]: unknown
}

export interface WidgetProject {
  id: string
  recontactDays: number
  clickOutsideClose: boolean
  darkOverlay: boolean
  /** `none`, `light` or `dark` (the reference's newer setting; `darkOverlay` is the older one). */
  overlay?: string
  placement: 'bottomLeft' | 'bottomRight' | 'topLeft' | 'topRight' | 'center' | string
  inAppSurveyBranding: boolean
  styling: Record<string, unknown>
  [field: string]: unknown
}
