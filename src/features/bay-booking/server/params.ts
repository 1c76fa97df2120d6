import type * as z from 'zod';
import { fieldErrors } from '../../../shared/contract/field-errors';
import { HttpError, routeParam, type FunctionContext } from '../../../shared/server/request';

/** The route's parameters validated by a schema, refused like a form body (400 with the first field's message). */
export function routeParams<Schema extends z.ZodType>(context: FunctionContext | undefined, names: readonly string[], schema: Schema): z.output<Schema> {
  const values = Object.fromEntries(names.map((name) => [name, routeParam(context, name)]));
  const result = schema.safeParse(values);
  if (!result.success) {
    const fields = fieldErrors(result.error);
    throw new HttpError(400, Object.values(fields)[0] ?? 'Invalid input', { fields });
  }
  return result.data;
}
