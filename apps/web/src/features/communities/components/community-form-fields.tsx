import type { CommunityCategory } from '@wave/contracts';
import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import { Input, Textarea } from '../../../components/ui/input';
import { Switch } from '../../../components/ui/switch';
import {
  COMMUNITY_CATEGORIES,
  COMMUNITY_DESCRIPTION_MAX_LENGTH,
  COMMUNITY_MAX_RULES,
  COMMUNITY_NAME_MAX_LENGTH,
  COMMUNITY_NAME_MIN_LENGTH,
  isCommunityCategory,
} from '../community-limits';

/** What a community form holds: the rules as typed, one per line. */
export interface CommunityFormValues {
  name: string;
  description: string;
  category: CommunityCategory;
  rules: string;
  isPrivate: boolean;
}

/** Whether the name is long enough to send. */
export const isNameReady = (values: Pick<CommunityFormValues, 'name'>) =>
  values.name.trim().length >= COMMUNITY_NAME_MIN_LENGTH;

type SetValue = <K extends keyof CommunityFormValues>(
  key: K,
  value: CommunityFormValues[K],
) => void;

/** A community form's values, a setter of one field, and a setter of them all. */
export function useCommunityFormValues(initial: () => CommunityFormValues) {
  const [values, setValues] = useState<CommunityFormValues>(initial);
  const set: SetValue = (key, value) => setValues((current) => ({ ...current, [key]: value }));
  return { values, set, setValues };
}

/** A labelled field, and under it its hint (`{id}-hint`, for the field's aria-describedby). */
function Field({
  id,
  label,
  hint,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A community's fields, shared by its creation and its settings: name,
 * description, category, rules (one per line) and the private switch.
 */
export function CommunityFormFields({
  values,
  onChange,
  rulesRows,
  privateNote,
}: {
  values: CommunityFormValues;
  onChange: SetValue;
  /** How tall the rules box is. */
  rulesRows: number;
  /** Said after the private switch's hint. */
  privateNote?: ReactNode;
}) {
  const id = useId();
  return (
    <>
      <Field
        id={`${id}-name`}
        label="Name"
        hint={`${COMMUNITY_NAME_MIN_LENGTH} to ${COMMUNITY_NAME_MAX_LENGTH} characters.`}
      >
        <Input
          id={`${id}-name`}
          value={values.name}
          required
          autoComplete="off"
          maxLength={COMMUNITY_NAME_MAX_LENGTH}
          aria-describedby={`${id}-name-hint`}
          onChange={(event) => onChange('name', event.target.value)}
        />
      </Field>
      <Field id={`${id}-description`} label="Description">
        <Textarea
          id={`${id}-description`}
          value={values.description}
          rows={3}
          maxLength={COMMUNITY_DESCRIPTION_MAX_LENGTH}
          onChange={(event) => onChange('description', event.target.value)}
        />
      </Field>
      <Field id={`${id}-category`} label="Category">
        <select
          id={`${id}-category`}
          value={values.category}
          onChange={(event) => {
            if (isCommunityCategory(event.target.value)) onChange('category', event.target.value);
          }}
          className="h-10 w-full rounded-lg border border-border bg-background px-3 text-sm"
        >
          {COMMUNITY_CATEGORIES.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </Field>
      <Field
        id={`${id}-rules`}
        label="Rules"
        hint={`One rule per line, at most ${COMMUNITY_MAX_RULES}.`}
      >
        <Textarea
          id={`${id}-rules`}
          value={values.rules}
          rows={rulesRows}
          aria-describedby={`${id}-rules-hint`}
          onChange={(event) => onChange('rules', event.target.value)}
        />
      </Field>
      <div className="flex items-center justify-between gap-4">
        <div>
          <p id={`${id}-private`} className="text-sm font-medium">
            Private community
          </p>
          <p id={`${id}-private-hint`} className="text-xs text-muted-foreground">
            Only members see its posts; an owner or moderator approves who joins.
            {privateNote}
          </p>
        </div>
        <Switch
          checked={values.isPrivate}
          onCheckedChange={(checked) => onChange('isPrivate', checked)}
          labelledBy={`${id}-private`}
          describedBy={`${id}-private-hint`}
        />
      </div>
    </>
  );
}
