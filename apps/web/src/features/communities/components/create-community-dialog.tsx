import type { CommunityCategory } from '@wave/contracts';
import type { FormEvent } from 'react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { Input, Textarea } from '../../../components/ui/input';
import { Switch } from '../../../components/ui/switch';
import { paths } from '../../../config/paths';
import { useCreateCommunity } from '../api/create-community';
import {
  COMMUNITY_CATEGORIES,
  COMMUNITY_DESCRIPTION_MAX_LENGTH,
  COMMUNITY_MAX_RULES,
  COMMUNITY_NAME_MAX_LENGTH,
  COMMUNITY_NAME_MIN_LENGTH,
  isCommunityCategory,
  parseRules,
} from '../community-limits';

function CreateCommunityForm({ onCreated }: { onCreated: () => void }) {
  const navigate = useNavigate();
  const id = useId();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState<CommunityCategory>(COMMUNITY_CATEGORIES[0]);
  const [rules, setRules] = useState('');
  const [isPrivate, setIsPrivate] = useState(false);
  const create = useCreateCommunity({
    onSuccess: (community) => {
      onCreated();
      void navigate(paths.community.getHref(community.id));
    },
  });
  const nameReady = name.trim().length >= COMMUNITY_NAME_MIN_LENGTH;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!nameReady || create.isPending) return;
    create.mutate({
      name: name.trim(),
      description: description.trim(),
      category,
      rules: parseRules(rules),
      isPrivate,
    });
  };

  return (
    <form onSubmit={submit} className="grid gap-4" aria-label="Create community">
      <div className="grid gap-1">
        <label htmlFor={`${id}-name`} className="text-sm font-medium">
          Name
        </label>
        <Input
          id={`${id}-name`}
          value={name}
          required
          autoComplete="off"
          maxLength={COMMUNITY_NAME_MAX_LENGTH}
          aria-describedby={`${id}-name-hint`}
          onChange={(event) => setName(event.target.value)}
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
          value={description}
          rows={3}
          maxLength={COMMUNITY_DESCRIPTION_MAX_LENGTH}
          onChange={(event) => setDescription(event.target.value)}
        />
      </div>
      <div className="grid gap-1">
        <label htmlFor={`${id}-category`} className="text-sm font-medium">
          Category
        </label>
        <select
          id={`${id}-category`}
          value={category}
          onChange={(event) => {
            if (isCommunityCategory(event.target.value)) setCategory(event.target.value);
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
          value={rules}
          rows={3}
          aria-describedby={`${id}-rules-hint`}
          onChange={(event) => setRules(event.target.value)}
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
          </p>
        </div>
        <Switch
          checked={isPrivate}
          onCheckedChange={setIsPrivate}
          labelledBy={`${id}-private`}
          describedBy={`${id}-private-hint`}
        />
      </div>
      <div className="flex justify-end gap-2">
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={!nameReady || create.isPending}>
          {create.isPending ? 'Creating...' : 'Create'}
        </Button>
      </div>
    </form>
  );
}

/** The "Create community" dialog: the creator becomes its owner and lands on its page. */
export function CreateCommunityDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Create community"
        description="Bring people together around something you care about."
        className="max-h-[90vh] overflow-y-auto"
      >
        <CreateCommunityForm onCreated={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
