import { Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { FeedItemResponse } from '@wave/contracts';
import type { TimelineConfig } from '../config/timeline.config';
import { TIMELINE_CONFIG } from '../config/timeline.config';
import { ImageProxySigner } from '../image-proxy/image-proxy.signer';
import { toSharedTweetResponse } from '../tweets/tweet.mapper';
import type { TweetView } from '../tweets/tweets.repository';

/** A post of a feed page, before it is rendered: the tweet as the reader sees it, and who retweeted it. */
export interface FeedItem {
  view: TweetView;
  retweetedBy: FeedItemResponse['retweetedBy'];
}

/** A page of a feed, before it is rendered. */
export interface FeedPage {
  items: FeedItem[];
  nextCursor: string | null;
}

/** A tweet's shared part as JSON bytes (its closing brace left off), as of two versions. */
interface RenderedTweet {
  version: number;
  authorVersion: number;
  json: Buffer;
}

/** `,"isLiked":…,"isRetweeted":…,"isPinned":…` for each of the eight combinations (index: bits). */
const FLAGS: readonly Buffer[] = Array.from({ length: 8 }, (_, bits) =>
  Buffer.from(
    `,"isLiked":${Boolean(bits & 4)},"isRetweeted":${Boolean(bits & 2)},"isPinned":${Boolean(bits & 1)}`,
  ),
);
/** What a kept rendering costs besides its bytes (its entry, key and buffer object), roughly. */
const RENDERING_OVERHEAD_BYTES = 200;
const NOT_RETWEETED = Buffer.from(',"retweetedBy":null}');
const PAGE_START = Buffer.from('{"items":[');
const COMMA = Buffer.from(',');

/**
 * Renders feed pages as the JSON bytes of `Page<FeedItemResponse>`, byte for byte what
 * `JSON.stringify` makes of the same page, without building or serialising a page of objects:
 * the part of a tweet every reader sees alike (its text, counts, author and preview) is rendered
 * once per version of the tweet and of its author and kept in memory, and a read only appends
 * the reader's flags and who retweeted it. A version names one state of a tweet (or an author):
 * any change of the row moves it on (TweetsRepository.touch), so a kept rendering is never one
 * of an older state. Bounded by FEED_JSON_CACHE_MAX_BYTES, least recently used out first.
 */
@Injectable()
export class FeedJsonRenderer {
  private readonly rendered: LRUCache<string, RenderedTweet>;

  constructor(
    @Inject(TIMELINE_CONFIG) config: TimelineConfig,
    private readonly signer: ImageProxySigner,
  ) {
    this.rendered = new LRUCache({
      maxSize: config.FEED_JSON_CACHE_MAX_BYTES,
      sizeCalculation: (rendered) => rendered.json.length + RENDERING_OVERHEAD_BYTES,
    });
  }

  /** The page's JSON. */
  page({ items, nextCursor }: FeedPage): Buffer {
    const parts: Buffer[] = [PAGE_START];
    items.forEach((item, index) => {
      if (index > 0) parts.push(COMMA);
      this.pushItem(parts, item);
    });
    parts.push(Buffer.from(`],"nextCursor":${JSON.stringify(nextCursor)}}`));
    return Buffer.concat(parts);
  }

  private pushItem(parts: Buffer[], { view, retweetedBy }: FeedItem): void {
    parts.push(
      this.shared(view),
      // Eight entries, indexed by three bits.
      FLAGS[
        (view.isLiked ? 4 : 0) | (view.isRetweeted ? 2 : 0) | (view.isPinned ? 1 : 0)
      ] as Buffer,
      retweetedBy === null
        ? NOT_RETWEETED
        : Buffer.from(`,"retweetedBy":${JSON.stringify(retweetedBy)}}`),
    );
  }

  private shared(view: TweetView): Buffer {
    const kept = this.rendered.get(view.id);
    if (kept && kept.version === view.version && kept.authorVersion === view.authorVersion) {
      return kept.json;
    }
    // Without its closing brace: the reader's flags follow.
    const json = JSON.stringify(toSharedTweetResponse(view, this.signer)).slice(0, -1);
    // A buffer of its own: a small Buffer.from is a slice of a shared 8 KB pool, which a kept
    // slice would keep whole.
    const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(json));
    bytes.write(json);
    const rendered: RenderedTweet = {
      version: view.version,
      authorVersion: view.authorVersion,
      json: bytes,
    };
    this.rendered.set(view.id, rendered);
    return rendered.json;
  }
}
