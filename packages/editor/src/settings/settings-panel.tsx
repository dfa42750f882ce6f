/**
 * The survey's Settings (docs/editor.md, "Settings"): how people get it (link or in-app), when it stops
 * collecting, what respondents see while answering, who may open a link, the link's preview, and for an in-app
 * survey when it shows, to whom and how. Each control writes one setting of the v3 document (docs/api.md,
 * "Survey settings in v3"); a read-only editor shows them all disabled.
 */
import type { EditorApi } from '../api'
import type { SurveyDocument } from '../doc'
import type { LocalizedText, SurveyMetadata, WorkspaceOverwrites } from '../survey-parts'
import { settingField, settingPart } from '../doc-field'
import { useEditor } from '../ui/context'
import { LocalizedTextField, Section, TextField } from '../ui/fields'
import { Audience } from './audience'
import { RadioChoice, SettingCheck, SettingInput, wholeNumber } from './controls'
import { Showing, Triggers } from './triggers'

type Distribution = NonNullable<SurveyDocument['distribution']>

/** An in-app survey's defaults, as the server fills an omitted `distribution` and `targeting`. */
const APP_DEFAULTS = { displayOption: 'displayOnce', delay: 0, triggers: [] } as const

/** Whether the survey is shown in an app (`app`, and the older `website`) rather than at its link. */
export const isAppSurvey = (doc: SurveyDocument) => doc.type !== undefined && doc.type !== 'link'

/** The panel; `api` lists and makes action classes and lists segments and attribute keys with the host's credentials. */
export function SettingsPanel({ api }: { api: EditorApi }) {
  const { doc, texts, readOnly } = useEditor()
  const app = isAppSurvey(doc)
  return (
    <fieldset class="cse-section cse-settings" id="cse-settings" disabled={readOnly === true}>
      <legend>
        <h2>{texts.settingsHeading}</h2>
      </legend>
      <SurveyType />
      <Responses />
      <WhileAnswering />
      {!app && <LinkAccess />}
      {!app && <LinkPreview />}
      {app && <Triggers api={api} />}
      {app && <Audience api={api} />}
      {app && <Showing />}
    </fieldset>
  )
}

/** Link or in-app: an in-app survey gets display settings and an audience, a link survey loses them. */
function SurveyType() {
  const { doc, texts, update } = useEditor()
  const choose = (type: 'link' | 'app') =>
    update((current) => {
      if (type === 'link') {
        const { distribution: _distribution, targeting: _targeting, ...rest } = current
        return { ...rest, type: 'link' } as SurveyDocument
      }
      if (isAppSurvey(current)) return current
      const limit = current.autoComplete ?? null
      return {
        ...current,
        type: 'app',
        distribution: current.distribution ?? { ...APP_DEFAULTS, triggers: [], autoComplete: limit },
        targeting: current.targeting ?? { filters: [], segmentId: null },
      } as SurveyDocument
    })
  return (
    <RadioChoice
      name="cse-survey-type"
      legend={texts.settingsType}
      help={texts.settingsTypeHelp}
      value={isAppSurvey(doc) ? 'app' : 'link'}
      options={[
        { value: 'link', label: texts.settingsTypeLink },
        { value: 'app', label: texts.settingsTypeApp },
      ]}
      onChange={choose}
    />
  )
}

