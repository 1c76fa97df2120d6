import * as z from 'zod';

/**
 * src/content/gift-cards.json as staff edit it: the preset amounts, whether a visitor may write an
 * amount of their own and its range (whole dollars), the card's design text, the terms, the page's
 * texts and the home page's call to action. A preset outside the range is refused, so the page never
 * offers an amount the server would refuse to charge.
 */
const text = z.string().min(1);
const dollars = z.number().int('must be whole dollars').positive();

export const giftCardsContentSchema = z
  .object({
    page: z.object({ title: text, description: z.string().min(50).max(170), lead: text }),
    presets: z.array(dollars).min(1).max(8),
    custom: z.object({ allowed: z.boolean(), min: dollars, max: dollars }),
    design: z.object({ title: text, text }),
    terms: text,
    homeCta: z.object({ title: text, text, label: text }),
  })
  .superRefine((content, check) => {
    const { min, max } = content.custom;
    if (min > max) check.addIssue({ code: 'custom', path: ['custom', 'min'], message: `is above the largest amount ($${max})` });
    content.presets.forEach((preset, index) => {
      if (preset < min || preset > max) check.addIssue({ code: 'custom', path: ['presets', index], message: `$${preset} is outside the range $${min}-$${max}` });
    });
    if (new Set(content.presets).size !== content.presets.length) check.addIssue({ code: 'custom', path: ['presets'], message: 'lists an amount twice' });
  });

export type GiftCardsContent = z.infer<typeof giftCardsContentSchema>;
