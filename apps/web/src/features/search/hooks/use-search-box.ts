import type { SearchResult } from '@wave/contracts';
import type { ChangeEvent, FocusEvent, KeyboardEvent } from 'react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useOutsidePress } from '../../../hooks/use-outside-press';
import { useSearchResults } from '../api/get-search-results';
import { useTrackSearchResult } from '../api/track-search-result';
import type { SearchFilters } from '../search-filters';
import { DEFAULT_SEARCH_FILTERS } from '../search-filters';
import { hashtagText, resultKey } from '../search-format';
import { SEARCH_DEBOUNCE_MS } from '../search-limits';

const EMPTY: readonly SearchResult[] = [];

/**
 * A search box's state and behaviour (spec part 1, section 4), for the
 * sidebar's dropdown and Explore's inline list alike:
 * - the query sent is the typed text, trimmed, once typing has paused for
 *   300 ms (Enter sends it at once); the filters are part of the request;
 * - the results open when the text is non-empty, and on focus when there is
 *   text; they close on a press outside, on clearing, on choosing a result,
 *   on Escape, and when focus moves out of the box;
 * - a combobox: the arrow keys move through the results, Enter chooses;
 * - choosing sends the analytics call, then a user opens their profile, a
 *   post its page, and a hashtag only closes the list (or, with
 *   `searchHashtags`, searches for it); `onChoose` hears of every choice (by
 *   press or Enter), so that what sits around the box can close too;
 * - with `onSubmit`, Enter on the text itself (no result picked) hands the text over (the
 *   sidebar opens Explore with it) instead of searching in place.
 */
export function useSearchBox({
  searchHashtags = false,
  onChoose,
  onSubmit,
}: {
  searchHashtags?: boolean;
  onChoose?: (result: SearchResult) => void;
  onSubmit?: (text: string) => void;
} = {}) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [filters, setFilters] = useState<SearchFilters>(DEFAULT_SEARCH_FILTERS);
  const [open, setOpen] = useState(false);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const listboxId = useId();
  const navigate = useNavigate();
  const track = useTrackSearchResult();

  useEffect(() => {
    const settled = text.trim();
    const timer = setTimeout(() => setQuery(settled), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const search = useSearchResults({ q: query, ...filters });
  const results = search.data ?? EMPTY;
  const hasText = text.trim().length > 0;
  const expanded = open && hasText;
  const activeIndex =
    expanded && activeKey !== null
      ? results.findIndex((result) => resultKey(result) === activeKey)
      : -1;
  const optionId = useCallback((index: number) => `${listboxId}-option-${index}`, [listboxId]);

  const close = useCallback(() => {
    setOpen(false);
    setActiveKey(null);
  }, []);

  useOutsidePress([containerRef], expanded, close);

  // The active option stays in view while the arrow keys move through a scrolling list.
  useEffect(() => {
    if (activeIndex < 0) return;
    document.getElementById(optionId(activeIndex))?.scrollIntoView?.({ block: 'nearest' });
  }, [activeIndex, optionId]);

  /** Searches for `value` at once (a trending topic, a hashtag), without opening the list. */
  const searchNow = useCallback(
    (value: string) => {
      setText(value);
      setQuery(value.trim());
      close();
    },
    [close],
  );

  /** Empties the text and the query, and puts the focus back in the box. */
  const clear = useCallback(() => {
    searchNow('');
    inputRef.current?.focus();
  }, [searchNow]);

  const changeFilters = (next: SearchFilters) => {
    setFilters(next);
    setActiveKey(null);
  };

  const choose = (result: SearchResult) => {
    if (query) track.mutate({ query, resultId: result.id, resultType: result.type });
    close();
    onChoose?.(result);
    switch (result.type) {
      case 'user':
        void navigate(paths.profile.getHref(result.username ?? result.id));
        break;
      case 'post':
        void navigate(paths.tweet.getHref(result.id));
        break;
      case 'hashtag':
        if (searchHashtags) searchNow(hashtagText(result));
        break;
    }
  };

  const move = (step: 1 | -1) => {
    if (results.length === 0) return;
    const from = activeIndex === -1 ? (step === 1 ? -1 : 0) : activeIndex;
    const next = results[(from + step + results.length) % results.length];
    if (next) setActiveKey(resultKey(next));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        if (!hasText) return;
        event.preventDefault();
        setOpen(true);
        move(event.key === 'ArrowDown' ? 1 : -1);
        break;
      case 'Enter': {
        const active = activeIndex >= 0 ? results[activeIndex] : undefined;
        event.preventDefault();
        if (active) {
          choose(active);
        } else if (hasText && onSubmit) {
          close();
          onSubmit(text.trim());
        } else if (hasText) {
          // Search now rather than after the pause.
          setQuery(text.trim());
          setOpen(true);
        }
        break;
      }
      case 'Escape':
        if (!expanded) return;
        event.preventDefault();
        close();
        break;
      default:
        break;
    }
  };

  const openIfText = () => {
    if (hasText) setOpen(true);
  };

  return {
    text,
    /** The settled query: what the results are for. */
    query,
    filters,
    changeFilters,
    search,
    results,
    expanded,
    activeIndex,
    listboxId,
    optionId,
    choose,
    clear,
    close,
    searchNow,
    containerProps: {
      ref: containerRef,
      onBlur: (event: FocusEvent<HTMLElement>) => {
        const next = event.relatedTarget;
        if (next instanceof Node && !containerRef.current?.contains(next)) close();
      },
    },
    inputProps: {
      ref: inputRef,
      type: 'text',
      role: 'combobox',
      value: text,
      autoComplete: 'off',
      enterKeyHint: 'search' as const,
      'aria-autocomplete': 'list' as const,
      'aria-expanded': expanded,
      'aria-controls': listboxId,
      'aria-activedescendant': activeIndex >= 0 ? optionId(activeIndex) : undefined,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const value = event.target.value;
        setText(value);
        setActiveKey(null);
        setOpen(value.trim().length > 0);
      },
      onKeyDown,
      onFocus: openIfText,
      onClick: openIfText,
    },
  };
}

export type SearchBox = ReturnType<typeof useSearchBox>;
