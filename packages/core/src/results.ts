/**
 * @module
 * The results summary the console and the shared results page both draw: see `results/index.ts`.
 */
export * from './results/index'
