/**
 * @module
 * A typed client for the Canvass API, over openapi-fetch: paths, parameters, bodies and answers come from the
 * OpenAPI document `@canvass/core` generates, so the console, the editor and your own code make the same
 * calls the same way, and a route change is a type error rather than a surprise.
 */
export { createCanvassClient } from './create-canvass-client'
export type { CanvassClient, CanvassClientOptions } from './create-canvass-client'
export { answerOf } from './answer-of'
export type { FetchAnswer } from './answer-of'
export { CanvassApiError, normalizePath, problemsOf } from './canvass-api-error'
export type { Problem } from './canvass-api-error'
export type { Answer, AnswerData, Body, Method, PathWith, Schema } from './types'
