// Bad requests for the JSON endpoints, derived from a valid body: every field of the wrong type,
// missing, holding a refused value, huge or unusual text; extra fields; and the valid fields in a
// wrong envelope (body-envelopes.ts). Seeded random mixes are body-random.ts.
import type { Prng } from '../prng';
import { BODY_ENDPOINTS, keyOf, type BodyEndpoint, type FieldSpec, type JsonObject } from './body-endpoints';
import { addOwn, bodyCase, breakAnother, describeValue, refused, removeAt, same, setAt, wrongType, type Applied } from './body-changes';
import { envelopeCases } from './body-envelopes';
import { GIFT_CARD_BODY_ENDPOINTS } from './gift-card-endpoints';
import type { FuzzCase, FuzzContext } from './case';
import { EXTRA_FIELDS, HUGE, ODD_TEXT, WRONG_TYPES } from './values';

/** Each field of the wrong type, missing, holding each refused value, huge, and holding unusual text. */
function fieldCases(endpoint: BodyEndpoint, context: FuzzContext, prng: Prng, valid: JsonObject, fields: readonly FieldSpec[]): FuzzCase[] {
  const cases: FuzzCase[] = [];
  for (const field of fields) {
    const key = keyOf(field.path);
    for (const value of WRONG_TYPES) {
      if ((field.acceptsTypes ?? []).some((accepted) => same(accepted, value))) continue;
      const body = structuredClone(valid);
      setAt(body, field.path, structuredClone(value));
      cases.push(bodyCase(endpoint, context, 'wrong type', `${key} = ${describeValue(value)}`, body, [wrongType(field)]));
    }
    if (field.required) {
      const body = structuredClone(valid);
      removeAt(body, field.path);
      cases.push(bodyCase(endpoint, context, 'missing field', `without ${key}`, body, [wrongType(field)]));
    }
    for (const refusal of field.refusals) {
      const body = structuredClone(valid);
      setAt(body, field.path, structuredClone(refusal.value));
      cases.push(bodyCase(endpoint, context, 'refused value', `${key} = ${describeValue(refusal.value)}`, body, [refused(field, refusal)]));
    }
    if (!field.text) continue;
    {
      const body = structuredClone(valid);
      setAt(body, field.path, HUGE);
      cases.push(bodyCase(endpoint, context, 'huge string', `${key} = 100 KB`, body, []));
    }
    for (const text of ODD_TEXT) {
      const body = structuredClone(valid);
      setAt(body, field.path, text);
      const applied: Applied[] = [];
      if (field.noise === 'refused') applied.push(wrongType(field));
      else if (field.noise !== 'accepted') {
        const other = breakAnother(prng, body, fields, field);
        if (!other) continue;
        applied.push(other);
      }
      cases.push(bodyCase(endpoint, context, 'unusual unicode', `${key} = ${describeValue(text)}${applied.length && field.noise !== 'refused' ? ` (+ ${applied[0]!.key} broken)` : ''}`, body, applied));
    }
  }
  return cases;
}

/**
 * Extra, unknown fields: at the top and (league) inside an entry; with a broken field, and on a
 * well-formed body where the endpoint stores nothing.
 */
function extraFieldCases(endpoint: BodyEndpoint, context: FuzzContext, prng: Prng, valid: JsonObject, fields: readonly FieldSpec[]): FuzzCase[] {
  const cases: FuzzCase[] = [];
  for (const [name, value] of EXTRA_FIELDS) {
    const body = structuredClone(valid);
    addOwn(body, name, structuredClone(value));
    const entries = body['sessionRegistrations'];
    if (Array.isArray(entries) && entries[0] && typeof entries[0] === 'object') addOwn(entries[0] as object, name, structuredClone(value));
    const broken = breakAnother(prng, body, fields, null);
    if (broken) cases.push(bodyCase(endpoint, context, 'extra fields', `extra ${describeValue(name)} (+ ${broken.key} broken)`, body, [broken]));
    if (endpoint.wellFormed) {
      const wellFormed = structuredClone(valid);
      addOwn(wellFormed, name, structuredClone(value));
      cases.push(bodyCase(endpoint, context, 'extra fields', `extra ${describeValue(name)} on a well-formed body`, wellFormed, []));
    }
  }
  return cases;
}

/** The systematic cases of one endpoint (the PRNG is drawn in this order, so a seed always makes the same cases). */
function endpointCases(endpoint: BodyEndpoint, context: FuzzContext, prng: Prng): FuzzCase[] {
  const valid = endpoint.validBody(prng);
  const fields = endpoint.fields(valid);
  return [...fieldCases(endpoint, context, prng, valid, fields), ...extraFieldCases(endpoint, context, prng, valid, fields), ...envelopeCases(endpoint, context, valid, fields)];
}

export function systematicBodyCases(context: FuzzContext, prng: Prng): FuzzCase[] {
  return [...BODY_ENDPOINTS, ...GIFT_CARD_BODY_ENDPOINTS].flatMap((endpoint) => endpointCases(endpoint, context, prng));
}
