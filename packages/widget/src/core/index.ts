// The in-app core: sets `globalThis.formbricks` (the @formbricks/js loader's contract). Built next.
export {}
