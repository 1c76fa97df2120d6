/** The gift card pages' addresses (pure): the success page reads who and when from its own address. */
export const GIFT_CARDS_PATH = '/gift-cards';
export const GIFT_CARD_SUCCESS_PATH = '/gift-cards/success';

export interface SuccessFacts {
  recipientName: string;
  toSelf: boolean;
  deliverOn: string;
}

export function giftCardSuccessUrl(origin: string, facts: SuccessFacts): string {
  const query = new URLSearchParams({ to: facts.recipientName, on: facts.deliverOn, self: facts.toSelf ? '1' : '0' });
  return `${origin}${GIFT_CARD_SUCCESS_PATH}?${query.toString()}`;
}

/** What the success page's address says, or null when it says nothing usable. */
export function successFactsOf(search: string): SuccessFacts | null {
  const query = new URLSearchParams(search);
  const deliverOn = query.get('on') ?? '';
  const recipientName = (query.get('to') ?? '').slice(0, 100);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(deliverOn) || !recipientName) return null;
  return { recipientName, deliverOn, toSelf: query.get('self') === '1' };
}
