import type { RouteTable } from './http/route-table'
import type { UploadSettings } from './uploads/upload-options'
import type { WidgetBundles } from './widget-bundles'
import { registerClientResponseRoutes } from './routes/client/responses'
import { registerClientContactRoutes } from './routes/client/contacts'
import { registerClientDisplayRoutes } from './routes/client/displays'
import { registerClientEnvironmentRoutes } from './routes/client/environment-state'
import { registerSingleUseIdRoutes } from './routes/management/single-use-ids'
import { registerClientStorageRoutes } from './routes/client/storage'
import { registerFileRoutes } from './routes/files'
import { registerMeRoutes } from './routes/management/me'
import { registerAuditLogRoutes } from './routes/management/audit-log'
import { registerEnvironmentRoutes } from './routes/management/environment'
import { registerStylingRoutes } from './routes/management/styling'
import { registerManagementResponseRoutes } from './routes/management/responses'
import { registerResponseExportLinkRoutes } from './routes/management/response-export-links'
import { registerResponseWorkRoutes } from './routes/management/response-work'
import { registerManagementStorageRoutes } from './routes/management/storage'
import { registerFileLinkRoutes } from './routes/management/file-links'
import { registerSurveyAnswerRoutes } from './routes/management/survey-answers'
import { registerSurveyRoutes } from './routes/management/surveys'
import { registerSurveyTimeSeriesRoutes } from './routes/management/survey-timeseries'
import { registerWebhookRoutes } from './routes/management/webhooks'
import { registerActionClassRoutes } from './routes/management/action-classes'
import { registerAttributeClassRoutes } from './routes/management/attribute-classes'
import { registerContactAttributeKeyRoutes } from './routes/management/contact-attribute-keys'
import { registerPeopleRoutes } from './routes/management/people'
import { registerSegmentRoutes } from './routes/management/segments'
import { registerQuotaRoutes } from './routes/management/quotas'
import { registerEditorRoutes, registerWidgetRoutes } from './routes/widget'
import { registerV3SurveyPreviewRoutes } from './routes/v3/survey-preview'
import { registerLinkPageRoutes } from './routes/link-page'
import { registerShareRoutes } from './routes/share'
import { registerSharePageRoutes } from './routes/share-page'
import { registerSurveyShareRoutes } from './routes/management/survey-share'
import { registerEditorTokenRoutes } from './routes/management/editor-tokens'
import { registerSurveyPreviewRoutes } from './routes/management/survey-preview'
import { registerSchemaRoutes } from './routes/schemas'
import { registerSurveyValidateRoutes } from './routes/v3/survey-validate'
import { registerV3SurveyRoutes } from './routes/v3/surveys'
import { registerV3SurveyFileRoutes } from './routes/v3/survey-files'
import { registerV3SurveyBlockRoutes } from './routes/v3/survey-blocks'
import { registerV3SurveyVisibilityRoutes } from './routes/v3/survey-visibility'
import { registerV3DiscoveryRoutes } from './routes/v3/discovery'
import { registerV3NotImplementedRoutes } from './routes/v3/not-implemented'
import { registerV3TagRoutes } from './routes/v3/tags'
import { registerV3WorkspaceCustomCssRoutes } from './routes/v3/workspace-custom-css'
import { registerV3ResponseRoutes } from './routes/v3/responses'
import type { RouteDispatch } from './routes/mcp/mcp-route'
import { registerMcpRoutes } from './routes/mcp/mcp-route'
import type { RouteFacts } from './mcp/mcp-tools'
import { registerConsoleRoutes } from './routes/console'
import type { ConsoleWiring } from './routes/console'
import { registerApiKeyRoutes } from './routes/management/api-keys'
import type { ConsoleAccountsWiring } from './routes/console-accounts'
import { registerConsoleAccountRoutes } from './routes/console-accounts'
import { registerConsoleMailRoutes } from './routes/console-mail'
import { registerConsoleMailPages } from './routes/console-mail-pages'
import { registerConsoleSsoRoutes } from './routes/console-sso'
import { registerConsoleSessionRoutes } from './routes/console-sessions'

/** What the MCP route needs of the handler: a way to the other routes, and what they declare. */
export interface McpWiring {
  dispatch: () => RouteDispatch
  facts: RouteFacts
}

/** The route modules, in the order the router tries them; the upload, widget and editor ones when given. */
export function registerEveryRoute(
  table: RouteTable,
  uploads: UploadSettings | undefined,
  widget: (() => Promise<WidgetBundles | undefined>) | undefined,
  mcp: McpWiring,
  editor: string | undefined,
  consoleAccounts?: ConsoleAccountsWiring,
  consolePage?: ConsoleWiring,
): void {
  registerMeRoutes(table)
  registerEnvironmentRoutes(table)
  registerStylingRoutes(table)
  registerSurveyRoutes(table)
  registerSurveyAnswerRoutes(table)
  registerSurveyTimeSeriesRoutes(table)
  registerSurveyShareRoutes(table)
  registerSurveyPreviewRoutes(table)
  registerEditorTokenRoutes(table)
  registerSurveyValidateRoutes(table)
  registerV3SurveyPreviewRoutes(table)
  // Before `/api/v3/surveys/:surveyId`'s POST routes: `generate` is no survey id.
  registerV3NotImplementedRoutes(table)
  registerV3SurveyFileRoutes(table)
  registerV3SurveyRoutes(table)
  registerV3SurveyBlockRoutes(table)
  registerV3SurveyVisibilityRoutes(table)
  registerV3DiscoveryRoutes(table)
  registerV3TagRoutes(table)
  registerV3WorkspaceCustomCssRoutes(table)
  registerV3ResponseRoutes(table)
  // Before `…/responses/:responseId`, whose routes would take `delete` for an id.
  registerResponseWorkRoutes(table)
  registerManagementResponseRoutes(table)
  registerResponseExportLinkRoutes(table)
  registerClientResponseRoutes(table)
  registerAttributeClassRoutes(table)
  registerActionClassRoutes(table)
  registerContactAttributeKeyRoutes(table)
  registerPeopleRoutes(table)
  registerSegmentRoutes(table)
  registerQuotaRoutes(table)
  registerClientDisplayRoutes(table)
  registerClientEnvironmentRoutes(table)
  registerClientContactRoutes(table)
  registerSingleUseIdRoutes(table)
  if (uploads) {
    registerFileLinkRoutes(table, uploads)
    registerManagementStorageRoutes(table, uploads)
    registerClientStorageRoutes(table, uploads)
    registerFileRoutes(table, uploads)
  }
  registerWebhookRoutes(table)
  registerApiKeyRoutes(table)
  registerAuditLogRoutes(table)
  registerConsoleMailRoutes(table)
  registerShareRoutes(table)
  registerSharePageRoutes(table, uploads)
  registerSchemaRoutes(table)
  registerMcpRoutes(table, mcp.dispatch, mcp.facts)
  if (widget) {
    registerWidgetRoutes(table, widget)
    registerLinkPageRoutes(table, async () => (await widget()) !== undefined)
  }
  if (editor !== undefined) registerEditorRoutes(table, editor)
  if (consolePage) registerConsoleRoutes(table, consolePage)
  if (consoleAccounts) {
    registerConsoleAccountRoutes(table, consoleAccounts)
    registerConsoleMailPages(table, consoleAccounts)
    registerConsoleSsoRoutes(table, consoleAccounts)
    registerConsoleSessionRoutes(table, consoleAccounts)
  }
}
