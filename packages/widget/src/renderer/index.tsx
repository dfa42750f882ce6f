// The renderer: sets `globalThis.formbricksSurveys` (see ../shared/protocol.ts). Built next.
export {}
