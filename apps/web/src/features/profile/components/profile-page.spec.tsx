import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetToasts } from '../../../components/ui/use-toast';
import {
  deferred,
  json,
  makeUser,
  mockFetch,
  renderWithProviders,
} from '../testing/profile-test-utils';
import ProfilePage from './profile-page';

const ada = makeUser();
const grace = makeUser({
  id: '0190a1b2-0000-7000-8000-000000000002',
  username: 'grace',
  displayName: 'Grace Hopper',
  bio: null,
  createdAt: '2025-11-20T08:00:00.000Z',
  followersCount: 1_500_000,
  followingCount: 999,
  isFollowing: false,
});

const renderPosts = vi.fn((userId: string) => <p>Posts of {userId}</p>);

const renderProfile = (route: string) =>
  renderWithProviders(<ProfilePage renderPosts={renderPosts} />, {
    route,
    path: route.startsWith('/profile/') ? '/profile/:userIdentifier' : '/profile',
  });

describe('ProfilePage', () => {
  beforeEach(() => {
    resetToasts();
    renderPosts.mockClear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.head.querySelectorAll('script[type="application/ld+json"]').forEach((s) => s.remove());
  });

  it("shows 'Profile not found' when the API answers 404", async () => {
    mockFetch(({ url }) =>
      url === '/api/user'
        ? json(401, { message: 'Not signed in' })
        : json(404, { message: 'User not found' }),
    );
    renderProfile('/profile/nobody');
    expect(await screen.findByRole('heading', { name: 'Profile not found' })).toBeInTheDocument();
    expect(screen.getByText("This user doesn't exist or has been removed.")).toBeInTheDocument();
    expect(renderPosts).not.toHaveBeenCalled();
  });

  it('shows a loading skeleton, then the profile with its facts, posts and markup', async () => {
    const profile = deferred<Response>();
    const { calls } = mockFetch(({ url }) =>
      url === '/api/user' ? json(200, ada) : profile.promise,
    );
    renderProfile('/profile/grace');
    expect(await screen.findByText('Loading profile...')).toBeInTheDocument();
    profile.resolve(json(200, grace));

    expect(await screen.findByRole('heading', { name: 'Grace Hopper', level: 1 })).toBeVisible();
    expect(calls.map((call) => call.url)).toContain('/api/users/grace');
    expect(screen.getAllByText('@grace').length).toBeGreaterThan(0);
    expect(screen.getByText('Joined November 2025')).toBeInTheDocument();
    expect(screen.getByTestId('following-count')).toHaveTextContent('999 Following');
    expect(screen.getByTestId('followers-count')).toHaveTextContent('1.5M Followers');
    expect(screen.getByRole('img', { name: 'Profile photo of Grace Hopper' })).toHaveTextContent(
      'G',
    );
    expect(screen.getByText(`Posts of ${grace.id}`)).toBeInTheDocument();
    expect(renderPosts).toHaveBeenCalledWith(grace.id);

    const script = document.head.querySelector('script[type="application/ld+json"]');
    expect(JSON.parse(script?.textContent ?? '{}')).toMatchObject({
      '@type': 'ProfilePage',
      url: `${window.location.origin}/profile/${grace.id}`,
    });
    await waitFor(() => expect(document.title).toBe('Grace Hopper (@grace) · Wave'));
  });

  it('shows /profile as the signed-in user, with the owner controls only there', async () => {
    const { calls } = mockFetch(({ url }) =>
      url === '/api/user' ? json(200, ada) : json(200, ada),
    );
    renderProfile('/profile');
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace', level: 1 })).toBeVisible();
    await waitFor(() => expect(calls.map((call) => call.url)).toContain(`/api/users/${ada.id}`));
    expect(screen.getByText('Joined March 2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Edit profile/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Change cover/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Change photo/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Follow/ })).not.toBeInTheDocument();
  });

  it("shows a member someone else's profile with Follow and without owner controls", async () => {
    mockFetch(({ url }) => (url === '/api/user' ? json(200, ada) : json(200, grace)));
    renderProfile('/profile/grace');
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit profile/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Change cover/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Preview Authenticated View')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Get Started' })).not.toBeInTheDocument();
  });

  it('gives a visitor links to sign in, two sample posts and the preview toggle', async () => {
    const visitorView = { ...grace, isFollowing: undefined };
    mockFetch(({ url }) =>
      url === '/api/user' ? json(401, { message: 'Not signed in' }) : json(200, visitorView),
    );
    renderProfile('/profile/grace');
    expect(await screen.findByRole('link', { name: /^Follow$/ })).toHaveAttribute('href', '/auth');
    expect(screen.getByRole('link', { name: /Message/ })).toHaveAttribute('href', '/auth');
    expect(screen.getAllByRole('article', { name: 'Sample post' })).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'See more from Grace Hopper' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/auth');
    // The counts lead to the two lists.
    expect(screen.getByRole('link', { name: /Followers/ })).toHaveAttribute(
      'href',
      '/profile/grace/followers',
    );
    expect(screen.getByRole('link', { name: /Following/ })).toHaveAttribute(
      'href',
      '/profile/grace/following',
    );
    expect(screen.queryByText(`Posts of ${grace.id}`)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit profile/ })).not.toBeInTheDocument();

    const toggle = screen.getByRole('switch', { name: 'Preview Authenticated View' });
    await userEvent.click(toggle);
    expect(toggle).toBeChecked();
    expect(screen.getByText(`Posts of ${grace.id}`)).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Sample post' })).not.toBeInTheDocument();
  });

  it('uploads a new cover: upload URL, the file, then the image update', async () => {
    const uploadURL = '/objects/uploads/abc?expires=1&signature=s';
    const update = deferred<Response>();
    const { calls } = mockFetch(({ method, url }) => {
      if (url === '/api/user') return json(200, ada);
      if (method === 'POST' && url === '/api/objects/upload') return json(200, { uploadURL });
      if (method === 'PUT' && url === uploadURL) {
        return json(200, { objectPath: '/objects/uploads/abc', contentType: 'image/png' });
      }
      if (method === 'PUT' && url === '/api/users/profile/images') return update.promise;
      return json(200, ada);
    });
    renderProfile('/profile/ada');
    await screen.findByRole('button', { name: /Change cover/ });

    const file = new File(['png'], 'cover.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Cover image file'), { target: { files: [file] } });

    expect(await screen.findByRole('button', { name: /Uploading\.\.\./ })).toBeDisabled();
    update.resolve(json(200, { ...ada, coverImageUrl: '/objects/uploads/abc' }));
    expect(await screen.findByText('Image updated')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Cover image of Ada Lovelace' })).toHaveAttribute(
      'src',
      '/objects/uploads/abc/display',
    );
    const sequence = calls.filter((call) => call.method !== 'GET');
    expect(sequence.map((call) => `${call.method} ${call.url}`)).toEqual([
      'POST /api/objects/upload',
      `PUT ${uploadURL}`,
      'PUT /api/users/profile/images',
    ]);
    expect(sequence[1]?.headers['content-type']).toBe('image/png');
    expect(sequence[1]?.body).toBe(file);
    expect(sequence[2]?.body).toEqual({ imageUrl: uploadURL, imageType: 'cover' });
  });

  it('refuses a file that is too large or not an image, without a request', async () => {
    const { calls } = mockFetch(() => json(200, ada));
    renderProfile('/profile/ada');
    const input = await screen.findByLabelText('Profile photo file');

    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 25 * 1024 * 1024 + 1 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText('File too large')).toBeInTheDocument();
    expect(screen.getByText('Please select an image smaller than 25MB.')).toBeInTheDocument();

    fireEvent.change(input, {
      target: { files: [new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' })] },
    });
    expect(await screen.findByText('Invalid file type')).toBeInTheDocument();
    expect(screen.getByText('Please select an image file.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('shows the server message when an upload fails', async () => {
    mockFetch(({ method, url }) => {
      if (method === 'POST' && url === '/api/objects/upload') {
        return json(200, { uploadURL: '/objects/uploads/x?s=1' });
      }
      if (method === 'PUT') return json(415, { message: 'Only PNG, JPEG, WebP, GIF or AVIF' });
      return json(200, ada);
    });
    renderProfile('/profile/ada');
    fireEvent.change(await screen.findByLabelText('Profile photo file'), {
      target: { files: [new File(['x'], 'a.png', { type: 'image/png' })] },
    });
    const alert = await screen.findByText('Only PNG, JPEG, WebP, GIF or AVIF');
    expect(within(alert.parentElement!).getByText('Upload failed')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Change photo/ })).toBeEnabled();
  });
});
