import { OutboxTraceContext1796100000000 } from '@wave/messaging';
import { CreateTimeline1795334809976 } from './1795334809976-create-timeline.migration';
import { RecordUnfollows1795541121077 } from './1795541121077-record-unfollows.migration';
import { TweetVersions1796000000000 } from './1796000000000-tweet-versions.migration';

/** Every migration, in order. Generated with `npm run migration:generate -- timeline <Name>`. */
export const TIMELINE_MIGRATIONS = [
  CreateTimeline1795334809976,
  RecordUnfollows1795541121077,
  TweetVersions1796000000000,
  OutboxTraceContext1796100000000,
];
