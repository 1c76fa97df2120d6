import raw from '../../content/gift-cards.json';
import { contentPath, parseContentFile } from '../../domain/content-file';
import { giftCardsContentSchema } from './rules/content';

/** Amounts, design, terms and texts of gift cards (src/content/gift-cards.json), validated. */
export const giftCards = parseContentFile(contentPath('gift-cards'), giftCardsContentSchema, raw);
