/**
 * @module
 * The survey editor's logic part: block logic (rules, conditions, actions, fallback), variables, hidden
 * fields and languages, as Preact components the editor shell mounts, with their pure operations and UI text.
 */
export { BlockLogicEditor } from './block-logic-editor'
export type { BlockLogicEditorProps } from './block-logic-editor'
export { VariablesEditor } from './variables-editor'
export type { VariablesEditorProps } from './variables-editor'
export { HiddenFieldsEditor } from './hidden-fields-editor'
export type { HiddenFieldsEditorProps } from './hidden-fields-editor'
export { LanguagesEditor } from './languages-editor'
export type { LanguagesEditorProps } from './languages-editor'
export { COMMON_LOCALES, applyLanguagesPatch, missingTexts, translationCount, withoutLocale } from './survey-settings'
export { logicProblemMessages, logicProblems } from './logic-problems'
export type { LogicProblem } from './logic-problems'
export { logicTexts } from './texts'
export { LOGIC_STYLES } from './styles'
export type * from './types'
