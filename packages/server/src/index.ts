/**
 * `@canvass/server`: the standalone Canvass server (`canvass start`), for a program that starts it itself. The
 * settings are environment variables (docs/configuration.md), read when it starts.
 */
export { start } from './start'
