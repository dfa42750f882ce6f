/**
 * The renderer bundle (`surveys.umd.cjs`): sets `globalThis.formbricksSurveys` (see ../shared/protocol.ts),
 * which the in-app core and link pages call to show a survey, and which the reference's SDKs and embeds call
 * with the reference's props (./reference-props.ts).
 */
import type { FormbricksSurveysGlobal } from '../shared/protocol'
import { renderSurvey, setNonce } from './mount'
import { flushOutbox } from './outbox'
import { isReferenceProps, renderReferenceSurvey } from './reference-props'
import type { ReferenceSurveyProps } from './reference-props'

const findElement = (id: string) => document.getElementById(id)
const renderReference = (props: ReferenceSurveyProps) => renderReferenceSurvey(props, renderSurvey, findElement)

const api: FormbricksSurveysGlobal = {
  renderSurvey: (options) => (isReferenceProps(options) ? renderReference(options) : renderSurvey(options)),
  renderSurveyModal: (props) => renderReference({ ...props, mode: 'modal' }),
  renderSurveyInline: (props) => renderReference({ ...props, mode: 'inline' }),
  setNonce,
  flush: (endpoint) => void flushOutbox(endpoint),
}
globalThis.formbricksSurveys = api
