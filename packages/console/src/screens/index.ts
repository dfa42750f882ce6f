/**
 * The console's screens, in the order the navigation lists them. `hash` is the first part of the screen's hash
 * (`#/surveys/…`); `minRole` hides what a role may not use (a courtesy: the server refuses it anyway).
 */
import type { ComponentType } from 'preact'
import type { Role } from '../boot'
import { HomeScreen } from './home'
import { SurveysScreen } from './surveys'

export interface Screen {
  id: string
  label: string
  hash: string
  minRole: Role
  /** Only with Canvass's own people accounts. */
  accountsOnly?: boolean
  component: ComponentType
}

export const SCREENS: Screen[] = [
  { id: 'home', label: 'Overview', hash: '', minRole: 'viewer', component: HomeScreen },
  { id: 'surveys', label: 'Surveys', hash: 'surveys', minRole: 'viewer', component: SurveysScreen },
]
