import { Bookmark, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../components/ui/avatar';
import { Input } from '../../components/ui/input';
import { paths } from '../../config/paths';
import { MemberPage } from './components/member-page';

interface SampleBookmark {
  id: string;
  author: { displayName: string; username: string };
  content: string;
  savedAt: string;
}

/** Static sample bookmarks (spec part 1: the screen makes no calls). */
export const SAMPLE_BOOKMARKS: readonly SampleBookmark[] = [
  {
    id: 'b1',
    author: { displayName: 'Grace Hopper', username: 'grace' },
    content: 'A ship in port is safe, but that is not what ships are built for.',
    savedAt: 'Saved 2h ago',
  },
  {
    id: 'b2',
    author: { displayName: 'Margaret Hamilton', username: 'margaret' },
    content: 'Checklist for launch day: tests green, rollback plan written, coffee ready.',
    savedAt: 'Saved yesterday',
  },
  {
    id: 'b3',
    author: { displayName: 'Alan Turing', username: 'alan' },
    content:
      'We can only see a short distance ahead, but we can see plenty there that needs to be done.',
    savedAt: 'Saved 3 days ago',
  },
  {
    id: 'b4',
    author: { displayName: 'Katherine Johnson', username: 'katherine' },
    content: 'Like what you do, and then you will do your best. #Photography weekend plans!',
    savedAt: 'Saved last week',
  },
  {
    id: 'b5',
    author: { displayName: 'Linus Torvalds', username: 'linus' },
    content: 'Release notes are up. Thanks to everyone in the #OpenSource community who helped.',
    savedAt: 'Saved last month',
  },
];

/** The bookmarks whose text, author name or username contains the query (any case). */
export function filterBookmarks(
  bookmarks: readonly SampleBookmark[],
  query: string,
): readonly SampleBookmark[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return bookmarks;
  return bookmarks.filter((bookmark) =>
    [bookmark.content, bookmark.author.displayName, bookmark.author.username].some((field) =>
      field.toLowerCase().includes(needle.replace(/^@/, '')),
    ),
  );
}

/** Bookmarks (members): a search over static sample bookmarks. */
export default function BookmarksPage() {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const results = filterBookmarks(SAMPLE_BOOKMARKS, query);

  return (
    <MemberPage
      title="Bookmarks"
      note="Sample bookmarks"
      loginMessage="Please log in to see your bookmarks."
    >
      <div className="border-b border-border p-4">
        <label htmlFor={searchId} className="sr-only">
          Search bookmarks
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id={searchId}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Search bookmarks"
            className="rounded-full pl-9"
          />
        </div>
      </div>
      {results.length > 0 ? (
        <ul aria-label="Bookmarks" aria-live="polite">
          {results.map((bookmark) => (
            <li key={bookmark.id} className="flex gap-3 border-b border-border px-4 py-3">
              <Avatar
                displayName={bookmark.author.displayName}
                username={bookmark.author.username}
              />
              <div className="min-w-0 flex-1">
                <p className="text-sm">
                  <Link
                    to={paths.profile.getHref(bookmark.author.username)}
                    className="font-semibold hover:underline"
                  >
                    {bookmark.author.displayName}
                  </Link>{' '}
                  <span className="text-muted-foreground">@{bookmark.author.username}</span>
                </p>
                <p className="mt-1 break-words">{bookmark.content}</p>
                <p className="mt-2 flex items-center gap-1 text-xs text-muted-foreground">
                  <Bookmark className="h-3 w-3" aria-hidden="true" /> {bookmark.savedAt}
                </p>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <div className="px-6 py-16 text-center" aria-live="polite">
          <p className="font-semibold">
            {query.trim() ? `No bookmarks match "${query.trim()}"` : 'No bookmarks yet'}
          </p>
          <p className="mt-1 text-sm text-muted-foreground">
            {query.trim() ? 'Try another word or name.' : 'Save posts to find them again here.'}
          </p>
        </div>
      )}
    </MemberPage>
  );
}
