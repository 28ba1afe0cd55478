import type { CommunityDetailResponse } from '@wave/contracts';
import type { FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import type { UpdateCommunityInput } from '../api/update-community';
import { useUpdateCommunity } from '../api/update-community';
import { parseRules } from '../community-limits';
import type { CommunityFormValues } from './community-form-fields';
import { CommunityFormFields, isNameReady, useCommunityFormValues } from './community-form-fields';

type EditableCommunity = Pick<
  CommunityDetailResponse,
  'id' | 'name' | 'description' | 'category' | 'rules' | 'isPrivate'
>;

const valuesOf = (community: EditableCommunity): CommunityFormValues => ({
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
  values: CommunityFormValues,
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
 * (one per line) and privacy. Save is offered once something changed and
 * sends only that; the server checks it (a name taken) and its message shows
 * in the toast.
 */
export function CommunitySettingsForm({ community }: { community: EditableCommunity }) {
  const { values, set, setValues } = useCommunityFormValues(() => valuesOf(community));
  const update = useUpdateCommunity(community.id);
  const nameReady = isNameReady(values);
  const changes = settingsChanges(community, values);
  const unchanged = Object.keys(changes).length === 0;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!nameReady || unchanged || update.isPending) return;
    update.mutate(changes, {
      onSuccess: (saved) => setValues(valuesOf(saved)),
    });
  };

  return (
    <form onSubmit={submit} aria-label="Community settings" className="grid gap-4 p-4">
      <CommunityFormFields
        values={values}
        onChange={set}
        rulesRows={4}
        privateNote={community.isPrivate ? ' Making it public drops its pending requests.' : null}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={!nameReady || unchanged || update.isPending}>
          {update.isPending ? 'Saving...' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}
