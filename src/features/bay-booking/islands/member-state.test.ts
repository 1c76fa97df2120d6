import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../../../../tests/support/fake-fetch';
import { initialMemberPanel, reduceMemberPanel, type MemberPanelEvent, type MemberPanelState } from './member-state';
import { checkSession, confirmLink, readLink, sendSignInLink, signOut } from './member-calls';
import { CONNECTION_ERROR } from './texts';

const run = (state: MemberPanelState, ...events: MemberPanelEvent[]) => events.reduce(reduceMemberPanel, state);
const member = { email: 'mia@example.com', planSlug: 'bogey', plan: 'Bogey' };

describe('the members’ panel', () => {
  it('knows nobody until the session is checked, then the member or nobody, with the link’s outcome', () => {
    expect(initialMemberPanel).toMatchObject({ member: undefined, outcome: null, open: false });
    expect(run(initialMemberPanel, { type: 'arrived', outcome: 'signed-in' }, { type: 'session', member })).toMatchObject({ member, outcome: 'signed-in' });
    expect(run(initialMemberPanel, { type: 'arrived', outcome: 'link-invalid' }, { type: 'session', member: null })).toMatchObject({ member: null, outcome: 'link-invalid' });
  });

  it('opens the form; an invalid address stays with its message; a valid one is sent and its answer shown', () => {
    const typed = run(initialMemberPanel, { type: 'session', member: null }, { type: 'open' }, { type: 'email', value: 'mia@' });
    expect(typed).toMatchObject({ open: true, email: 'mia@' });
    const invalid = reduceMemberPanel(typed, { type: 'checked', problem: 'Please enter a valid email address' });
    expect(invalid).toMatchObject({ error: 'Please enter a valid email address', pending: false });
    const sending = run(invalid, { type: 'email', value: 'mia@example.com' }, { type: 'checked', problem: undefined });
    expect(sending).toMatchObject({ error: undefined, pending: true });
    expect(reduceMemberPanel(sending, { type: 'sent', message: 'Check your inbox.' })).toMatchObject({ sent: 'Check your inbox.', pending: false });
  });

  it('a failed send shows why and can be tried again', () => {
    const sending = run(initialMemberPanel, { type: 'open' }, { type: 'email', value: 'mia@example.com' }, { type: 'checked', problem: undefined });
    const failed = reduceMemberPanel(sending, { type: 'sendFailed', message: 'Too many requests.' });
    expect(failed).toMatchObject({ error: 'Too many requests.', pending: false, sent: undefined });
    expect(reduceMemberPanel(failed, { type: 'checked', problem: undefined })).toMatchObject({ error: undefined, pending: true });
  });

  it('opened from the e-mailed link: says whom it signs in and waits for the button; how it went ends the link', () => {
    const opened = run(initialMemberPanel, { type: 'linkOpened', token: 't'.repeat(43) }, { type: 'session', member: null });
    expect(opened).toMatchObject({ link: { token: 't'.repeat(43), email: undefined }, outcome: null, member: null });
    const asking = reduceMemberPanel(opened, { type: 'linkFor', email: 'mia@example.com' });
    expect(asking.link).toEqual({ token: 't'.repeat(43), email: 'mia@example.com' });
    const confirming = reduceMemberPanel(asking, { type: 'confirming' });
    expect(confirming).toMatchObject({ pending: true, outcome: null });
    expect(run(confirming, { type: 'arrived', outcome: 'signed-in' }, { type: 'session', member })).toMatchObject({ link: null, pending: false, outcome: 'signed-in', member });
    expect(reduceMemberPanel(opened, { type: 'arrived', outcome: 'link-invalid' })).toMatchObject({ link: null, outcome: 'link-invalid' });
    expect(reduceMemberPanel(initialMemberPanel, { type: 'linkFor', email: 'late@example.com' })).toBe(initialMemberPanel);
  });

  it('signing out shows nobody and forgets the link’s outcome', () => {
    const signedIn = run(initialMemberPanel, { type: 'arrived', outcome: 'signed-in' }, { type: 'session', member });
    expect(reduceMemberPanel(signedIn, { type: 'signedOut' })).toMatchObject({ member: null, outcome: null });
  });
});

describe('what the panel asks the server', () => {
  it('the session: the member, or nobody when there is none or the check fails', async () => {
    expect(await checkSession(fakeFetch({ status: 200, body: { member } }))).toEqual({ type: 'session', member });
    expect(await checkSession(fakeFetch({ status: 200, body: { member: null } }))).toEqual({ type: 'session', member: null });
    expect(await checkSession(fakeFetch('offline'))).toEqual({ type: 'session', member: null });
  });

  it('a sign-in link for the trimmed address, or why not', async () => {
    const fetcher = fakeFetch({ status: 200, body: { ok: true, message: 'Check your inbox.' } });
    expect(await sendSignInLink(' mia@example.com ', fetcher)).toEqual({ type: 'sent', message: 'Check your inbox.' });
    expect(fetcher.calls).toEqual([{ url: '/api/member/sign-in', method: 'POST', body: { email: 'mia@example.com' } }]);
    expect(await sendSignInLink('mia@example.com', fakeFetch({ status: 429, body: { error: 'Too many requests.' } }))).toEqual({ type: 'sendFailed', message: 'Too many requests.' });
    expect(await sendSignInLink('mia@example.com', fakeFetch({ status: 500 }))).toEqual({ type: 'sendFailed', message: 'Please try again.' });
    expect(await sendSignInLink('mia@example.com', fakeFetch('offline'))).toEqual({ type: 'sendFailed', message: CONNECTION_ERROR });
  });

  it('the link: whom it signs in is read with a GET; only the button POSTs it; a refused link is called expired or used', async () => {
    const token = 't'.repeat(43);
    const reading = fakeFetch({ status: 200, body: { email: 'mia@example.com' } });
    expect(await readLink(token, reading)).toEqual({ type: 'linkFor', email: 'mia@example.com' });
    expect(reading.calls).toEqual([{ url: `/api/member/sign-in/${token}`, method: 'GET', body: undefined }]);
    expect(await readLink(token, fakeFetch({ status: 404, body: { error: 'gone' } }))).toEqual({ type: 'arrived', outcome: 'link-invalid' });
    const confirming = fakeFetch({ status: 200, body: { ok: true } });
    expect(await confirmLink(token, confirming)).toEqual({ type: 'arrived', outcome: 'signed-in' });
    expect(confirming.calls).toEqual([{ url: `/api/member/sign-in/${token}`, method: 'POST', body: undefined }]);
    expect(await confirmLink(token, fakeFetch({ status: 404, body: { error: 'gone' } }))).toEqual({ type: 'arrived', outcome: 'link-invalid' });
    expect(await confirmLink(token, fakeFetch('offline'))).toEqual({ type: 'arrived', outcome: 'link-invalid' });
  });

  it('signing out ends the session, and shows nobody even when the server does not answer', async () => {
    const fetcher = fakeFetch({ status: 200, body: { ok: true } });
    expect(await signOut(fetcher)).toEqual({ type: 'signedOut' });
    expect(fetcher.calls[0]).toMatchObject({ url: '/api/member/session', method: 'DELETE' });
    expect(await signOut(fakeFetch('offline'))).toEqual({ type: 'signedOut' });
  });
});
