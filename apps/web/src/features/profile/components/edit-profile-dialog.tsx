import type { UserResponse } from '@wave/contracts';
import type { FormEvent } from 'react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { Input, Textarea } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { cn } from '../../../lib/cn';
import type { ProfileFieldErrors } from '../../../lib/profile-limits';
import {
  BIO_MAX_LENGTH,
  DISPLAY_NAME_MAX_LENGTH,
  NAME_MAX_LENGTH,
  validateProfileFields,
} from '../../../lib/profile-limits';
import { useAuth } from '../../auth/api/current-user';
import type { ProfileFields } from '../api/update-profile';
import { useUpdateProfile } from '../api/update-profile';

type FieldName = keyof ProfileFields;

const FIELDS: readonly {
  name: FieldName;
  label: string;
  max: number;
  multiline?: boolean;
  autoComplete?: string;
}[] = [
  {
    name: 'displayName',
    label: 'Display name',
    max: DISPLAY_NAME_MAX_LENGTH,
    autoComplete: 'nickname',
  },
  { name: 'firstName', label: 'First name', max: NAME_MAX_LENGTH, autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last name', max: NAME_MAX_LENGTH, autoComplete: 'family-name' },
  { name: 'bio', label: 'Bio', max: BIO_MAX_LENGTH, multiline: true },
];

const initialValues = (user: UserResponse): ProfileFields => ({
  displayName: user.displayName,
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  bio: user.bio ?? '',
});

function EditProfileForm({ user, onDone }: { user: UserResponse; onDone: () => void }) {
  const { status } = useAuth();
  const [values, setValues] = useState(() => initialValues(user));
  const [errors, setErrors] = useState<ProfileFieldErrors>({});
  const update = useUpdateProfile({ onSuccess: onDone });
  const id = useId();

  const change = (name: FieldName, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status !== 'authenticated') {
      toast({
        variant: 'destructive',
        title: 'Authentication required',
        description: 'Please log in to edit your profile.',
      });
      return;
    }
    const found = validateProfileFields(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = FIELDS.find((field) => found[field.name]);
      if (first) document.getElementById(`${id}-${first.name}`)?.focus();
      return;
    }
    update.mutate({
      displayName: values.displayName.trim(),
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      bio: values.bio.trim(),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Edit profile">
      {FIELDS.map((field) => {
        const inputId = `${id}-${field.name}`;
        const error = errors[field.name];
        const value = values[field.name];
        const over = value.trim().length > field.max;
        const props = {
          id: inputId,
          name: field.name,
          value,
          autoComplete: field.autoComplete,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': `${inputId}-count${error ? ` ${inputId}-error` : ''}`,
          onChange: (event: { target: { value: string } }) =>
            change(field.name, event.target.value),
        };
        return (
          <div key={field.name} className="grid gap-1">
            <div className="flex items-baseline justify-between gap-2">
              <label htmlFor={inputId} className="text-sm font-medium">
                {field.label}
              </label>
              <span
                id={`${inputId}-count`}
                className={cn('text-xs text-muted-foreground', over && 'text-destructive')}
              >
                {value.length}/{field.max}
              </span>
            </div>
            {field.multiline ? <Textarea rows={3} {...props} /> : <Input {...props} />}
            {error ? (
              <p id={`${inputId}-error`} role="alert" className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      <div className="flex justify-end gap-2">
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}

/** The owner's edit dialog: display name, first and last name, bio, with the contract's limits. */
export function EditProfileDialog({
  user,
  open,
  onOpenChange,
}: {
  user: UserResponse;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Edit profile" description="Change how others see you on Wave.">
        <EditProfileForm user={user} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
