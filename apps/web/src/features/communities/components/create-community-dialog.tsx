import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { paths } from '../../../config/paths';
import { useCreateCommunity } from '../api/create-community';
import { COMMUNITY_CATEGORIES, parseRules } from '../community-limits';
import { CommunityFormFields, isNameReady, useCommunityFormValues } from './community-form-fields';

function CreateCommunityForm({ onCreated }: { onCreated: () => void }) {
  const navigate = useNavigate();
  const { values, set } = useCommunityFormValues(() => ({
    name: '',
    description: '',
    category: COMMUNITY_CATEGORIES[0],
    rules: '',
    isPrivate: false,
  }));
  const create = useCreateCommunity({
    onSuccess: (community) => {
      onCreated();
      void navigate(paths.community.getHref(community.id));
    },
  });
  const nameReady = isNameReady(values);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!nameReady || create.isPending) return;
    create.mutate({
      name: values.name.trim(),
      description: values.description.trim(),
      category: values.category,
      rules: parseRules(values.rules),
      isPrivate: values.isPrivate,
    });
  };

  return (
    <form onSubmit={submit} className="grid gap-4" aria-label="Create community">
      <CommunityFormFields values={values} onChange={set} rulesRows={3} />
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
