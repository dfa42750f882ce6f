/**
 * @module
 * A survey's results summary: its model (`Summary`, the bars, NPS groups, matrix table and drop-off drawn from
 * it, the words numbers are written in), the Preact components the console and the shared results page both
 * render, and their one style sheet (`RESULTS_STYLE`, every rule under `.cv-results`).
 */
export type { BarRow, BlockFunnel, NpsTone, QuestionSummary, Share, Summary, SurveyBlock } from './model'
export {
  NONE,
  questionTypeName,
  RESULTS_LIMITS,
  averageText,
  choiceLabel,
  countText,
  durationText,
  heatOf,
  matrixTable,
  npsSegments,
  percentText,
  plainText,
  questionBars,
  resultsQuestions,
  scoreText,
  surveyBlocks,
} from './model'
export type { ResultsQuestion, ResultsSummaryProps } from './summary'
export { QuestionCard, ResultsSummary, Totals } from './summary'
export type { FunnelRow } from './funnel'
export { DropOffFunnel, funnelRows } from './funnel'
export { RESULTS_STYLE } from './style'
export type { AnswerItem, AnswerListProps } from './answers'
export { Answer, AnswerList, ANSWER_SEARCH_MAX } from './answers'
export { ANSWER_FIELD_LABELS, answerFields, answerFiles, answerLine, fileNameOf } from './answer-text'
