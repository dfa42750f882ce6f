/**
 * The console's screens, in the order the navigation lists them. `hash` is the first part of the screen's hash
 * (`#/surveys/…`); `minRole` hides what a role may not use (a courtesy: the server refuses it anyway).
 */
import type { ComponentType } from 'preact'
import type { Role } from '../boot'
import { ApiKeysScreen } from './api-keys'
import { AuditLogScreen } from './audit-log'
import { DataRightsScreen } from './data-rights'
import { HomeScreen } from './home'
import { MailScreen } from './mail'
import { PeopleScreen } from './people'
import { StylingScreen } from './styling'
import { SurveysScreen } from './surveys'
import { WebhooksScreen } from './webhooks'

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
  { id: 'styling', label: 'Styling', hash: 'styling', minRole: 'viewer', component: StylingScreen },
  { id: 'webhooks', label: 'Webhooks', hash: 'webhooks', minRole: 'owner', component: WebhooksScreen },
  { id: 'api-keys', label: 'API keys', hash: 'api-keys', minRole: 'owner', component: ApiKeysScreen },
  { id: 'audit-log', label: 'Audit log', hash: 'audit-log', minRole: 'owner', component: AuditLogScreen },
  { id: 'data-rights', label: 'Data rights', hash: 'data-rights', minRole: 'owner', component: DataRightsScreen },
  { id: 'mail', label: 'Mail', hash: 'mail', minRole: 'owner', component: MailScreen },
  { id: 'people', label: 'People', hash: 'people', minRole: 'owner', accountsOnly: true, component: PeopleScreen },
]
