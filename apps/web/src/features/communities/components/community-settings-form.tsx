import type { CommunityCategory, CommunityDetailResponse } from '@wave/contracts';
import type { FormEvent } from 'react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input, Textarea } from '../../../components/ui/input';
import { Switch } from '../../../components/ui/switch';
import type { UpdateCommunityInput } from '../api/update-community';
import { useUpdateCommunity } from '../api/update-community';
import {
  COMMUNITY_CATEGORIES,
  COMMUNITY_DESCRIPTION_MAX_LENGTH,
  COMMUNITY_MAX_RULES,
  COMMUNITY_NAME_MAX_LENGTH,
  COMMUNITY_NAME_MIN_LENGTH,
  isCommunityCategory,
  parseRules,
} from '../community-limits';

type EditableCommunity = Pick<
  CommunityDetailResponse,
  'id' | 'name' | 'description' | 'category' | 'rules' | 'isPrivate'
>;

interface SettingsValues {
  name: string;
  description: string;
  category: CommunityCategory;
  rules: string;
  isPrivate: boolean;
}

const valuesOf = (community: EditableCommunity): SettingsValues => ({
  name: community.name,
  description: community.description,
  category: community.category,
  rules: community.rules.join('\n'),
  isPrivate: community.isPrivate,
});

const sameRules = (left: readonly string[], right: readonly string[]) =>
  left.length === right.length && left.every((rule, index) => rule === right[index]);

/** What the form changes on the community as it is: only those fields are sent. */
function settingsChanges(
  community: EditableCommunity,
  values: SettingsValues,
): UpdateCommunityInput {
  const changes: UpdateCommunityInput = {};
  const name = values.name.trim();
  const description = values.description.trim();
  const rules = parseRules(values.rules);
  if (name !== community.name) changes.name = name;
  if (description !== community.description) changes.description = description;
  if (values.category !== community.category) changes.category = values.category;
  if (!sameRules(rules, community.rules)) changes.rules = rules;
  if (values.isPrivate !== community.isPrivate) changes.isPrivate = values.isPrivate;
  return changes;
}

/**
 * An owner's settings of a community: name, description, category, rules
 * (one per line) and privacy. Save sends what changed; the server checks it
 * (a name taken, nothing to change) and its message shows in the toast.
 */
export function CommunitySettingsForm({ community }: { community: EditableCommunity }) {
  const id = useId();
  const [values, setValues] = useState<SettingsValues>(() => valuesOf(community));
  const update = useUpdateCommunity(community.id);
  const nameReady = values.name.trim().length >= COMMUNITY_NAME_MIN_LENGTH;
  const set = <K extends keyof SettingsValues>(key: K, value: SettingsValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!nameReady || update.isPending) return;
    update.mutate(settingsChanges(community, values), {
      onSuccess: (saved) => setValues(valuesOf(saved)),
    });
  };

  return (
    <form onSubmit={submit} aria-label="Community settings" className="grid gap-4 p-4">
      <div className="grid gap-1">
        <label htmlFor={`${id}-name`} className="text-sm font-medium">
          Name
        </label>
        <Input
          id={`${id}-name`}
          value={values.name}
          required
          autoComplete="off"
          maxLength={COMMUNITY_NAME_MAX_LENGTH}
          aria-describedby={`${id}-name-hint`}
          onChange={(event) => set('name', event.target.value)}
        />
        <p id={`${id}-name-hint`} className="text-xs text-muted-foreground">
          {COMMUNITY_NAME_MIN_LENGTH} to {COMMUNITY_NAME_MAX_LENGTH} characters.
        </p>
      </div>
      <div className="grid gap-1">
        <label htmlFor={`${id}-description`} className="text-sm font-medium">
          Description
        </label>
        <Textarea
          id={`${id}-description`}
          value={values.description}
          rows={3}
          maxLength={COMMUNITY_DESCRIPTION_MAX_LENGTH}
          onChange={(event) => set('description', event.target.value)}
        />
      </div>
      <div className="grid gap-1">
        <label htmlFor={`${id}-category`} className="text-sm font-medium">
          Category
        </label>
        <select
          id={`${id}-category`}
          value={values.category}
          onChange={(event) => {
            if (isCommunityCategory(event.target.value)) set('category', event.target.value);
          }}
          className="h-10 w-full rounded-lg border border-border bg-background px-3 text-sm"
        >
          {COMMUNITY_CATEGORIES.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1">
        <label htmlFor={`${id}-rules`} className="text-sm font-medium">
          Rules
        </label>
        <Textarea
          id={`${id}-rules`}
          value={values.rules}
          rows={4}
          aria-describedby={`${id}-rules-hint`}
          onChange={(event) => set('rules', event.target.value)}
        />
        <p id={`${id}-rules-hint`} className="text-xs text-muted-foreground">
          One rule per line, at most {COMMUNITY_MAX_RULES}.
        </p>
      </div>
      <div className="flex items-center justify-between gap-4">
        <div>
          <p id={`${id}-private`} className="text-sm font-medium">
            Private community
          </p>
          <p id={`${id}-private-hint`} className="text-xs text-muted-foreground">
            Only members see its posts; an owner or moderator approves who joins.
            {community.isPrivate ? ' Making it public drops its pending requests.' : null}
          </p>
        </div>
        <Switch
          checked={values.isPrivate}
          onCheckedChange={(checked) => set('isPrivate', checked)}
          labelledBy={`${id}-private`}
          describedBy={`${id}-private-hint`}
        />
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={!nameReady || update.isPending}>
          {update.isPending ? 'Saving...' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}
