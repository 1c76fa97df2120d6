// What the fixture functions (tests/support/fixture-functions/, bundled by the tests, never deployed)
// report to the test that hosts them: the runtime loads their bundles into the test's own process, so
// a list on globalThis is shared by every bundle's copy of this module.
const KEY = '__localRuntimeFixtureEvents';

export interface FixtureEvent {
  fn: string;
  what: string;
  detail?: unknown;
}

export function fixtureEvents(): FixtureEvent[] {
  const global = globalThis as unknown as Record<string, FixtureEvent[] | undefined>;
  return (global[KEY] ??= []);
}

export function recordFixtureEvent(event: FixtureEvent): void {
  fixtureEvents().push(event);
}
