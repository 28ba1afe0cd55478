import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserResponse } from '@wave/contracts';
import { resetToasts } from '../../../components/ui/use-toast';
import { userKeys } from '../../auth/api/current-user';
import { profileKeys } from '../api/profile-cache';
import { json, makeUser, mockFetch, renderWithProviders } from '../testing/profile-test-utils';
import { EditProfileDialog } from './edit-profile-dialog';

const ada = makeUser();

function renderDialog(signedIn = true) {
  const onOpenChange = vi.fn();
  const { calls } = mockFetch(({ method, url, body }) => {
    if (url === '/api/user') {
      return signedIn ? json(200, ada) : json(401, { message: 'Not signed in' });
    }
    if (method === 'PUT' && url === '/api/users/profile') {
      return json(200, { ...ada, ...(body as Partial<UserResponse>) });
    }
    return json(404, { message: 'Not found' });
  });
  const result = renderWithProviders(
    <EditProfileDialog user={ada} open onOpenChange={onOpenChange} />,
  );
  const puts = () => calls.filter((call) => call.method === 'PUT');
  return { ...result, onOpenChange, puts };
}

describe('EditProfileDialog', () => {
  beforeEach(() => resetToasts());
  afterEach(() => vi.unstubAllGlobals());

  it('starts from the current profile', () => {
    renderDialog();
    expect(screen.getByLabelText('Display name')).toHaveValue('Ada Lovelace');
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Last name')).toHaveValue('Lovelace');
    expect(screen.getByLabelText('Bio')).toHaveValue('Poetical science.');
  });

  it("refuses what the contract refuses, with the contract's messages, and sends nothing", async () => {
    const { puts, queryClient } = renderDialog();
    await waitFor(() => expect(queryClient.getQueryData(userKeys.current)).toBeDefined());

    fireEvent.change(screen.getByLabelText('Display name'), { target: { value: '   ' } });
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'a'.repeat(51) } });
    fireEvent.change(screen.getByLabelText('Bio'), { target: { value: 'b'.repeat(161) } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Display name is required')).toBeInTheDocument();
    expect(screen.getByText('First name must be at most 50 characters')).toBeInTheDocument();
    expect(screen.getByText('Bio must be at most 160 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Display name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Display name')).toHaveFocus();
    expect(screen.getByLabelText('Last name')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('161/160')).toBeInTheDocument();
    expect(puts()).toEqual([]);
  });

  it('accepts the limits exactly, saves, updates the caches and closes', async () => {
    const { puts, queryClient, onOpenChange } = renderDialog();
    await waitFor(() => expect(queryClient.getQueryData(userKeys.current)).toBeDefined());
    queryClient.setQueryData(profileKeys.detail('ada'), ada);

    fireEvent.change(screen.getByLabelText('Display name'), { target: { value: 'd'.repeat(50) } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Bio'), { target: { value: ` ${'b'.repeat(160)} ` } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(puts()).toHaveLength(1);
    expect(puts()[0]?.body).toEqual({
      displayName: 'd'.repeat(50),
      firstName: 'Ada',
      lastName: '',
      bio: 'b'.repeat(160),
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(queryClient.getQueryData<UserResponse>(userKeys.current)?.displayName).toBe(
      'd'.repeat(50),
    );
    expect(queryClient.getQueryData<UserResponse>(profileKeys.detail('ada'))?.bio).toBe(
      'b'.repeat(160),
    );
  });

  it('shows the server message when saving fails', async () => {
    const onOpenChange = vi.fn();
    mockFetch(({ url }) =>
      url === '/api/user' ? json(200, ada) : json(400, { message: 'Bio is not allowed' }),
    );
    const { queryClient } = renderWithProviders(
      <EditProfileDialog user={ada} open onOpenChange={onOpenChange} />,
    );
    await waitFor(() => expect(queryClient.getQueryData(userKeys.current)).toBeDefined());
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Bio is not allowed')).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("falls back to 'Failed to update profile' without a server message", async () => {
    mockFetch(({ url }) => (url === '/api/user' ? json(200, ada) : json(503)));
    const { queryClient } = renderWithProviders(
      <EditProfileDialog user={ada} open onOpenChange={() => undefined} />,
    );
    await waitFor(() => expect(queryClient.getQueryData(userKeys.current)).toBeDefined());
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update profile')).toBeInTheDocument();
  });

  it('asks to log in when there is no signed-in user', async () => {
    const { puts, queryClient } = renderDialog(false);
    await waitFor(() => expect(queryClient.getQueryData(userKeys.current)).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Authentication required')).toBeInTheDocument();
    expect(screen.getByText('Please log in to edit your profile.')).toBeInTheDocument();
    expect(puts()).toEqual([]);
  });
});
