// Seeded random mixes of bad bodies: 1–3 broken fields, unusual text elsewhere, extra fields, a huge
// field now and then, other formatting; the endpoints drawn by weight (the forms people send most).
import type { Prng } from '../prng';
import { adminLogin, createPortalSession, eventRequest, keyOf, leagueRegistration, memberSignIn, membershipCheckout, portalLoginLink, type BodyEndpoint } from './body-endpoints';
import { addOwn, bodyCase, breakField, leaves, setAt, wrongType } from './body-changes';
import type { FuzzCase, FuzzContext } from './case';
import { EXTRA_FIELDS, HUGE, ODD_TEXT } from './values';

const WEIGHTS: ReadonlyArray<[BodyEndpoint, number]> = [
  [eventRequest, 3],
  [leagueRegistration, 3],
  [membershipCheckout, 1],
  [createPortalSession, 1],
  [portalLoginLink, 1],
  [memberSignIn, 1],
  [adminLogin, 1],
];

function pickEndpoint(prng: Prng): BodyEndpoint {
  const total = WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = prng.next() * total;
  for (const [endpoint, weight] of WEIGHTS) {
    roll -= weight;
    if (roll < 0) return endpoint;
  }
  return WEIGHTS[0]![0];
}

/** Seeded random mixes: 1–3 broken fields, unusual text elsewhere, extra fields, other formatting. */
export function randomBodyCases(context: FuzzContext, prng: Prng, count: number): FuzzCase[] {
  const cases: FuzzCase[] = [];
  while (cases.length < count) {
    const endpoint = pickEndpoint(prng);
    const body = endpoint.validBody(prng);
    const fields = leaves(endpoint.fields(body));
    const broken = prng.sample(fields, prng.int(1, Math.min(3, fields.length)));
    const applied = broken.map((field) => breakField(prng, body, field));
    const what = applied.map((change) => change.key);
    for (const field of prng.sample(fields.filter((candidate) => candidate.text && !broken.includes(candidate)), prng.int(0, 3))) {
      setAt(body, field.path, prng.pick(ODD_TEXT));
      if (field.noise === 'refused') applied.push(wrongType(field));
      what.push(`${keyOf(field.path)}~`);
    }
    if (prng.chance(0.3)) {
      for (const [name, value] of prng.sample(EXTRA_FIELDS, prng.int(1, 2))) addOwn(body, name, structuredClone(value));
      what.push('extras');
    }
    if (prng.chance(0.05)) {
      const field = prng.pick(fields.filter((candidate) => candidate.text));
      setAt(body, field.path, HUGE);
      what.push(`${keyOf(field.path)}=huge`);
    }
    cases.push(bodyCase(endpoint, context, 'random mix', what.join(', '), body, applied, prng.chance(0.2) ? 2 : undefined));
  }
  return cases;
}
