/**
 * The /book members' panel as data: who is signed in (undefined until the server says), the outcome
 * of a followed sign-in link, and the form that e-mails a one-time link. Pure: MemberPanel renders it
 * and dispatches; member-calls.ts turns API answers into events.
 */
import type { MemberSessionAnswer } from '../../memberships/contract/member-session';
import type { SignInOutcome } from '../../memberships/contract/member-sign-in-texts';

export type Member = NonNullable<MemberSessionAnswer['member']>;

export interface MemberPanelState {
  /** Undefined until the session is checked, null when nobody is signed in. */
  member: Member | null | undefined;
  outcome: SignInOutcome | null;
  /** The e-mailed link's token when the page was opened from it, and whom it signs in once the server said. */
  link: { token: string; email: string | undefined } | null;
  /** The sign-in form replaces its button once asked for. */
  open: boolean;
  email: string;
  error: string | undefined;
  /** The server's answer once a link was asked for. */
  sent: string | undefined;
  pending: boolean;
}

export type MemberPanelEvent =
  | { type: 'arrived'; outcome: SignInOutcome | null }
  | { type: 'linkOpened'; token: string }
  | { type: 'linkFor'; email: string }
  | { type: 'confirming' }
  | { type: 'session'; member: Member | null }
  | { type: 'open' }
  | { type: 'email'; value: string }
  | { type: 'checked'; problem: string | undefined }
  | { type: 'sent'; message: string }
  | { type: 'sendFailed'; message: string }
  | { type: 'signedOut' };

export const initialMemberPanel: MemberPanelState = { member: undefined, outcome: null, link: null, open: false, email: '', error: undefined, sent: undefined, pending: false };

export function reduceMemberPanel(state: MemberPanelState, event: MemberPanelEvent): MemberPanelState {
  switch (event.type) {
    case 'arrived':
      // How a followed link went: the link is done with either way.
      return { ...state, outcome: event.outcome, link: null, pending: false };
    case 'linkOpened':
      return { ...state, link: { token: event.token, email: undefined } };
    case 'linkFor':
      return state.link ? { ...state, link: { ...state.link, email: event.email } } : state;
    case 'confirming':
      return { ...state, pending: true };
    case 'session':
      return { ...state, member: event.member };
    case 'open':
      return { ...state, open: true };
    case 'email':
      return { ...state, email: event.value };
    case 'checked':
      // A valid address goes to the server at once; an invalid one stays with its message.
      return { ...state, error: event.problem, pending: !event.problem };
    case 'sent':
      return { ...state, sent: event.message, pending: false };
    case 'sendFailed':
      return { ...state, error: event.message, pending: false };
    case 'signedOut':
      return { ...state, member: null, outcome: null };
  }
}
