import '@testing-library/jest-dom/vitest';
import { resetPostViewsLoader } from '../features/analytics/api/get-post-views';

// View counts are gathered for 100 ms before one call: none carries over into the next test.
afterEach(() => resetPostViewsLoader());
