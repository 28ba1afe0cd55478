import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { Toaster } from '../../../components/ui/toaster';
import { resetToasts } from '../../../components/ui/use-toast';
import { createQueryClient } from '../../../lib/query-client';
import AuthPage from './auth-page';

const TOO_COMMON = 'Password is too common; choose one that is harder to guess';

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** A visitor on /auth; sign-ups get `answer`. Returns the sign-up bodies sent. */
async function renderAuthPage(answer: () => Response, at = '/auth') {
  const registrations: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url === '/api/register' && init.method === 'POST') {
        registrations.push(typeof init.body === 'string' ? JSON.parse(init.body) : init.body);
        return Promise.resolve(answer());
      }
      if (url === '/api/user') return Promise.resolve(json(401, { message: 'Not signed in' }));
      return Promise.resolve(json(404, { message: 'Not found' }));
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[at]}>
        <AuthPage />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  // Drawn once the reader is known to be a visitor.
  await screen.findByRole('tab', { name: 'Sign In' });
  return { registrations };
}

async function fillSignUp(user: ReturnType<typeof userEvent.setup>, password: string) {
  await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
  await user.type(screen.getByLabelText('Display name'), 'Ada Lovelace');
  await user.type(screen.getByLabelText('Username'), 'ada');
  await user.type(screen.getByLabelText('Email'), 'ada@example.test');
  await user.type(screen.getByLabelText('Password'), password);
}

describe('AuthPage tabs', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens on Sign In, headed for it, and the heading follows the chosen tab', async () => {
    const user = userEvent.setup();
    await renderAuthPage(() => json(500, {}));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign in to Wave');
    expect(screen.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Join Wave');
  });

  it("opens on Sign Up from 'Join now' (/auth?tab=signup)", async () => {
    await renderAuthPage(() => json(500, {}), '/auth?tab=signup');
    expect(screen.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Join Wave');
    expect(screen.getByLabelText('Display name')).toBeVisible();
  });
});

describe('AuthPage sign-up', () => {
  beforeEach(() => resetToasts());
  afterEach(() => vi.unstubAllGlobals());

  it('asks for at least 8 characters in the hint', async () => {
    const user = userEvent.setup();
    await renderAuthPage(() => json(500, {}));
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute(
      'placeholder',
      'Password (min 8 characters)',
    );
  });

  it('refuses a password under 8 characters under the field, and sends nothing', async () => {
    const user = userEvent.setup();
    const { registrations } = await renderAuthPage(() => json(500, {}));
    await fillSignUp(user, 'k7#qW2!');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    const password = screen.getByLabelText('Password');
    expect(password).toHaveAccessibleDescription('Password must be at least 8 characters');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveFocus();
    expect(registrations).toEqual([]);

    await user.type(password, 'x');
    expect(password).not.toHaveAttribute('aria-invalid');
  });

  it('names every missing field under it', async () => {
    const user = userEvent.setup();
    const { registrations } = await renderAuthPage(() => json(500, {}));
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(screen.getByLabelText('Display name')).toHaveAccessibleDescription(
      'Display name is required',
    );
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('Username is required');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
    expect(screen.getByLabelText('Display name')).toHaveFocus();
    expect(registrations).toEqual([]);
  });

  it("shows the server's refusal of a common password under the password field", async () => {
    const user = userEvent.setup();
    const { registrations } = await renderAuthPage(() => json(400, { message: TOO_COMMON }));
    await fillSignUp(user, 'password123');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(password).toHaveAccessibleDescription(TOO_COMMON));
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Registration failed')).toBeInTheDocument();
    expect(registrations).toEqual([
      {
        displayName: 'Ada Lovelace',
        username: 'ada',
        email: 'ada@example.test',
        password: 'password123',
      },
    ]);
    expect(screen.getByLabelText('Username')).not.toHaveAttribute('aria-invalid');
  });

  it.each([
    ['Username', 'Username is already taken'],
    ['Email', 'An account with this email already exists'],
    ['Username', 'Username must be 3 to 30 characters: letters, digits and underscores only'],
  ])('shows a refusal about the %s at that field, and moves there: %p', async (label, message) => {
    const user = userEvent.setup();
    await renderAuthPage(() => json(label === 'Email' ? 409 : 400, { message }));
    await fillSignUp(user, 'analytical engine');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    const field = screen.getByLabelText(label);
    await waitFor(() => expect(field).toHaveAccessibleDescription(message));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    // Typing there again clears it.
    await user.type(field, 'x');
    expect(field).not.toHaveAttribute('aria-invalid');
  });
});
