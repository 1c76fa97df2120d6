/**
 * The API's contracts. Each function of netlify/functions has one contract module of the same name in
 * this folder declaring its endpoints: method, path (with `:name` parameters), the request body (the
 * type of the form schema the function validates it with) and the answer (a zod/mini schema and the
 * type derived from it). The function answers through `answer(endpoint, value)` (src/shared/server/http.ts)
 * and the islands call it through `callApi(endpoint, …)` (src/lib/api-client.ts), both typed by the
 * same declaration, so a shape that drifts on either side does not compile.
 *
 * Endpoint objects are free of zod, and answer schemas are zod/mini, whose unused schemas bundlers
 * drop: an island that calls an endpoint ships no zod.
 */
export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface Endpoint<M extends Method = Method, Path extends string = string, Body = unknown, Answer = unknown> {
  readonly method: M;
  readonly path: Path;
  /** Never set: carries the body and answer types. */
  readonly contract?: { readonly body: Body; readonly answer: Answer };
}

export type BodyOf<E extends Endpoint> = NonNullable<E['contract']>['body'];
export type AnswerOf<E extends Endpoint> = NonNullable<E['contract']>['answer'];

/** The `:name` parameters of a path: '/api/x/:id' → 'id'. */
type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values of a path's parameters: { id: string } for '/api/x/:id'. */
export type PathParams<Path extends string> = { readonly [Name in ParamNames<Path>]: string };

interface EndpointBuilder<M extends Method, Path extends string, Body> extends Endpoint<M, Path, Body, never> {
  /** The request body's type: the input of the schema the function reads it with. */
  takes<NewBody>(): EndpointBuilder<M, Path, NewBody>;
  /** The answer's type: the output of the contract's answer schema. */
  answers<Answer>(): Endpoint<M, Path, Body, Answer>;
}

/** Declares an endpoint: `endpoint('POST', '/api/x').takes<Body>().answers<Answer>()`. */
export function endpoint<M extends Method, const Path extends string>(method: M, path: Path): EndpointBuilder<M, Path, undefined> {
  const declared = { method, path, takes: () => declared, answers: () => declared };
  return declared as unknown as EndpointBuilder<M, Path, undefined>;
}

/** The address of an endpoint with its parameters (required by the type when the path has any) filled in, each encoded as one path segment. */
export function endpointUrl<E extends Endpoint>(endpoint: E, params?: PathParams<E['path']>): string {
  const values = params as Readonly<Record<string, string>> | undefined;
  return endpoint.path.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(values?.[name] ?? ''));
}

