#!/usr/bin/env node
// `canvass …`: the CLI (cli/run.ts), loaded once V8's compiled code of its modules may come from Node.js's compile
// cache, as main.ts does for the server: a command is a short process, and compiling the server's modules again was
// about a twelfth of its CPU. A static import would be compiled before the cache is on.
import * as nodeModule from 'node:module'

;(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.()
await import('./cli/run')
