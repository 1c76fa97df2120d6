/** The choices of a staff page's select: an id the page keeps in its state and the label staff read. */
export interface Option<Id extends string = string> {
  id: Id;
  label: string;
}

/** Options from labels by id, in the order written: options({ all: 'All', active: 'Active Only' }). */
export function options<const Labels extends Record<string, string>>(labels: Labels): Array<Option<Extract<keyof Labels, string>>> {
  return Object.entries(labels).map(([id, label]) => ({ id: id as Extract<keyof Labels, string>, label }));
}

/** Whether a select's value is one of the options (narrowing it to their ids). */
export function isOptionId<Id extends string>(choices: ReadonlyArray<Option<Id>>, value: string): value is Id {
  return choices.some((choice) => choice.id === value);
}

/** Options as a select field lists them (value and label). */
export function asChoices(choices: readonly Option[]): Array<{ value: string; label: string }> {
  return choices.map((choice) => ({ value: choice.id, label: choice.label }));
}
