/**
 * The renderer bundle (`surveys.umd.cjs`): sets `globalThis.formbricksSurveys` (see ../shared/protocol.ts),
 * which the in-app core and link pages call to show a survey.
 */
import type { FormbricksSurveysGlobal } from '../shared/protocol'
import { renderSurvey, setNonce } from './mount'

const api: FormbricksSurveysGlobal = { renderSurvey, setNonce }
globalThis.formbricksSurveys = api
