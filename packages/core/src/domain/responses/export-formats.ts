/** The formats a survey's responses export to (docs/api.md, "Exporting responses"). */
export const EXPORT_FORMATS = ['csv', 'ndjson', 'xlsx'] as const
export type ResponseExportFormat = (typeof EXPORT_FORMATS)[number]
