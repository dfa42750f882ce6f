export { SettingsPanel, isAppSurvey } from './settings-panel'
export { SETTINGS_STYLES } from './styles'
export { settingsDe, settingsEn } from './texts'
export type { SettingsTexts } from './texts'
