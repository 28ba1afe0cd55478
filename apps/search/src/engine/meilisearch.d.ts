/**
 * The `meilisearch` client is published as an ES module whose package.json
 * names its types only under "exports", which this workspace's module
 * resolution ("node") does not read; this points TypeScript at them. At run
 * time Node (20.19 or newer) loads the module with require(), and Jest
 * compiles it (apps/search/jest.config.js).
 */
declare module 'meilisearch' {
  export * from 'meilisearch/dist/index';
}
