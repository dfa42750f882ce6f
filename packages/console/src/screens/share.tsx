/**
 * Distribution: the survey's link (or, for an app survey, the widget snippet with the environment's id), one
 * link per language of a survey in several (`?lang=`), single-use links for a single-use survey, and the read-only share link of its results. Making links and
 * sharing the results are an owner's (the server refuses others; the screen only says so).
 */
import type { AnswerData } from '@canvass/api-client'
import { useState } from 'preact/hooks'
import { atLeast } from '../boot'
import { useConsole } from '../context'
import { ConfirmDialog, CopyButton, useAction } from '../ui'
import type { SurveyPageData } from '../survey-page'

/** A read-only text with a copy button, labelled. */
function CopyField({ id, label, value, multiline }: { id: string; label: string; value: string; multiline?: boolean }) {
  return (
    <div class="cv-field">
      <label for={id} class="cv-visually-hidden">
        {label}
      </label>
      {multiline ? (
        <textarea
          id={id}
          readOnly
          rows={Math.min(12, value.split('\n').length + 1)}
          class="cv-code"
          value={value}
          style={{ width: '100%' }}
        />
      ) : (
        <input id={id} readOnly value={value} onFocus={(event) => (event.currentTarget as HTMLInputElement).select()} />
      )}
      <CopyButton text={value} label={`Copy ${label.toLowerCase()}`} />
    </div>
  )
}

export function ShareScreen({ page }: { page: SurveyPageData }) {
  const { boot, api } = useConsole()
  const { survey } = page
  const origin = `${location.origin}${boot.basePath}`
  const link = `${origin}/s/${encodeURIComponent(survey.id)}`
  const isLink = survey.type === 'link'
  const snippet = `<script src="${origin}/js/formbricks.umd.cjs"></script>
<script>
  formbricks.setup({ appUrl: '${origin}', workspaceId: '${survey.environmentId || api.environmentId()}' })
</script>`
  return (
    <div>
      {isLink ? (
        <section aria-labelledby="share-link-title">
          <h2 id="share-link-title">The survey's link</h2>
          {survey.status !== 'inProgress' && <p class="cv-muted">The link takes responses once the survey is published (in progress).</p>}
          <CopyField id="cv-survey-link" label="Survey link" value={link} />
          <LanguageLinks survey={survey} link={link} />
          {survey.singleUse?.enabled && <SingleUseLinks page={page} link={link} />}
        </section>
      ) : (
        <section aria-labelledby="share-widget-title">
          <h2 id="share-widget-title">Show it in your app</h2>
          <p>Put this snippet in your app's pages: the widget shows the survey when its triggers fire (see the widget's docs).</p>
          <CopyField id="cv-widget-snippet" label="Widget snippet" value={snippet} multiline />
        </section>
      )}
      <ResultsShare page={page} />
    </div>
  )
}

/**
 * A link per language the survey offers, when it offers more than one: each opens the survey in its language
 * (`?lang=`, docs/widget.md). Without one, the link page follows the respondent's browser languages.
 */
function LanguageLinks({ survey, link }: { survey: SurveyPageData['survey']; link: string }) {
  const codes = (survey.languages ?? [])
    .filter((entry) => entry.enabled !== false && typeof entry.language?.code === 'string')
    .sort((a, b) => Number(b.default === true) - Number(a.default === true))
    .map((entry) => entry.language?.code as string)
  if (codes.length < 2) return null
  return (
    <div>
      <h3>A link per language</h3>
      <p>
        The survey's link shows each respondent the language their browser prefers, when the survey has it. These links open one language.
      </p>
      {codes.map((code) => (
        <CopyField
          key={code}
          id={`cv-survey-link-${code}`}
          label={`Link in ${languageName(code)}`}
          value={`${link}?lang=${encodeURIComponent(code)}`}
        />
      ))}
    </div>
  )
}

/** `German (Germany)` for `de-DE`, in English as the console speaks it; the code where the browser cannot name it. */
function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code
  } catch {
    return code
  }
}

function SingleUseLinks({ page, link }: { page: SurveyPageData; link: string }) {
  const { api, boot } = useConsole()
  const [count, setCount] = useState(10)
  const [links, setLinks] = useState<string[]>([])
  const [busy, run] = useAction()
  if (!atLeast(boot.role, 'owner'))
    return (
      <div>
        <h3>Single-use links</h3>
        <p class="cv-muted">Each link takes one response. An owner of the project makes them.</p>
      </div>
    )
  return (
    <div>
      <h3>Single-use links</h3>
      <p>Each link takes one response. Make as many as you will hand out.</p>
      <form
        class="cv-row"
        onSubmit={(event) => {
          event.preventDefault()
          void run(async () => {
            const ids = await api.data<AnswerData<'/api/v1/management/surveys/{surveyId}/singleUseIds'>>(
              `/api/v1/management/surveys/${encodeURIComponent(page.survey.id)}/singleUseIds`,
              {
                query: { limit: count },
              },
            )
            setLinks(ids.map((id) => `${link}?suid=${encodeURIComponent(id)}`))
          }, 'Links made')
        }}
      >
        <label>
          How many (1 to 5,000)
          <input
            type="number"
            min={1}
            max={5000}
            value={count}
            onInput={(event) => setCount(Number((event.currentTarget as HTMLInputElement).value))}
          />
        </label>
        <button type="submit" disabled={busy}>
          Make links
        </button>
      </form>
      {links.length > 0 && <CopyField id="cv-single-use" label="Single-use links" value={links.join('\n')} multiline />}
    </div>
  )
}

function ResultsShare({ page }: { page: SurveyPageData }) {
  const { api, boot } = useConsole()
  const [busy, run] = useAction()
  const [confirming, setConfirming] = useState(false)
  const [url, setUrl] = useState<string | null>(
    page.survey.resultShareKey ? `${location.origin}${boot.basePath}/share/${page.survey.resultShareKey}` : null,
  )
  const path = `/api/v1/management/surveys/${encodeURIComponent(page.survey.id)}/share`
  const canChange = atLeast(boot.role, 'owner')
  return (
    <section aria-labelledby="share-results-title">
      <h2 id="share-results-title">Share the results</h2>
      <p>Whoever has this link sees the results, read-only, without signing in.</p>
      {url ? <CopyField id="cv-results-link" label="Results link" value={url} /> : <p class="cv-muted">The results are not shared.</p>}
      {!canChange && <p class="cv-muted">An owner of the project shares the results, or stops sharing them.</p>}
      {canChange && (
        <div class="cv-actions">
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              run(
                async () => {
                  const shared = await api.data<AnswerData<'/api/v1/management/surveys/{surveyId}/share', 'post'>>(path, { method: 'POST' })
                  setUrl(shared.url)
                },
                url ? 'A new results link is made; the old one no longer works' : 'The results are shared',
              )
            }
          >
            {url ? 'Make a new results link' : 'Share the results'}
          </button>
          {url && (
            <button type="button" class="cv-danger" disabled={busy} onClick={() => setConfirming(true)}>
              Stop sharing
            </button>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={`Stop sharing the results of “${page.survey.name}”?`}
        confirm="Stop sharing"
        danger
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false)
          void run(async () => {
            await api.call(path, { method: 'DELETE' })
            setUrl(null)
          }, 'The results link no longer works')
        }}
      >
        <p>The link stops working at once.</p>
      </ConfirmDialog>
    </section>
  )
}