/** `datetime-local`'s text for an instant, in the person's own time zone. */
function localInput(iso: string | null | undefined): string {
  if (!iso) return ''
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

/** When collecting stops: on a date, or after a number of completed responses. */
function Responses() {
  const { doc, texts, write, update } = useEditor()
  const closeOn = settingField('closeOn')
  const setLimit = (limit: number | null) =>
    update((current) => {
      const next = { ...current, autoComplete: limit } as SurveyDocument
      // An in-app survey's distribution carries the same limit, and the server wants the two equal.
      if (current.distribution) next.distribution = { ...current.distribution, autoComplete: limit } as Distribution
      return next
    })
  return (
    <Section title={texts.settingsResponses}>
      <SettingInput
        path={['closeOn']}
        label={texts.settingsCloseOn}
        help={texts.settingsCloseOnHelp}
        type="datetime-local"
        value={localInput(closeOn.get(doc))}
        onText={(text) => {
          const date = text === '' ? null : new Date(text)
          if (date && Number.isNaN(date.getTime())) return undefined
          write(closeOn, date ? date.toISOString() : null)
          return undefined
        }}
      />
      <SettingInput
        path={['autoComplete']}
        label={texts.settingsLimit}
        help={texts.settingsLimitHelp}
        type="number"
        inputMode="numeric"
        value={doc.autoComplete == null ? '' : String(doc.autoComplete)}
        onText={(text) => {
          const limit = wholeNumber(text, 1, texts.settingsLimitProblem)
          if (limit !== null && typeof limit === 'object') return limit.problem
          setLimit(limit)
          return undefined
        }}
      />
    </Section>
  )
}

/** The progress bar (the survey's styling, as the reference keeps it) and the back button. */
function WhileAnswering() {
  const { doc, texts, write, update } = useEditor()
  const hidden = settingPart<boolean>('styling', 'hideProgressBar').get(doc) === true
  return (
    <Section title={texts.settingsDuring}>
      <SettingCheck
        id="cse-progress-bar"
        label={texts.settingsProgressBar}
        checked={!hidden}
        onChange={(shown) =>
          update((current) => {
            const styling = (current.styling ?? {}) as Record<string, unknown>
            // The survey's own styling counts only when it overrides the workspace's theme (the widget's rule).
            return { ...current, styling: { ...styling, overwriteThemeStyling: true, hideProgressBar: !shown } } as SurveyDocument
          })
        }
      />
      <SettingCheck
        id="cse-back-button"
        label={texts.settingsBackButton}
        checked={doc.isBackButtonHidden !== true}
        onChange={(allowed) => write(settingField('isBackButtonHidden'), !allowed)}
      />
    </Section>
  )
}

/** Single-use links and a PIN: who may open a link survey. */
function LinkAccess() {
  const { doc, texts, write } = useEditor()
  const singleUse = (doc.singleUse ?? null) as { enabled?: boolean; isEncrypted?: boolean } | null
  const enabled = singleUse?.enabled === true
  const pin = settingField('pin')
  const pinValue = pin.get(doc)
  const pinOn = typeof pinValue === 'string'
  return (
    <Section title={texts.settingsAccess}>
      <SettingCheck
        id="cse-single-use"
        label={texts.settingsSingleUse}
        checked={enabled}
        onChange={(on) =>
          write(settingField('singleUse'), {
            ...(singleUse ?? {}),
            enabled: on,
            isEncrypted: on,
          })
        }
      />
      {enabled && (
        <>
          <p class="cse-help">{texts.settingsSingleUseHelp}</p>
          <SettingCheck
            id="cse-single-use-encrypted"
            label={texts.settingsEncrypted}
            checked={singleUse?.isEncrypted === true}
            onChange={(on) => write(settingField('singleUse'), { ...(singleUse ?? {}), enabled: true, isEncrypted: on })}
          />
        </>
      )}
      <SettingCheck id="cse-pin-on" label={texts.settingsPinOn} checked={pinOn} onChange={(on) => write(pin, on ? '' : null)} />
      {pinOn && (
        <SettingInput
          path={['pin']}
          label={texts.settingsPin}
          inputMode="numeric"
          maxLength={4}
          value={pinValue}
          onText={(text) => {
            write(pin, text)
            return /^\d{4}$/.test(text) ? undefined : texts.settingsPinProblem
          }}
        />
      )}
    </Section>
  )
}

/** The link page's title, description and image, in every language of the survey (the reference's `metadata`). */
function LinkPreview() {
  const { texts } = useEditor()
  return (
    <Section title={texts.settingsLinkPreview}>
      <p class="cse-help">{texts.settingsLinkPreviewHelp}</p>
      <LocalizedTextField field={settingPart<LocalizedText>('metadata', 'title')} label={texts.settingsPageTitle} />
      <LocalizedTextField field={settingPart<LocalizedText>('metadata', 'description')} label={texts.settingsPageDescription} multiline />
      <TextField field={settingPart<string>('metadata', 'ogImage')} label={texts.settingsPageImage} type="url" />
    </Section>
  )
}

export type { SurveyMetadata, WorkspaceOverwrites }
