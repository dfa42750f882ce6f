// css-tree's parser, generator, walker and tokenizer on their own: the package's main entry also loads its
// syntax data through `node:module`, which a Worker lacks. @types/css-tree describes the main entry only.
declare module 'css-tree/parser' {
  const parse: typeof import('css-tree').parse
  export default parse
}

declare module 'css-tree/generator' {
  const generate: typeof import('css-tree').generate
  export default generate
}

declare module 'css-tree/walker' {
  const walk: typeof import('css-tree').walk
  export default walk
}

declare module 'css-tree/tokenizer' {
  export const tokenTypes: typeof import('css-tree').tokenTypes
  export function tokenize(source: string, onToken: (type: number, start: number, end: number) => void): void
}
