import type { components, paths } from '@canvass/core/openapi'

/** A method a path of the API answers, in openapi-typescript's lower case. */
export type Method = 'get' | 'put' | 'post' | 'delete' | 'patch'

/** The paths of the API that answer `method`. */
export type PathWith<M extends Method> = {
  [P in keyof paths]: paths[P] extends Record<M, { responses: unknown }> ? P : never
}[keyof paths]

type Operation<P extends keyof paths, M extends Method> = paths[P] extends Record<M, infer O> ? O : never

type JsonOf<R> = R extends { content: { 'application/json': infer J } } ? J : never

/** The JSON a successful call of `method` on `path` answers (its 200 or 201). */
export type Answer<P extends keyof paths, M extends Method = 'get'> =
  Operation<P, M> extends { responses: infer R }
    ? R extends { 200: infer Ok }
      ? JsonOf<Ok>
      : R extends { 201: infer Created }
        ? JsonOf<Created>
        : never
    : never

/** The `data` of a v1 or v3 answer (`{ data: … }`), which is what most callers want. */
export type AnswerData<P extends keyof paths, M extends Method = 'get'> = Answer<P, M> extends { data: infer D } ? D : never

/** The JSON body `method` on `path` takes. */
export type Body<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { requestBody?: infer B } ? JsonOf<NonNullable<B>> : never

/** A named schema of the OpenAPI document (`components.schemas`). */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name]
