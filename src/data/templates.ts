import { fillTemplate, contentTemplateValues } from '../domain/page-content';
import { league } from './league';
import { membershipCatalog } from './memberships';
import { events } from './pages';

/** The values page texts may name ({membershipFrom}, {maxGuests}, {teamPrice}, …), from the data files. */
export const templateValues = contentTemplateValues({
  league,
  lowestMonthlyRate: Math.min(...membershipCatalog.plans.flatMap((plan) => Object.values(plan.monthlyRates))),
  maxGuests: events.maxGuests,
});

/** Fills a page text's {placeholders}; an unknown one fails the build. */
export function fill(text: string): string {
  return fillTemplate(text, templateValues);
}
