/** What the members' panel asks the server, each answer turned into an event of member-state.ts. */
import { currentMember, signOutMember } from '../../memberships/contract/member-session';
import { requestSignInLink } from '../../memberships/contract/member-sign-in';
import { confirmSignInLink, readSignInLink } from '../../memberships/contract/member-sign-in-link';
import { ApiError, callApi, type FetchLike } from '../../../lib/api-client';
import type { MemberPanelEvent } from './member-state';
import { CONNECTION_ERROR } from './texts';

/** Who is signed in; nobody when the check fails. */
export async function checkSession(fetcher?: FetchLike): Promise<MemberPanelEvent> {
  const member = await callApi(currentMember, { fetcher }).then(
    (answer) => answer.member,
    () => null,
  );
  return { type: 'session', member };
}

/** Asks for a sign-in link: the server's answer (the same for every address), or why it failed. */
export async function sendSignInLink(email: string, fetcher?: FetchLike): Promise<MemberPanelEvent> {
  try {
    return { type: 'sent', message: (await callApi(requestSignInLink, { body: { email: email.trim() }, fetcher })).message };
  } catch (caught) {
    return { type: 'sendFailed', message: caught instanceof ApiError ? (caught.serverMessage ?? 'Please try again.') : CONNECTION_ERROR };
  }
}

/** Ends the member session; the panel shows nobody signed in whatever the server answered. */
export async function signOut(fetcher?: FetchLike): Promise<MemberPanelEvent> {
  await callApi(signOutMember, { fetcher }).catch(() => undefined);
  return { type: 'signedOut' };
}

/** Whom the e-mailed link signs in (nothing is used up by asking); an expired, used or unknown link says so. */
export async function readLink(token: string, fetcher?: FetchLike): Promise<MemberPanelEvent> {
  try {
    return { type: 'linkFor', email: (await callApi(readSignInLink, { params: { token }, fetcher })).email };
  } catch {
    return { type: 'arrived', outcome: 'link-invalid' };
  }
}

/** The member's button: the link is used and the session set; else the link is said to be expired or used. */
export async function confirmLink(token: string, fetcher?: FetchLike): Promise<MemberPanelEvent> {
  try {
    await callApi(confirmSignInLink, { params: { token }, fetcher });
    return { type: 'arrived', outcome: 'signed-in' };
  } catch {
    return { type: 'arrived', outcome: 'link-invalid' };
  }
}
