import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import availability from '../../netlify/functions/league-availability';
import { league } from '../../src/features/league/catalogue';
import { currentAvailability } from '../../src/features/league/server/availability';
import { PENDING_HOLD_MS } from '../../src/features/league/server/register';
import { reserveRegistrations, updatePaymentStatus } from '../../src/features/league/server/registrations-store';
import type { StoredRegistration } from '../../src/features/league/server/stored-registration';
import { storedRegistration } from '../support/registrations';
import { apiRequest, clearStore, restoreStoreEnv, useCountingBridge, useDeadStore } from './api-helpers';
import { FIXTURE_ALL_OPEN as calendar } from '../support/league-fixture';

const limited = { ...league, teeTimes: { ...league.teeTimes, capacityPerTeeTime: 1 } };

function record(id: string, sessionId: string, teeTime: string): StoredRegistration {
  return storedRegistration({ id, sessionId, teeTime, teamName: 'Full House', registeredAt: new Date().toISOString() });
}

describe('GET /api/league-availability', () => {
  beforeEach(clearStore);
  afterEach(restoreStoreEnv);

  it('answers every session open and nothing full when no capacity is set, without a store call', async () => {
    const bridge = await useCountingBridge();
    try {
      const response = await availability(apiRequest('/api/league-availability'), {});
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(body.capacityPerTeeTime).toBeNull();
      expect(body.sessions.map((session: { id: string }) => session.id)).toEqual(['fall', 'winter', 'spring']);
      expect(body.sessions.every((session: { open: boolean; full: boolean }) => session.open && !session.full)).toBe(true);
      expect(bridge.requestCount).toBe(0);
    } finally {
      await bridge.close();
    }
    expect((await availability(apiRequest('/api/league-availability', { method: 'POST', body: {} }), {})).status).toBe(405);
  });

  it('counts completed and held places per tee time in one round trip, and frees expired ones', async () => {
    const now = Date.now();
    expect(await reserveRegistrations([record('r-fall-mon6', 'fall', 'monday-6pm')], { now, holdMs: PENDING_HOLD_MS, capacity: 1 })).toBe(0);
    const bridge = await useCountingBridge();
    try {
      const held = await currentAvailability({ league: limited, calendar });
      expect(bridge.requestCount).toBe(1);
      expect(held.capacityPerTeeTime).toBe(1);
      expect(held.sessions.find((session) => session.id === 'fall')).toEqual({ id: 'fall', open: true, full: false, fullTeeTimes: ['monday-6pm'] });
      expect(held.sessions.find((session) => session.id === 'winter')?.fullTeeTimes).toEqual([]);
    } finally {
      await bridge.close();
    }
    restoreStoreEnv();
    await updatePaymentStatus(['r-fall-mon6'], 'expired', null);
    expect((await currentAvailability({ league: limited, calendar })).sessions.find((session) => session.id === 'fall')?.fullTeeTimes).toEqual([]);

    // A paid registration keeps its place long after the hold: availability and the reservation agree.
    const longAgo = now - PENDING_HOLD_MS - 60_000;
    expect(await reserveRegistrations([record('r-paid', 'winter', 'monday-6pm')], { now: longAgo, holdMs: PENDING_HOLD_MS, capacity: 1 })).toBe(0);
    await updatePaymentStatus(['r-paid'], 'completed', null);
    expect((await currentAvailability({ league: limited, calendar })).sessions.find((session) => session.id === 'winter')?.fullTeeTimes).toEqual(['monday-6pm']);
    expect(await reserveRegistrations([record('r-late', 'winter', 'monday-6pm')], { now, holdMs: PENDING_HOLD_MS, capacity: 1 })).toBe(1);
  });

  it('marks a session full when every tee time is taken', async () => {
    const now = Date.now();
    const records = limited.teeTimes.days.flatMap((day) => limited.teeTimes.slots.map((slot) => record(`r-${day.id}-${slot.id}`, 'spring', `${day.id}-${slot.id}`)));
    expect(await reserveRegistrations(records, { now, holdMs: PENDING_HOLD_MS, capacity: 1 })).toBe(0);
    const spring = (await currentAvailability({ league: limited, calendar })).sessions.find((session) => session.id === 'spring');
    expect(spring?.full).toBe(true);
    expect(spring?.fullTeeTimes).toHaveLength(6);
  });

  it('answers 503 when the store is down (capacity set)', async () => {
    await useDeadStore();
    await expect(currentAvailability({ league: limited, calendar })).rejects.toThrow(/unreachable/);
  });
});
