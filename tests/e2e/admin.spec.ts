/**
 * The staff area end to end: the guard, the login (required field, wrong password, lockout), every
 * page with real data from the runtime — league registrations made through the site and paid, left
 * pending or expired in the local Stripe emulator; members with active, past_due, canceled and
 * soon-expiring subscriptions bought through the emulator's Checkout; an event request — the filter,
 * copy, CSV export, delete one, delete all through the dialog, the members' search, sort and filter,
 * the event requests' status, notes, filters and export, the dashboard's attention list at fixed clocks, logout, and axe on every page. The tests live by behaviour in tests/e2e/admin/; this file runs them
 * as one journey, in this order.
 *
 * The journey runs serially in one browser context (one admin session). It deletes every league
 * registration of the shared store, so it must run when no other spec relies on registrations
 * (the 'admin' Playwright project, which depends on the others).
 * Failed logins are throttled per client IP: every context here sends its own X-Forwarded-For, one
 * for the journey and another for the lockout, different per project, so nothing else is locked out.
 */
import { test } from '@playwright/test';
import { guardedPages, loginLockout, loginOpensDashboard, loginRefusals, logoutEndsSession } from './admin/access';
import { bayBookingsPage } from './admin/bay-bookings';
import { attentionList } from './admin/dashboard';
import { membersLookup } from './admin/members';
import { reportsPage, reportsShowBookings } from './admin/reports';
import { nextBookableDay } from '../support/bay-dates';
import { eventRequestsInbox } from './admin/event-requests';
import { databasePage, eventRequestsPage, phoneLayout } from './admin/pages';
import { deleteAllRegistrations, registrationsList } from './admin/registrations';
import { journey, startJourney } from './support/admin-journey';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser, playwright }, testInfo) => startJourney({ browser, playwright }, testInfo));

test.afterAll(async () => {
  await journey.context?.close();
});

guardedPages();
loginRefusals();
loginOpensDashboard();
attentionList();
registrationsList();
reportsPage();
membersLookup();
databasePage();
eventRequestsPage();
eventRequestsInbox();
bayBookingsPage();
reportsShowBookings(nextBookableDay('Saturday'));
phoneLayout();
deleteAllRegistrations();
logoutEndsSession();
loginLockout();
